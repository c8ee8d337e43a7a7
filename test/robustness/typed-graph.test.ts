// Robustness of typed (cross-file) linting on generated module graphs: a 50-file chain of re-exports, a 30-file
// import cycle of schemas spreading each other's `.shape`, self- and mutually recursive `z.lazy` schemas, and a
// 2,000-line server. Each is its own TypeScript project in a temp folder (node_modules symlinked from the
// repository, so zod and the MCP SDK resolve) and is linted by the real ESLint with every rule and
// `parserOptions.projectService`. The bar: no exception (MCP_GUARD_STRICT_ERRORS=1 turns an engine error into
// one, checked below), no fatal message, no engine warning, done in time, and the findings listed here.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { reportEngineError } from "../../src/eslint/engine-errors.js";
import { formatFindings, lintFixture, type Finding } from "../rules/typed-helpers.js";

const nodeModules = fileURLToPath(new URL("../../node_modules", import.meta.url));

const engineWarnings: string[] = [];
const onWarning = (warning: Error) => {
  if (warning.name === "McpGuardWarning") engineWarnings.push(warning.message);
};

let root = "";

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: "ES2022",
    lib: ["ES2022"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    types: ["node"],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  },
  include: ["*.ts"],
});

const SDK = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n`;
const SERVER = `const server = new McpServer({ name: "graph", version: "1.0.0" });\n`;
const ANNOTATIONS = `annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false }`;

/** Writes one project (its own tsconfig.json) into a folder of the temp root; returns the folder. */
function writeProject(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(dir);
  writeFileSync(join(dir, "tsconfig.json"), TSCONFIG);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

/** Lints a project typed or untyped, timing it; fatal messages throw (lintFixture), engine errors throw (strict mode). */
async function lintProject(dir: string, typed: boolean): Promise<Finding[]> {
  const started = performance.now();
  const findings = await lintFixture(["*.ts"], { cwd: dir, typed });
  const seconds = (performance.now() - started) / 1000;
  console.log(`typed-graph ${dir.slice(root.length + 1)} ${typed ? "typed" : "untyped"}: ${seconds.toFixed(2)} s, ${findings.length} findings`);
  // TYPED_GRAPH_FINDINGS=1 prints the findings outside server.ts too.
  if (process.env.TYPED_GRAPH_FINDINGS) console.log(formatFindings(findings).filter((f) => !f.startsWith("server.ts")).join("\n"));
  return findings;
}

/** 1-based column of `needle` in `line`. */
function column(line: string | undefined, needle: string): number {
  const index = line?.indexOf(needle) ?? -1;
  if (index < 0) throw new Error(`${needle} not in ${line}`);
  return index + 1;
}

function inFile(findings: Finding[], file: string): string[] {
  return formatFindings(findings.filter((f) => f.file === file));
}

beforeAll(() => {
  process.on("warning", onWarning);
  root = mkdtempSync(join(tmpdir(), "mcp-guard-typed-graph-"));
  symlinkSync(nodeModules, join(root, "node_modules"), "dir");
  writeFileSync(join(root, "package.json"), JSON.stringify({ private: true, type: "module" }));
});

afterAll(() => {
  process.off("warning", onWarning);
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("engine errors are real exceptions in these tests", () => {
  it("runs with MCP_GUARD_STRICT_ERRORS=1 (vitest.config.ts)", () => {
    expect(process.env.MCP_GUARD_STRICT_ERRORS).toBe("1");
    expect(() => reportEngineError("some-rule", "x.ts", new Error("probe"))).toThrow("probe");
  });

  it("a rule whose engine fails makes the lint run throw, not report nothing", () => {
    // typescript-eslint's parser with a node map that throws: the adapter's first step into the engine fails.
    const failingParser: Linter.Parser = {
      meta: { name: "failing-node-map" },
      parseForESLint(code: string, options?: Record<string, unknown>) {
        const result = tsParser.parseForESLint(code, options);
        const esTreeNodeToTSNodeMap = {
          get() {
            throw new Error("probe: engine failure");
          },
        };
        return { ...result, services: { ...result.services, esTreeNodeToTSNodeMap } } as unknown as Linter.ESLintParseResult;
      },
    };
    const code = `${SDK}import { z } from "zod";\n${SERVER}server.registerTool("t", { inputSchema: z.object({ q: z.string() }) }, async () => ({ content: [] }));\n`;
    const config: Linter.Config[] = [
      { files: ["**/*.ts"], languageOptions: { parser: failingParser } },
      { ...plugin.configs.all, files: ["**/*.ts"] },
    ];
    expect(() => new Linter().verify(code, config, { filename: "server.ts" })).toThrow("probe: engine failure");
    // With a working parser the same code lints and is reported: the failure above came from the probe alone.
    const working: Linter.Config[] = [{ files: ["**/*.ts"], languageOptions: { parser: tsParser } }, { ...plugin.configs.all, files: ["**/*.ts"] }];
    expect(new Linter().verify(code, working, { filename: "server.ts" }).map((m) => m.messageId)).toEqual(["missingAnnotations", "zodObject", "unbounded"]);
  });
});

describe("typed linting on generated module graphs", () => {
  it("(a) a 50-file chain of re-exports to an open schema", async () => {
    const files: Record<string, string> = {
      "f0.ts": `import { z } from "zod";\nexport const Open = z.object({ q: z.string() });\n`,
    };
    // Alternate `export *` and named re-exports.
    for (let i = 1; i < 50; i++) files[`f${i}.ts`] = i % 2 ? `export { Open } from "./f${i - 1}.js";\n` : `export * from "./f${i - 1}.js";\n`;
    files["server.ts"] = `${SDK}import { z } from "zod";
