import { describe, expect, it } from "vitest";
import { SDK_LOW_LEVEL, SDK_V2_ZOD, SDK_ZOD, SDK_ZOD_MINI, SDK_ZOD_V3, asJs, pluginRule, ruleTester, lintWithRuleOptions } from "./helpers.js";

type MessageIds = "actionDispatch";
type Options = [{ selectorNames?: string[]; payloadNames?: string[] }];

const rule = pluginRule<MessageIds, Options>("no-action-dispatch");

const basic = `${SDK_ZOD}server.registerTool("db", { inputSchema: z.strictObject({ action: z.string(), data: z.record(z.string(), z.any()) }) }, async () => ({ content: [] }));
`;

ruleTester.run("no-action-dispatch", rule, {
  valid: [
    {
      // Regression (a real fastmcp server): `name` labels each test case; it selects no operation.
      name: "name, type or kind next to an open payload in a list's items",
      code: `${SDK_ZOD}server.registerTool("t", { inputSchema: z.strictObject({ testCases: z.array(z.strictObject({ name: z.string().max(50), input: z.record(z.string(), z.unknown()) })).max(10) }) }, async () => ({ content: [] }));
server.registerTool("u", { inputSchema: z.strictObject({ parts: z.array(z.strictObject({ type: z.string().max(50), data: z.unknown() })).max(10) }) }, async () => ({ content: [] }));
`,
    },
    {
      name: "a discriminated union with z.literal selectors and typed strict fields per action",
      code: `${SDK_ZOD}server.registerTool("db", {
  inputSchema: z.discriminatedUnion("action", [
    z.strictObject({ action: z.literal("get"), id: z.string().max(20) }),
    z.strictObject({ action: z.literal("put"), id: z.string().max(20), data: z.strictObject({ v: z.string().max(9) }) }),
  ]),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "a plain union of members pinned by z.literal",
      code: `${SDK_ZOD}server.registerTool("c", { inputSchema: z.union([z.strictObject({ action: z.literal("a"), data: z.strictObject({ id: z.string() }) }), z.strictObject({ action: z.literal("b") })]) }, async () => ({ content: [] }));
`,
    },
    {
      name: "a z.enum selector next to a typed strict payload",
      code: `${SDK_ZOD}server.registerTool("db", { inputSchema: z.strictObject({ action: z.enum(["get", "put"]), data: z.strictObject({ id: z.string().max(9) }) }) }, async () => ({ content: [] }));
server.registerTool("d", { inputSchema: z.strictObject({ type: z.enum(["a", "b"]), payload: z.strictObject({}) }) }, async () => ({ content: [] }));
`,
    },
    {
      name: "a free selector next to a typed payload (strict, optional, or stripping with fields)",
      code: `${SDK_ZOD}server.registerTool("db2", { inputSchema: z.strictObject({ action: z.string(), data: z.strictObject({ id: z.string().max(9) }).optional() }) }, async () => ({ content: [] }));
server.registerTool("db6", { inputSchema: z.strictObject({ action: z.string(), data: z.object({ id: z.string() }) }) }, async () => ({ content: [] }));
`,
    },
    {
      name: "a command next to a bounded array of bounded strings",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ command: z.string(), args: z.array(z.string().max(50)).max(10) }) }, async () => ({ content: [] }));
`,
    },
    {
      name: "a selector pinned by z.literal next to an open payload",
      code: `${SDK_ZOD}server.registerTool("db3", { inputSchema: z.strictObject({ action: z.literal("get"), data: z.record(z.string(), z.string()) }) }, async () => ({ content: [] }));
`,
    },
    {
      name: "a payload keyed by an enum is not open",
      code: `${SDK_ZOD}server.registerTool("db5", { inputSchema: z.strictObject({ action: z.string(), data: z.record(z.enum(["a"]), z.string()) }) }, async () => ({ content: [] }));
`,
    },
    {
      name: "only a payload, or only a selector, or names outside the lists",
      code: `${SDK_ZOD}server.registerTool("db4", { inputSchema: z.strictObject({ data: z.record(z.string(), z.string()) }) }, async () => ({ content: [] }));
server.registerTool("b", { inputSchema: z.strictObject({ action: z.string() }) }, async () => ({ content: [] }));
server.registerTool("a", { inputSchema: z.strictObject({ mode: z.string(), data: z.any() }) }, async () => ({ content: [] }));
`,
    },
    {
      name: "a discriminated union member pinned by z.literal, even with an open payload",
      code: `${SDK_ZOD}server.registerTool("db", {
  inputSchema: z.discriminatedUnion("action", [
    z.strictObject({ action: z.literal("get"), params: z.record(z.string(), z.string()) }),
  ]),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "JSON Schema: a const selector, and a free selector next to a closed typed payload",
      code: `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: "l", inputSchema: { type: "object", properties: { action: { const: "a" }, params: {} }, additionalProperties: false } },
    { name: "m", inputSchema: { type: "object", properties: { action: { type: "string" }, params: { type: "object", properties: { id: { type: "string" } }, additionalProperties: false } }, additionalProperties: false } },
  ],
}));
`,
    },
    {
      name: "selectorNames replaces the defaults: action is no longer a selector",
      code: `${SDK_ZOD}server.registerTool("b", { inputSchema: z.strictObject({ action: z.string(), data: z.any() }) }, async () => ({ content: [] }));
