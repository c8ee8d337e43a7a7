import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { FASTMCP_ZOD, FULL, SDK_LOW_LEVEL, SDK_V2_ZOD, SDK_ZOD, asJs, lintWithRuleOptions, pluginRule, replaceOnce, ruleTester } from "./helpers.js";

type MessageIds = "missingAnnotations" | "missingHints" | "readOnlyAndDestructive" | "destructiveNameNotDestructive" | "insertDefaults";
type Options = [{ strict?: boolean }];

const rule = pluginRule<MessageIds, Options>("require-tool-annotations");

/** What the suggestion writes: the MCP specification's default for each required hint. */
const DEFAULTS = "readOnlyHint: false, destructiveHint: true, openWorldHint: true";
const STRICT_DEFAULTS = "readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true";
const HINTS = "readOnlyHint, destructiveHint, openWorldHint";


// ---------------------------------------------------------------------------------------------------
// Sources.

const registerNone = `${SDK_ZOD}server.registerTool("search_docs", { description: "Search the docs", inputSchema: z.strictObject({ q: z.string().max(100) }) }, async () => ({ content: [] }));
`;
const registerEmptyConfig = `${SDK_ZOD}server.registerTool("ping", {}, async () => ({ content: [] }));
`;
const registerMultiLine = `${SDK_ZOD}server.registerTool(
  "search_docs",
  {
    description: "Search the docs",
    inputSchema: z.strictObject({ q: z.string().max(100) }),
  },
  async () => ({ content: [] }),
);
`;
const registerConstConfig = `${SDK_ZOD}const config = { description: "Search the docs" };
server.registerTool("search_docs", config, async () => ({ content: [] }));
`;
const registerToolTask = `${SDK_ZOD}server.experimental.tasks.registerToolTask("export", { description: "Export" }, { createTask: async () => ({}) });
`;
const toolNameCallback = `${SDK_ZOD}server.tool("ping", async () => ({ content: [] }));
`;
const toolDescription = `${SDK_ZOD}server.tool("ping", "Check the server", async () => ({ content: [] }));
`;
const toolShape = `${SDK_ZOD}server.tool("search", { q: z.string().max(100) }, async ({ q }) => ({ content: [] }));
`;
const toolDescriptionShape = `${SDK_ZOD}server.tool("search", "Search", { q: z.string().max(100) }, async ({ q }) => ({ content: [] }));
`;
const toolTitleOnly = `${SDK_ZOD}server.tool("search", { title: "Search" }, async () => ({ content: [] }));
`;
const toolPartialFifth = `${SDK_ZOD}server.tool("search", "Search", { q: z.string().max(100) }, { readOnlyHint: false, openWorldHint: false }, async ({ q }) => ({ content: [] }));
`;
const lowLevel = `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: "ping", inputSchema: { type: "object", additionalProperties: false } },
    { name: "get", inputSchema: { type: "object", additionalProperties: false }, annotations: ${FULL} },
  ],
}));
`;
const v2Forms = `${SDK_V2_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async () => ({ content: [] }));
server.server.setRequestHandler("tools/list", async () => ({
  tools: [{ name: "ping", inputSchema: { type: "object", additionalProperties: false }, annotations: { title: "Ping" } }],
}));
`;
const fastAddTools = `${FASTMCP_ZOD}server.addTools([
  { name: "ping", execute: async () => "pong" },
  { name: "get", annotations: ${FULL}, execute: async () => "ok" },
]);
`;
const fastPartial = `${FASTMCP_ZOD}server.addTool({ name: "search", annotations: { title: "Search", openWorldHint: false }, execute: async () => "ok" });
`;
const fastAddToolNone = `${FASTMCP_ZOD}server.addTool({ name: "ping", execute: async () => "pong" });
`;
const readOnlyPartial = `${SDK_ZOD}server.registerTool("get", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
`;
const partialHints = `${SDK_ZOD}server.registerTool("a", { annotations: { title: "A" } }, async () => ({ content: [] }));
server.registerTool("b", { annotations: {} }, async () => ({ content: [] }));
server.registerTool("c", { annotations: { readOnlyHint: false, destructiveHint: false } }, async () => ({ content: [] }));
`;
const partialThroughConst = `${SDK_ZOD}const annotations = { title: "Search", readOnlyHint: false };
server.registerTool("search", { annotations }, async () => ({ content: [] }));
`;
const strictMissingIdempotent = `${SDK_ZOD}server.registerTool("get", { annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } }, async () => ({ content: [] }));
`;
const strictNone = `${SDK_ZOD}server.registerTool("ping", { description: "Ping" }, async () => ({ content: [] }));
`;
const readOnlyDestructive = `${SDK_ZOD}server.registerTool("sync", { annotations: { readOnlyHint: true, destructiveHint: true, openWorldHint: false } }, async () => ({ content: [] }));
`;
const destructiveNames = `${SDK_ZOD}server.registerTool("delete_user", { annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } }, async () => ({ content: [] }));
server.registerTool("deleteUser", { annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } }, async () => ({ content: [] }));
server.registerTool("purge-cache", { annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } }, async () => ({ content: [] }));
`;
const destructiveVerbs = `${SDK_ZOD}server.tool("drop_table", { readOnlyHint: false, destructiveHint: false, openWorldHint: false }, async () => ({ content: [] }));
server.tool("removeMember", { readOnlyHint: false, destructiveHint: false, openWorldHint: false }, async () => ({ content: [] }));
server.tool("destroy", { readOnlyHint: false, destructiveHint: false, openWorldHint: false }, async () => ({ content: [] }));
server.tool("revoke_token", { readOnlyHint: false, destructiveHint: false, openWorldHint: false }, async () => ({ content: [] }));
`;
const fastDestructive = `${FASTMCP_ZOD}server.addTool({ name: "delete_file", annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false }, execute: async () => "ok" });
`;
const jsNone = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("ping", { description: "Ping" }, async () => ({ content: [] }));
`;

ruleTester.run("require-tool-annotations", rule, {
  valid: [
    {
      // Regression (modelcontextprotocol/servers filesystem): read-only tools state no destructiveHint, rightly.
      name: "a read-only tool needs no destructiveHint, nor idempotentHint under strict",
      code: `${SDK_ZOD}server.registerTool("read_file", { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));
