/**
 * A small JSON Schema validator for the plugin's own schemas: the shared settings (settings-schema.ts)
 * and the rules' option schemas, as the tsserver plugin checks them. It knows the keywords those
 * schemas use (type, enum, const, numeric and length bounds, pattern, items, properties, required,
 * additionalProperties, allOf/anyOf/oneOf, if/then/else) and ignores the others. Each problem names the
 * path of the value and what was expected there, in words a user can act on.
 */

export type PathSegment = string | number;

export interface SchemaProblem {
  /** Where the problem is, from the validated value's root: `["registrations", 0, "callee"]`. */
  path: readonly PathSegment[];
  /** `expected a string, got 42`, `unknown key (did you mean "zodModules"?)`, `missing "callee"`. */
  message: string;
}

/** How a problem came about, so that the branches of an `anyOf` can be merged into one message. */
interface Problem extends SchemaProblem {
  /** The value at `path` is not what `expected` describes. */
  expected?: string;
  /** A required key is missing from the object at `path`. */
  missing?: string;
}

type Schema = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Returns the problems found, in document order; empty when the value is valid. */
export function validateJson(schema: unknown, value: unknown): SchemaProblem[] {
  return validate(schema, value, []).map(({ path, message }) => ({ path, message }));
}

/** `settings["mcp-guard"]` + `["registrations", 0, "callee"]` → `settings["mcp-guard"].registrations[0].callee`. */
export function formatPath(root: string, path: readonly PathSegment[]): string {
  let text = root;
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) text += text === "" ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}

/** A value as a message quotes it: scalars as JSON (long strings cut), containers by kind. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "undefined";
  if (value === null || typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
  if (Array.isArray(value)) return "an array";
  if (typeof value === "function") return "a function";
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === null) return "an object";
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === "string" && name !== "" ? `a ${name}` : `a ${typeof value}`;
}

const TYPE_NOUNS: Record<string, string> = {
  object: "an object", array: "an array", string: "a string", boolean: "a boolean", number: "a number", integer: "an integer", null: "null",
};

function typeMatches(type: unknown, value: unknown): boolean {
  switch (type) {
    case "object": return isPlainObject(value);
    case "array": return Array.isArray(value);
    case "string": return typeof value === "string";
    case "boolean": return typeof value === "boolean";
    case "number": return typeof value === "number" && Number.isFinite(value);
    case "integer": return typeof value === "number" && Number.isInteger(value);
    case "null": return value === null;
    default: return true;
  }
}

/**
 * What a schema accepts, as a noun phrase: `an integer >= 0`, `3 or 4`, `an array of strings`. A
 * `title` is that phrase when a pattern alone would say it badly (`an identifier`).
 */
export function describeSchema(schema: unknown): string {
  if (!isPlainObject(schema)) return "any value";
  const s: Schema = schema;
  if (typeof s["title"] === "string") return s["title"];
  if (Array.isArray(s["enum"])) return s["enum"].map((member) => JSON.stringify(member)).join(" or ");
  if ("const" in s) return JSON.stringify(s["const"]);
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = s[keyword];
    if (Array.isArray(branches) && branches.length > 0) return branches.map(describeSchema).join(" or ");
  }
  if (typesOf(s).length === 0) return isPlainObject(s["then"]) || isPlainObject(s["properties"]) ? "an object" : "any value";
  return describeTypes(s, true);
}

function typesOf(s: Schema): string[] {
  const type = s["type"];
  return (Array.isArray(type) ? type : type === undefined ? [] : [type]).filter((candidate): candidate is string => typeof candidate === "string");
}

/** The schema's types, with their bounds when `withBounds` (a value of the wrong type needs only the type). */
function describeTypes(s: Schema, withBounds: boolean): string {
  return typesOf(s).map((type) => describeType(type, s, withBounds)).join(" or ");
}

function describeType(type: string, s: Schema, withBounds: boolean): string {
  let phrase = TYPE_NOUNS[type] ?? type;
  if (type === "array" && isPlainObject(s["items"]) && typeof s["items"]["type"] === "string") {
    const item = describeType(s["items"]["type"], s["items"], false);
    return `an array of ${item.replace(/^an? /, "")}s`;
  }
  if (!withBounds) return phrase;
  if (type === "string") {
    if (typeof s["pattern"] === "string") phrase = `a string matching /${s["pattern"]}/`;
    else if (s["minLength"] === 1) phrase = "a non-empty string";
    if (typeof s["maxLength"] === "number") phrase += ` of at most ${s["maxLength"]} characters`;
  }
  if (type === "integer" || type === "number") {
    const bounds = [typeof s["minimum"] === "number" ? `>= ${s["minimum"]}` : "", typeof s["maximum"] === "number" ? `<= ${s["maximum"]}` : ""].filter(Boolean);
    if (bounds.length > 0) phrase += ` ${bounds.join(" and ")}`;
  }
  return phrase;
}

function typeFits(s: Schema, value: unknown): boolean {
  const types = typesOf(s);
  return types.length === 0 || types.some((type) => typeMatches(type, value));
}

/** The checks on the value itself, past its type; any failure is one problem, `expected <what the schema accepts>`. */
function valueFits(s: Schema, value: unknown): boolean {
  if (Array.isArray(s["enum"]) && !s["enum"].some((member) => JSON.stringify(member) === JSON.stringify(value))) return false;
  if ("const" in s && JSON.stringify(s["const"]) !== JSON.stringify(value)) return false;
  if (typeof value === "number") {
    if (typeof s["minimum"] === "number" && value < s["minimum"]) return false;
    if (typeof s["maximum"] === "number" && value > s["maximum"]) return false;
  }
  if (typeof value === "string") {
    if (typeof s["minLength"] === "number" && value.length < s["minLength"]) return false;
    if (typeof s["maxLength"] === "number" && value.length > s["maxLength"]) return false;
    if (typeof s["pattern"] === "string" && !new RegExp(s["pattern"], "u").test(value)) return false;
  }
  return true;
}

