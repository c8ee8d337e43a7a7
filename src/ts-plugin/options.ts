/**
 * Rule options in the plugin entry, once checked against the rule's JSON Schema (core/json-schema.ts),
 * are merged over their defaults exactly as ESLint does (typescript-eslint's `applyDefault`), so one
 * options object means the same thing in both front ends.
 */
import { isPlainObject } from "../core/json-schema.js";

/** typescript-eslint's `deepMerge`: objects merge key by key, anything else (arrays too) is replaced. */
export function deepMerge(first: Record<string, unknown>, second: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(first), ...Object.keys(second)])) {
    const firstValue = first[key];
    const secondValue = second[key];
    if (key in first && key in second) {
      result[key] = isPlainObject(firstValue) && isPlainObject(secondValue) ? deepMerge(firstValue, secondValue) : secondValue;
    } else {
      result[key] = key in first ? firstValue : secondValue;
    }
  }
  return result;
}

/** The options a rule runs with: its defaults, with the user's object merged over them. */
export function applyDefaults(defaults: Record<string, unknown>, user: unknown): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(defaults)) as Record<string, unknown>;
  if (user === undefined) return copy;
  return isPlainObject(user) ? deepMerge(copy, user) : copy;
}
