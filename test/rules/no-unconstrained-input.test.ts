import { describe, expect, it } from "vitest";
import { SDK_LOW_LEVEL, SDK_V2_ZOD, SDK_ZOD, SDK_ZOD_MINI, SDK_ZOD_V3, asJs, pluginRule, ruleTester, lintWithRuleOptions } from "./helpers.js";

type MessageIds = "anyValue" | "record" | "customUnchecked" | "jsonAnything" | "jsonObjectBag" | "emptyBag";
type Options = [{ allowFields?: string[]; allowEnumKeyedRecords?: boolean }];

const rule = pluginRule<MessageIds, Options>("no-unconstrained-input");

const anyField = `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ x: z.any() }) }, async () => ({ content: [] }));
`;

ruleTester.run("no-unconstrained-input", rule, {
  valid: [
    {
      name: "records keyed by z.enum or z.literal accept only known keys",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ x: z.record(z.enum(["a", "b"]), z.string().max(5)) }) }, async () => ({ content: [] }));
server.registerTool("f", { inputSchema: z.strictObject({ x: z.record(z.literal("a"), z.string()) }) }, async () => ({ content: [] }));
`,
    },
    {
      name: "zod v3: a record keyed by an enum",
      code: `${SDK_ZOD_V3}server.registerTool("a", { inputSchema: z.object({ y: z.record(z.enum(["a"]), z.string()) }).strict() }, async () => ({ content: [] }));
`,
    },
    {
      name: "an empty object at the root is a tool without arguments (stripping, strict, raw shape, server.tool)",
      code: `${SDK_ZOD}server.registerTool("b", { inputSchema: z.strictObject({}) }, async () => ({ content: [] }));
server.registerTool("c", { inputSchema: z.object({}) }, async () => ({ content: [] }));
server.registerTool("g", { inputSchema: {} }, async () => ({ content: [] }));
server.tool("h", {}, async () => ({ content: [] }));
`,
    },
    {
      name: "z.custom() with a check, and a closed empty object nested",
      code: `${SDK_ZOD}server.registerTool("d", { inputSchema: z.strictObject({ x: z.custom((v) => typeof v === "string") }) }, async () => ({ content: [] }));
server.registerTool("e", { inputSchema: z.strictObject({ x: z.strictObject({}) }) }, async () => ({ content: [] }));
`,
    },
    {
      name: "typed fields, even in a stripping object (strictness is another rule's concern)",
      code: `${SDK_ZOD}server.registerTool("t", { inputSchema: z.object({ q: z.string(), n: z.number(), tags: z.array(z.enum(["a", "b"])), when: z.date().optional() }) }, async () => ({ content: [] }));
`,
    },
    {
      name: "zod/mini typed fields",
      code: `${SDK_ZOD_MINI}server.registerTool("m", { inputSchema: z.strictObject({ q: z.string(), opt: z.optional(z.boolean()) }) }, async () => ({ content: [] }));
`,
    },
    {
      name: "z.any() validating an elicitation reply and z.record() validating an upstream response inside the handler",
      code: `${SDK_ZOD}server.registerTool("h", { inputSchema: z.strictObject({ q: z.string().max(10) }) }, async ({ q }, extra) => {
  const reply = await server.server.elicitInput({ message: q, requestedSchema: { type: "object", properties: {} } });
  const parsed = z.strictObject({ answer: z.any() }).parse(reply.content);
  const api = z.record(z.string(), z.unknown()).parse(await (await fetch("x")).json());
  return { content: [{ type: "text", text: String(parsed.answer) + JSON.stringify(api) }] };
});
`,
    },
    {
      name: "outputSchema is not input",
      code: `${SDK_ZOD}server.registerTool("o", { inputSchema: z.strictObject({}), outputSchema: z.strictObject({ raw: z.any(), meta: z.record(z.string(), z.unknown()) }) }, async () => ({ content: [] }));
