import type { InputOccurrence } from "./facts.js";
import { displayName } from "./registrations/model.js";

/** Message data every input rule shares: the tool and the field path. */
export function locationData(occurrence: InputOccurrence): { tool: string; where: string } {
  const tool = displayName(occurrence.registration);
  const where = occurrence.path === "" ? `the input of tool "${tool}"` : `field "${occurrence.path}" of tool "${tool}"`;
  return { tool, where };
}

/** `allowFields` matches a whole path (`recipient.email`) or a last segment (`email`). */
export function isAllowedField(occurrence: InputOccurrence, allowFields: readonly string[]): boolean {
  if (allowFields.length === 0 || occurrence.path === "") return false;
  const lastSegment = occurrence.path.split(".").pop()?.replace(/\[\d*\]$/, "") ?? "";
  return allowFields.includes(occurrence.path) || allowFields.includes(lastSegment);
}

/** How to declare an upper bound in the flavour the schema is written in. */
export function upperBoundHint(schema: { flavor: "zod" | "json"; zodFlavor?: "classic" | "mini"; collection?: "array" | "set" | "tuple" }, jsonKeyword: string): string {
  if (schema.flavor === "json") return `add "${jsonKeyword}"`;
  if (schema.collection === "tuple") return "remove the tuple's rest element";
  if (schema.zodFlavor === "mini") return schema.collection === "set" ? "add .check(z.maxSize(n))" : "add .check(z.maxLength(n))";
  return "add .max(n)";
}

/** How to bound a number in the flavour and version it is written in. */
export function numberBoundHint(schema: { flavor: "zod" | "json"; zodFlavor?: "classic" | "mini"; zodMajor?: 3 | 4 }): string {
  if (schema.flavor === "json") return 'add "minimum" and "maximum"';
  if (schema.zodFlavor === "mini") return "add .check(z.gte(a), z.lte(b))";
  return "add .min(a) and .max(b)";
}

export const allowFieldsSchema = {
  type: "array",
  items: { type: "string", minLength: 1 },
  uniqueItems: true,
  description: "Field paths (`recipient.email`) or field names (`email`) this rule leaves alone.",
} as const;
