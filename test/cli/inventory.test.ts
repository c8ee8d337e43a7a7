import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { lintFixture } from "../rules/typed-helpers.js";
import { copyFixture, mcpGuard, PROJECT, REPO_ROOT, tempDir } from "./helpers.js";

interface InventoryJson {
  summary: Record<string, number>;
  tools: { name: string; file: string; line: number; framework: string; annotations: { stated: Record<string, boolean> | null; unannotated: boolean }; fields: { path: string; type: string }[]; findingCount: number }[];
  findings: { tool: string | null; rule: string; path: string; file: string; line: number; column: number }[];
  unread: { tool: string; file: string; line: number; parts: string[] | null; reason: string }[];
  analysis: { typedFiles: number; untypedFiles: number; programs: number };
}

const inventory = async (...args: string[]) => {
  const result = await mcpGuard(["inventory", "--json", ...args], { cwd: PROJECT });
  return { ...result, json: result.code === 0 ? (JSON.parse(result.stdout) as InventoryJson) : undefined };
};

describe("mcp-guard inventory", () => {
  it("reads the project with its tsconfig.json's program and follows imports", async () => {
    const { code, stderr, json } = await inventory();
    expect(stderr).toBe("");
    expect(code).toBe(0);
    // build/ is the tsconfig's outDir: its stale copy of a tool is not listed.
    expect(json?.analysis).toEqual({ typedFiles: 2, untypedFiles: 0, programs: 1 });
    expect(json?.tools.map((tool) => `${tool.name} ${tool.file}:${tool.line} ${tool.framework}`)).toEqual([
      "get_note src/server.ts:8 mcp-sdk-v1",
      "ping src/server.ts:20 mcp-sdk-v1",
      "search_mail src/server.ts:23 mcp-sdk-v1",
      "send_mail src/server.ts:10 mcp-sdk-v1",
    ]);
    expect(json?.summary).toEqual({ toolCount: 4, readOnlyToolCount: 1, destructiveToolCount: 2, openWorldToolCount: 3, unannotatedToolCount: 2, additiveWriteToolCount: 1, annotationsUnknownToolCount: 0 });
    // The imported schema and annotations are read through the checker; the problems are where they are written.
    expect(json?.tools[0]?.fields).toEqual([
      { path: "(input)", type: "object (open)" },
      { path: "id", type: "string (unbounded)" },
    ]);
    expect(json?.findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.tool} ${finding.path || "-"} ${finding.rule}`)).toEqual([
      "src/schemas.ts:4:26 get_note - require-strict-objects",
      "src/schemas.ts:4:41 get_note id require-string-bounds",
      "src/server.ts:20:13 ping - require-tool-annotations",
      "src/server.ts:23:21 search_mail - require-tool-annotations",
    ]);
    // `{ ...configFromElsewhere() }`: the evaluator reads the function's returned config, so search_mail's input is read.
    expect(json?.unread).toEqual([]);
  });

  it("without type information, lists the imported schema and annotations as not read", async () => {
    const { code, json } = await inventory("--untyped");
    expect(code).toBe(0);
    expect(json?.analysis).toEqual({ typedFiles: 0, untypedFiles: 2, programs: 0 });
    const getNote = json?.tools.find((tool) => tool.name === "get_note");
    expect(getNote?.annotations.stated).toBeNull();
    expect(getNote?.fields).toEqual([{ path: "(input)", type: "not read" }]);
    expect(json?.summary.annotationsUnknownToolCount).toBe(1);
    expect(json?.unread.map((entry) => `${entry.tool} [${entry.parts?.join(", ")}]: ${entry.reason}`)).toEqual([
      // One module that only typed linting follows is one cause for both parts.
      'get_note [input, annotations]: the input and annotations come from "./schemas.js", which only typed linting follows',
    ]);
  });

  it("takes files and directories, relative to the working directory", async () => {
    const result = await mcpGuard(["inventory", "--json", "test/fixtures/cli/project/src/server.ts"], { cwd: REPO_ROOT });
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as InventoryJson;
    expect(json.tools.map((tool) => tool.file)).toEqual(Array(4).fill("test/fixtures/cli/project/src/server.ts"));
    // schemas.ts is in the program but not asked for: its problems are still reported, since a listed tool uses them.
    expect(json.findings[0]?.file).toBe("test/fixtures/cli/project/src/schemas.ts");
  });

  it("prints text and markdown", async () => {
    const text = await mcpGuard(["inventory"], { cwd: PROJECT });
    expect(text.stdout).toContain("mcp-guard inventory: 2 files read (2 with type information)\n\n4 tools: 1 read-only, 2 destructive, 1 additive write, 3 open-world;");
    expect(text.stdout).toContain("  get_note  src/server.ts:8  read-only, closed-world  2 findings\n    input: (input): object (open), id: string (unbounded)\n");
    expect(text.stdout).not.toContain("Not read");
    const markdown = await mcpGuard(["inventory", "--markdown"], { cwd: PROJECT });
    expect(markdown.stdout).toContain("| `get_note` | src/server.ts:8 | read-only, closed-world | (input): object (open), id: string (unbounded) | 2 |");
    // `{ ...configFromElsewhere() }`: the evaluator reads the function's returned config, so nothing is listed as not read.
    expect(markdown.stdout).not.toContain("- `search_mail` at");
  });

  it("lists what no-unanalyzed-tool reports, from the same list", async () => {
    const dir = copyFixture(PROJECT, "unread");
    writeFileSync(join(dir, "src", "more.ts"), [
      'import { Server } from "@modelcontextprotocol/sdk/server/index.js";',
      'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
      'import { buildTools, lookup } from "./tools.js";',
      'const server = new Server({ name: "m", version: "1" }, { capabilities: { tools: {} } });',
      "server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [lookup, ...buildTools()] }));",
      "export function register(config: any) {",
      '  (server as any).registerTool("x", config, async () => ({ content: [] }));',
      "}",
      "",
    ].join("\n"));
    const result = await mcpGuard(["inventory", "--json", "--untyped"], { cwd: dir });
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as InventoryJson;
    expect(json.unread.map((entry) => `${entry.file}:${entry.line} ${entry.tool}: ${entry.reason}`)).toEqual([
      'src/more.ts:5 (tools/list): the tool is "lookup" imported from "./tools.js", which only typed linting follows',
      "src/more.ts:5 (tools/list): the tools array comes from buildTools() imported from \"./tools.js\", which only typed linting follows",
      'src/more.ts:7 x: the config is the parameter "config" of register',
      'src/server.ts:8 get_note: the input and annotations come from "./schemas.js", which only typed linting follows',
    ]);
    const findings = await lintFixture(["src/*.ts"], { cwd: dir, unanalyzed: true, extraConfig: [{ rules: Object.fromEntries(Object.keys(plugin.rules).filter((name) => name !== "no-unanalyzed-tool").map((name) => [`mcp-guard/${name}`, "off"])) }] });
    expect(findings.map((finding) => `${finding.file}:${finding.line}`)).toEqual(json.unread.map((entry) => `${entry.file}:${entry.line}`));
    expect(new Set(findings.map((finding) => finding.ruleId))).toEqual(new Set(["mcp-guard/no-unanalyzed-tool"]));
  });

  it("an outDir of \".\" (generated SDKs build in place): the program's sources are still listed", async () => {
    const dir = copyFixture(PROJECT, "outdir-dot");
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", outDir: ".", skipLibCheck: true, types: [] }, include: ["src"], exclude: ["build"] }));
    const result = await mcpGuard(["inventory", "--json"], { cwd: dir });
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as InventoryJson;
    expect(json.analysis).toEqual({ typedFiles: 2, untypedFiles: 0, programs: 1 });
    expect(json.tools.map((tool) => tool.name)).toEqual(["get_note", "ping", "search_mail", "send_mail"]);
  });

  it("with --strict, runs the strict config's rules too", async () => {
    const dir = copyFixture(PROJECT, "strict");
    writeFileSync(join(dir, "src", "count.ts"), `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod";\nconst server = new McpServer({ name: "c", version: "1" });\nserver.registerTool("count", { inputSchema: z.strictObject({ n: z.number() }), annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));\n`);
    const rulesOf = async (...args: string[]) => {
      const result = await mcpGuard(["inventory", "--json", "--untyped", ...args, "src/count.ts"], { cwd: dir });
      return (JSON.parse(result.stdout) as InventoryJson).findings.map((finding) => finding.rule);
    };
    expect(await rulesOf()).toEqual([]);
    expect(await rulesOf("--strict")).toEqual(["require-number-bounds"]);
  });
});