`,
    },
    {
      name: "a schema imported from another file is opaque",
      code: `${SDK_ZOD}import { Payload } from "./schemas.js";
server.registerTool("i", { inputSchema: z.strictObject({ p: Payload }) }, async () => ({ content: [] }));
server.registerTool("j", { inputSchema: Payload }, async () => ({ content: [] }));
`,
    },
    {
      name: "a computed schema is opaque",
      code: `${SDK_ZOD}function makeSchema(x: unknown) { return x; }
export function register(field: unknown) {
  server.registerTool("c", { inputSchema: z.strictObject({ value: makeSchema(field) }) }, async () => ({ content: [] }));
}
`,
    },
    {
      name: "a file without any MCP import",
      code: `import { z } from "zod";
const app = makeApp();
app.tool("x", { q: z.any() }, async () => ({}));
app.addTool({ name: "x", parameters: z.strictObject({ q: z.unknown() }), execute: async () => "" });
app.registerTool("x", { inputSchema: z.strictObject({ q: z.record(z.string(), z.string()) }) }, async () => ({}));
`,
    },
    {
      name: "a registration inside a template literal",
      code: `${SDK_ZOD}export const scaffold = \`server.registerTool("x", { inputSchema: z.strictObject({ q: z.any() }) }, async () => ({ content: [] }));\`;
`,
    },
    {
      name: "JSON Schema: typed properties, named maxLength/additionalProperties too, and a closed empty object",
      code: `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "j",
    inputSchema: {
      type: "object",
      properties: {
        maxLength: { type: "integer" },
        additionalProperties: { type: "boolean" },
        none: { type: "object", additionalProperties: false },
        tags: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
      },
      additionalProperties: false,
    },
  }],
}));
`,
    },
    {
      name: "JSON Schema: a no-argument tool with properties: {} at the root",
      code: `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: "noargs2", inputSchema: { type: "object", properties: {} } },
    { name: "closed", inputSchema: { type: "object", properties: {}, additionalProperties: false } },
  ],
}));
`,
    },
    {
      name: "JSON Schema: { type: \"object\" } at the root is a tool without arguments",
      code: `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: "noargs", inputSchema: { type: "object" } }],
}));
`,
    },
    {
      name: "plain .mjs linted by espree, typed fields",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ x: z.string() }) }, async () => ({ content: [] }));
`,
      ...asJs,
    },
    {
      name: "allowFields by name",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ metadata: z.record(z.string(), z.string()) }) }, async () => ({ content: [] }));
`,
      options: [{ allowFields: ["metadata"] }],
    },
    {
      name: "allowFields by path",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ opts: z.strictObject({ extra: z.unknown() }) }) }, async () => ({ content: [] }));
`,
      options: [{ allowFields: ["opts.extra"] }],
    },
  ],
  invalid: [
    {
      name: "z.any()",
      code: anyField,
      errors: [{ messageId: "anyValue", line: 4, column: 61, endLine: 4, endColumn: 66, suggestions: [] }],
    },
    {
      name: "the full message for z.any()",
      code: anyField,
      errors: [{
        messageId: "anyValue", line: 4, column: 61, endLine: 4, endColumn: 66,
        data: { what: "any", where: 'field "x" of tool "a"' },
        suggestions: [],
      }],
    },
    {
      name: "z.unknown()",
      code: `${SDK_ZOD}server.registerTool("b", { inputSchema: z.strictObject({ x: z.unknown() }) }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "anyValue", line: 4, column: 61, endLine: 4, endColumn: 70, data: { what: "unknown", where: 'field "x" of tool "b"' }, suggestions: [] }],
    },
    {
      name: "z.record(z.string(), v)",
      code: `${SDK_ZOD}server.registerTool("c", { inputSchema: z.strictObject({ x: z.record(z.string(), z.string()) }) }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "record", line: 4, column: 61, endLine: 4, endColumn: 69, data: { what: "record", where: 'field "x" of tool "c"' }, suggestions: [] }],
    },
    {
      name: "z.map()",
      code: `${SDK_ZOD}server.registerTool("d", { inputSchema: z.strictObject({ x: z.map(z.string(), z.number()) }) }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "record", line: 4, column: 61, endLine: 4, endColumn: 66, data: { what: "map", where: 'field "x" of tool "d"' }, suggestions: [] }],
    },
    {
      name: "z.custom() without a check",
      code: `${SDK_ZOD}server.registerTool("e", { inputSchema: z.strictObject({ x: z.custom() }) }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "customUnchecked", line: 4, column: 61, endLine: 4, endColumn: 69, suggestions: [] }],
    },
    {
      name: "a nested empty z.object({}) is a bag",
      code: `${SDK_ZOD}server.registerTool("f", { inputSchema: z.strictObject({ x: z.object({}) }) }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "emptyBag", line: 4, column: 61, endLine: 4, endColumn: 69, data: { where: 'field "x" of tool "f"' }, suggestions: [] }],
    },
    {
      name: "nested empty z.looseObject({}), .passthrough() and .catchall() bags",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ x: z.looseObject({}), y: z.object({}).passthrough(), z: z.object({}).catchall(z.string()) }) }, async () => ({ content: [] }));
