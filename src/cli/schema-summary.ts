/**
 * How a tool's input reads, field by field, for people (`query: string ≤ 200`) and for the surface
 * file's hash (a canonical form of the engine's schema model, without positions).
 */
import { createHash } from "node:crypto";
import type { InputOccurrence } from "../core/facts.js";
import type { SchemaNode } from "../core/schema/model.js";

export interface InputField {
  /** `(input)` for the root, else the engine's field path: `recipient.email`, `items[].id`. */
  path: string;
  type: string;
}

export const ROOT_PATH = "(input)";

/** One line per schema in the tool's input, sorted by path (a union's members after the union). */
export function inputFields(occurrences: readonly InputOccurrence[]): InputField[] {
  const fields = occurrences.map((occurrence) => ({ path: occurrence.path === "" ? ROOT_PATH : occurrence.path, type: typeText(occurrence.schema) }));
  const rank = (path: string): string => (path === ROOT_PATH ? "" : path);
  return fields.sort((a, b) => (rank(a.path) < rank(b.path) ? -1 : rank(a.path) > rank(b.path) ? 1 : 0));
}

export function typeText(schema: SchemaNode): string {
  switch (schema.kind) {
    case "object": {
      const parts = [schema.openness.closed ? "closed" : "open"];
      if (!schema.propertiesComplete) parts.push("fields partly read");
      return `object (${parts.join(", ")})`;
    }
    case "string":
      if (schema.maxLength !== undefined) return `string ≤ ${schema.maxLength}`;
      return schema.boundedByShape ? "string (bounded)" : `string (unbounded${schema.unboundedFormat ? `, ${schema.unboundedFormat}` : ""})`;
    case "number":
      if (schema.boundedByShape || (schema.hasMinimum && schema.hasMaximum)) return "number (bounded)";
      return `number (${[schema.hasMinimum ? undefined : "no minimum", schema.hasMaximum ? undefined : "no maximum"].filter(Boolean).join(", ")})`;
    case "array": {
      const noun = schema.collection;
      if (schema.maxItems !== undefined) return `${noun} ≤ ${schema.maxItems} items`;
      return schema.boundedByShape ? `${noun} (bounded)` : `${noun} (unbounded)`;
    }
    case "union":
    case "intersection":
      return `${schema.discriminated ? "discriminated " : ""}${schema.kind} of ${schema.members.length}`;
    case "unconstrained":
      return `anything (${schema.what})`;
    case "leaf":
      return schema.singleValue ? "constant" : schema.enumerated ? "enum" : "value";
    case "opaque":
      return "not read";
  }
}

type Canonical = null | boolean | number | string | Canonical[] | { [key: string]: Canonical };

/** The schema model without positions or fixes: equal for schemas that accept the same inputs as far as the rules can tell. */
export function canonicalSchema(schema: SchemaNode | undefined, seen = new Set<SchemaNode>()): Canonical {
  if (!schema) return null;
  if (seen.has(schema)) return { kind: "cycle" };
  seen.add(schema);
  try {
    switch (schema.kind) {
      case "object":
        return {
          kind: "object",
          closed: schema.openness.closed,
          complete: schema.propertiesComplete,
          properties: [...schema.properties].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((property) => [property.name, canonicalSchema(property.schema, seen)]),
          catchall: canonicalSchema(schema.catchall, seen),
        };
      case "string":
        return { kind: "string", maxLength: schema.maxLength ?? null, bounded: schema.boundedByShape, format: schema.unboundedFormat ?? null };
      case "number":
        return { kind: "number", minimum: schema.hasMinimum, maximum: schema.hasMaximum, bounded: schema.boundedByShape };
      case "array":
        return {
          kind: "array", collection: schema.collection, maxItems: schema.maxItems ?? null, bounded: schema.boundedByShape,
          element: schema.items ? null : canonicalSchema(schema.element, seen),
          items: schema.items ? schema.items.map((item) => canonicalSchema(item, seen)) : null,
        };
      case "union":
      case "intersection":
        return { kind: schema.kind, discriminated: schema.discriminated, members: schema.members.map((member) => canonicalSchema(member, seen)) };
      case "unconstrained":
        return { kind: "unconstrained", what: schema.what, values: canonicalSchema(schema.values, seen), keysEnumerated: schema.keysEnumerated ?? false };
      case "leaf":
        return { kind: "leaf", enumerated: schema.enumerated, singleValue: schema.singleValue ?? false };
      case "opaque":
        return { kind: "opaque" };
    }
  } finally {
    seen.delete(schema);
  }
}

/** JSON with object keys sorted at every level, so that equal values give equal text on every machine. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown, depth = 0): unknown {
  if (depth > 1000) return null;
  if (Array.isArray(value)) return value.map((item) => sortKeys(item, depth + 1));
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(Object.keys(record).sort().map((key) => [key, sortKeys(record[key], depth + 1)]));
  }
  return value;
}

export function sha256(text: string): string {
  return `sha256:${createHash("sha256").update(text).digest("hex")}`;
}
