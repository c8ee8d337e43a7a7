// Lints the typed fixture project (test/fixtures/typed) with every rule, without and with type information,
// through the helpers in test/rules/typed-helpers.ts, and shows typedRuleTester at work.
//
// Untyped, each file is analysed alone: an imported schema, shape, factory, annotations object or handler is
// unknown and never reported, so only what server.ts writes inline is found (the exact list is asserted
// below). Typed, imports are followed and each problem is reported once, in the file where it is written; the
// typed run must also lint every file without a fatal message or an engine error, and keep every untyped finding.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AST_NODE_TYPES, ESLintUtils } from "@typescript-eslint/utils";
import ts from "typescript";
import type { Linter } from "eslint";
import { afterAll, describe, expect, it } from "vitest";
import { pluginRule, replaceOnce } from "../rules/helpers.js";
import { TYPED_FIXTURE_DIR, findingsOf, formatFindings, lintFixture, lintFixtureResults, typedRuleTester } from "../rules/typed-helpers.js";

// Engine errors must throw here, not become a warning (vitest.config.ts sets this for every test).
const strictErrors = process.env.MCP_GUARD_STRICT_ERRORS;
const engineWarnings: string[] = [];
const onWarning = (warning: Error) => {
  if (warning.name === "McpGuardWarning") engineWarnings.push(warning.message);
};
process.on("warning", onWarning);
afterAll(() => {
  process.off("warning", onWarning);
});

const FIXTURE_FILES = [
  "barrel.ts",
  "cycle-a.ts",
  "cycle-b.ts",
  "dispatch-tools.ts",
  "error-tools.ts",
  "errors.ts",
  "file.ts",
  "handlers.ts",
  "lib/external.d.ts",
  "reexport.ts",
  "safe-base.ts",
  "safe-tools.ts",
  "schemas.ts",
  "server-extra.ts",
  "server.ts",
  "src/tools/greet.ts",
  "tool-base.ts",
  "tool-classes.ts",
  "tool-loop.ts",
  "wrappers.ts",
  "zod3-schemas.ts",
];

/** What untyped linting finds in the fixture: server.ts's inline problems, and nothing that comes from an import. */
const UNTYPED_FINDINGS = [
  // 4. `StrictSchema.shape` is a raw shape whatever StrictSchema is: the SDK wraps it in a stripping object.
  "server.ts:26:54 mcp-guard/require-strict-objects rawShape",
  // 7. list_invoices declares tenantId inline (listInvoices' read of it, in handlers.ts, is not reported again).
  "server.ts:43:35 mcp-guard/no-identity-in-args identityInSchema",
  // 8. The inline open object of "echo" in the tools array registered in a loop.
  "server.ts:50:27 mcp-guard/require-strict-objects zodObject",
  // 9. "notify": no annotations, an open object, an unbounded string.
  "server.ts:58:21 mcp-guard/require-tool-annotations missingAnnotations",
  "server.ts:58:46 mcp-guard/require-strict-objects zodObject",
  "server.ts:58:61 mcp-guard/require-string-bounds unbounded",
];

/**
 * What typed linting finds: each problem once, in the file where it is written. OpenSchema (used by three tools,
 * through three import paths) is reported in schemas.ts; the handler's raw error in handlers.ts; the declared-open
 * zod objects of lib/external.d.ts, which cannot be reported where written, at their registrations; the v3
 * passthrough in zod3-schemas.ts; cycle-b.ts's open User, reached through cycle-a.ts's Post and TaggedUser's
 * extend. server.ts keeps its untyped findings and adds the imported raw shape and the factory's inline string.
 */
const TYPED_FINDINGS = [
  "cycle-b.ts:6:21 mcp-guard/require-strict-objects zodObject",
  "cycle-b.ts:6:38 mcp-guard/require-string-bounds unbounded",
  // errors.ts (error helpers of error-tools.ts and dispatch-tools.ts): runReport catches for itself and its
  // text is put into the result in error-tools.ts; toolError, called by two tools, is reported once, in the helper.
  "errors.ts:6:84 mcp-guard/no-raw-error-in-result rawErrorInHelper",
  "errors.ts:27:12 mcp-guard/no-raw-error-in-result rawError",
  "errors.ts:45:61 mcp-guard/no-raw-error-in-result rawError",
  "handlers.ts:10:70 mcp-guard/no-raw-error-in-result rawError",
  // safe-tools.ts calls the inherited safeExecute of safe-base.ts, which builds createErrorResponse(error.message).
  "safe-base.ts:11:39 mcp-guard/no-raw-error-in-result rawError",
  "schemas.ts:7:27 mcp-guard/require-strict-objects zodObject",
  "schemas.ts:7:45 mcp-guard/require-string-bounds unbounded",
  "server-extra.ts:17:53 mcp-guard/require-strict-objects declaredOpen",
  "server-extra.ts:18:54 mcp-guard/require-strict-objects declaredOpen",
  "server-extra.ts:20:56 mcp-guard/require-strict-objects declaredOpen",
  "server.ts:26:54 mcp-guard/require-strict-objects rawShape",
  // 5. searchShape, a raw shape imported through reexport.ts.
  "server.ts:29:44 mcp-guard/require-strict-objects rawShape",
  // 6. The unbounded string in the shape handed to the imported factory.
  "server.ts:32:64 mcp-guard/require-string-bounds unbounded",
  "server.ts:43:35 mcp-guard/no-identity-in-args identityInSchema",
  "server.ts:50:27 mcp-guard/require-strict-objects zodObject",
  "server.ts:58:21 mcp-guard/require-tool-annotations missingAnnotations",
  "server.ts:58:46 mcp-guard/require-strict-objects zodObject",
  "server.ts:58:61 mcp-guard/require-string-bounds unbounded",
  "zod3-schemas.ts:9:99 mcp-guard/require-strict-objects passthrough",
];