`,
      errors: [
        { messageId: "emptyBag", line: 4, column: 61, endLine: 4, endColumn: 74, suggestions: [] },
        { messageId: "emptyBag", line: 4, column: 83, endLine: 4, endColumn: 91, suggestions: [] },
        { messageId: "emptyBag", line: 4, column: 114, endLine: 4, endColumn: 122, suggestions: [] },
      ],
    },
    {
      name: "z.record(z.string(), z.any()) is one bag, reported once",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ x: z.record(z.string(), z.any()) }) }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "record", line: 4, column: 61, endLine: 4, endColumn: 69, suggestions: [] }],
    },
    {
      name: "the values of an accepted enum-keyed record are still input",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ x: z.record(z.enum(["a", "b"]), z.any()) }) }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "anyValue", line: 4, column: 90, endLine: 4, endColumn: 95, data: { what: "any", where: 'field "x.*" of tool "a"' }, suggestions: [] }],
    },
    {
      name: ".catchall(z.any()) checks every unknown key against z.any()",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.object({ x: z.string() }).catchall(z.any()) }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "anyValue", line: 4, column: 78, endLine: 4, endColumn: 83, data: { what: "any", where: 'field "*" of tool "a"' }, suggestions: [] }],
    },
    {
      name: "zod v3: one-argument z.record(z.any())",
      code: `${SDK_ZOD_V3}server.registerTool("a", { inputSchema: z.object({ x: z.record(z.any()) }).strict() }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "record", line: 4, column: 55, endLine: 4, endColumn: 63, suggestions: [] }],
    },
    {
      name: "zod v3: z.any() next to an enum-keyed record",
      code: `${SDK_ZOD_V3}server.registerTool("a", { inputSchema: z.object({ x: z.any(), y: z.record(z.enum(["a"]), z.string()) }).strict() }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "anyValue", line: 4, column: 55, endLine: 4, endColumn: 60, suggestions: [] }],
    },
    {
      name: "zod/mini: z.unknown() and z.optional(z.any())",
      code: `${SDK_ZOD_MINI}server.registerTool("a", { inputSchema: z.strictObject({ x: z.unknown(), y: z.optional(z.any()) }) }, async () => ({ content: [] }));
`,
      errors: [
        { messageId: "anyValue", line: 4, column: 61, endLine: 4, endColumn: 70, suggestions: [] },
        { messageId: "anyValue", line: 4, column: 88, endLine: 4, endColumn: 93, data: { what: "any", where: 'field "y" of tool "a"' }, suggestions: [] },
      ],
    },
    {
      name: "namespace import under another name",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as zz from "zod";
const server = new McpServer({ name: "t", version: "1.0.0" });
server.registerTool("a", { inputSchema: zz.strictObject({ x: zz.any() }) }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "anyValue", line: 4, column: 62, endLine: 4, endColumn: 68, suggestions: [] }],
    },
    {
      name: "default import",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import z from "zod";
const server = new McpServer({ name: "t", version: "1.0.0" });
server.registerTool("a", { inputSchema: z.strictObject({ x: z.unknown() }) }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "anyValue", line: 4, column: 61, endLine: 4, endColumn: 70, suggestions: [] }],
    },
    {
      name: "require() in a .cjs file linted by espree",
      code: `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { z } = require("zod");
const server = new McpServer({ name: "t", version: "1.0.0" });
server.registerTool("a", { inputSchema: z.strictObject({ x: z.record(z.string(), z.string()) }) }, async () => ({ content: [] }));
`,
      ...asJs,
      filename: "server.cjs",
      errors: [{ messageId: "record", line: 4, column: 61, endLine: 4, endColumn: 69, suggestions: [] }],
    },
    {
      name: "named functions imported from zod",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { strictObject, any, record, string } from "zod";
const server = new McpServer({ name: "t", version: "1.0.0" });
server.registerTool("n", { inputSchema: strictObject({ a: any(), b: record(string(), string()) }) }, async () => ({ content: [] }));
`,
      errors: [
        { messageId: "anyValue", line: 4, column: 59, endLine: 4, endColumn: 62, suggestions: [] },
        { messageId: "record", line: 4, column: 69, endLine: 4, endColumn: 75, suggestions: [] },
      ],
    },
    {
      name: "allowEnumKeyedRecords: false reports enum-keyed records too",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ x: z.record(z.enum(["a", "b"]), z.string().max(5)) }) }, async () => ({ content: [] }));
