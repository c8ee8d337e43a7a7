// The shared settings against their schema (src/core/settings-schema.ts): every bad value is a problem
// with its key path, and the settings read are the valid parts.
import { describe, expect, it } from "vitest";
import { formatPath } from "../../src/core/json-schema.js";
import { readSettings, settingsProblems } from "../../src/core/settings.js";

const problems = (raw: unknown) => settingsProblems(raw).map((problem) => [formatPath("", problem.path), problem.message].filter(Boolean).join(": "));
const ignored = (raw: unknown) => settingsProblems(raw).map((problem) => formatPath("", problem.ignored));

describe("the settings schema", () => {
  it("accepts every setting in each of its forms", () => {
    const valid = {
      zodModules: ["@acme/schema"],
      sanitizers: ["toPublicMessage"],
      zodVersion: 3,
      registrations: [
        { callee: "registerAccountTool", name: 0, schema: 1, handler: 2, annotations: 3 },
        { callee: "toolkit.add", options: 1, name: "id", schema: "input", handler: "run", annotations: "hints", strict: true },
        { callee: "defineTool", handler: "execute" },
        { baseClass: "ToolBase", name: "name", schema: "inputSchema", handler: "execute", annotations: "annotations", strict: false },
        { baseClass: "$Tool", handler: "run" },
      ],
    };
    expect(problems(valid)).toEqual([]);
    expect(problems({})).toEqual([]);
    expect(problems(undefined)).toEqual([]);
    expect(problems({ zodVersion: 4, registrations: [] })).toEqual([]);
  });

  it.each([
    ["a misspelt key", { zodModuls: ["@acme/schema"] }, ['zodModuls: unknown key (did you mean "zodModules"?)'], ["zodModuls"]],
    ["a string for a list", { zodModules: "@acme/schema" }, ['zodModules: expected an array of strings, got "@acme/schema"'], ["zodModules"]],
    ["a zod version that does not exist", { zodVersion: 5 }, ["zodVersion: expected 3 or 4, got 5"], ["zodVersion"]],
    ["a callee that is not a string", { registrations: [{ callee: 42 }] }, ["registrations[0].callee: expected a string, got 42", 'registrations[0]: needs at least one of "schema", "handler"'], ["registrations[0]", "registrations[0]"]],
    ["a key nobody wrote about", { colour: "red" }, ['colour: unknown key; expected one of "zodModules", "sanitizers", "zodVersion", "registrations"'], ["colour"]],
    ["settings that are not an object", "recommended", ['expected an object, got "recommended"'], [""]],
    ["a list item that is not a string", { sanitizers: ["redact", 3] }, ["sanitizers[1]: expected a string, got 3"], ["sanitizers[1]"]],
    ["registrations that are not a list", { registrations: { callee: "f", schema: 1 } }, ["registrations: expected an array, got an object"], ["registrations"]],
  ])("rejects %s", (_what, raw, expected, ignoredParts) => {
    expect(problems(raw)).toEqual(expected);
    expect(ignored(raw)).toEqual(ignoredParts);
  });

  it("makes the checks the reader made before it had a schema: callee syntax, indexes, names, strict, schema or handler", () => {
    expect(problems({
      registrations: [
        null,
        "registerAccountTool",
        { callee: "", schema: 1 },
        { callee: "a b", schema: 1 },
        { callee: "f", schema: -1 },
        { callee: "f", schema: 1.5 },
        { callee: "f", schema: true },
        { callee: "f", schema: "" },
        { callee: "f", options: "0", schema: "input" },
        { callee: "f", name: 0 },
        { callee: "f", schema: 1, strict: "yes" },
        { schema: 1 },
      ],
    })).toEqual([
      "registrations[0]: expected an object, got null",
      'registrations[1]: expected an object, got "registerAccountTool"',
      'registrations[2].callee: expected a function or method name, or a dotted tail of one (toolkit.add), got ""',
      'registrations[3].callee: expected a function or method name, or a dotted tail of one (toolkit.add), got "a b"',
      "registrations[4].schema: expected an integer >= 0 or a non-empty string, got -1",
      "registrations[5].schema: expected an integer >= 0 or a non-empty string, got 1.5",
      "registrations[6].schema: expected an integer >= 0 or a non-empty string, got true",
      'registrations[7].schema: expected an integer >= 0 or a non-empty string, got ""',
      'registrations[8].options: expected an integer, got "0"',
      'registrations[9]: needs at least one of "schema", "handler"',
      'registrations[10].strict: expected a boolean, got "yes"',
      'registrations[11]: missing "callee"',
    ]);
  });

  it("checks a declared base class as its own form: identifiers, no options, no callee", () => {
    expect(problems({
      registrations: [
        { baseClass: "", schema: "inputSchema" },
        { baseClass: "kit.ToolBase", schema: "inputSchema" },
        { baseClass: 1, schema: "inputSchema" },
        { baseClass: "ToolBase", schema: 1 },
        { baseClass: "ToolBase", schema: "input schema" },
        { baseClass: "ToolBase", name: "name" },
        { baseClass: "ToolBase", options: 0, schema: "inputSchema" },
        { baseClass: "ToolBase", callee: "register", schema: "inputSchema" },
      ],
    })).toEqual([
      'registrations[0].baseClass: expected an identifier, got ""',
      'registrations[1].baseClass: expected an identifier, got "kit.ToolBase"',
      "registrations[2].baseClass: expected a string, got 1",
      "registrations[3].schema: expected a string, got 1",
      'registrations[4].schema: expected an identifier, got "input schema"',
      'registrations[5]: needs at least one of "schema", "handler"',
      'registrations[6].options: unknown key; expected one of "baseClass", "name", "schema", "handler", "annotations", "strict"',
      'registrations[7].callee: unknown key; expected one of "baseClass", "name", "schema", "handler", "annotations", "strict"',
    ]);
  });
});

describe("reading the valid parts", () => {
  it("drops a bad list item whole and keeps its neighbours", () => {
    const settings = readSettings({ registrations: [{ callee: 42 }, { callee: "ok", schema: 1 }], zodModules: ["@acme/schema", 3] });
    expect(settings.registrations).toEqual([{ callee: "ok", options: 0, schema: 1 }]);
    expect(settings.zodModules.has("@acme/schema")).toBe(true);
    expect(settings.zodModules.has("zod")).toBe(true);
  });

  it("drops a bad top-level value and keeps the other settings", () => {
    const settings = readSettings({ zodModules: "@acme/schema", zodVersion: 5, sanitizers: ["redact"], zodModuls: ["@acme/other"] }, 4);
    expect([...settings.zodModules].some((module) => module.startsWith("@acme"))).toBe(false);
    expect(settings.zodMajor).toBe(4);
    expect([...settings.sanitizers]).toEqual(["redact"]);
  });

  it("reads settings that are not an object as the defaults", () => {
    expect(readSettings("recommended").registrations).toEqual([]);
    expect(readSettings(null).sanitizers.size).toBe(0);
  });

  it("keeps one reading per settings object, as ESLint passes the same one to every rule", () => {
    const raw = { zodVersion: 3 };
    expect(readSettings(raw)).toBe(readSettings(raw));
    expect(settingsProblems(raw)).toBe(settingsProblems(raw));
    expect(readSettings(undefined)).toBe(readSettings(undefined));
    expect(readSettings(raw, 4)).not.toBe(readSettings(raw));
    expect(readSettings(raw, 4).zodMajor).toBe(3);
  });
});