`,
    },
    {
      name: "strict: a read-only tool needs no idempotentHint",
      code: `${SDK_ZOD}server.registerTool("read_file", { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));
`,
      options: [{ strict: true }],
    },
    {
      name: "all three hints in each SDK v1 form",
      code: `${SDK_ZOD}server.registerTool("a", { annotations: ${FULL} }, async () => ({ content: [] }));
server.experimental.tasks.registerToolTask("b", { annotations: ${FULL} }, { createTask: async () => ({}) });
server.tool("c", ${FULL}, async () => ({ content: [] }));
server.tool("d", "desc", ${FULL}, async () => ({ content: [] }));
server.tool("e", "desc", { q: z.string().max(10) }, ${FULL}, async () => ({ content: [] }));
`,
    },
    {
      name: "low-level tools/list, SDK v2 and fastmcp with all three hints",
      code: `${SDK_V2_ZOD}server.registerTool("a", { annotations: ${FULL} }, async () => ({ content: [] }));
server.server.setRequestHandler("tools/list", async () => ({ tools: [{ name: "b", annotations: ${FULL} }] }));
`,
    },
    {
      name: "fastmcp addTool and addTools with all three hints",
      code: `${FASTMCP_ZOD}server.addTool({ name: "a", annotations: ${FULL}, execute: async () => "ok" });
server.addTools([{ name: "b", annotations: ${FULL}, execute: async () => "ok" }]);
`,
    },
    {
      name: "a computed annotations object is present, so not reported: makeAnnotations()",
      code: `${SDK_ZOD}server.registerTool("a", { annotations: makeAnnotations("read") }, async () => ({ content: [] }));
server.tool("b", "desc", { q: z.string().max(10) }, makeAnnotations("write"), async () => ({ content: [] }));
`,
    },
    {
      name: "an annotations object spread from an unresolvable value is present, so not reported",
      code: `${SDK_ZOD}import { READ_ONLY } from "./annotations.js";
server.registerTool("a", { annotations: { ...READ_ONLY, title: "A" } }, async () => ({ content: [] }));
`,
    },
    {
      name: "hints spread from a const of this file, held in a const, or written as shorthand and non-literal values",
      code: `${SDK_ZOD}const READ_ONLY = ${FULL};
