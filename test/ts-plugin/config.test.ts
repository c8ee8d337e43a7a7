/**
 * The tsconfig plugin entry: presets, severities, options and shared settings; a malformed entry is
 * logged and replaced by the defaults, never thrown.
 */
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ruleDefinitions } from "../../src/rules.js";
import { parseConfig } from "../../src/ts-plugin/config.js";
import { createProject, guardDiagnostics as allGuardDiagnostics, virtualPath, type Project } from "./harness.js";

const RECOMMENDED = ruleDefinitions.filter((definition) => definition.meta.config === "recommended").map((definition) => `mcp-guard/${definition.name}`);
const ALL = ruleDefinitions.map((definition) => `mcp-guard/${definition.name}`);

function parse(raw: unknown) {
  const logs: string[] = [];
  const config = parseConfig(raw, (message) => logs.push(message));
  const rules = Object.fromEntries(config.rules.map((rule) => [rule.id, rule.severity]));
  return { config, rules, logs };
}

describe("the plugin entry", () => {
  it("defaults to the recommended rules, as warnings", () => {
    const { rules, logs } = parse({ name: "eslint-plugin-mcp-guard/ts-plugin" });
    expect(Object.keys(rules)).toEqual(RECOMMENDED);
    expect(new Set(Object.values(rules))).toEqual(new Set(["warn"]));
    expect(logs).toEqual([]);
    expect(parse(undefined).rules).toEqual(rules);
  });

  it("takes a preset, a preset severity and per-rule severities, with or without the prefix", () => {
    const { rules, logs } = parse({
      config: "strict",
      severity: "error",
      rules: { "mcp-guard/no-action-dispatch": "off", "require-string-bounds": 1, "require-array-bounds": ["warn"] },
    });
    expect(logs).toEqual([]);
    expect(rules["mcp-guard/no-action-dispatch"]).toBeUndefined();
    expect(rules["mcp-guard/require-string-bounds"]).toBe("warn");
    expect(rules["mcp-guard/require-array-bounds"]).toBe("warn");
    expect(rules["mcp-guard/require-number-bounds"]).toBe("error");
    expect(rules["mcp-guard/require-strict-objects"]).toBe("error");
    expect(Object.keys(parse({ config: "all" }).rules)).toEqual(ALL);
    expect(parse({ config: "none", rules: { "require-number-bounds": 2 } }).rules).toEqual({ "mcp-guard/require-number-bounds": "error" });
  });

  it("merges rule options over the defaults as ESLint does", () => {
    const { config, logs } = parse({ rules: { "require-string-bounds": ["error", { suggestedMaxLength: 200 }] } });
    expect(logs).toEqual([]);
    const rule = config.rules.find((r) => r.id === "mcp-guard/require-string-bounds")!;
    expect(rule.options).toEqual({ allowFields: [], suggestedMaxLength: 200, ceiling: 100_000 });
  });

  it("passes the other keys on as shared settings", () => {
    const { config } = parse({ zodModules: ["@acme/schema"] });
    expect(config.settings.zodModules.has("@acme/schema")).toBe(true);
  });

  it.each([
    ["a string", "recommended", /not an object/],
    ["an array", [1, 2], /not an object/],
    ["an unknown preset", { config: "everything" }, /"config": "everything"/],
    ["a bad preset severity", { severity: "fatal" }, /"severity": "fatal"/],
    ["rules that are not an object", { rules: ["require-string-bounds"] }, /"rules" is not an object/],
    ["an unknown rule", { rules: { "mcp-guard/no-such-rule": "error" } }, /there is no rule mcp-guard\/no-such-rule/],
    ["a bad rule severity", { rules: { "require-string-bounds": "loud" } }, /"loud" is not a severity/],
  ])("logs %s and falls back to the defaults", (_what, raw, message) => {
    const { rules, logs } = parse(raw);
    expect(logs).toEqual([expect.stringMatching(message)]);
    expect(Object.keys(rules)).toEqual(RECOMMENDED);
  });

  it("logs invalid options and runs the rule with its defaults", () => {
    const { config, logs } = parse({ rules: { "require-string-bounds": ["error", { suggestedMaxLength: -1, typo: true }] } });
    expect(logs).toEqual([
      `rules["require-string-bounds"]: invalid options (options.suggestedMaxLength: expected an integer >= 1, got -1; options.typo: unknown key; expected one of "allowFields", "suggestedMaxLength", "ceiling"); using the rule's default options.`,
    ]);
    const rule = config.rules.find((r) => r.id === "mcp-guard/require-string-bounds")!;
    expect(rule).toMatchObject({ severity: "error", options: { suggestedMaxLength: 1000 } });
  });
});

describe("the plugin entry, in a language service", () => {
  const FILE = virtualPath("configured.ts");
  /** The two rules this file is about; other rules may report on it too as they are added. */
  const guardDiagnostics = (project: Project, fileName: string) =>
    allGuardDiagnostics(project, fileName).filter((d) => d.code === 951003 || d.code === 951005);
  const CODE = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "fixture", version: "1.0.0" });