describe("typed fixture, linted with every rule", () => {
  it("runs with MCP_GUARD_STRICT_ERRORS=1, so an engine error fails the lint run instead of becoming a warning", () => {
    expect(strictErrors).toBe("1");
  });

  it("untyped: finds exactly server.ts's inline problems, and is silent on everything imported", async () => {
    const results = await lintFixtureResults(["**/*.ts"]);
    expect(results.map((r) => r.filePath.slice(TYPED_FIXTURE_DIR.length + 1)).sort()).toEqual(FIXTURE_FILES);
    expect(results.flatMap((r) => r.messages.filter((m) => m.fatal))).toEqual([]);
    expect(formatFindings(findingsOf(results))).toEqual(UNTYPED_FINDINGS);
    expect(engineWarnings).toEqual([]);
  });

  it("untyped: lintFixture gives the same findings for one file as for the whole project", async () => {
    expect(formatFindings(await lintFixture(["server.ts"]))).toEqual(UNTYPED_FINDINGS);
    expect(await lintFixture(["schemas.ts", "handlers.ts", "server-extra.ts"])).toEqual([]);
  });

  it("typed: linting one file alone reports what is written in it, as the whole-project run does", async () => {
    const only = (file: string) => TYPED_FINDINGS.filter((f) => f.startsWith(`${file}:`));
    expect(formatFindings(await lintFixture(["schemas.ts"], { typed: true }))).toEqual(only("schemas.ts"));
    expect(formatFindings(await lintFixture(["server.ts"], { typed: true }))).toEqual(only("server.ts"));
    expect(formatFindings(await lintFixture(["handlers.ts", "cycle-b.ts"], { typed: true }))).toEqual([...only("cycle-b.ts"), ...only("handlers.ts")]);
  }, 120_000);

  it("typed: lints every file with a type checker, with no fatal message and no engine error, each problem once where it is written", async () => {
    // A probe rule next to the plugin's: it reports each file that reaches the rules without a program.
    const untypedFiles: string[] = [];
    const probe: Linter.Config = {
      files: ["**/*.ts"],
      plugins: {
        probe: {
          rules: {
            typed: {
              create(context) {
                const services = (context.sourceCode as { parserServices?: { program?: unknown } }).parserServices;
                if (!services?.program) untypedFiles.push(context.filename);
                return {};
              },
            },
          },
        },
      },
      rules: { "probe/typed": "error" },
    };
    const started = performance.now();
    const results = await lintFixtureResults(["**/*.ts"], { typed: true, extraConfig: [probe] });
    const elapsed = performance.now() - started;
    expect(results).toHaveLength(FIXTURE_FILES.length);
    expect(untypedFiles).toEqual([]);
    expect(results.flatMap((r) => r.messages.filter((m) => m.fatal))).toEqual([]);
    expect(engineWarnings).toEqual([]);
    const typed = formatFindings(findingsOf(results));
    console.log(`typed fixture: ${results.length} files in ${elapsed.toFixed(0)} ms, ${typed.length} findings`);
    expect(typed).toEqual(expect.arrayContaining(UNTYPED_FINDINGS));
    expect(typed).toEqual(TYPED_FINDINGS);
  }, 120_000);
});

// typedRuleTester: a case is linted as the fixture file it names, its code replacing that file's text, with
// every other fixture file on disk. A test-only rule shows the type checker sees across files; a plugin rule
// runs on a case-supplied variant of server.ts.