const annotations = { ...READ_ONLY, title: "A" };
server.registerTool("a", { annotations }, async () => ({ content: [] }));
server.registerTool("b", { annotations: { readOnlyHint, destructiveHint, openWorldHint } }, async () => ({ content: [] }));
server.registerTool("c", { annotations: { readOnlyHint: isReadOnly, destructiveHint: !isReadOnly, openWorldHint: false } }, async () => ({ content: [] }));
`,
    },
    {
      name: "server.tool() with unresolvable arguments may be (name, annotations, cb) or (name, desc, annotations, cb): not judged",
      code: `${SDK_ZOD}import { shared, desc, shape } from "./shared.js";
server.tool("x", shared, async () => ({ content: [] }));
server.tool("y", desc, shape, async () => ({ content: [] }));
`,
    },
    {
      name: "an annotations object with a computed key is not judged",
      code: `${SDK_ZOD}server.registerTool("a", { annotations: { [hintName]: true } }, async () => ({ content: [] }));
`,
    },
    {
      name: "destructive names marked destructive, and names that only start like a verb",
      code: `${SDK_ZOD}server.registerTool("delete_user", { annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false } }, async () => ({ content: [] }));
server.registerTool("deleted_items", { annotations: ${FULL} }, async () => ({ content: [] }));
server.registerTool("dropdown_options", { annotations: ${FULL} }, async () => ({ content: [] }));
server.registerTool("list_removed", { annotations: ${FULL} }, async () => ({ content: [] }));
`,
    },
    {
      name: "strict: all four hints",
      code: `${SDK_ZOD}server.registerTool("a", { annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } }, async () => ({ content: [] }));
`,
      options: [{ strict: true }],
    },
    {
      name: "a file without an MCP import",
      code: `const cli = makeCli();
