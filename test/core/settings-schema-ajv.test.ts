// The settings schema is standard JSON Schema (draft-07): ajv, the validator ESLint checks rule options
// with, gives the same verdict as the plugin's own validator on every sample, valid or not, so the
// schema the README documents means what the plugin enforces. The rules' option schemas compile too.
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { validateJson } from "../../src/core/json-schema.js";
import { settingsSchema } from "../../src/core/settings-schema.js";
import { ruleDefinitions } from "../../src/rules.js";

const SAMPLES: unknown[] = [
  {},
  { zodModules: ["@acme/schema"], sanitizers: ["toPublicMessage"], zodVersion: 3 },
  { zodVersion: 4, registrations: [] },
  { registrations: [{ callee: "registerAccountTool", name: 0, schema: 1, handler: 2, annotations: 3 }] },
  { registrations: [{ callee: "toolkit.add", options: 1, name: "id", schema: "input", handler: "run", strict: true }] },
  { registrations: [{ baseClass: "ToolBase", name: "name", schema: "inputSchema", handler: "execute", strict: false }] },
  { registrations: [{ baseClass: "$Tool", handler: "run" }, { callee: "defineTool", handler: "execute" }] },
  { zodModuls: ["@acme/schema"] },
  { zodModules: "@acme/schema" },
  { zodModules: [""] },
  { zodVersion: 5 },
  { zodVersion: "4" },
  { sanitizers: ["redact", 3] },
  { registrations: { callee: "f", schema: 1 } },
  { registrations: [{ callee: 42 }] },
  { registrations: [null] },
  { registrations: ["registerAccountTool"] },
  { registrations: [{ callee: "", schema: 1 }] },
  { registrations: [{ callee: "a b", schema: 1 }] },
  { registrations: [{ callee: "a.", schema: 1 }] },
  { registrations: [{ callee: "f", schema: -1 }] },
  { registrations: [{ callee: "f", schema: 1.5 }] },
  { registrations: [{ callee: "f", schema: true }] },
  { registrations: [{ callee: "f", schema: "" }] },
  { registrations: [{ callee: "f", options: "0", schema: "input" }] },
  { registrations: [{ callee: "f", name: 0 }] },
  { registrations: [{ callee: "f", schema: 1, strict: "yes" }] },
  { registrations: [{ callee: "f", schema: 1, extra: 1 }] },
  { registrations: [{ schema: 1 }] },
  { registrations: [{ baseClass: "", schema: "inputSchema" }] },
  { registrations: [{ baseClass: "kit.ToolBase", schema: "inputSchema" }] },
  { registrations: [{ baseClass: 1, schema: "inputSchema" }] },
  { registrations: [{ baseClass: "ToolBase", schema: 1 }] },
  { registrations: [{ baseClass: "ToolBase", schema: "input schema" }] },
  { registrations: [{ baseClass: "ToolBase", name: "name" }] },
  { registrations: [{ baseClass: "ToolBase", options: 0, schema: "inputSchema" }] },
  { registrations: [{ baseClass: "ToolBase", callee: "register", schema: "inputSchema" }] },
  "recommended",
  null,
  [],
];

describe("the settings schema under ajv", () => {
  const validate = new Ajv({ allErrors: true }).compile(settingsSchema);

  it.each(SAMPLES.map((sample) => [JSON.stringify(sample), sample]))("%s: the same verdict", (_label, sample) => {
    expect(validateJson(settingsSchema, sample).length === 0).toBe(validate(sample));
  });

  it("has samples of both verdicts", () => {
    const verdicts = SAMPLES.map((sample) => validate(sample));
    expect(verdicts.filter(Boolean).length).toBe(7);
    expect(verdicts.filter((verdict) => !verdict).length).toBe(SAMPLES.length - 7);
  });
});

describe("the rules' option schemas under ajv", () => {
  it.each(ruleDefinitions.map((definition) => [definition.name, definition]))("%s compiles and accepts its defaults", (_name, definition) => {
    const validate = new Ajv().compile(definition.meta.optionsSchema);
    expect(validate(definition.meta.defaultOptions)).toBe(true);
    expect(validateJson(definition.meta.optionsSchema, definition.meta.defaultOptions)).toEqual([]);
  });
});
