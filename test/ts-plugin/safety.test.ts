/**
 * The plugin never breaks the editor: an engine failure leaves TypeScript's answers intact, an
 * unsupported TypeScript turns it off with one log line, and work is cached per file version.
 */
import ts from "typescript";
import { afterEach, describe, expect, it } from "vitest";
import type { TS } from "../../src/core/ts-utils.js";
import { ruleDefinitions } from "../../src/rules.js";
import { codeForRule, RULE_CODES } from "../../src/ts-plugin/codes.js";
import { testHooks } from "../../src/ts-plugin/diagnostics.js";
import init, { isSupportedTypeScript } from "../../src/ts-plugin/index.js";
import { compilerOptionsFor, createProject, guardDiagnostics, only, virtualPath } from "./harness.js";

const FILE = virtualPath("safety.ts");
const OTHER = virtualPath("other.ts");
const CODE = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "fixture", version: "1.0.0" });
const unused: number = "not a number";
server.registerTool("a", { inputSchema: z.strictObject({ s: z.string() }) }, async () => ({ content: [] }));
`;

const plain = (diagnostics: readonly ts.Diagnostic[]) =>
  diagnostics.map((d) => ({ code: d.code, start: d.start, length: d.length, text: ts.flattenDiagnosticMessageText(d.messageText, "\n") }));

afterEach(() => {
  testHooks.beforeAnalyze = undefined;
});

describe("an engine failure", () => {
  it("leaves TypeScript's own diagnostics and fixes intact, and is logged once", () => {
    const project = createProject(ts, { files: { [FILE]: CODE }, config: only("require-string-bounds") });
    const own = plain(project.base.getSemanticDiagnostics(FILE));
    expect(own.map((d) => d.code)).toContain(2322);
    testHooks.beforeAnalyze = () => {
      throw new Error("engine exploded");
    };
    expect(plain(project.service.getSemanticDiagnostics(FILE))).toEqual(own);
    expect(plain(project.service.getSemanticDiagnostics(FILE))).toEqual(own);
    const at = CODE.indexOf("z.string");
    expect(project.service.getCodeFixesAtPosition(FILE, at, at, [codeForRule("require-string-bounds")], {}, {})).toEqual([]);
    const errors = project.logs.filter((line) => line.startsWith("Err"));
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^Err \[mcp-guard\] getSemanticDiagnostics\(.*safety\.ts\) failed; TypeScript's own result is returned unchanged\. Please report this\.\nError: engine exploded/);

    testHooks.beforeAnalyze = undefined;
    expect(guardDiagnostics(project, FILE)).toHaveLength(1);
  });

  it("in create() returns TypeScript's service", () => {
    const logs: string[] = [];
    const languageService = { getSemanticDiagnostics: () => [] };
    const info = {
      get config(): unknown {
        throw new Error("bad config getter");
      },
      languageService,
      project: { projectService: { logger: { info: (line: string) => logs.push(line), msg: (line: string) => logs.push(line) } } },
    } as unknown as ts.server.PluginCreateInfo;
    expect(init({ typescript: ts }).create(info)).toBe(languageService);
    expect(logs.join("\n")).toMatch(/create failed.*\n.*bad config getter/);
  });

  it("does not spread to a logger that throws", () => {
    const languageService = { getSemanticDiagnostics: () => [] };
    const info = { config: {}, languageService, project: { projectService: { logger: { info: () => { throw new Error("no log"); } } } } } as unknown as ts.server.PluginCreateInfo;
    expect(() => init({ typescript: { version: "7.0.0" } as TS }).create(info)).not.toThrow();
  });
});

describe("an unsupported TypeScript", () => {
  function logsOfCreate(version: string): string[] {
    const logs: string[] = [];
    const languageService = {};
    const info = { config: {}, languageService, project: { projectService: { logger: { info: (line: string) => logs.push(line) } } } } as unknown as ts.server.PluginCreateInfo;
    const fake = Object.create(ts, { version: { value: version } }) as TS;
    expect(init({ typescript: fake }).create(info)).toBe(languageService);
    return logs;
  }

  it.each(["5.3.3", "6.1.0", "4.9.5", "garbage"])("%s turns the plugin off with one log line", (version) => {
    expect(logsOfCreate(version)).toEqual([`[mcp-guard] TypeScript ${version} is not supported (supported: >=5.4 <6.1); the plugin is off. Use ESLint for mcp-guard findings.`]);
  });

  it.each(["7.0.2", "7.0.0-dev.20260101"])("%s turns the plugin off with one log line that names TypeScript 7 and the fix", (version) => {
    expect(logsOfCreate(version)).toEqual([
      `[mcp-guard] TypeScript ${version}: TypeScript 7 has no JavaScript API and no tsserver plugins, so the plugin is off. Fix: npm install -D typescript@~6.0, and use it as the editor's TypeScript.`,
    ]);
  });

  it("is told apart from a supported one", () => {
    expect(["5.4.5", "5.9.3", "6.0.3", "6.0.0-beta"].map(isSupportedTypeScript)).toEqual([true, true, true, true]);
  });
});

describe("the cache", () => {
  it("recomputes nothing for an unchanged file, and recomputes after an edit", () => {
    const project = createProject(ts, { files: { [FILE]: CODE, [OTHER]: "export const x = 1;\n" }, config: only("require-string-bounds"), compilerOptions: compilerOptionsFor(ts) });
    const runs: string[] = [];
    testHooks.beforeAnalyze = (fileName) => runs.push(fileName);
    guardDiagnostics(project, FILE);
    guardDiagnostics(project, FILE);
    const at = CODE.indexOf("z.string");
    project.service.getCodeFixesAtPosition(FILE, at, at, [codeForRule("require-string-bounds")], {}, {});
    expect(runs).toEqual([FILE]);
    project.update(FILE, CODE.replace("z.string()", "z.string().max(5)"));
    expect(guardDiagnostics(project, FILE)).toEqual([]);
    expect(runs).toEqual([FILE, FILE]);
    // An edit elsewhere can change what typed analysis sees through imports: the file is looked at again.
    project.update(OTHER, "export const x = 2;\n");
    guardDiagnostics(project, FILE);
    expect(runs).toEqual([FILE, FILE, FILE]);
  });
});

describe("diagnostic codes", () => {
  it("are listed for every rule, and unique", () => {
    for (const definition of ruleDefinitions) expect(RULE_CODES[definition.name], definition.name).toBeDefined();
    const codes = Object.values(RULE_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codeForRule("some-future-rule")).toBeGreaterThanOrEqual(951900);
    expect(codeForRule("some-future-rule")).toBe(codeForRule("some-future-rule"));
  });
});