`,
      options: [{ selectorNames: ["verbName"] }],
    },
    {
      name: "payloadNames replaces the defaults: data is no longer a payload",
      code: `${SDK_ZOD}server.registerTool("b", { inputSchema: z.strictObject({ action: z.string(), data: z.any() }) }, async () => ({ content: [] }));
`,
      options: [{ payloadNames: ["blob"] }],
    },
    {
      name: "a file without any MCP import",
      code: `import { z } from "zod";
const app = makeApp();
app.registerTool("x", { inputSchema: z.strictObject({ action: z.string(), data: z.any() }) }, async () => ({}));
app.tool("y", { action: z.string(), data: z.any() }, async () => ({}));
`,
    },
    {
      name: "a registration inside a string literal",
      code: `${SDK_ZOD}const scaffold = 'server.tool("y", { action: z.string(), data: z.any() }, async () => ({ content: [] }))';
`,
    },
    {
      name: "a dispatcher schema used inside the handler and in outputSchema",
      code: `${SDK_ZOD}server.registerTool("h", { inputSchema: z.strictObject({ q: z.string().max(9) }), outputSchema: z.strictObject({ action: z.string(), data: z.any() }) }, async ({ q }) => {
  const step = z.strictObject({ action: z.string(), data: z.any() }).parse(JSON.parse(q));
  return { content: [{ type: "text", text: step.action }] };
});
`,
    },
    {
      name: "an imported or computed schema is opaque",
      code: `${SDK_ZOD}import { Generic } from "./schemas.js";
server.registerTool("i", { inputSchema: Generic }, async () => ({ content: [] }));
export function register(payload: unknown) {
  server.registerTool("j", { inputSchema: z.strictObject({ action: z.string(), data: payload }) }, async () => ({ content: [] }));
}
`,
    },
    {
      name: "plain .mjs linted by espree, discriminated union",
      code: `${SDK_ZOD}server.registerTool("du", { inputSchema: z.discriminatedUnion("op", [z.strictObject({ op: z.literal("a"), n: z.number() })]) }, async () => ({ content: [] }));
`,
      ...asJs,
    },
  ],
  invalid: [
    {
      name: "in a list's items an action selector still counts (name only labels the item)",
      code: `${SDK_ZOD}server.registerTool("batch", { inputSchema: z.strictObject({ steps: z.array(z.strictObject({ name: z.string().max(50), action: z.string().max(50), data: z.unknown() })).max(10) }) }, async () => ({ content: [] }));
`,
      errors: [{
        messageId: "actionDispatch", line: 4, column: 120, endLine: 4, endColumn: 126,
        data: { others: "", tool: "batch", selector: "action", payload: "data", at: ' in field "steps[]"' },
        suggestions: [],
      }],
    },
    {
      name: "action: z.string() with data: z.record(...)",
      code: basic,
      errors: [{ messageId: "actionDispatch", line: 4, column: 59, endLine: 4, endColumn: 65, suggestions: [] }],
    },
    {
      name: "the full message names the tool, the selector and the payload",
      code: basic,
      errors: [{
        messageId: "actionDispatch", line: 4, column: 59, endLine: 4, endColumn: 65,
        data: { others: "", tool: "db", selector: "action", payload: "data", at: "" },
        suggestions: [],
      }],
    },
    {
      name: "a z.enum selector next to an open payload",
      code: `${SDK_ZOD}server.registerTool("db", { inputSchema: z.strictObject({ operation: z.enum(["get", "put"]), params: z.object({}).passthrough() }) }, async () => ({ content: [] }));