/** A type, short: a zod object as `ZodObject<shape, mode>` (v3 has three more arguments), union members sorted. */
function describeType(checker: ts.TypeChecker, type: ts.Type): string {
  if (type.isUnion()) return type.types.map((member) => describeType(checker, member)).sort().join(" | ");
  if (type.getSymbol()?.name === "ZodObject" && (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference) {
    const [shape, mode] = checker.getTypeArguments(type as ts.TypeReference);
    if (shape && mode) return `ZodObject<${checker.typeToString(shape)}, ${mode.aliasSymbol?.name ?? checker.typeToString(mode)}>`;
  }
  return checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
}

const typeOfInputSchema = ESLintUtils.RuleCreator.withoutDocs({
  meta: { type: "problem", schema: [], messages: { type: "inputSchema: {{type}}" } },
  defaultOptions: [],
  create(context) {
    const services = ESLintUtils.getParserServices(context);
    const checker = services.program.getTypeChecker();
    return {
      Property(node) {
        if (node.key.type !== AST_NODE_TYPES.Identifier || node.key.name !== "inputSchema") return;
        context.report({ node: node.value, messageId: "type", data: { type: describeType(checker, services.getTypeAtLocation(node.value)) } });
      },
    };
  },
});

const serverText = readFileSync(join(TYPED_FIXTURE_DIR, "server.ts"), "utf8");

typedRuleTester.run("typed-helpers: the checker follows imports and re-exports from the case's code", typeOfInputSchema, {
  valid: [{ code: "export const nothing = 1;\n" }],
  invalid: [
    {
      // The default filename: file.ts.
      code: `import { ReexportedOpen } from "./barrel.js";
import { StrictSchema, paginated } from "./reexport.js";
import { ExternalLoose } from "./lib/external.js";
import { V3Open } from "./zod3-schemas.js";
export const a = { inputSchema: ReexportedOpen };
export const b = { inputSchema: StrictSchema };
export const c = { inputSchema: ExternalLoose };
export const d = { inputSchema: V3Open };
export const e = { inputSchema: paginated({}) };
`,
      errors: [
        { messageId: "type", data: { type: "ZodObject<{ query: ZodString; }, $strip>" }, line: 5, column: 33 },
        { messageId: "type", data: { type: "ZodObject<{ id: ZodString; limit: ZodNumber; }, $strict>" }, line: 6, column: 33 },
        { messageId: "type", data: { type: "ZodObject<{ q: ZodString; }, $loose>" }, line: 7, column: 33 },
        { messageId: "type", data: { type: 'ZodObject<{ q: ZodString; page: ZodNumber; }, "passthrough">' }, line: 8, column: 33 },
        { messageId: "type", data: { type: "ZodObject<{ cursor: ZodOptional<ZodString>; }, $strict>" }, line: 9, column: 33 },
      ],
    },
    {
      // server.ts's own text, linted as server.ts: the registrations' schemas, typed from the other files.
      code: serverText,
      filename: "server.ts",
      errors: [
        { messageId: "type", data: { type: "ZodObject<{ query: ZodString; }, $strip>" }, line: 14 },
        { messageId: "type", data: { type: "ZodObject<{ query: ZodString; }, $strip>" }, line: 19 },
        { messageId: "type", data: { type: "ZodObject<{ id: ZodString; limit: ZodNumber; }, $strict>" }, line: 22 },
        { messageId: "type", data: { type: "ZodObject<{ id: ZodString; limit: ZodNumber; }, $strict>" }, line: 23 },
        { messageId: "type", data: { type: "{ id: ZodString; limit: ZodNumber; }" }, line: 26 },
        { messageId: "type", data: { type: "{ term: ZodString; }" }, line: 29 },
        { messageId: "type", data: { type: "ZodObject<{ filter: ZodString; cursor: ZodOptional<ZodString>; }, $strict>" }, line: 32 },
        { messageId: "type", data: { type: "ZodObject<{ url: ZodString; }, $strict>" }, line: 38 },
        { messageId: "type", data: { type: 'ZodObject<{ tenantId: ZodString; status: ZodEnum<{ open: "open"; paid: "paid"; }>; }, $strict>' }, line: 43 },
        { messageId: "type", data: { type: "ZodObject<{ message: ZodString; }, $strict> | ZodObject<{ query: ZodString; }, $strip> | ZodObject<{ text: ZodString; }, $strip>" }, line: 54 },
        { messageId: "type", data: { type: "ZodObject<{ to: ZodString; body: ZodString; }, $strip>" }, line: 58 },
      ],
    },
  ],
});

const serverVariant = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { OpenSchema } from "./schemas.js";
const server = new McpServer({ name: "typed-fixture", version: "1.0.0" });
server.registerTool("search", { inputSchema: OpenSchema }, async () => ({ content: [] }));
server.registerTool("fetch_page", { inputSchema: z.looseObject({ url: z.string().max(2048) }) }, async () => ({ content: [] }));
`;

typedRuleTester.run("typed-helpers: a plugin rule on a case-supplied variant of server.ts", pluginRule("require-strict-objects"), {
  valid: [
    {
      // server.ts with every problem of its own removed: only imported schemas are left, which are written elsewhere.
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StrictSchema } from "./schemas.js";
const server = new McpServer({ name: "typed-fixture", version: "1.0.0" });
server.registerTool("get_item", { inputSchema: StrictSchema }, async () => ({ content: [] }));
`,
      filename: "server.ts",
    },
  ],
  invalid: [
    {
      // An imported open schema is reported where it is written (schemas.ts), never here; the variant's own
      // looseObject is reported here.
      code: serverVariant,
      filename: "server.ts",
      errors: [
        {
          messageId: "looseObject", line: 6, column: 50, endLine: 6, endColumn: 63,
          suggestions: [{ messageId: "useStrictObject", output: replaceOnce(serverVariant, "z.looseObject(", "z.strictObject(") }],
        },
      ],
    },
  ],
});