import { Open } from "./f49.js";
${SERVER}server.registerTool("open", { inputSchema: Open, ${ANNOTATIONS} }, async () => ({ content: [] }));
server.registerTool("inline", { inputSchema: z.object({ q: z.string().max(10) }) }, async () => ({ content: [] }));
`;
    const dir = writeProject("chain", files);

    const untyped = await lintProject(dir, false);
    // Untyped: the imported schema is opaque; only the inline tool's problems.
    const serverFindings = ["server.ts:6:21 mcp-guard/require-tool-annotations missingAnnotations", "server.ts:6:46 mcp-guard/require-strict-objects zodObject"];
    expect(formatFindings(untyped)).toEqual(serverFindings);

    const typed = await lintProject(dir, true);
    // Typed: the registration's file reports the same, nothing for the imported schema (it is written in f0.ts).
    expect(inFile(typed, "server.ts")).toEqual(serverFindings);
    // The open schema and its unbounded string are reported once, in f0.ts where they are written; no
    // re-export file is reported for what it only passes on.
    expect(formatFindings(typed)).toEqual([
      "f0.ts:2:21 mcp-guard/require-strict-objects zodObject",
      "f0.ts:2:35 mcp-guard/require-string-bounds unbounded",
      ...serverFindings,
    ]);
    expect(engineWarnings).toEqual([]);
  }, 120_000);

  it("(b) 30 files in an import cycle, each spreading the next one's .shape", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) {
      const next = (i + 1) % 30;
      files[`c${i}.ts`] = `import { z } from "zod";
import { S${next} } from "./c${next}.js";
export const S${i} = z.object({ ...S${next}.shape, f${i}: z.string().max(10) }).strict();
`;
    }
    files["server.ts"] = `${SDK}import { S0 } from "./c0.js";