`,
      options: [{ allowEnumKeyedRecords: false }],
      errors: [{ messageId: "record", line: 4, column: 61, endLine: 4, endColumn: 69, suggestions: [] }],
    },
    {
      name: "allowFields leaves the named field alone and reports the others",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ metadata: z.record(z.string(), z.string()), extra: z.any() }) }, async () => ({ content: [] }));
`,
      options: [{ allowFields: ["metadata"] }],
      errors: [{ messageId: "anyValue", line: 4, column: 109, endLine: 4, endColumn: 114, data: { what: "any", where: 'field "extra" of tool "a"' }, suggestions: [] }],
    },
    {
      name: "allowFields by path does not cover the same name elsewhere",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ opts: z.strictObject({ extra: z.unknown() }), extra: z.unknown() }) }, async () => ({ content: [] }));
`,
      options: [{ allowFields: ["opts.extra"] }],
      errors: [{ messageId: "anyValue", line: 4, column: 111, endLine: 4, endColumn: 120, data: { what: "unknown", where: 'field "extra" of tool "a"' }, suggestions: [] }],
    },
    {
      name: "z.any() as the whole input",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.any() }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "anyValue", line: 4, column: 41, endLine: 4, endColumn: 46, data: { what: "any", where: 'the input of tool "a"' }, suggestions: [] }],
    },
    {
      name: "nested at depth 3, through an array: the message gives the path",
      code: `${SDK_ZOD}server.registerTool("deep", {
  inputSchema: z.strictObject({
    a: z.strictObject({
      b: z.array(z.strictObject({
        c: z.unknown(),
      })).max(3),
    }),
  }),
}, async () => ({ content: [] }));
`,
      errors: [{ messageId: "anyValue", line: 8, column: 12, endLine: 8, endColumn: 21, data: { what: "unknown", where: 'field "a.b[].c" of tool "deep"' }, suggestions: [] }],
    },
    {
      name: "a record as the element of an array",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ rows: z.array(z.record(z.string(), z.unknown())).max(10) }) }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "record", line: 4, column: 72, endLine: 4, endColumn: 80, data: { what: "record", where: 'field "rows[]" of tool "a"' }, suggestions: [] }],
    },
    {
      name: "union member, z.lazy and z.preprocess",
      code: `${SDK_ZOD}server.registerTool("u", { inputSchema: z.strictObject({ v: z.union([z.string().max(3), z.any()]) }) }, async () => ({ content: [] }));