function validate(schema: unknown, value: unknown, path: PathSegment[]): Problem[] {
  if (!isPlainObject(schema)) return [];
  const s: Schema = schema;
  const fits = typeFits(s, value);
  if (!fits || !valueFits(s, value)) {
    const expected = fits ? describeSchema({ ...s, anyOf: undefined, oneOf: undefined }) : describeTypes(s, false);
    return [{ path, expected, message: `expected ${expected}, got ${describeValue(value)}` }];
  }
  const problems: Problem[] = [];
  if (Array.isArray(value)) problems.push(...arrayProblems(s, value, path));
  if (isPlainObject(value)) problems.push(...objectProblems(s, value, path));
  if (Array.isArray(s["allOf"])) for (const part of s["allOf"]) problems.push(...validate(part, value, path));
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = s[keyword];
    if (Array.isArray(branches) && branches.length > 0) problems.push(...alternativesProblems(keyword, branches, value, path));
  }
  if (s["if"] !== undefined) {
    const branch = validate(s["if"], value, path).length === 0 ? s["then"] : s["else"];
    problems.push(...validate(branch, value, path));
  }
  return problems;
}

function arrayProblems(s: Schema, value: unknown[], path: PathSegment[]): Problem[] {
  const problems: Problem[] = [];
  if (typeof s["minItems"] === "number" && value.length < s["minItems"]) problems.push({ path, message: `expected at least ${s["minItems"]} items, got ${value.length}` });
  if (typeof s["maxItems"] === "number" && value.length > s["maxItems"]) problems.push({ path, message: `expected at most ${s["maxItems"]} items, got ${value.length}` });
  if (s["uniqueItems"] === true) {
    const seen = new Set<string>();
    for (const item of value) {
      const key = JSON.stringify(item);
      if (seen.has(key)) problems.push({ path, message: `expected unique items, got ${describeValue(item)} twice` });
      seen.add(key);
    }
  }
  if (isPlainObject(s["items"])) value.forEach((item, index) => problems.push(...validate(s["items"], item, [...path, index])));
  return problems;
}

function objectProblems(s: Schema, value: Record<string, unknown>, path: PathSegment[]): Problem[] {
  const problems: Problem[] = [];
  const properties = isPlainObject(s["properties"]) ? s["properties"] : {};
  if (Array.isArray(s["required"])) {
    for (const key of s["required"]) if (typeof key === "string" && !(key in value)) problems.push({ path, missing: key, message: `missing ${JSON.stringify(key)}` });
  }
  for (const [key, item] of Object.entries(value)) {
    if (Object.hasOwn(properties, key)) problems.push(...validate(properties[key], item, [...path, key]));
    else if (s["additionalProperties"] === false) problems.push({ path: [...path, key], message: unknownKeyMessage(key, Object.keys(properties)) });
    else problems.push(...validate(s["additionalProperties"], item, [...path, key]));
  }
  return problems;
}

/**
 * No branch fits: when every branch fails on the value itself, one `expected A or B`; when every branch
 * lacks one key, `needs at least one of`; otherwise the problems of the branch that got furthest (the
 * first whose failures are not all on the value itself), since that is the form the user meant.
 */
function alternativesProblems(keyword: "anyOf" | "oneOf", branches: unknown[], value: unknown, path: PathSegment[]): Problem[] {
  const results = branches.map((branch) => validate(branch, value, path));
  const passed = results.filter((problems) => problems.length === 0).length;
  if (passed > 0) {
    return keyword === "oneOf" && passed > 1 ? [{ path, message: `expected exactly one of ${branches.map(describeSchema).join(", ")}, got ${describeValue(value)}, which fits ${passed}` }] : [];
  }
  const onValue = (problems: Problem[]) => problems.length === 1 && problems[0].expected !== undefined && problems[0].path.length === path.length;
  if (results.every(onValue)) {
    const expected = branches.map(describeSchema).join(" or ");
    return [{ path, expected, message: `expected ${expected}, got ${describeValue(value)}` }];
  }
  const missing = results.map((problems) => (problems.length === 1 ? problems[0].missing : undefined));
  if (missing.every((key) => key !== undefined)) return [{ path, message: `needs at least one of ${missing.map((key) => JSON.stringify(key)).join(", ")}` }];
  return results.find((problems) => !onValue(problems)) ?? results[0];
}

/** `unknown key (did you mean "zodModules"?)` for a near miss, else the keys that are allowed. */
export function unknownKeyMessage(key: string, known: readonly string[]): string {
  return `unknown key${unknownKeyHint(key, known)}`;
}

function unknownKeyHint(key: string, known: readonly string[]): string {
  if (known.length === 0) return "; no keys are allowed here";
  const near = known
    .map((candidate) => ({ candidate, distance: editDistance(key.toLowerCase(), candidate.toLowerCase()) }))
    .filter(({ candidate, distance }) => distance <= Math.max(1, Math.floor(candidate.length / 4)))
    .sort((a, b) => a.distance - b.distance)[0];
  if (near) return ` (did you mean ${JSON.stringify(near.candidate)}?)`;
  return `; expected one of ${known.map((candidate) => JSON.stringify(candidate)).join(", ")}`;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}