describe("mcp-guard inventory with bad input", () => {
  it("a path that does not exist", async () => {
    const result = await mcpGuard(["inventory", "no/such/dir"], { cwd: PROJECT });
    expect(result).toEqual({ code: 2, stdout: "", stderr: "mcp-guard inventory: cannot read no/such/dir: no such file or directory.\n" });
  });

  it("a path that cannot be read (a part of it is a file)", async () => {
    const result = await mcpGuard(["inventory", "package.json/src"], { cwd: PROJECT });
    expect(result).toEqual({ code: 2, stdout: "", stderr: "mcp-guard inventory: cannot read package.json/src: a part of the path is not a directory.\n" });
  });

  it("a file that is not JavaScript or TypeScript", async () => {
    const result = await mcpGuard(["inventory", "package.json"], { cwd: PROJECT });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("mcp-guard inventory: cannot read package.json: not a JavaScript or TypeScript file (.ts, .tsx, .mts, .cts, .js, .jsx, .mjs, .cjs).\n");
  });

  it("a tsconfig.json that is not JSON", async () => {
    const dir = copyFixture(PROJECT, "badconfig");
    writeFileSync(join(dir, "tsconfig.json"), "{ \"compilerOptions\": ");
    const result = await mcpGuard(["inventory"], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcp-guard inventory: cannot read tsconfig\.json: .+\n$/);
  });

  it("an unknown compiler option is a warning, as it is for tsc", async () => {
    const dir = copyFixture(PROJECT, "warnconfig");
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noSuchOption: true, types: [] }, include: ["src"] }));
    const result = await mcpGuard(["inventory", "--json"], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("mcp-guard inventory: tsconfig.json: Unknown compiler option 'noSuchOption'.\n");
  });

  it("a directory with no source: an empty inventory", async () => {
    const dir = tempDir("empty");
    mkdirSync(join(dir, "docs"));
    writeFileSync(join(dir, "package.json"), "{}");
    const result = await mcpGuard(["inventory", "--json"], { cwd: dir });
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as InventoryJson).summary.toolCount).toBe(0);
  });

  it("usage errors", async () => {
    const result = await mcpGuard(["inventory", "--json", "--markdown"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("mcp-guard inventory: --json and --markdown exclude each other.\nRun `mcp-guard inventory --help` for usage.\n");
  });
});