server.registerTool("a", { inputSchema: z.strictObject({ s: z.string(), n: z.number() }) }, async () => ({ content: [] }));
`;

  it("sets categories and options", () => {
    const project = createProject(ts, {
      files: { [FILE]: CODE },
      config: { name: "x", config: "strict", rules: { "require-string-bounds": ["error", { suggestedMaxLength: 64 }] } },
    });
    const diagnostics = guardDiagnostics(project, FILE);
    expect(diagnostics.map((d) => [d.code, d.category, d.source])).toEqual([
      [951003, ts.DiagnosticCategory.Error, "mcp-guard"],
      [951005, ts.DiagnosticCategory.Warning, "mcp-guard"],
    ]);
    const fixes = project.service.getCodeFixesAtPosition(FILE, diagnostics[0].start!, diagnostics[0].start!, [951003], {}, {});
    expect(fixes[0].description).toBe("Limit the length to 64 characters.");
  });

  it("logs a malformed entry to the tsserver log and keeps working with the defaults", () => {
    const project = createProject(ts, { files: { [FILE]: CODE }, config: { name: "x", rules: "all of them", severity: 7 } });
    expect(project.logs.filter((line) => line.includes("tsconfig plugin entry"))).toHaveLength(2);
    expect(guardDiagnostics(project, FILE).map((d) => [d.code, d.category])).toEqual([[951003, ts.DiagnosticCategory.Warning]]);
  });

  it("follows configurePlugin requests", () => {
    const project = createProject(ts, { files: { [FILE]: CODE } });
    expect(guardDiagnostics(project, FILE)).toHaveLength(1);
    project.pluginModule.onConfigurationChanged!({ config: "strict", severity: "error" });
    expect(guardDiagnostics(project, FILE).map((d) => [d.code, d.category])).toEqual([
      [951003, ts.DiagnosticCategory.Error],
      [951005, ts.DiagnosticCategory.Error],
    ]);
  });
});

describe("shared settings in the plugin entry", () => {
  const DECLARED = { callee: "registerAccountTool", name: 0, schema: 1, handler: 2 };

  it.each([
    ["a misspelt key", { zodModuls: ["@acme/schema"] }, 'zodModuls: unknown key (did you mean "zodModules"?); ignoring zodModuls.'],
    ["a near miss of the entry's own keys", { severty: "error" }, 'severty: unknown key (did you mean "severity"?); ignoring severty.'],
    ["a string for a list", { zodModules: "@acme/schema" }, 'zodModules: expected an array of strings, got "@acme/schema"; ignoring zodModules.'],
    ["a zod version that does not exist", { zodVersion: 5 }, "zodVersion: expected 3 or 4, got 5; ignoring zodVersion."],
    ["a callee that is not a string", { registrations: [{ callee: 42 }] }, 'registrations[0].callee: expected a string, got 42; registrations[0]: needs at least one of "schema", "handler"; ignoring registrations[0].'],
  ])("logs %s as one line and keeps the valid settings", (_what, bad, line) => {
    const { config, logs } = parse({ name: "eslint-plugin-mcp-guard/ts-plugin", sanitizers: ["redact"], ...bad, ...("registrations" in bad ? {} : { registrations: [DECLARED] }) });
    expect(logs).toEqual([line]);
    expect([...config.settings.sanitizers]).toEqual(["redact"]);
    expect(config.settings.zodModules.has("@acme/schema")).toBe(false);
    expect(config.settings.zodMajor).toBeUndefined();
  });

  it("keeps the valid entries of a list beside a bad one", () => {
    const { config, logs } = parse({ registrations: [{ callee: "a b", schema: 1 }, DECLARED], zodModules: ["@acme/schema", 7] });
    expect(logs).toEqual([
      'registrations[0].callee: expected a function or method name, or a dotted tail of one (toolkit.add), got "a b"; ignoring registrations[0].',
      "zodModules[1]: expected a string, got 7; ignoring zodModules[1].",
    ]);
    expect(config.settings.registrations).toEqual([{ ...DECLARED, options: 0 }]);
    expect(config.settings.zodModules.has("@acme/schema")).toBe(true);
  });

  describe("in a language service", () => {
    const FILE = virtualPath("declared-settings.ts");
    const CODE = `import { registerAccountTool } from "@acme/mcp-kit";
import { z } from "zod";
registerAccountTool("send", z.object({ to: z.string().max(254) }), async () => ({ content: [] }));
`;
    const STRICT_OBJECTS = 951001;

    it("logs each bad value once and still reports with the valid parts", () => {
      const project = createProject(ts, {
        files: { [FILE]: CODE },
        config: { name: "x", zodModuls: ["@acme/schema"], zodVersion: 5, registrations: [{ callee: 42 }, DECLARED] },
      });
      expect(project.logs.filter((line) => line.includes("tsconfig plugin entry"))).toEqual([
        '[mcp-guard] tsconfig plugin entry: zodModuls: unknown key (did you mean "zodModules"?); ignoring zodModuls.',
        "[mcp-guard] tsconfig plugin entry: zodVersion: expected 3 or 4, got 5; ignoring zodVersion.",
        '[mcp-guard] tsconfig plugin entry: registrations[0].callee: expected a string, got 42; registrations[0]: needs at least one of "schema", "handler"; ignoring registrations[0].',
      ]);
      // The declared helper, the valid entry, is still a registration: its open object is reported.
      expect(allGuardDiagnostics(project, FILE).map((d) => [d.code, project.text(FILE).slice(d.start, d.start! + d.length!)])).toEqual([[STRICT_OBJECTS, "z.object"]]);
      // Asked again, nothing is logged again.
      allGuardDiagnostics(project, FILE);
      expect(project.logs.filter((line) => line.includes("tsconfig plugin entry"))).toHaveLength(3);
    });

    it("reports nothing for the helper when its only entry is bad", () => {
      const project = createProject(ts, { files: { [FILE]: CODE }, config: { name: "x", registrations: [{ ...DECLARED, callee: 42 }] } });
      expect(allGuardDiagnostics(project, FILE)).toEqual([]);
    });
  });
});
