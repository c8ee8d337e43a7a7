/**
 * The plugin entry in tsconfig.json, read leniently: a malformed part is logged and replaced by its
 * default (a bad shared setting is ignored, the valid ones apply), and nothing here throws. See docs/editor.md for the format.
 *
 *   { "name": "eslint-plugin-mcp-guard/ts-plugin",
 *     "config": "recommended",            // "recommended" (default) | "strict" | "all" | "none"
 *     "severity": "warn",                 // of the rules the preset turns on: "warn" (default) | "error"
 *     "rules": { "mcp-guard/require-string-bounds": ["error", { "suggestedMaxLength": 500 }] },
 *     "zodModules": ["@acme/schema"] }    // shared settings: the keys of settings["mcp-guard"]
 *
 * "config" may instead name a module whose flat config holds the policy (policy-module.ts): its
 * mcp-guard rules and settings then replace the preset, and the entry's own keys apply on top.
 */
import type { AnyRuleDefinition, ConfigName } from "../core/rule.js";
import { formatPath, isPlainObject, unknownKeyMessage, validateJson } from "../core/json-schema.js";
import { readSettings, settingsProblems, type GuardSettings, type SettingsProblem } from "../core/settings.js";
import { settingsSchema } from "../core/settings-schema.js";
import { ruleDefinitions } from "../rules.js";
import { codeForRule } from "./codes.js";
import { applyDefaults } from "./options.js";
import { mergeRules, mergeSettings, type ModulePolicy } from "./policy-module.js";

export const RULE_PREFIX = "mcp-guard/";

export type Severity = "warn" | "error";

export interface EnabledRule {
  definition: AnyRuleDefinition;
  /** `mcp-guard/<name>`, as ESLint and the suppression comments spell it. */
  id: string;
  code: number;
  severity: Severity;
  options: Record<string, unknown>;
}

export interface PluginConfig {
  rules: EnabledRule[];
  settings: GuardSettings;
}

type Preset = "recommended" | "strict" | "all" | "none";

const PRESET_MEMBERS: Record<Preset, (config: ConfigName) => boolean> = {
  recommended: (config) => config === "recommended",
  strict: (config) => config === "recommended" || config === "strict",
  all: () => true,
  none: () => false,
};

export function isPresetName(value: unknown): value is Preset {
  return typeof value === "string" && Object.hasOwn(PRESET_MEMBERS, value);
}

/** Keys of the entry that belong to the plugin; every other key is a shared setting. */
const OWN_KEYS = new Set(["name", "config", "severity", "rules"]);

function severityOf(value: unknown): Severity | "off" | undefined {
  switch (value) {
    case 0:
    case "off":
      return "off";
    case 1:
    case "warn":
    case "warning":
      return "warn";
    case 2:
    case "error":
      return "error";
    default:
      return undefined;
  }
}

interface RuleSetting {
  severity: Severity | "off";
  options: unknown;
}

function readRuleSetting(id: string, value: unknown, definition: AnyRuleDefinition, log: (message: string) => void): RuleSetting | undefined {
  const [rawSeverity, rawOptions, ...extra] = Array.isArray(value) ? (value as unknown[]) : [value];
  const severity = severityOf(rawSeverity);
  if (severity === undefined) {
    log(`rules["${id}"]: ${JSON.stringify(rawSeverity)} is not a severity ("off", "warn", "error", 0, 1, 2); using the rule's default.`);
    return undefined;
  }
  if (extra.length > 0) log(`rules["${id}"]: a rule takes one options object; ignoring the ${extra.length} extra value(s).`);
  if (rawOptions === undefined) return { severity, options: undefined };
  const problems = validateJson(definition.meta.optionsSchema, rawOptions);
  if (problems.length > 0) {
    log(`rules["${id}"]: invalid options (${problems.map((problem) => `${formatPath("options", problem.path)}: ${problem.message}`).join("; ")}); using the rule's default options.`);
    return { severity, options: undefined };
  }
  return { severity, options: rawOptions };
}

/**
 * Reads the plugin entry. Every problem is passed to `log`, and the affected part falls back to its
 * default. With `policy` (the rules and settings of the module "config" names), no preset applies: the
 * policy's rules run, as ESLint runs them, and the entry's `rules` and settings keys apply on top.
 */