server.registerTool("l", { inputSchema: z.lazy(() => z.strictObject({ v: z.unknown() })) }, async () => ({ content: [] }));
server.registerTool("p", { inputSchema: z.preprocess((x) => x, z.strictObject({ v: z.record(z.string(), z.string()) })) }, async () => ({ content: [] }));
`,
      errors: [
        { messageId: "anyValue", line: 4, column: 89, endLine: 4, endColumn: 94, suggestions: [] },
        { messageId: "anyValue", line: 5, column: 74, endLine: 5, endColumn: 83, suggestions: [] },
        { messageId: "record", line: 6, column: 84, endLine: 6, endColumn: 92, suggestions: [] },
      ],
    },
    {
      name: "discriminated union member field",
      code: `${SDK_ZOD}server.registerTool("du", {
  inputSchema: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("a"), x: z.string() }),
    z.strictObject({ kind: z.literal("b"), blob: z.unknown() }),
  ]),
}, async () => ({ content: [] }));
`,
      errors: [{ messageId: "anyValue", line: 7, column: 50, endLine: 7, endColumn: 59, data: { what: "unknown", where: 'field "blob" of tool "du"' }, suggestions: [] }],
    },
    {
      name: "raw shapes: server.tool() and registerTool",
      code: `${SDK_ZOD}server.tool("s", "desc", { v: z.any() }, async () => ({ content: [] }));
server.registerTool("r", { inputSchema: { w: z.unknown() } }, async () => ({ content: [] }));
`,
      errors: [
        { messageId: "anyValue", line: 4, column: 31, endLine: 4, endColumn: 36, suggestions: [] },
        { messageId: "anyValue", line: 5, column: 46, endLine: 5, endColumn: 55, suggestions: [] },
      ],
    },
    {
      name: "inputSchema: X.shape: the fields of X are input",
      code: `${SDK_ZOD}const Base = z.strictObject({ action: z.string(), data: z.any() });
server.registerTool("y", { inputSchema: Base.shape }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "anyValue", line: 4, column: 57, endLine: 4, endColumn: 62, data: { what: "any", where: 'field "data" of tool "y"' }, suggestions: [] }],
    },
    {
      name: "a record shared by two tools is reported once, naming the first and counting the other",
      code: `${SDK_ZOD}const Meta = z.record(z.string(), z.string());
server.registerTool("one", { inputSchema: z.strictObject({ meta: Meta }) }, async () => ({ content: [] }));
server.registerTool("two", { inputSchema: z.strictObject({ m: Meta }) }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "record", line: 4, column: 14, endLine: 4, endColumn: 22, data: { what: "record", where: 'field "meta" of tool "one" (and 1 other tool)' }, suggestions: [] }],
    },
    {
      name: "JSON Schema: {}, true, and objects without properties",
      code: `${SDK_LOW_LEVEL}const tools = [{
  name: "j",
  inputSchema: {
    type: "object",
    properties: {
      anything: {},
      yes: true,
      bag: { type: "object" },
      bag2: { type: "object", additionalProperties: { type: "string" } },
      closed: { type: "object", additionalProperties: false },
      ok: { type: "string", maxLength: 5 },
      maxLength: { type: "integer" },
    },
    additionalProperties: false,
  },
}];
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
`,
      errors: [
        { messageId: "jsonAnything", line: 9, column: 17, endLine: 9, endColumn: 19, data: { where: 'field "anything" of tool "j"' }, suggestions: [] },
        { messageId: "jsonAnything", line: 10, column: 12, endLine: 10, endColumn: 16, suggestions: [] },
        { messageId: "jsonObjectBag", line: 11, column: 14, endLine: 11, endColumn: 28, data: { where: 'field "bag" of tool "j"' }, suggestions: [] },
        { messageId: "jsonObjectBag", line: 12, column: 15, endLine: 12, endColumn: 29, suggestions: [] },
      ],
    },
    {
      name: "JSON Schema: {} as the whole input",
      code: `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: "empty", inputSchema: {} },
  ],
}));
`,
      errors: [{ messageId: "jsonAnything", line: 6, column: 35, endLine: 6, endColumn: 37, data: { where: 'the input of tool "empty"' }, suggestions: [] }],
    },
    {
      name: "SDK v2: tools.push() and setRequestHandler(\"tools/list\", …)",
      code: `import { McpServer } from "@modelcontextprotocol/server";
