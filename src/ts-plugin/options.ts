/**
 * Rule options in the plugin entry: checked against the rule's JSON Schema and merged over its
 * defaults exactly as ESLint does (typescript-eslint's `applyDefault`), so one options object means
 * the same thing in both front ends.
 */

type Json = unknown;
type SchemaObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function typeMatches(type: string, value: Json): boolean {
  switch (type) {
    case "object":
      return isPlainObject(value);
    case "array":
      return Array.isArray(value);
    case "string":
      return typeof value === "string";
    case "boolean":
      return typeof value === "boolean";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "null":
      return value === null;
    default:
      return true;
  }
}

/**
 * Validates the JSON Schema keywords rule option schemas use (type, properties, additionalProperties,
 * required, items, enum, const, bounds, uniqueItems, anyOf/oneOf). Unknown keywords are ignored.
 * Returns the problems found, as `path: message` strings; empty when the value is valid.
 */
export function validateOptions(schema: Json, value: Json, path = "options"): string[] {
  if (schema === true || !isPlainObject(schema)) return [];
  const s: SchemaObject = schema;
  const problems: string[] = [];
  const type = s["type"];
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    if (!types.some((candidate) => typeof candidate === "string" && typeMatches(candidate, value))) {
      return [`${path}: expected ${types.join(" or ")}`];
    }
  }
  if (Array.isArray(s["enum"]) && !s["enum"].some((member) => JSON.stringify(member) === JSON.stringify(value))) {
    problems.push(`${path}: must be one of ${JSON.stringify(s["enum"])}`);
  }
  if ("const" in s && JSON.stringify(s["const"]) !== JSON.stringify(value)) problems.push(`${path}: must be ${JSON.stringify(s["const"])}`);
  if (typeof value === "number") {
    if (typeof s["minimum"] === "number" && value < s["minimum"]) problems.push(`${path}: must be >= ${s["minimum"]}`);
    if (typeof s["maximum"] === "number" && value > s["maximum"]) problems.push(`${path}: must be <= ${s["maximum"]}`);
  }
  if (typeof value === "string") {
    if (typeof s["minLength"] === "number" && value.length < s["minLength"]) problems.push(`${path}: must have at least ${s["minLength"]} characters`);
    if (typeof s["maxLength"] === "number" && value.length > s["maxLength"]) problems.push(`${path}: must have at most ${s["maxLength"]} characters`);
  }
  if (Array.isArray(value)) {
    if (typeof s["minItems"] === "number" && value.length < s["minItems"]) problems.push(`${path}: must have at least ${s["minItems"]} items`);
    if (typeof s["maxItems"] === "number" && value.length > s["maxItems"]) problems.push(`${path}: must have at most ${s["maxItems"]} items`);
    if (s["uniqueItems"] === true && new Set(value.map((item) => JSON.stringify(item))).size !== value.length) problems.push(`${path}: items must be unique`);
    if (s["items"] !== undefined && !Array.isArray(s["items"])) {
      value.forEach((item, index) => problems.push(...validateOptions(s["items"], item, `${path}[${index}]`)));
    }
  }
  if (isPlainObject(value)) {
    const properties = isPlainObject(s["properties"]) ? s["properties"] : {};
    if (Array.isArray(s["required"])) {
      for (const key of s["required"]) if (typeof key === "string" && !(key in value)) problems.push(`${path}: missing "${key}"`);
    }
    for (const [key, item] of Object.entries(value)) {
      if (key in properties) problems.push(...validateOptions(properties[key], item, `${path}.${key}`));
      else if (s["additionalProperties"] === false) problems.push(`${path}: unknown option "${key}"`);
      else if (isPlainObject(s["additionalProperties"])) problems.push(...validateOptions(s["additionalProperties"], item, `${path}.${key}`));
    }
  }
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = s[keyword];
    if (Array.isArray(branches) && branches.length > 0 && !branches.some((branch) => validateOptions(branch, value, path).length === 0)) {
      problems.push(`${path}: matches none of the allowed forms`);
    }
  }
  return problems;
}

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