`,
      errors: [{
        messageId: "actionDispatch", line: 4, column: 59, endLine: 4, endColumn: 68,
        data: { others: "", tool: "db", selector: "operation", payload: "params", at: "" },
        suggestions: [],
      }],
    },
    {
      name: "default selector and payload names with every kind of open payload",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ command: z.string().max(20), args: z.any() }) }, async () => ({ content: [] }));
server.registerTool("b", { inputSchema: z.strictObject({ method: z.string().max(20), payload: z.unknown() }) }, async () => ({ content: [] }));
server.registerTool("c", { inputSchema: z.strictObject({ tool: z.string().max(20), options: z.looseObject({ a: z.string() }) }) }, async () => ({ content: [] }));
server.registerTool("d", { inputSchema: z.strictObject({ name: z.string().max(20), body: z.object({ a: z.string() }).catchall(z.string()) }) }, async () => ({ content: [] }));
server.registerTool("e", { inputSchema: z.strictObject({ op: z.string().max(20), input: z.object({}) }) }, async () => ({ content: [] }));
server.registerTool("f", { inputSchema: z.strictObject({ kind: z.string().max(20), values: z.union([z.string().max(2), z.record(z.string(), z.string())]) }) }, async () => ({ content: [] }));
`,
      errors: [
        { messageId: "actionDispatch", line: 4, column: 58, endLine: 4, endColumn: 65, data: { others: "", tool: "a", selector: "command", payload: "args", at: "" }, suggestions: [] },
        { messageId: "actionDispatch", line: 5, column: 58, endLine: 5, endColumn: 64, data: { others: "", tool: "b", selector: "method", payload: "payload", at: "" }, suggestions: [] },
        { messageId: "actionDispatch", line: 6, column: 58, endLine: 6, endColumn: 62, data: { others: "", tool: "c", selector: "tool", payload: "options", at: "" }, suggestions: [] },
        { messageId: "actionDispatch", line: 7, column: 58, endLine: 7, endColumn: 62, data: { others: "", tool: "d", selector: "name", payload: "body", at: "" }, suggestions: [] },
        { messageId: "actionDispatch", line: 8, column: 58, endLine: 8, endColumn: 60, data: { others: "", tool: "e", selector: "op", payload: "input", at: "" }, suggestions: [] },
        { messageId: "actionDispatch", line: 9, column: 58, endLine: 9, endColumn: 62, data: { others: "", tool: "f", selector: "kind", payload: "values", at: "" }, suggestions: [] },
      ],
    },
    {
      name: "wrappers on the selector and the payload keep their meaning; a multi-value z.literal is a free selector",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ action: z.string().describe("what"), data: z.record(z.string(), z.string()).optional() }) }, async () => ({ content: [] }));
server.registerTool("b", { inputSchema: z.strictObject({ action: z.literal(["get", "put"]), data: z.unknown() }) }, async () => ({ content: [] }));
`,
      errors: [
        { messageId: "actionDispatch", line: 4, column: 58, endLine: 4, endColumn: 64, suggestions: [] },
        { messageId: "actionDispatch", line: 5, column: 58, endLine: 5, endColumn: 64, suggestions: [] },
      ],
    },
    {
      name: "an array of anything is an open payload",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ command: z.string(), args: z.array(z.any()) }) }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "actionDispatch", line: 4, column: 58, endLine: 4, endColumn: 65, data: { others: "", tool: "a", selector: "command", payload: "args", at: "" }, suggestions: [] }],
    },
    {
      name: "a union member that dispatches",
      code: `${SDK_ZOD}server.registerTool("c", { inputSchema: z.union([z.strictObject({ action: z.string(), data: z.any() }), z.strictObject({ q: z.string() })]) }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "actionDispatch", line: 4, column: 67, endLine: 4, endColumn: 73, suggestions: [] }],
    },
    {
      name: "a nested object that dispatches: the message gives its path",
      code: `${SDK_ZOD}server.registerTool("n", { inputSchema: z.strictObject({ step: z.strictObject({ action: z.string(), data: z.any() }) }) }, async () => ({ content: [] }));
`,
      errors: [{
        messageId: "actionDispatch", line: 4, column: 81, endLine: 4, endColumn: 87,
        data: { others: "", tool: "n", selector: "action", payload: "data", at: ' in field "step"' },
        suggestions: [],
      }],
    },
    {
      name: "custom selectorNames and payloadNames",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ verbName: z.string(), blob: z.any() }) }, async () => ({ content: [] }));