export function parseConfig(raw: unknown, log: (message: string) => void, definitions: readonly AnyRuleDefinition[] = ruleDefinitions, policy?: ModulePolicy): PluginConfig {
  let entry: Record<string, unknown> = {};
  if (isPlainObject(raw)) entry = raw;
  else if (raw !== undefined && raw !== null) log(`the plugin entry is not an object (${typeof raw}); using the defaults.`);

  let preset: Preset = policy ? "none" : "recommended";
  if (!policy && entry["config"] !== undefined) {
    if (isPresetName(entry["config"])) preset = entry["config"];
    else log(`"config": ${JSON.stringify(entry["config"])} is not one of "recommended", "strict", "all", "none"; using "recommended".`);
  }

  let presetSeverity: Severity = "warn";
  if (policy && entry["severity"] !== undefined) {
    log(`"severity" applies to a preset's rules; the config module sets each rule's severity, so it is ignored.`);
  } else if (entry["severity"] !== undefined) {
    const severity = severityOf(entry["severity"]);
    if (severity === "warn" || severity === "error") presetSeverity = severity;
    else log(`"severity": ${JSON.stringify(entry["severity"])} is not "warn" or "error"; using "warn".`);
  }

  let ruleEntries: unknown = entry["rules"];
  if (policy) ruleEntries = isPlainObject(ruleEntries) ? mergeRules(policy.rules, ruleEntries) : policy.rules;
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const settingsByName = new Map<string, RuleSetting>();
  if (ruleEntries !== undefined) {
    if (!isPlainObject(ruleEntries)) {
      log(`"rules" is not an object; ignoring it.`);
    } else {
      for (const [key, value] of Object.entries(ruleEntries)) {
        const name = key.startsWith(RULE_PREFIX) ? key.slice(RULE_PREFIX.length) : key;
        const definition = byName.get(name);
        if (!definition) {
          log(`rules["${key}"]: there is no rule ${RULE_PREFIX}${name}; ignoring it.`);
          continue;
        }
        const setting = readRuleSetting(key, value, definition, log);
        if (setting) settingsByName.set(name, setting);
      }
    }
  }

  const inPreset = PRESET_MEMBERS[preset];
  const rules: EnabledRule[] = [];
  for (const definition of definitions) {
    const setting = settingsByName.get(definition.name);
    const severity = setting ? setting.severity : inPreset(definition.meta.config) ? presetSeverity : "off";
    if (severity === "off") continue;
    rules.push({
      definition,
      id: `${RULE_PREFIX}${definition.name}`,
      code: codeForRule(definition.name),
      severity,
      options: applyDefaults(definition.meta.defaultOptions as Record<string, unknown>, setting?.options),
    });
  }

  const entrySettings = Object.fromEntries(Object.entries(entry).filter(([key]) => !OWN_KEYS.has(key)));
  const shared = policy ? mergeSettings(policy.settings, entrySettings) : entrySettings;
  // The one place where the shared settings of the entry and of a config module meet, and are checked.
  let settings: GuardSettings;
  try {
    logSettingsProblems(settingsProblems(shared), log);
    settings = readSettings(shared);
  } catch (error) {
    log(`the shared settings could not be read (${String(error)}); using the defaults.`);
    settings = readSettings(undefined);
  }
  return { rules, settings };
}

/** Every key the entry may have: a near miss of any of them is what the user meant. */
const ENTRY_KEYS = [...OWN_KEYS, ...Object.keys(settingsSchema.properties)];

/**
 * One line per bad value (a bad entry of a list, or a top-level key), with every problem it has and what
 * is ignored; the rest of the settings stays in force.
 */
function logSettingsProblems(problems: readonly SettingsProblem[], log: (message: string) => void): void {
  const byIgnored = new Map<string, string[]>();
  for (const problem of problems) {
    const [key] = problem.path;
    const unknownEntryKey = problem.path.length === 1 && typeof key === "string" && !Object.hasOwn(settingsSchema.properties, key);
    const message = unknownEntryKey ? unknownKeyMessage(key, ENTRY_KEYS) : problem.message;
    const ignored = formatPath("", problem.ignored);
    byIgnored.set(ignored, [...(byIgnored.get(ignored) ?? []), `${formatPath("", problem.path)}: ${message}`]);
  }
  for (const [ignored, messages] of byIgnored) log(`${messages.join("; ")}; ignoring ${ignored}.`);
}
