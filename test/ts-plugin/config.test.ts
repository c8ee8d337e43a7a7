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