server.registerTool("b", { inputSchema: z.strictObject({ action: z.string(), data: z.any() }) }, async () => ({ content: [] }));
`,
      options: [{ selectorNames: ["verbName"], payloadNames: ["blob"] }],
      errors: [{
        messageId: "actionDispatch", line: 4, column: 58, endLine: 4, endColumn: 66,
        data: { others: "", tool: "a", selector: "verbName", payload: "blob", at: "" },
        suggestions: [],
      }],
    },
    {
      name: "a raw shape in server.tool()",
      code: `${SDK_ZOD}server.tool("t", { action: z.string(), data: z.any() }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "actionDispatch", line: 4, column: 20, endLine: 4, endColumn: 26, suggestions: [] }],
    },
    {
      name: "zod v3",
      code: `${SDK_ZOD_V3}server.registerTool("a", { inputSchema: z.object({ operation: z.string(), params: z.record(z.any()) }).strict() }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "actionDispatch", line: 4, column: 52, endLine: 4, endColumn: 61, suggestions: [] }],
    },
    {
      name: "zod/mini",
      code: `${SDK_ZOD_MINI}server.registerTool("a", { inputSchema: z.strictObject({ cmd: z.enum(["ls", "rm"]), args: z.optional(z.looseObject({})) }) }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "actionDispatch", line: 4, column: 58, endLine: 4, endColumn: 61, suggestions: [] }],
    },
    {
      name: "SDK v2",
      code: `${SDK_V2_ZOD}server.registerTool("v2", { inputSchema: z.strictObject({ action: z.string(), data: z.any() }) }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "actionDispatch", line: 4, column: 59, endLine: 4, endColumn: 65, suggestions: [] }],
    },
    {
      name: "fastmcp addTool",
      code: `import { FastMCP } from "fastmcp";
import { z } from "zod";
const server = new FastMCP({ name: "t", version: "1.0.0" });
server.addTool({ name: "f", parameters: z.strictObject({ endpoint: z.string(), body: z.any() }), execute: async () => "" });
`,
      errors: [{ messageId: "actionDispatch", line: 4, column: 58, endLine: 4, endColumn: 66, suggestions: [] }],
    },
    {
      name: "createMcpHandler in a plain .mjs file linted by espree",
      code: `import { createMcpHandler } from "mcp-handler";
import { z } from "zod";
export const handler = createMcpHandler((server) => {
  server.registerTool("h", { inputSchema: { action: z.string(), params: z.unknown() } }, async () => ({ content: [] }));
});
`,
      ...asJs,
      errors: [{ messageId: "actionDispatch", line: 4, column: 45, endLine: 4, endColumn: 51, suggestions: [] }],
    },
    {
      name: "inputSchema: X.shape: the fields of X are input",
      code: `${SDK_ZOD}const Base = z.strictObject({ action: z.string(), data: z.any() });
server.registerTool("y", { inputSchema: Base.shape }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "actionDispatch", line: 4, column: 31, endLine: 4, endColumn: 37, data: { others: "", tool: "y", selector: "action", payload: "data", at: "" }, suggestions: [] }],
    },
    {
      name: "a dispatcher schema shared by two tools is reported once",
      code: `${SDK_ZOD}const Generic = z.strictObject({ action: z.string(), data: z.any() });
server.registerTool("one", { inputSchema: Generic }, async () => ({ content: [] }));
server.registerTool("two", { inputSchema: Generic }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "actionDispatch", line: 4, column: 34, endLine: 4, endColumn: 40, suggestions: [] }],
    },
    {
      name: "JSON Schema: a string selector and an enum selector next to object bags",
      code: `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: "j", inputSchema: { type: "object", properties: { action: { type: "string" }, params: { type: "object" } }, additionalProperties: false } },
    { name: "k", inputSchema: { type: "object", properties: { action: { type: "string", enum: ["a", "b"] }, params: { type: "object", additionalProperties: true } }, additionalProperties: false } },
  ],
}));
`,
      errors: [
        { messageId: "actionDispatch", line: 6, column: 63, endLine: 6, endColumn: 69, data: { others: "", tool: "j", selector: "action", payload: "params", at: "" }, suggestions: [] },
        { messageId: "actionDispatch", line: 7, column: 63, endLine: 7, endColumn: 69, suggestions: [] },
      ],
    },
  ],
});

describe("no-action-dispatch options", () => {
  const lint = (options: unknown) => lintWithRuleOptions("no-action-dispatch", basic, options, "server.js");

  it("rejects selectorNames that is not an array", () => {
    expect(() => lint({ selectorNames: "action" })).toThrow(/Key "rules": Key "mcp-guard\/no-action-dispatch":[\s\S]*should be array/);
  });

  it("rejects duplicate or empty names", () => {
    expect(() => lint({ payloadNames: ["data", "data"] })).toThrow(/Key "mcp-guard\/no-action-dispatch":[\s\S]*duplicate items/);
    expect(() => lint({ payloadNames: [""] })).toThrow(/Key "mcp-guard\/no-action-dispatch":[\s\S]*should NOT be shorter than 1 characters/);
  });

  it("rejects an unknown option key such as allowFields", () => {
    expect(() => lint({ allowFields: ["data"] })).toThrow(/Key "mcp-guard\/no-action-dispatch":[\s\S]*Unexpected property "allowFields"/);
  });

  it("reports with the defaults when given an empty options object", () => {
    const messages = lint({});
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toBe('Tool "db" dispatches on "action" with open "data"; use one tool per action.');
  });
});