cli.registerTool("a", {}, async () => ({}));
cli.addTool({ name: "b", execute: async () => "" });
`,
    },
  ],
  invalid: [
    {
      name: "registerTool without annotations: reported at the name, the suggestion appends the defaults",
      code: registerNone,
      errors: [{
        messageId: "missingAnnotations", line: 4, column: 21, endLine: 4, endColumn: 34,
        data: { others: "", tool: "search_docs", hints: HINTS },
        suggestions: [{
          messageId: "insertDefaults", data: { defaults: DEFAULTS },
          output: replaceOnce(registerNone, "z.string().max(100) }) }", `z.string().max(100) }), annotations: { ${DEFAULTS} } }`),
        }],
      }],
    },
    {
      name: "registerTool with an empty config",
      code: registerEmptyConfig,
      errors: [{
        messageId: "missingAnnotations", line: 4, column: 21, endLine: 4, endColumn: 27,
        suggestions: [{ messageId: "insertDefaults", output: replaceOnce(registerEmptyConfig, "{}", `{ annotations: { ${DEFAULTS} } }`) }],
      }],
    },
    {
      name: "registerTool with a multi-line config and a trailing comma",
      code: registerMultiLine,
      errors: [{
        messageId: "missingAnnotations", line: 5, column: 3, endLine: 5, endColumn: 16,
        suggestions: [{
          messageId: "insertDefaults",
          output: replaceOnce(registerMultiLine, "z.string().max(100) }),\n", `z.string().max(100) }), annotations: { ${DEFAULTS} },\n`),
        }],
      }],
    },
    {
      name: "registerTool with a config held in a const: reported, no suggestion",
      code: registerConstConfig,
      errors: [{ messageId: "missingAnnotations", line: 5, column: 21, endLine: 5, endColumn: 34, suggestions: [] }],
    },
    {
      name: "experimental.tasks.registerToolTask",
      code: registerToolTask,
      errors: [{
        messageId: "missingAnnotations", line: 4, column: 44, endLine: 4, endColumn: 52,
        suggestions: [{ messageId: "insertDefaults", output: replaceOnce(registerToolTask, '{ description: "Export" }', `{ description: "Export", annotations: { ${DEFAULTS} } }`) }],
      }],
    },
    {
      name: "tool(name, cb): the suggestion inserts an annotations argument before the callback",
      code: toolNameCallback,
      errors: [{
        messageId: "missingAnnotations", line: 4, column: 13, endLine: 4, endColumn: 19,
        suggestions: [{ messageId: "insertDefaults", output: replaceOnce(toolNameCallback, '"ping", async', `"ping", { ${DEFAULTS} }, async`) }],
      }],
    },
    {
      name: "tool(name, description, cb)",
      code: toolDescription,
      errors: [{
        messageId: "missingAnnotations", line: 4, column: 13, endLine: 4, endColumn: 19,
        suggestions: [{ messageId: "insertDefaults", output: replaceOnce(toolDescription, '"Check the server", async', `"Check the server", { ${DEFAULTS} }, async`) }],
      }],
    },
    {
      name: "tool(name, shape, cb)",
      code: toolShape,
      errors: [{
        messageId: "missingAnnotations", line: 4, column: 13, endLine: 4, endColumn: 21,
        suggestions: [{ messageId: "insertDefaults", output: replaceOnce(toolShape, "}, async", `}, { ${DEFAULTS} }, async`) }],
      }],
    },
    {
      name: "tool(name, description, shape, cb)",
      code: toolDescriptionShape,
      errors: [{
        messageId: "missingAnnotations", line: 4, column: 13, endLine: 4, endColumn: 21,
        suggestions: [{ messageId: "insertDefaults", output: replaceOnce(toolDescriptionShape, "}, async", `}, { ${DEFAULTS} }, async`) }],
      }],
    },
    {
      name: "tool(name, { title }, cb): a title-only object has no hints",
      code: toolTitleOnly,
      errors: [{
        messageId: "missingHints", line: 4, column: 23, endLine: 4, endColumn: 42,
        data: { others: "", tool: "search", hints: HINTS, defaults: DEFAULTS },
        suggestions: [{ messageId: "insertDefaults", data: { defaults: DEFAULTS }, output: replaceOnce(toolTitleOnly, '{ title: "Search" }', `{ title: "Search", ${DEFAULTS} }`) }],
      }],
    },
    {
      name: "tool(name, description, shape, annotations, cb) without destructiveHint",
      code: toolPartialFifth,
      errors: [{
        messageId: "missingHints", line: 4, column: 61, endLine: 4, endColumn: 106,
        data: { others: "", tool: "search", hints: "destructiveHint", defaults: "destructiveHint: true" },
        suggestions: [{ messageId: "insertDefaults", data: { defaults: "destructiveHint: true" }, output: replaceOnce(toolPartialFifth, "openWorldHint: false }", "openWorldHint: false, destructiveHint: true }") }],
      }],
    },
    {
      name: "low-level tools/list: reported at the tool's name property",
      code: lowLevel,
      errors: [{
        messageId: "missingAnnotations", line: 6, column: 7, endLine: 6, endColumn: 19,
        data: { others: "", tool: "ping", hints: HINTS },
        suggestions: [{ messageId: "insertDefaults", output: replaceOnce(lowLevel, "additionalProperties: false } },", `additionalProperties: false }, annotations: { ${DEFAULTS} } },`) }],
      }],
    },
    {
      name: "SDK v2: registerTool without annotations, tools/list with a title only",
      code: v2Forms,
      errors: [
        {
          messageId: "missingAnnotations", line: 4, column: 21, endLine: 4, endColumn: 29,
          suggestions: [{ messageId: "insertDefaults", output: replaceOnce(v2Forms, "z.string().max(100) }) }", `z.string().max(100) }), annotations: { ${DEFAULTS} } }`) }],
        },
        {
          messageId: "missingHints", line: 6, column: 102, endLine: 6, endColumn: 119,
          data: { others: "", tool: "ping", hints: HINTS, defaults: DEFAULTS },
          suggestions: [{ messageId: "insertDefaults", output: replaceOnce(v2Forms, '{ title: "Ping" }', `{ title: "Ping", ${DEFAULTS} }`) }],
        },
      ],
    },
    {
      name: "fastmcp addTools: the tool without annotations",
      code: fastAddTools,
      errors: [{
        messageId: "missingAnnotations", line: 5, column: 5, endLine: 5, endColumn: 17,
        data: { others: "", tool: "ping", hints: HINTS },
        suggestions: [{ messageId: "insertDefaults", output: replaceOnce(fastAddTools, 'execute: async () => "pong" }', `execute: async () => "pong", annotations: { ${DEFAULTS} } }`) }],
      }],
    },
    {
      name: "fastmcp addTool without annotations: the suggestion appends them to the tool object",
      code: fastAddToolNone,
      errors: [{
        messageId: "missingAnnotations", line: 4, column: 18, endLine: 4, endColumn: 30,
        data: { others: "", tool: "ping", hints: HINTS },
        suggestions: [{ messageId: "insertDefaults", output: replaceOnce(fastAddToolNone, 'execute: async () => "pong" }', `execute: async () => "pong", annotations: { ${DEFAULTS} } }`) }],
      }],
    },
    {
      name: "fastmcp addTool with some hints",
      code: fastPartial,
      errors: [{
        messageId: "missingHints", line: 4, column: 47, endLine: 4, endColumn: 88,
        data: { others: "", tool: "search", hints: "readOnlyHint, destructiveHint", defaults: "readOnlyHint: false, destructiveHint: true" },
        suggestions: [{
          messageId: "insertDefaults", data: { defaults: "readOnlyHint: false, destructiveHint: true" },
          output: replaceOnce(fastPartial, "openWorldHint: false }", "openWorldHint: false, readOnlyHint: false, destructiveHint: true }"),
        }],
      }],
    },
    {
      name: "partially missing hints: title only, empty, two of three",
      code: partialHints,
      errors: [
        {
          messageId: "missingHints", line: 4, column: 41, endLine: 4, endColumn: 55,
          suggestions: [{ messageId: "insertDefaults", output: replaceOnce(partialHints, '{ title: "A" }', `{ title: "A", ${DEFAULTS} }`) }],
        },
        {
          messageId: "missingHints", line: 5, column: 41, endLine: 5, endColumn: 43,
          suggestions: [{ messageId: "insertDefaults", output: replaceOnce(partialHints, "annotations: {} }", `annotations: { ${DEFAULTS} } }`) }],
        },
        {
          messageId: "missingHints", line: 6, column: 41, endLine: 6, endColumn: 88,
          data: { others: "", tool: "c", hints: "openWorldHint", defaults: "openWorldHint: true" },
          suggestions: [{ messageId: "insertDefaults", output: replaceOnce(partialHints, "destructiveHint: false }", "destructiveHint: false, openWorldHint: true }") }],
        },
      ],
    },
    {
      name: "{ readOnlyHint: true } alone: only openWorldHint is missing (destructiveHint means nothing for a read-only tool)",
      code: readOnlyPartial,
      errors: [{
        messageId: "missingHints", line: 4, column: 43, endLine: 4, endColumn: 65,
        data: { others: "", tool: "get", hints: "openWorldHint", defaults: "openWorldHint: true" },
        suggestions: [{
          messageId: "insertDefaults", data: { defaults: "openWorldHint: true" },
          output: replaceOnce(readOnlyPartial, "{ readOnlyHint: true }", "{ readOnlyHint: true, openWorldHint: true }"),
        }],
      }],
    },
    {
      name: "an annotations const of this file: reported at the use, the suggestion edits the const",
      code: partialThroughConst,
      errors: [{
        messageId: "missingHints", line: 5, column: 33, endLine: 5, endColumn: 44,
        suggestions: [{ messageId: "insertDefaults", output: replaceOnce(partialThroughConst, "readOnlyHint: false };", "readOnlyHint: false, destructiveHint: true, openWorldHint: true };") }],
      }],
    },
    {
      name: "strict: idempotentHint is required too",
      code: strictMissingIdempotent,
      options: [{ strict: true }],
      errors: [{
        messageId: "missingHints", line: 4, column: 43, endLine: 4, endColumn: 112,
        data: { others: "", tool: "get", hints: "idempotentHint", defaults: "idempotentHint: false" },
        suggestions: [{ messageId: "insertDefaults", data: { defaults: "idempotentHint: false" }, output: replaceOnce(strictMissingIdempotent, "openWorldHint: false }", "openWorldHint: false, idempotentHint: false }") }],
      }],
    },
    {
      name: "strict: the suggestion inserts all four defaults",
      code: strictNone,
      options: [{ strict: true }],
      errors: [{
        messageId: "missingAnnotations", line: 4, column: 21, endLine: 4, endColumn: 27,
        data: { others: "", tool: "ping", hints: "readOnlyHint, destructiveHint, idempotentHint, openWorldHint" },
        suggestions: [{ messageId: "insertDefaults", data: { defaults: STRICT_DEFAULTS }, output: replaceOnce(strictNone, '{ description: "Ping" }', `{ description: "Ping", annotations: { ${STRICT_DEFAULTS} } }`) }],
      }],
    },
    {
      name: "read-only and destructive at once: reported at destructiveHint",
      code: readOnlyDestructive,
      errors: [{ messageId: "readOnlyAndDestructive", line: 4, column: 66, endLine: 4, endColumn: 87, data: { others: "", tool: "sync" }, suggestions: [] }],
    },
    {
      name: "delete_user, deleteUser, purge-cache marked destructiveHint: false",
      code: destructiveNames,
      errors: [
        { messageId: "destructiveNameNotDestructive", line: 4, column: 74, endLine: 4, endColumn: 96, data: { others: "", tool: "delete_user" }, suggestions: [] },
        { messageId: "destructiveNameNotDestructive", line: 5, column: 73, endLine: 5, endColumn: 95, data: { others: "", tool: "deleteUser" }, suggestions: [] },
        { messageId: "destructiveNameNotDestructive", line: 6, column: 74, endLine: 6, endColumn: 96, data: { others: "", tool: "purge-cache" }, suggestions: [] },
      ],
    },
    {
      name: "drop, remove, destroy, revoke in tool(name, annotations, cb)",
      code: destructiveVerbs,
      errors: [
        { messageId: "destructiveNameNotDestructive", line: 4, column: 50, endLine: 4, endColumn: 72, data: { others: "", tool: "drop_table" }, suggestions: [] },
        { messageId: "destructiveNameNotDestructive", line: 5, column: 52, endLine: 5, endColumn: 74, data: { others: "", tool: "removeMember" }, suggestions: [] },
        { messageId: "destructiveNameNotDestructive", line: 6, column: 47, endLine: 6, endColumn: 69, data: { others: "", tool: "destroy" }, suggestions: [] },
        { messageId: "destructiveNameNotDestructive", line: 7, column: 52, endLine: 7, endColumn: 74, data: { others: "", tool: "revoke_token" }, suggestions: [] },
      ],
    },
    {
      name: "fastmcp delete_file marked destructiveHint: false",
      code: fastDestructive,
      errors: [{ messageId: "destructiveNameNotDestructive", line: 4, column: 75, endLine: 4, endColumn: 97, suggestions: [] }],
    },
    {
      name: "plain JavaScript with espree",
      code: jsNone,
      ...asJs,
      errors: [{
        messageId: "missingAnnotations", line: 3, column: 21, endLine: 3, endColumn: 27,
        suggestions: [{ messageId: "insertDefaults", output: replaceOnce(jsNone, '{ description: "Ping" }', `{ description: "Ping", annotations: { ${DEFAULTS} } }`) }],
      }],
    },
  ],
});

describe("require-tool-annotations options", () => {
  const lint = (options: unknown) => lintWithRuleOptions("require-tool-annotations", strictMissingIdempotent, options, "server.js");

  it("rejects strict that is not a boolean", () => {
    expect(() => lint({ strict: "yes" })).toThrow(/Key "rules": Key "mcp-guard\/require-tool-annotations":[\s\S]*should be boolean/);
  });

  it("rejects an unknown option key", () => {
    expect(() => lint({ requireIdempotent: true })).toThrow(/Key "mcp-guard\/require-tool-annotations":[\s\S]*Unexpected property "requireIdempotent"/);
  });

  it("strict: false is the default", () => {
    expect(lint({ strict: false })).toEqual([]);
    expect(lint({})).toEqual([]);
  });

  it("reports with the full message", () => {
    const messages = new Linter().verify(registerNone, [{ plugins: { "mcp-guard": plugin }, rules: { "mcp-guard/require-tool-annotations": "error" } }], "server.js");
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toBe(
      'Tool "search_docs" has no annotations, so clients assume the worst. Declare readOnlyHint, destructiveHint, openWorldHint.',
    );
  });
});
