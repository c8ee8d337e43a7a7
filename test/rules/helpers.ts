/**
 * Shared pieces for the rule suites in test/rules. Shared by several authors: add to this file, do not
 * change what is here.
 */
import tsParser from "@typescript-eslint/parser";
import { RuleTester } from "@typescript-eslint/rule-tester";
import type { TSESLint } from "@typescript-eslint/utils";
import { Linter } from "eslint";
import * as espree from "espree";
import plugin from "../../src/index.js";

/** RuleTester with @typescript-eslint/parser (its default), bound to vitest in test/setup-rule-tester.ts. */
export const ruleTester = new RuleTester();

/**
 * For plain JavaScript servers: a test case sets `languageOptions: { parser: espree }` together with
 * `filename: "server.mjs"` (see `asJs`).
 */
export { espree };

/** The rule object the plugin exposes, typed for RuleTester. */
export function pluginRule<MessageIds extends string, Options extends readonly unknown[] = readonly unknown[]>(
  name: string,
): TSESLint.RuleModule<MessageIds, Options> {
  const rule = plugin.rules[name];
  if (!rule) throw new Error(`plugin has no rule ${name}`);
  return rule as unknown as TSESLint.RuleModule<MessageIds, Options>;
}

/** Test-case fields that make RuleTester lint the code as a plain `.mjs` file with espree. */
export const asJs = { filename: "server.mjs", languageOptions: { parser: espree } } as const;

// Headers. Each is three lines and ends with a newline, so the code after it starts on line 4.

/** MCP SDK v1 with zod v4 classic (`import { z } from "zod"`). */
/** Annotations that state every hint of a read-only tool: nothing for any rule to report. */
export const FULL = "{ readOnlyHint: true, destructiveHint: false, openWorldHint: false }";

export const SDK_ZOD = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "demo", version: "1.0.0" });
`;

/** MCP SDK v1 with zod's legacy v3 API (`import { z } from "zod/v3"`). */
export const SDK_ZOD_V3 = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod/v3";
const server = new McpServer({ name: "demo", version: "1.0.0" });
`;

/** MCP SDK v1 with zod/mini (`import * as z from "zod/mini"`). */
export const SDK_ZOD_MINI = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod/mini";
const server = new McpServer({ name: "demo", version: "1.0.0" });
`;

/** Low-level SDK v1 server, for JSON Schema tool lists (`server.setRequestHandler(ListToolsRequestSchema, …)`). */
export const SDK_LOW_LEVEL = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "demo", version: "1.0.0" }, { capabilities: { tools: {} } });
`;

/**
 * `code` with its single occurrence of `from` replaced by `to`, for writing a suggestion's expected output
 * next to its input. Throws when `from` does not occur exactly once, so a typo cannot pass silently.
 */
export function replaceOnce(code: string, from: string, to: string): string {
  const first = code.indexOf(from);
  if (first < 0) throw new Error(`replaceOnce: ${JSON.stringify(from)} not found`);
  if (code.indexOf(from, first + 1) >= 0) throw new Error(`replaceOnce: ${JSON.stringify(from)} occurs more than once`);
  return code.slice(0, first) + to + code.slice(first + from.length);
}

/** MCP SDK v2 (`@modelcontextprotocol/server`) with zod v4 classic. */
export const SDK_V2_ZOD = `import { McpServer } from "@modelcontextprotocol/server";
import * as z from "zod";
const server = new McpServer({ name: "demo", version: "1.0.0" });
`;

/** fastmcp with zod v4 classic. */
export const FASTMCP_ZOD = `import { FastMCP, UserError } from "fastmcp";
import { z } from "zod";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
`;

/** Low-level SDK v1 server with a `tools/call` handler (`server.setRequestHandler(CallToolRequestSchema, …)`). */
export const SDK_CALL_TOOL = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, McpError, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "demo", version: "1.0.0" }, { capabilities: { tools: {} } });
`;

/** Lints `code` with one rule and the given options; a bad option makes ESLint throw its configuration error. */
export function lintWithRuleOptions(rule: string, code: string, options: unknown, filename: string): Linter.LintMessage[] {
  const typescriptFile = filename.endsWith(".ts");
  return new Linter().verify(
    code,
    [
      {
        ...(typescriptFile ? { files: ["**/*.ts"], languageOptions: { parser: tsParser } } : {}),
        plugins: { "mcp-guard": plugin },
        rules: { [`mcp-guard/${rule}`]: ["error", options] },
      },
    ],
    { filename },
  );
}