import { S15 } from "./c15.js";
${SERVER}server.registerTool("cycle", { inputSchema: S0, ${ANNOTATIONS} }, async () => ({ content: [] }));
server.registerTool("cycle_shape", { inputSchema: { ...S15.shape }, ${ANNOTATIONS} }, async () => ({ content: [] }));
`;
    const dir = writeProject("cycle", files);

    const untyped = await lintProject(dir, false);
    // Untyped: `{ ...S15.shape }` is a raw shape whatever S15 is (the SDK strips it); S0 is opaque.
    const serverFindings = ["server.ts:6:51 mcp-guard/require-strict-objects rawShape"];
    expect(formatFindings(untyped)).toEqual(serverFindings);

    const typed = await lintProject(dir, true);
    // Every S is strict with bounded fields, so the cycle files have nothing to report.
    expect(formatFindings(typed)).toEqual(serverFindings);
    expect(engineWarnings).toEqual([]);
  }, 120_000);

  it("(c) self-referential and mutually recursive z.lazy schemas, in one file and across two", async () => {
    const dir = writeProject("lazy", {
      "self.ts": `import { z } from "zod";
interface Tree { label: string; children: Tree[] }
export const Tree: z.ZodType<Tree> = z.lazy(() => z.object({ label: z.string(), children: z.array(Tree) }));
// Without an annotation TypeScript gives up (TS7022, type any); the linter must not.
export const Untyped = z.lazy(() => z.object({ next: Untyped.optional() }));
// Lazies that only point at each other.
export const Ping: z.ZodType<unknown> = z.lazy(() => Pong);
export const Pong: z.ZodType<unknown> = z.lazy(() => Ping);
// zod 4's getter recursion.
export const Category = z.object({
  name: z.string().max(50),
  get subcategories(): z.ZodArray<typeof Category> {
    return z.array(Category);
  },
});
`,
      "a.ts": `import { z } from "zod";
import { B } from "./b.js";
export const A: z.ZodType<{ b?: unknown }> = z.lazy(() => z.object({ b: B.optional() }));
`,
      "b.ts": `import { z } from "zod";
import { A } from "./a.js";
export const B: z.ZodType<{ a?: unknown }> = z.lazy(() => z.object({ a: A.optional(), note: z.string() }));
`,
      "server.ts": `${SDK}import { z } from "zod";