const server = new McpServer({ name: "t", version: "1.0.0" });
const tools = [];
tools.push({ name: "p", inputSchema: { type: "object", properties: { data: {} }, additionalProperties: false } });
server.server.setRequestHandler("tools/list", () => ({ tools }));
`,
      errors: [{ messageId: "jsonAnything", line: 4, column: 76, endLine: 4, endColumn: 78, suggestions: [] }],
    },
    {
      name: "SDK v2 with zod",
      code: `${SDK_V2_ZOD}server.registerTool("v2", { inputSchema: z.strictObject({ blob: z.unknown() }) }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "anyValue", line: 4, column: 65, endLine: 4, endColumn: 74, suggestions: [] }],
    },
    {
      name: "fastmcp addTools and addTool; z.json() accepts any JSON value",
      code: `import { FastMCP } from "fastmcp";
import { z } from "zod";
const server = new FastMCP({ name: "t", version: "1.0.0" });
server.addTools([{ name: "a", parameters: z.strictObject({ blob: z.any() }), execute: async () => "" }]);
server.addTool({ name: "b", parameters: z.strictObject({ blob: z.json() }), execute: async () => "" });
`,
      errors: [
        { messageId: "anyValue", line: 4, column: 66, endLine: 4, endColumn: 71, suggestions: [] },
        { messageId: "anyValue", line: 5, column: 64, endLine: 5, endColumn: 70, data: { what: "json", where: 'field "blob" of tool "b"' }, suggestions: [] },
      ],
    },
    {
      name: "createMcpHandler in a plain .mjs file linted by espree",
      code: `import { createMcpHandler } from "mcp-handler";
import { z } from "zod";
export const handler = createMcpHandler((server) => {
  server.registerTool("h", { inputSchema: { payload: z.unknown() } }, async () => ({ content: [] }));
});
`,
      ...asJs,
      errors: [{ messageId: "anyValue", line: 4, column: 54, endLine: 4, endColumn: 63, data: { what: "unknown", where: 'field "payload" of tool "h"' }, suggestions: [] }],
    },
  ],
});

describe("no-unconstrained-input options", () => {
  const lint = (options: unknown) => lintWithRuleOptions("no-unconstrained-input", anyField, options, "server.js");

  it("rejects allowFields that is not an array", () => {
    expect(() => lint({ allowFields: "x" })).toThrow(/Key "rules": Key "mcp-guard\/no-unconstrained-input":[\s\S]*should be array/);
  });

  it("rejects allowEnumKeyedRecords that is not a boolean", () => {
    expect(() => lint({ allowEnumKeyedRecords: "yes" })).toThrow(/Key "mcp-guard\/no-unconstrained-input":[\s\S]*should be boolean/);
  });

  it("rejects an unknown option key", () => {
    expect(() => lint({ allowRecords: true })).toThrow(/Key "mcp-guard\/no-unconstrained-input":[\s\S]*Unexpected property "allowRecords"/);
  });

  it("reports with the full message under valid options", () => {
    const messages = lint({ allowFields: ["other"], allowEnumKeyedRecords: true });
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toBe('z.any() in field "x" of tool "a" accepts any value. Declare the type this field takes.');
  });
});
