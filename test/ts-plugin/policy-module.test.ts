/**
 * "config" naming a module: the module's flat config is read for the mcp-guard rules and settings ESLint
 * applies to every TypeScript file, merged as ESLint merges them, whether the module is CommonJS or an
 * ES module that must be imported asynchronously. A module that cannot be loaded is logged, and the
 * defaults apply.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ruleDefinitions } from "../../src/rules.js";
import { parseConfig } from "../../src/ts-plugin/config.js";
import { loadConfigModule, policyFromFlatConfig } from "../../src/ts-plugin/policy-module.js";
import { createProject, guardDiagnostics, virtualPath } from "./harness.js";

const RECOMMENDED = ruleDefinitions.filter((definition) => definition.meta.config === "recommended").map((definition) => `mcp-guard/${definition.name}`);

function policyOf(exported: unknown) {
  const logs: string[] = [];
  return { policy: policyFromFlatConfig(exported, (message) => logs.push(message)), logs };
}

describe("the policy of a flat config", () => {
  it("merges mcp-guard's rules across entries as ESLint does: a bare severity keeps the earlier options", () => {
    const { policy, logs } = policyOf([
      { rules: { "mcp-guard/require-string-bounds": ["error", { suggestedMaxLength: 500 }], "mcp-guard/no-action-dispatch": "error", "no-console": "error" } },
      { rules: { "mcp-guard/require-string-bounds": "warn", "mcp-guard/no-action-dispatch": ["off"] } },
    ]);
    expect(logs).toEqual([]);
    expect(policy?.rules).toEqual({ "mcp-guard/require-string-bounds": ["warn", { suggestedMaxLength: 500 }], "mcp-guard/no-action-dispatch": ["off"] });
  });

  it("reads the rules of the plugin registered under another name, and nobody else's", () => {
    const plugin = { meta: { name: "eslint-plugin-mcp-guard" }, rules: {} };
    const { policy } = policyOf([[{ plugins: { guard: plugin, other: { meta: { name: "x" } } }, rules: { "guard/require-array-bounds": 2, "other/require-array-bounds": 2 } }]]);
    expect(policy?.rules).toEqual({ "mcp-guard/require-array-bounds": 2 });
  });

  it("merges settings[\"mcp-guard\"] as ESLint does: objects key by key, arrays replaced", () => {
    const { policy } = policyOf([
      { settings: { "mcp-guard": { zodModules: ["@acme/a"], sanitizers: ["safe"] }, react: { version: "19" } } },
      { settings: { "mcp-guard": { zodModules: ["@acme/b"] } } },
    ]);
    expect(policy?.settings).toEqual({ zodModules: ["@acme/b"], sanitizers: ["safe"] });
  });

  it("applies entries for every TypeScript file and skips, with a log line, those limited to some files", () => {
    const { policy, logs } = policyOf([
      { files: ["**/*.ts"], rules: { "mcp-guard/require-strict-objects": "error" } },
      { files: ["**/*.{js,ts,tsx}"], rules: { "mcp-guard/require-array-bounds": "error" } },
      { name: "acme/tests", files: ["test/**"], rules: { "mcp-guard/require-strict-objects": "off" } },
      { files: ["src/**/*.ts"], languageOptions: {} },
    ]);
    expect(policy?.rules).toEqual({ "mcp-guard/require-strict-objects": "error", "mcp-guard/require-array-bounds": "error" });
    expect(logs).toEqual([`entry 2 ("acme/tests") applies only to some files (files: ["test/**"]); the editor runs one policy for the whole project and skips it`]);
  });

  it("takes an ES module's default export, and rejects what is not a flat config", () => {
    expect(policyOf({ default: [{ rules: { "mcp-guard/require-number-bounds": 1 } }] }).policy?.rules).toEqual({ "mcp-guard/require-number-bounds": 1 });
    const { policy, logs } = policyOf("recommended");
    expect(policy).toBeUndefined();
    expect(logs).toEqual(["it exports string, not a flat config (an array of config objects)"]);
  });
});

describe("a plugin entry with a config module's policy", () => {
  it("runs exactly the module's rules with its severities and options, the entry's rules and settings on top", () => {
    const logs: string[] = [];
    const config = parseConfig(
      { config: "@acme/eslint-config-mcp", severity: "error", rules: { "mcp-guard/no-action-dispatch": "off" }, sanitizers: ["local"] },
      (message) => logs.push(message),
      undefined,
      {
        rules: { "mcp-guard/require-string-bounds": ["error", { suggestedMaxLength: 500 }], "mcp-guard/require-number-bounds": "warn", "mcp-guard/no-action-dispatch": "error" },
        settings: { zodModules: ["@acme/schema"], sanitizers: ["shared"] },
      },
    );
    expect(config.rules.map((rule) => [rule.id, rule.severity])).toEqual([["mcp-guard/require-string-bounds", "error"], ["mcp-guard/require-number-bounds", "warn"]]);
    expect(config.rules[0]?.options).toMatchObject({ suggestedMaxLength: 500, ceiling: 100_000 });
    expect(config.settings.zodModules.has("@acme/schema")).toBe(true);
    expect([...config.settings.sanitizers]).toEqual(["local"]);
    expect(logs).toEqual([`"severity" applies to a preset's rules; the config module sets each rule's severity, so it is ignored.`]);
  });
});

