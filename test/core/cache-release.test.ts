// A file's untyped facts hold its whole AST. Under ESLint they must be dropped as soon as the last of the
// file's rules has run: held until the next file's rules, they lived through that file's parse, where a
// young-generation collection copied and promoted them (create-rule.ts).
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import type * as ts from "typescript";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { holdsUntypedFacts } from "../../src/core/facts.js";

const server = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "t", version: "1" });
server.registerTool("search", { inputSchema: { query: z.string() } }, async ({ query }) => ({ content: [{ type: "text", text: query }] }));
`;

/** Lints `code` with the given rules of the plugin, and hands back the TypeScript SourceFile the parser made. */
function lint(rules: Partial<Linter.RulesRecord>): { sourceFile: ts.SourceFile | undefined; messages: Linter.LintMessage[] } {
  let sourceFile: ts.SourceFile | undefined;
  const probe = {
    rules: {
      "source-file": {
        create: (context: { sourceCode: { ast: unknown; parserServices?: { esTreeNodeToTSNodeMap?: { get(node: unknown): unknown } } } }) => ({
          Program() {
            sourceFile = context.sourceCode.parserServices?.esTreeNodeToTSNodeMap?.get(context.sourceCode.ast) as ts.SourceFile | undefined;
          },
        }),
      },
    },
  };
  const messages = new Linter().verify(
    server,
    [{ files: ["**/*.ts"], languageOptions: { parser: tsParser }, plugins: { "mcp-guard": plugin, probe }, rules: { ...rules, "probe/source-file": "error" } }],
    "server.ts",
  );
  return { sourceFile, messages };
}

describe("untyped facts under ESLint", () => {
  it("are dropped once the last of the file's rules has run", () => {
    const { sourceFile, messages } = lint(plugin.configs.recommended.rules ?? {});
    expect(messages.map((message) => message.ruleId)).toContain("mcp-guard/require-string-bounds");
    expect(sourceFile).toBeDefined();
    expect(holdsUntypedFacts(sourceFile as ts.SourceFile)).toBe(false);
  });

  it("are dropped with a single rule on, too", () => {
    const { sourceFile, messages } = lint({ "mcp-guard/require-strict-objects": "error" });
    expect(messages.map((message) => message.messageId)).toEqual(["rawShape"]);
    expect(sourceFile).toBeDefined();
    expect(holdsUntypedFacts(sourceFile as ts.SourceFile)).toBe(false);
  });
});
