// The validator behind the shared settings and the tsserver plugin's rule options: each problem names
// the value's path and what was expected there.
import { describe, expect, it } from "vitest";
import { describeValue, formatPath, validateJson } from "../../src/core/json-schema.js";

const messages = (schema: unknown, value: unknown) => validateJson(schema, value).map((problem) => `${formatPath("root", problem.path)}: ${problem.message}`);

describe("validateJson", () => {
  it("accepts what fits and ignores keywords it does not know", () => {
    const schema = { type: "object", properties: { n: { type: "integer", minimum: 1, format: "anything" } }, additionalProperties: false, required: ["n"] };
    expect(validateJson(schema, { n: 3 })).toEqual([]);
    expect(validateJson(true, 42)).toEqual([]);
    expect(validateJson({}, { any: ["thing"] })).toEqual([]);
  });

  it("says what was expected and what it got, by type, enum, const, bounds and pattern", () => {
    expect(messages({ type: "string" }, 42)).toEqual(["root: expected a string, got 42"]);
    expect(messages({ type: ["string", "null"] }, true)).toEqual(["root: expected a string or null, got true"]);
    expect(messages({ type: "integer", minimum: 0 }, 1.5)).toEqual(["root: expected an integer, got 1.5"]);
    expect(messages({ type: "integer", minimum: 0 }, -1)).toEqual(["root: expected an integer >= 0, got -1"]);
    expect(messages({ type: "number", minimum: 1, maximum: 9 }, 10)).toEqual(["root: expected a number >= 1 and <= 9, got 10"]);
    expect(messages({ type: "number" }, Number.NaN)).toEqual(["root: expected a number, got NaN"]);
    expect(messages({ enum: [3, 4] }, 5)).toEqual(["root: expected 3 or 4, got 5"]);
    expect(messages({ const: "x" }, "y")).toEqual(['root: expected "x", got "y"']);
    expect(messages({ type: "string", minLength: 1 }, "")).toEqual(['root: expected a non-empty string, got ""']);
    expect(messages({ type: "string", maxLength: 2 }, "abc")).toEqual(['root: expected a string of at most 2 characters, got "abc"']);
    expect(messages({ type: "string", pattern: "^a+$" }, "b")).toEqual(['root: expected a string matching /^a+$/, got "b"']);
    expect(messages({ type: "string", pattern: "^a+$", title: "a run of a's" }, "b")).toEqual(['root: expected a run of a\'s, got "b"']);
    expect(messages({ type: "array", items: { type: "string" } }, "@acme/schema")).toEqual(['root: expected an array of strings, got "@acme/schema"']);
    expect(messages({ type: "object" }, [1])).toEqual(["root: expected an object, got an array"]);
    expect(messages({ type: "object" }, null)).toEqual(["root: expected an object, got null"]);
  });

  it("checks array items, lengths and uniqueness, with each item's index", () => {
    const schema = { type: "array", items: { type: "string", minLength: 1 }, uniqueItems: true, maxItems: 3 };
    expect(messages(schema, ["a", 3, "", "a"])).toEqual([
      "root: expected at most 3 items, got 4",
      'root: expected unique items, got "a" twice',
      "root[1]: expected a string, got 3",
      'root[2]: expected a non-empty string, got ""',
    ]);
    expect(messages({ type: "array", minItems: 1 }, [])).toEqual(["root: expected at least 1 items, got 0"]);
  });

  it("names unknown keys with the near miss, or the keys allowed", () => {
    const schema = { type: "object", properties: { zodModules: {}, sanitizers: {} }, additionalProperties: false };
    expect(messages(schema, { zodModuls: [] })).toEqual(['root.zodModuls: unknown key (did you mean "zodModules"?)']);
    expect(messages(schema, { Sanitizers: [] })).toEqual(['root.Sanitizers: unknown key (did you mean "sanitizers"?)']);
    expect(messages(schema, { colour: 1 })).toEqual(['root.colour: unknown key; expected one of "zodModules", "sanitizers"']);
    expect(messages({ type: "object", additionalProperties: false }, { a: 1 })).toEqual(["root.a: unknown key; no keys are allowed here"]);
    expect(messages({ type: "object", additionalProperties: { type: "number" } }, { a: "1" })).toEqual(['root.a: expected a number, got "1"']);
  });

  it("reports missing keys at the object", () => {
    expect(messages({ type: "object", required: ["callee"] }, {})).toEqual(['root: missing "callee"']);
  });

  it("merges alternatives that fail on the value into one expectation", () => {
    const indexOrName = { anyOf: [{ type: "integer", minimum: 0 }, { type: "string", minLength: 1 }] };
    expect(messages(indexOrName, -1)).toEqual(["root: expected an integer >= 0 or a non-empty string, got -1"]);
    expect(validateJson(indexOrName, 0)).toEqual([]);
    expect(validateJson(indexOrName, "input")).toEqual([]);
    expect(messages({ anyOf: [{ required: ["schema"] }, { required: ["handler"] }] }, {})).toEqual(['root: needs at least one of "schema", "handler"']);
  });

  it("reports the problems of the alternative that got furthest", () => {
    const schema = { oneOf: [{ type: "string" }, { type: "object", properties: { a: { type: "number" } }, additionalProperties: false }] };
    expect(messages(schema, { a: "x" })).toEqual(['root.a: expected a number, got "x"']);
    expect(messages({ oneOf: [{ type: "number" }, { type: "integer" }] }, 1)).toHaveLength(1);
    expect(validateJson({ oneOf: [{ type: "number" }, { type: "string" }] }, 1)).toEqual([]);
  });

  it("validates the then or else branch by the if", () => {
    const schema = {
      if: { type: "object", required: ["kind"] },
      then: { type: "object", properties: { kind: { const: "a" } } },
      else: { type: "string" },
    };
    expect(messages(schema, { kind: "b" })).toEqual(['root.kind: expected "a", got "b"']);
    expect(messages(schema, 1)).toEqual(["root: expected a string, got 1"]);
    expect(validateJson(schema, "s")).toEqual([]);
  });

  it("applies every allOf part", () => {
    expect(messages({ allOf: [{ type: "object", required: ["a"] }, { required: ["b"] }] }, {})).toEqual(['root: missing "a"', 'root: missing "b"']);
  });
});

describe("formatPath and describeValue", () => {
  it("writes identifiers with dots, indexes and other keys in brackets", () => {
    expect(formatPath('settings["mcp-guard"]', ["registrations", 0, "callee"])).toBe('settings["mcp-guard"].registrations[0].callee');
    expect(formatPath("", ["registrations", 0])).toBe("registrations[0]");
    expect(formatPath("", ["a-b", "c"])).toBe('["a-b"].c');
    expect(formatPath("options", [])).toBe("options");
  });

  it("quotes scalars and names containers", () => {
    expect([42, "x", null, undefined, true, [], {}, () => 1, /re/].map(describeValue)).toEqual(["42", '"x"', "null", "undefined", "true", "an array", "an object", "a function", "a RegExp"]);
    expect(describeValue("a".repeat(50))).toBe(`"${"a".repeat(37)}..."`);
  });
});