describe("loading a config module from the project", () => {
  let project: string;
  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), "mcp-guard-policy-"));
    const write = (name: string, manifest: Record<string, unknown>, files: Record<string, string>): void => {
      const dir = join(project, "node_modules", ...name.split("/"));
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", ...manifest }));
      for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
    };
    write("@acme/cjs-policy", { main: "index.cjs" }, {
      "index.cjs": `module.exports = [{ rules: { "mcp-guard/require-number-bounds": "error" }, settings: { "mcp-guard": { zodModules: ["@acme/schema"] } } }];\n`,
    });
    // Top-level await: require(esm) refuses it in every Node version, so this module is always imported.
    write("@acme/esm-policy", { type: "module", exports: "./index.js" }, {
      "index.js": `await Promise.resolve();\nexport default [{ rules: { "mcp-guard/require-array-bounds": "error" } }];\n`,
    });
    write("@acme/broken-policy", { main: "index.cjs" }, { "index.cjs": `throw new Error("no policy today");\n` });
  });
  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it("requires a CommonJS module, resolved from the project's directory", () => {
    const load = loadConfigModule("@acme/cjs-policy", project);
    expect(load).toMatchObject({ kind: "loaded", path: join(project, "node_modules", "@acme", "cjs-policy", "index.cjs") });
  });

  it("says why a module cannot be loaded", () => {
    expect(loadConfigModule("@acme/missing", project)).toEqual({ kind: "failed", reason: expect.stringMatching(/^it cannot be resolved from .*\(Cannot find module '@acme\/missing'/) as unknown });
    expect(loadConfigModule("@acme/broken-policy", project)).toEqual({ kind: "failed", reason: expect.stringMatching(/threw: no policy today$/) as unknown });
  });

  const FILE = virtualPath("policy/server.ts");
  const SERVER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "s", version: "1.0.0" });
server.registerTool("t", { inputSchema: z.strictObject({ n: z.number(), tags: z.array(z.enum(["a"])), s: z.string() }) }, async () => ({ content: [] }));
`;
  const rulesOf = (diagnostics: readonly ts.Diagnostic[]): string[] =>
    diagnostics.map((d) => `${ts.flattenDiagnosticMessageText(d.messageText, "\n").split(":")[0]}=${d.category === ts.DiagnosticCategory.Error ? "error" : "warn"}`);

  it("runs a CommonJS module's policy in the editor", () => {
    const editor = createProject(ts, { files: { [FILE]: SERVER }, config: { name: "eslint-plugin-mcp-guard/ts-plugin", config: "@acme/cjs-policy" }, projectDirectory: project });
    expect(rulesOf(guardDiagnostics(editor, FILE))).toEqual(["mcp-guard/require-number-bounds=error"]);
    expect(editor.logs).toContain(`[mcp-guard] config module "@acme/cjs-policy": ${join(project, "node_modules", "@acme", "cjs-policy", "index.cjs")}`);
  });

  it("imports an ES module that require() cannot load, runs no rule until then, and refreshes the editor", async () => {
    const editor = createProject(ts, { files: { [FILE]: SERVER }, config: { name: "eslint-plugin-mcp-guard/ts-plugin", config: "@acme/esm-policy" }, projectDirectory: project });
    expect(guardDiagnostics(editor, FILE)).toEqual([]);
    expect(editor.logs.some((line) => line.includes(`"config": "@acme/esm-policy": `) && line.includes("is being imported"))).toBe(true);
    await expect.poll(() => editor.refreshes(), { timeout: 10_000 }).toBe(1);
    expect(rulesOf(guardDiagnostics(editor, FILE))).toEqual(["mcp-guard/require-array-bounds=error"]);
  });

  it("falls back to the defaults, with a log line, when the module cannot be loaded", () => {
    const editor = createProject(ts, { files: { [FILE]: SERVER }, config: { name: "eslint-plugin-mcp-guard/ts-plugin", config: "@acme/missing" }, projectDirectory: project });
    const rules = rulesOf(guardDiagnostics(editor, FILE));
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.every((rule) => RECOMMENDED.includes(rule.split("=")[0]) && rule.endsWith("=warn"))).toBe(true);
    expect(editor.logs.find((line) => line.includes(`"config": "@acme/missing"`))).toMatch(/not a preset \("recommended", "strict", "all", "none"\), and as a module it cannot be resolved from .*; using the defaults\.$/);
  });
});