import { A } from "./a.js";
import { Category, Ping, Tree, Untyped } from "./self.js";
${SERVER}const Local: z.ZodType<{ self?: unknown }> = z.lazy(() => z.object({ self: Local.optional() }).strict());
for (const [name, inputSchema] of Object.entries({ A, Category, Ping, Tree, Untyped, Local })) {
  server.registerTool(name, { inputSchema, ${ANNOTATIONS} }, async () => ({ content: [] }));
}
server.registerTool("tree", { inputSchema: Tree, ${ANNOTATIONS} }, async () => ({ content: [] }));
server.registerTool("mutual", { inputSchema: A, ${ANNOTATIONS} }, async () => ({ content: [] }));
server.registerTool("local", { inputSchema: Local, ${ANNOTATIONS} }, async () => ({ content: [] }));
server.registerTool("getter", { inputSchema: Category, ${ANNOTATIONS} }, async () => ({ content: [] }));
server.registerTool("untyped", { inputSchema: Untyped, ${ANNOTATIONS} }, async () => ({ content: [] }));
server.registerTool("ping", { inputSchema: Ping, ${ANNOTATIONS} }, async () => ({ content: [] }));
`,
    });

    const untyped = await lintProject(dir, false);
    // Untyped: Local is written in server.ts and strict; everything else is imported, so nothing to report.
    expect(formatFindings(untyped)).toEqual([]);

    const typed = await lintProject(dir, true);
    expect(inFile(typed, "server.ts")).toEqual([]);
    // Regression: a.ts's and b.ts's objects sit at the same offset; each is reported in its own file.
    expect(inFile(typed, "a.ts")).toEqual(["a.ts:3:59 mcp-guard/require-strict-objects zodObject"]);
    expect(inFile(typed, "b.ts")).toEqual(["b.ts:3:59 mcp-guard/require-strict-objects zodObject", "b.ts:3:93 mcp-guard/require-string-bounds unbounded"]);
    expect(inFile(typed, "self.ts")).toEqual([
      "self.ts:3:51 mcp-guard/require-strict-objects zodObject",
      "self.ts:3:69 mcp-guard/require-string-bounds unbounded",
      "self.ts:3:91 mcp-guard/require-array-bounds unbounded",
      "self.ts:5:37 mcp-guard/require-strict-objects zodObject",
      "self.ts:10:25 mcp-guard/require-strict-objects zodObject",
      "self.ts:13:12 mcp-guard/require-array-bounds unbounded",
    ]);
    expect(engineWarnings).toEqual([]);
  }, 120_000);

  it("(d) a 2,000-line server with 400 tools, half of them using shared schemas and helpers from other files", async () => {
    const shared = Array.from({ length: 10 }, (_, k) => `export const Shared${k} = z.object({ q${k}: z.string().max(20) });`).join("\n");
    const lines: string[] = [
      SDK.trimEnd(),
      `import { z } from "zod";`,
      `import { ${Array.from({ length: 10 }, (_, k) => `Shared${k}`).join(", ")} } from "./schemas.js";`,
      `import { fail } from "./helpers.js";`,
      SERVER.trimEnd(),
    ];
    // Five lines a tool. Kind by i % 4: inline open object, imported open schema, inline strict schema, a handler
    // that returns the caught error's message.
    const expectedUntyped: string[] = [];
    for (let i = 0; i < 400; i++) {
      const first = lines.length + 1;
      switch (i % 4) {
        case 0:
          lines.push(`server.registerTool("t${i}", {`, `  inputSchema: z.object({ a: z.string().max(10) }),`, `  ${ANNOTATIONS},`, `}, async () => ({ content: [] }));`, ``);
          expectedUntyped.push(`server.ts:${first + 1}:${column(lines[first], "z.object(")} mcp-guard/require-strict-objects zodObject`);
          break;
        case 1:
          lines.push(`server.registerTool("t${i}", {`, `  inputSchema: Shared${i % 10},`, `  ${ANNOTATIONS},`, `}, async () => ({ content: [] }));`, ``);
          break;
        case 2:
          lines.push(`server.registerTool("t${i}", {`, `  inputSchema: z.strictObject({ b: z.enum(["x", "y"]) }),`, `  ${ANNOTATIONS},`, `}, async () => fail("t${i}"));`, ``);
          break;
        default:
          lines.push(`server.registerTool("t${i}", { inputSchema: z.strictObject({}), ${ANNOTATIONS} }, async () => {`, `  try { return fail("t${i}"); }`, `  catch (e) { return { content: [{ type: "text", text: (e as Error).message }], isError: true }; }`, `});`, ``);
          expectedUntyped.push(`server.ts:${first + 2}:${column(lines[first + 1], "(e as Error).message")} mcp-guard/no-raw-error-in-result rawError`);
      }
    }
    expect(lines.length).toBeGreaterThanOrEqual(2000);
    const dir = writeProject("big", {
      "schemas.ts": `import { z } from "zod";\n${shared}\n`,
      "helpers.ts": `export async function fail(name: string): Promise<{ content: { type: "text"; text: string }[] }> {\n  return { content: [{ type: "text", text: name }] };\n}\n`,
      "server.ts": `${lines.join("\n")}\n`,
    });

    const untyped = await lintProject(dir, false);
    expect(formatFindings(untyped)).toEqual(expectedUntyped);

    const typed = await lintProject(dir, true);
    expect(inFile(typed, "server.ts")).toEqual(expectedUntyped);
    // The tools use Shared1, 3, 5, 7 and 9 (i % 4 === 1 gives odd i % 10): each is reported once, where written.
    expect(inFile(typed, "schemas.ts")).toEqual([3, 5, 7, 9, 11].map((line) => `schemas.ts:${line}:24 mcp-guard/require-strict-objects zodObject`));
    expect(typed).toHaveLength(expectedUntyped.length + 5);
    expect(engineWarnings).toEqual([]);
  }, 120_000);
});
