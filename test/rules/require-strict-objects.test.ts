import { describe, expect, it } from "vitest";
import { SDK_LOW_LEVEL, SDK_V2_ZOD, SDK_ZOD, SDK_ZOD_MINI, SDK_ZOD_V3, asJs, pluginRule, replaceOnce, ruleTester, lintWithRuleOptions } from "./helpers.js";

type MessageIds =
  | "zodObject" | "stripCall" | "passthrough" | "looseObject" | "catchall" | "rawShape" | "rawShapeTool"
  | "jsonMissing" | "jsonOpen" | "jsonComposed"
  | "useStrictObject" | "appendStrict" | "replaceWithStrict" | "wrapStrictObject" | "setAdditionalFalse" | "setUnevaluatedFalse";
type Options = [{ allowFields?: string[] }];

const rule = pluginRule<MessageIds, Options>("require-strict-objects");

// ---------------------------------------------------------------------------------------------------
// Sources shared by a case and its suggestion outputs.

const toolDefinitionLoop = `${SDK_ZOD}const defs = [{ name: "a", schema: z.object({ a: z.string().max(3) }) }, { name: "b", schema: z.strictObject({ b: z.string().max(3) }) }];
for (const d of defs) server.registerTool(d.name, { inputSchema: d.schema }, async () => ({ content: [] }));
defs.forEach((d) => server.registerTool(d.name, { inputSchema: d.schema }, async () => ({ content: [] })));
`;
const v4Named = `${SDK_ZOD}server.registerTool("send", { inputSchema: z.object({ to: z.string() }) }, async () => ({ content: [] }));
`;
const v3Named = `${SDK_ZOD_V3}server.registerTool("send", { inputSchema: z.object({ to: z.string() }) }, async () => ({ content: [] }));
`;
const miniNamespace = `${SDK_ZOD_MINI}server.registerTool("send", { inputSchema: z.object({ to: z.string() }) }, async () => ({ content: [] }));
`;
const v4Namespace = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as zz from "zod";
const server = new McpServer({ name: "t", version: "1.0.0" });
server.registerTool("send", { inputSchema: zz.object({ to: zz.string() }) }, async () => ({ content: [] }));
`;
const v4Default = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import z from "zod";
const server = new McpServer({ name: "t", version: "1.0.0" });
server.registerTool("send", { inputSchema: z.object({ to: z.string() }) }, async () => ({ content: [] }));
`;
const requireDestructured = `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { z } = require("zod");
const server = new McpServer({ name: "t", version: "1.0.0" });
server.registerTool("send", { inputSchema: z.object({ to: z.string() }) }, async () => ({ content: [] }));
`;
const requireNamespace = `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const z = require("zod");
const server = new McpServer({ name: "t", version: "1.0.0" });
server.registerTool("send", { inputSchema: z.object({ to: z.string() }) }, async () => ({ content: [] }));
`;
const namedFunctions = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { object, string } from "zod";
const server = new McpServer({ name: "t", version: "1.0.0" });
server.registerTool("send", { inputSchema: object({ to: string() }) }, async () => ({ content: [] }));
`;
const namedFunctionsMini = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { object, string } from "zod/mini";
const server = new McpServer({ name: "t", version: "1.0.0" });
server.registerTool("send", { inputSchema: object({ to: string() }) }, async () => ({ content: [] }));
`;
const rawShapeInline = `${SDK_ZOD}server.registerTool("send", { inputSchema: { to: z.string() } }, async () => ({ content: [] }));
`;
const rawShapeConst = `${SDK_ZOD}const shape = { to: z.string() };
server.registerTool("send", { description: "d", inputSchema: shape }, async () => ({ content: [] }));
`;
const toolNestedObject = `${SDK_ZOD}server.tool("n1", { to: z.object({ a: z.string() }).strict(), cc: z.object({ b: z.string() }) }, async () => ({ content: [] }));
`;
const spreadShape = `${SDK_ZOD}const Base = z.object({ to: z.string() }).strict();
server.registerTool("b", { inputSchema: { ...Base.shape, cc: z.string() } }, async () => ({ content: [] }));
`;
const dotShape = `${SDK_ZOD}const Base = z.object({ to: z.string() }).strict();
server.registerTool("a", { inputSchema: Base.shape }, async () => ({ content: [] }));
`;
const dotShapeConst = `${SDK_ZOD}const Base = z.object({ to: z.string() }).strict();
const shape = Base.shape;
server.registerTool("y", { inputSchema: shape }, async () => ({ content: [] }));
`;
const jsonAllOfOpen = `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "c",
    inputSchema: { type: "object", allOf: [{ properties: { a: { type: "string" } } }, { properties: { b: { type: "string" } } }] },
  }],
}));
`;
const jsonNoArgs = `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: "noargs", inputSchema: { type: "object" } }],
}));
`;
const jsonNestedBag = `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: "n", inputSchema: { type: "object", properties: { bag: { type: "object" } }, additionalProperties: false } }],
}));
`;
const zodToJsonLowLevel = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { zodToJsonSchema } from "zod-to-json-schema";
import { z } from "zod";
const server = new Server({ name: "t", version: "1.0.0" }, { capabilities: { tools: {} } });
const Search = z.object({ q: z.string() });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: "s", inputSchema: zodToJsonSchema(Search) },
    { name: "t", inputSchema: z.toJSONSchema(z.looseObject({ q: z.string() })) },
  ],
}));
`;
const multiLineChain = `${SDK_ZOD}server.registerTool("m", {
  inputSchema: z
    .object({ q: z.string() })
    .describe("x"),
}, async () => ({ content: [] }));
`;
const factory = `${SDK_ZOD}const makeInput = (ctx: unknown) => z.object({ id: z.string() });
server.registerTool("f", { inputSchema: makeInput(1) }, async () => ({ content: [] }));
`;
const constToolName = `${SDK_ZOD}const NAME = "search";
server.registerTool(NAME, { inputSchema: z.object({ q: z.string() }) }, async () => ({ content: [] }));
`;
const objectOfShape = `${SDK_ZOD}const Base = z.strictObject({ to: z.string() });
server.registerTool("c", { inputSchema: z.object(Base.shape) }, async () => ({ content: [] }));
server.registerTool("d", { inputSchema: z.object({ ...Base.shape }) }, async () => ({ content: [] }));
server.registerTool("e", { inputSchema: z.strictObject({ ...Base.shape, cc: z.string() }) }, async () => ({ content: [] }));
`;
const extendLoose = `${SDK_ZOD}const Strict = z.strictObject({ to: z.string() });
const Loose = z.object({ to: z.string() });
server.registerTool("a", { inputSchema: Strict.extend({ cc: z.string() }) }, async () => ({ content: [] }));
server.registerTool("b", { inputSchema: Loose.extend({ cc: z.string() }) }, async () => ({ content: [] }));
`;
const mergeModes = `${SDK_ZOD}const Strict = z.strictObject({ to: z.string() });
const Loose = z.object({ cc: z.string() });
server.registerTool("a", { inputSchema: Strict.merge(Loose) }, async () => ({ content: [] }));
server.registerTool("b", { inputSchema: Loose.merge(Strict) }, async () => ({ content: [] }));
`;
const pickOmitPartial = `${SDK_ZOD}const Loose = z.object({ to: z.string(), cc: z.string() });
server.registerTool("a", { inputSchema: Loose.pick({ to: true }) }, async () => ({ content: [] }));
server.registerTool("b", { inputSchema: Loose.omit({ cc: true }) }, async () => ({ content: [] }));
server.registerTool("c", { inputSchema: Loose.partial() }, async () => ({ content: [] }));
`;
const passthrough = `${SDK_ZOD}server.registerTool("a", { inputSchema: z.object({ to: z.string() }).passthrough() }, async () => ({ content: [] }));
`;
const loose = `${SDK_ZOD}server.registerTool("b", { inputSchema: z.object({ to: z.string() }).loose() }, async () => ({ content: [] }));
`;
const looseObject = `${SDK_ZOD}server.registerTool("c", { inputSchema: z.looseObject({ to: z.string() }) }, async () => ({ content: [] }));
`;
const catchall = `${SDK_ZOD}server.registerTool("d", { inputSchema: z.object({ to: z.string() }).catchall(z.string()) }, async () => ({ content: [] }));
`;
const strip = `${SDK_ZOD}server.registerTool("e", { inputSchema: z.object({ to: z.string() }).strict().strip() }, async () => ({ content: [] }));
`;
const strictThenPassthrough = `${SDK_ZOD}server.registerTool("f", { inputSchema: z.strictObject({ to: z.string() }).passthrough() }, async () => ({ content: [] }));
`;
const v3Modes = `${SDK_ZOD_V3}server.registerTool("a", { inputSchema: z.object({ to: z.string() }).passthrough() }, async () => ({ content: [] }));
server.registerTool("b", { inputSchema: z.object({ to: z.string() }).nonstrict() }, async () => ({ content: [] }));
`;
const miniOpen = `${SDK_ZOD_MINI}server.registerTool("a", { inputSchema: z.looseObject({ to: z.string() }) }, async () => ({ content: [] }));
server.registerTool("b", { inputSchema: z.extend(z.object({ to: z.string() }), { cc: z.string() }) }, async () => ({ content: [] }));
server.registerTool("c", { inputSchema: z.catchall(z.strictObject({ to: z.string() }), z.string()) }, async () => ({ content: [] }));
server.registerTool("d", { inputSchema: z.partial(z.object({ to: z.string() })) }, async () => ({ content: [] }));
`;
const nestedDepth3 = `${SDK_ZOD}server.registerTool("deep", {
  inputSchema: z.strictObject({
    a: z.strictObject({
      b: z.strictObject({
        c: z.object({ d: z.string() }),
      }),
    }),
  }),
}, async () => ({ content: [] }));
`;
const nestedArrays = `${SDK_ZOD}server.registerTool("deep", {
  inputSchema: z.strictObject({
    items: z.array(z.strictObject({ tags: z.array(z.object({ k: z.string() })).max(5) })).max(5),
  }),
}, async () => ({ content: [] }));
`;
const union = `${SDK_ZOD}server.registerTool("u", {
  inputSchema: z.union([z.strictObject({ a: z.string() }), z.object({ b: z.string() })]),
}, async () => ({ content: [] }));
`;
const discriminatedUnion = `${SDK_ZOD}server.registerTool("du", {
  inputSchema: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("a"), x: z.string() }),
    z.object({ kind: z.literal("b"), y: z.string() }),
  ]),
}, async () => ({ content: [] }));
`;
const lazy = `${SDK_ZOD}server.registerTool("l", { inputSchema: z.lazy(() => z.object({ a: z.string() })) }, async () => ({ content: [] }));
`;
const preprocess = `${SDK_ZOD}server.registerTool("p", { inputSchema: z.preprocess((v) => v, z.object({ a: z.string() })) }, async () => ({ content: [] }));
`;
const sharedSchema = `${SDK_ZOD}const Input = z.object({ a: z.string() });
server.registerTool("one", { inputSchema: Input }, async () => ({ content: [] }));
server.registerTool("two", { inputSchema: Input }, async () => ({ content: [] }));
`;
const sharedNested = `${SDK_ZOD}const Addr = z.object({ a: z.string() });
server.registerTool("one", { inputSchema: z.strictObject({ from: Addr }) }, async () => ({ content: [] }));
server.registerTool("two", { inputSchema: z.strictObject({ to: Addr }) }, async () => ({ content: [] }));
`;
const jsonToolsConst = `${SDK_LOW_LEVEL}const tools = [
  { name: "search", inputSchema: { type: "object", properties: { q: { type: "string", maxLength: 100 } } } },
  { name: "open", inputSchema: { type: "object", properties: { id: { type: "string" } }, additionalProperties: true } },
  { name: "tag", inputSchema: { type: "object", properties: { id: { type: "string" } }, additionalProperties: { type: "string" } } },
  { name: "ok", inputSchema: { type: "object", properties: { id: { type: "string" } }, additionalProperties: false } },
];
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
`;
const jsonToolsPush = `${SDK_LOW_LEVEL}const tools = [];
tools.push({ name: "search", inputSchema: { type: "object", properties: { q: { type: "string" } } } });
server.setRequestHandler(ListToolsRequestSchema, async () => {
  return { tools };
});
`;
const jsonNested = `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "n",
    inputSchema: {
      type: "object",
      properties: {
        filter: { type: "object", properties: { tag: { type: "string" } } },
      },
      additionalProperties: false,
    },
  }],
}));
`;
const jsonRefComposed = `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "r",
    inputSchema: { type: "object", properties: { a: { type: "string" } }, $ref: "#/$defs/base" },
  }],
}));
`;
const jsonPropertyNamedKeyword = `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "p",
    inputSchema: {
      type: "object",
      properties: { additionalProperties: { type: "boolean", const: false } },
    },
  }],
}));
`;
const v2ToolsList = `import { McpServer } from "@modelcontextprotocol/server";
const server = new McpServer({ name: "t", version: "1.0.0" });
server.server.setRequestHandler("tools/list", async () => ({
  tools: [{ name: "v2", inputSchema: { type: "object", properties: { q: { type: "string" } } } }],
}));
`;
const v2FromJsonSchema = `import { McpServer, fromJsonSchema } from "@modelcontextprotocol/server";
const server = new McpServer({ name: "t", version: "1.0.0" });
server.registerTool("v2", { inputSchema: fromJsonSchema({ type: "object", properties: { q: { type: "string" } } }) }, async () => ({ content: [] }));
`;
const v2Zod = `${SDK_V2_ZOD}server.registerTool("v2", { inputSchema: z.object({ q: z.string() }) }, async () => ({ content: [] }));
`;
const fastmcpAddTool = `import { FastMCP } from "fastmcp";
import { z } from "zod";
const server = new FastMCP({ name: "t", version: "1.0.0" });
server.addTool({ name: "f", parameters: z.object({ q: z.string() }), execute: async () => "ok" });
`;
const fastmcpAddTools = `import { FastMCP } from "fastmcp";
import { z } from "zod";
const server = new FastMCP({ name: "t", version: "1.0.0" });
server.addTools([
  { name: "a", parameters: z.object({ q: z.string() }), execute: async () => "ok" },
  { name: "b", parameters: z.strictObject({ q: z.string() }), execute: async () => "ok" },
  { name: "c", parameters: z.looseObject({ q: z.string() }), execute: async () => "ok" },
]);
`;
const fastmcpJsonAdapter = `import { FastMCP, jsonSchemaAdapter } from "fastmcp";
const server = new FastMCP({ name: "t", version: "1.0.0" });
server.addTool({ name: "j", parameters: jsonSchemaAdapter({ type: "object", properties: { q: { type: "string" } } }), execute: async () => "ok" });
`;
const mcpHandler = `import { createMcpHandler } from "mcp-handler";
import { z } from "zod";
const handler = createMcpHandler((server) => {
  server.registerTool("h", { inputSchema: z.object({ q: z.string() }) }, async () => ({ content: [] }));
});
export { handler as GET, handler as POST };
`;
const mcpHandlerShape = `import { createMcpHandler } from "mcp-handler";
import { z } from "zod";
const handler = createMcpHandler((server) => {
  server.registerTool("h", { inputSchema: { q: z.string() } }, async () => ({ content: [] }));
});
export default handler;
`;
const allowFieldsByName = `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ meta: z.object({ k: z.string() }), other: z.object({ k: z.string() }) }) }, async () => ({ content: [] }));
`;
const allowFieldsByPath = `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ outer: z.strictObject({ meta: z.object({}) }), meta: z.object({}) }) }, async () => ({ content: [] }));
`;
// A tool without arguments: the SDK strips every key, so nothing the caller sends reaches the handler.
const rootEmpty = `${SDK_ZOD}server.registerTool("a", { inputSchema: z.object({}) }, async () => ({ content: [] }));
server.registerTool("b", { inputSchema: z.strictObject({}) }, async () => ({ content: [] }));
server.registerTool("c", { inputSchema: {} }, async () => ({ content: [] }));
server.registerTool("d", { inputSchema: z.object({}).strip() }, async () => ({ content: [] }));
server.tool("e", {}, async () => ({ content: [] }));
server.tool("f", async () => ({ content: [] }));
`;
const rootEmptyOpen = `${SDK_ZOD}server.registerTool("a", { inputSchema: z.object({}).passthrough() }, async () => ({ content: [] }));
server.registerTool("b", { inputSchema: z.strictObject({ options: z.object({}) }) }, async () => ({ content: [] }));
`;

ruleTester.run("require-strict-objects", rule, {
  valid: [
    { name: "a tool without arguments: z.object({}), an empty raw shape, server.tool() with {} (nothing reaches the handler)", code: rootEmpty },
    {
      name: "strict forms: z.strictObject, .strict(), wrappers after .strict(), .passthrough().strict(), .catchall(z.never())",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ to: z.string() }) }, async () => ({ content: [] }));
server.registerTool("b", { inputSchema: z.object({ to: z.string() }).strict() }, async () => ({ content: [] }));
server.registerTool("c", { inputSchema: z.object({ to: z.string() }).strict().describe("x").optional() }, async () => ({ content: [] }));
server.registerTool("d", { inputSchema: z.object({ to: z.string() }).passthrough().strict() }, async () => ({ content: [] }));
server.registerTool("e", { inputSchema: z.object({ to: z.string() }).catchall(z.never()) }, async () => ({ content: [] }));
`,
    },
    {
      name: "zod v3: .strict() and z.strictObject",
      code: `${SDK_ZOD_V3}server.registerTool("a", { inputSchema: z.object({ to: z.string() }).strict() }, async () => ({ content: [] }));
server.registerTool("b", { inputSchema: z.strictObject({ to: z.string() }) }, async () => ({ content: [] }));
`,
    },
    {
      name: "zod/mini: z.strictObject, z.extend of a strict object, z.catchall(o, z.never())",
      code: `${SDK_ZOD_MINI}server.registerTool("a", { inputSchema: z.strictObject({ to: z.string() }) }, async () => ({ content: [] }));
server.registerTool("b", { inputSchema: z.extend(z.strictObject({ to: z.string() }), { cc: z.string() }) }, async () => ({ content: [] }));
server.registerTool("c", { inputSchema: z.catchall(z.object({ to: z.string() }), z.never()) }, async () => ({ content: [] }));
`,
    },
    {
      name: ".extend/.safeExtend/.pick/.omit/.partial/.required keep a strict receiver strict",
      code: `${SDK_ZOD}const Strict = z.strictObject({ to: z.string(), cc: z.string() });
server.registerTool("a", { inputSchema: Strict.extend({ bcc: z.string() }) }, async () => ({ content: [] }));
server.registerTool("b", { inputSchema: Strict.safeExtend({ bcc: z.string() }) }, async () => ({ content: [] }));
server.registerTool("c", { inputSchema: Strict.pick({ to: true }) }, async () => ({ content: [] }));
server.registerTool("d", { inputSchema: Strict.omit({ cc: true }).partial() }, async () => ({ content: [] }));
server.registerTool("e", { inputSchema: Strict.partial().required() }, async () => ({ content: [] }));
`,
    },
    {
      name: ".merge(B) takes B's mode: a stripping object merged with a strict one is strict",
      code: `${SDK_ZOD}const Strict = z.strictObject({ to: z.string() });
const Loose = z.object({ cc: z.string() });
server.registerTool("a", { inputSchema: Loose.merge(Strict) }, async () => ({ content: [] }));
`,
    },
    {
      name: "a shape spread into z.strictObject stays strict",
      code: `${SDK_ZOD}const Base = z.object({ to: z.string() });
server.registerTool("a", { inputSchema: z.strictObject({ ...Base.shape, cc: z.string() }) }, async () => ({ content: [] }));
server.registerTool("b", { inputSchema: z.object(Base.shape).strict() }, async () => ({ content: [] }));
`,
    },
    {
      name: "z.lazy, z.preprocess and wrappers of a strict object",
      code: `${SDK_ZOD}server.registerTool("l", { inputSchema: z.lazy(() => z.strictObject({ a: z.string() })) }, async () => ({ content: [] }));
server.registerTool("p", { inputSchema: z.preprocess((v) => v, z.strictObject({ a: z.string() })) }, async () => ({ content: [] }));
server.registerTool("q", { inputSchema: z.strictObject({ a: z.string() }).optional().describe("x") }, async () => ({ content: [] }));
`,
    },
    {
      name: "unions and discriminated unions of strict members",
      code: `${SDK_ZOD}server.registerTool("u", { inputSchema: z.union([z.strictObject({ a: z.string() }), z.strictObject({ b: z.string() })]) }, async () => ({ content: [] }));
server.registerTool("du", {
  inputSchema: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("a"), x: z.string() }),
    z.object({ kind: z.literal("b"), y: z.string() }).strict(),
  ]),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "nested strict objects at every depth, in arrays and records",
      code: `${SDK_ZOD}server.registerTool("deep", {
  inputSchema: z.strictObject({
    a: z.strictObject({ b: z.array(z.strictObject({ c: z.record(z.string(), z.strictObject({ d: z.string() })) })) }),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "server.tool() without a shape: (name, cb), (name, description, cb)",
      code: `${SDK_ZOD}server.tool("t1", async () => ({ content: [] }));
server.tool("t2", "desc", async () => ({ content: [] }));
`,
    },
    {
      name: "server.tool(name, annotations, cb) and (name, description, annotations, cb): annotations are not a shape",
      code: `${SDK_ZOD}server.tool("a1", { readOnlyHint: true, title: "x" }, async () => ({ content: [] }));
server.tool("a2", "desc", { destructiveHint: false }, async () => ({ content: [] }));
const ann = { openWorldHint: false };
server.tool("a3", ann, async () => ({ content: [] }));
`,
    },
    {
      name: "server.tool(name, annotations, cb): no value is a zod schema, so unknown keys do not make it a shape",
      code: `${SDK_ZOD}server.tool("t", { readOnlyHint: true, customHint: false }, async () => ({ content: [] }));
`,
    },
    {
      name: "JSON Schema: allOf parts are governed by the composed object's unevaluatedProperties: false",
      code: `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "c",
    inputSchema: { type: "object", allOf: [{ properties: { a: { type: "string" } } }, { properties: { b: { type: "string" } } }], unevaluatedProperties: false },
  }],
}));
`,
    },
    {
      name: "server.tool(name, description, cb) with the description in a const, a template, a concatenation or an import",
      code: `${SDK_ZOD}import { readOnly } from "./annotations.js";
const desc = "Lists things";
server.tool("t", desc, async () => ({ content: [] }));
server.tool("u", \`List v\${desc}\`, async () => ({ content: [] }));
server.tool("v", desc + " fast", async () => ({ content: [] }));
server.tool("w", readOnly, async () => ({ content: [] }));
`,
    },
    {
      name: "JSON Schema: additionalProperties: false next to an allOf that only adds required",
      code: `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "c",
    inputSchema: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false, allOf: [{ required: ["a"] }] },
  }],
}));
`,
    },
    {
      name: "a file without any MCP import that calls .tool(), .addTool() and .registerTool()",
      code: `import { z } from "zod";
const cli = makeCli();
cli.tool("x", { q: z.string() }, async () => ({}));
cli.addTool({ name: "x", parameters: z.object({ q: z.string() }), execute: async () => "" });
cli.registerTool("x", { inputSchema: z.object({ q: z.string() }) }, async () => ({}));
`,
    },
    {
      name: "a registration inside a template literal (a scaffold), in a file that mentions but does not import the SDK",
      code: `import { z } from "zod";
export const template = \`
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
server.registerTool("x", { inputSchema: z.object({ q: z.string() }) }, async () => ({ content: [] }));
\`;
`,
    },
    {
      name: "registrations inside string literals of an MCP server file",
      code: `${SDK_ZOD}export const template = \`server.registerTool("x", { inputSchema: z.object({ q: z.string() }) }, async () => ({ content: [] }));\`;
const s2 = 'server.tool("y", { q: z.string() }, async () => ({ content: [] }))';
`,
    },
    {
      name: "outputSchema is not input: z.object and a raw shape",
      code: `${SDK_ZOD}server.registerTool("o", { inputSchema: z.strictObject({ q: z.string() }), outputSchema: z.object({ r: z.string() }) }, async () => ({ content: [] }));
server.registerTool("p", { inputSchema: z.strictObject({ q: z.string() }), outputSchema: { r: z.string() } }, async () => ({ content: [] }));
`,
    },
    {
      name: "schemas inside the handler validate an upstream response and an elicitation reply",
      code: `${SDK_ZOD}server.registerTool("h", { inputSchema: z.strictObject({ q: z.string().max(10) }) }, async ({ q }) => {
  const res = await fetch("https://api.example.com?q=" + q);
  const body = z.object({ items: z.array(z.string()) }).parse(await res.json());
  const reply = await server.server.elicitInput({ message: "ok?", requestedSchema: { type: "object", properties: {} } });
  const answer = z.object({ ok: z.any() }).passthrough().parse(reply.content);
  return { content: [{ type: "text", text: body.items.join(",") + String(answer.ok) }] };
});
`,
    },
    {
      name: "a schema imported from another file is opaque",
      code: `${SDK_ZOD}import { Input } from "./schemas.js";
server.registerTool("i", { inputSchema: Input }, async () => ({ content: [] }));
server.registerTool("j", { inputSchema: Input.extend({ a: z.string() }) }, async () => ({ content: [] }));
`,
    },
    {
      name: "a computed schema (a parameter, a factory of a parameter) is opaque",
      code: `${SDK_ZOD}function register(schema: unknown) {
  server.registerTool("c", { inputSchema: schema }, async () => ({ content: [] }));
}
function makeSchema(x: unknown) { return x; }
export const build = (x: unknown) => server.registerTool("d", { inputSchema: makeSchema(x) }, async () => ({ content: [] }));
`,
    },
    {
      name: "JSON Schema: additionalProperties: false; properties named additionalProperties and maxLength are fields",
      code: `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "p",
    inputSchema: {
      type: "object",
      properties: {
        additionalProperties: { type: "boolean" },
        maxLength: { type: "integer" },
        nested: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
      },
      additionalProperties: false,
    },
  }],
}));
`,
    },
    {
      name: "JSON Schema composed with $ref and closed with unevaluatedProperties: false",
      code: `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "r",
    inputSchema: { type: "object", properties: { a: { type: "string" } }, $ref: "#/$defs/base", unevaluatedProperties: false },
  }],
}));
`,
    },
    {
      name: "SDK v2: tools/list and fromJsonSchema with closed objects",
      code: `import { McpServer, fromJsonSchema } from "@modelcontextprotocol/server";
const server = new McpServer({ name: "t", version: "1.0.0" });
server.server.setRequestHandler("tools/list", async () => ({
  tools: [{ name: "v2", inputSchema: { type: "object", properties: { q: { type: "string" } }, additionalProperties: false } }],
}));
server.registerTool("v3", { inputSchema: fromJsonSchema({ type: "object", properties: { q: { type: "string" } }, additionalProperties: false }) }, async () => ({ content: [] }));
`,
    },
    {
      name: "fastmcp addTool/addTools with strict parameters",
      code: `import { FastMCP } from "fastmcp";
import { z } from "zod";
const server = new FastMCP({ name: "t", version: "1.0.0" });
server.addTool({ name: "f", parameters: z.strictObject({ q: z.string() }), execute: async () => "ok" });
server.addTools([{ name: "g", parameters: z.object({ q: z.string() }).strict(), execute: async () => "ok" }]);
`,
    },
    {
      name: "createMcpHandler with a strict inputSchema",
      code: `import { createMcpHandler } from "mcp-handler";
import { z } from "zod";
export const handler = createMcpHandler((server) => {
  server.registerTool("h", { inputSchema: z.strictObject({ q: z.string() }) }, async () => ({ content: [] }));
});
`,
    },
    {
      name: "plain .mjs linted by espree, strict",
      code: `${SDK_ZOD}server.registerTool("send", { inputSchema: z.strictObject({ to: z.string() }) }, async () => ({ content: [] }));
`,
      ...asJs,
    },
    {
      name: "allowFields by name: the allowed nested object is left alone",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ meta: z.object({ k: z.string() }) }) }, async () => ({ content: [] }));
`,
      options: [{ allowFields: ["meta"] }],
    },
    {
      name: "allowFields by name covers the elements of an array field",
      code: `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ items: z.array(z.object({ k: z.string() })) }) }, async () => ({ content: [] }));
`,
      options: [{ allowFields: ["items"] }],
    },
  ],
  invalid: [
    {
      name: "tool definitions registered in a for-of loop and in forEach: the open schema is reported once, where it is written",
      code: toolDefinitionLoop,
      errors: [{
        messageId: "zodObject", line: 4, column: 36, endLine: 4, endColumn: 44,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(toolDefinitionLoop, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(toolDefinitionLoop, "a: z.string().max(3) }) }", "a: z.string().max(3) }).strict() }") },
        ],
      }],
    },
    {
      name: "zod v4 classic, named import z: z.object() gets both suggestions",
      code: v4Named,
      errors: [{
        messageId: "zodObject", line: 4, column: 44, endLine: 4, endColumn: 52,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(v4Named, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(v4Named, "z.string() })", "z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "the full message names the tool",
      code: v4Named,
      errors: [{
        messageId: "zodObject", line: 4, column: 44, endLine: 4, endColumn: 52,
        data: { where: 'the input of tool "send"' },
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(v4Named, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(v4Named, "z.string() })", "z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "zod v3 (zod/v3)",
      code: v3Named,
      errors: [{
        messageId: "zodObject", line: 4, column: 44, endLine: 4, endColumn: 52,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(v3Named, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(v3Named, "z.string() })", "z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "zod/mini namespace: only the z.strictObject suggestion (mini has no .strict())",
      code: miniNamespace,
      errors: [{
        messageId: "zodObject", line: 4, column: 44, endLine: 4, endColumn: 52,
        suggestions: [{ messageId: "useStrictObject", output: replaceOnce(miniNamespace, "z.object(", "z.strictObject(") }],
      }],
    },
    {
      name: "namespace import under another name",
      code: v4Namespace,
      errors: [{
        messageId: "zodObject", line: 4, column: 44, endLine: 4, endColumn: 53,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(v4Namespace, "zz.object(", "zz.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(v4Namespace, "zz.string() })", "zz.string() }).strict()") },
        ],
      }],
    },
    {
      name: "default import",
      code: v4Default,
      errors: [{
        messageId: "zodObject", line: 4, column: 44, endLine: 4, endColumn: 52,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(v4Default, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(v4Default, "z.string() })", "z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "require() with destructuring, in TypeScript",
      code: requireDestructured,
      errors: [{
        messageId: "zodObject", line: 4, column: 44, endLine: 4, endColumn: 52,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(requireDestructured, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(requireDestructured, "z.string() })", "z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "require() of the namespace, in a .cjs file linted by espree",
      code: requireNamespace,
      ...asJs,
      filename: "server.cjs",
      errors: [{
        messageId: "zodObject", line: 4, column: 44, endLine: 4, endColumn: 52,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(requireNamespace, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(requireNamespace, "z.string() })", "z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "named functions imported from zod: object() can only get .strict() appended",
      code: namedFunctions,
      errors: [{
        messageId: "zodObject", line: 4, column: 44, endLine: 4, endColumn: 50,
        suggestions: [{ messageId: "appendStrict", output: replaceOnce(namedFunctions, "string() })", "string() }).strict()") }],
      }],
    },
    {
      name: "named functions imported from zod/mini: no suggestion",
      code: namedFunctionsMini,
      errors: [{ messageId: "zodObject", line: 4, column: 44, endLine: 4, endColumn: 50, suggestions: [] }],
    },
    {
      name: "plain .mjs linted by espree",
      code: v4Named,
      ...asJs,
      errors: [{
        messageId: "zodObject", line: 4, column: 44, endLine: 4, endColumn: 52,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(v4Named, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(v4Named, "z.string() })", "z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "plain .js linted by espree, raw shape",
      code: rawShapeInline,
      ...asJs,
      filename: "server.js",
      errors: [{
        messageId: "rawShape", line: 4, column: 44, endLine: 4, endColumn: 62,
        suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(rawShapeInline, "{ to: z.string() }", "z.strictObject({ to: z.string() })") }],
      }],
    },
    {
      name: "raw shape in registerTool: wrap suggestion",
      code: rawShapeInline,
      errors: [{
        messageId: "rawShape", line: 4, column: 44, endLine: 4, endColumn: 62,
        suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(rawShapeInline, "{ to: z.string() }", "z.strictObject({ to: z.string() })") }],
      }],
    },
    {
      name: "raw shape held in a const: reported at the reference, wrapped there",
      code: rawShapeConst,
      errors: [{
        messageId: "rawShape", line: 5, column: 62, endLine: 5, endColumn: 67,
        suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(rawShapeConst, "inputSchema: shape", "inputSchema: z.strictObject(shape)") }],
      }],
    },
    {
      name: "deprecated server.tool(): every overload with a shape; no suggestion",
      code: `${SDK_ZOD}server.tool("t3", { to: z.string() }, async () => ({ content: [] }));
server.tool("t4", "desc", { to: z.string() }, async () => ({ content: [] }));
server.tool("t5", { to: z.string() }, { readOnlyHint: true }, async () => ({ content: [] }));
server.tool("t6", "desc", { to: z.string() }, { readOnlyHint: true }, async () => ({ content: [] }));
`,
      errors: [
        { messageId: "rawShapeTool", line: 4, column: 19, endLine: 4, endColumn: 37, suggestions: [] },
        { messageId: "rawShapeTool", line: 5, column: 27, endLine: 5, endColumn: 45, suggestions: [] },
        { messageId: "rawShapeTool", line: 6, column: 19, endLine: 6, endColumn: 37, suggestions: [] },
        { messageId: "rawShapeTool", line: 7, column: 27, endLine: 7, endColumn: 45, suggestions: [] },
      ],
    },
    {
      name: "server.tool() message names the tool",
      code: `${SDK_ZOD}server.tool("t3", { to: z.string() }, async () => ({ content: [] }));
`,
      errors: [{ messageId: "rawShapeTool", line: 4, column: 19, endLine: 4, endColumn: 37, data: { others: "", tool: "t3" }, suggestions: [] }],
    },
    {
      name: "server.tool() shape with a nested z.object(): both the shape and the field",
      code: toolNestedObject,
      errors: [
        { messageId: "rawShapeTool", line: 4, column: 19, endLine: 4, endColumn: 96, suggestions: [] },
        {
          messageId: "zodObject", line: 4, column: 67, endLine: 4, endColumn: 75,
          data: { where: 'field "cc" of tool "n1"' },
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(toolNestedObject, "cc: z.object(", "cc: z.strictObject(") },
            { messageId: "appendStrict", output: replaceOnce(toolNestedObject, "b: z.string() })", "b: z.string() }).strict()") },
          ],
        },
      ],
    },
    {
      name: "{ ...X.shape } in a raw shape loses X's strictness",
      code: spreadShape,
      errors: [{
        messageId: "rawShape", line: 5, column: 41, endLine: 5, endColumn: 74,
        suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(spreadShape, "{ ...Base.shape, cc: z.string() }", "z.strictObject({ ...Base.shape, cc: z.string() })") }],
      }],
    },
    {
      name: "inputSchema: X.shape is a raw shape: X's strictness is lost",
      code: dotShape,
      errors: [{
        messageId: "rawShape", line: 5, column: 41, endLine: 5, endColumn: 51,
        data: { others: "", tool: "a" },
        suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(dotShape, "inputSchema: Base.shape", "inputSchema: z.strictObject(Base.shape)") }],
      }],
    },
    {
      name: "server.tool(name, X.shape, cb): a raw shape, X's strictness is lost",
      code: `${SDK_ZOD}const Base = z.object({ to: z.string() }).strict();
server.tool("x", Base.shape, async () => ({ content: [] }));
`,
      errors: [{ messageId: "rawShapeTool", line: 5, column: 18, endLine: 5, endColumn: 28, data: { others: "", tool: "x" }, suggestions: [] }],
    },
    {
      name: "X.shape held in a const",
      code: dotShapeConst,
      errors: [{
        messageId: "rawShape", line: 6, column: 41, endLine: 6, endColumn: 46,
        suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(dotShapeConst, "inputSchema: shape", "inputSchema: z.strictObject(shape)") }],
      }],
    },
    {
      name: "server.tool() decides by values: a shape whose keys look like annotations is still a shape",
      code: `${SDK_ZOD}server.tool("t", { title: z.string() }, async () => ({ content: [] }));
server.tool("u", "desc", { title: z.string(), readOnlyHint: z.boolean() }, async () => ({ content: [] }));
`,
      errors: [
        { messageId: "rawShapeTool", line: 4, column: 18, endLine: 4, endColumn: 39, data: { others: "", tool: "t" }, suggestions: [] },
        { messageId: "rawShapeTool", line: 5, column: 26, endLine: 5, endColumn: 74, data: { others: "", tool: "u" }, suggestions: [] },
      ],
    },
    {
      name: "z.object(X.shape) and z.object({ ...X.shape }) lose X's strictness",
      code: objectOfShape,
      errors: [
        {
          messageId: "zodObject", line: 5, column: 41, endLine: 5, endColumn: 49,
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(objectOfShape, "z.object(Base.shape)", "z.strictObject(Base.shape)") },
            { messageId: "appendStrict", output: replaceOnce(objectOfShape, "z.object(Base.shape)", "z.object(Base.shape).strict()") },
          ],
        },
        {
          messageId: "zodObject", line: 6, column: 41, endLine: 6, endColumn: 49,
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(objectOfShape, "z.object({ ...Base.shape })", "z.strictObject({ ...Base.shape })") },
            { messageId: "appendStrict", output: replaceOnce(objectOfShape, "z.object({ ...Base.shape })", "z.object({ ...Base.shape }).strict()") },
          ],
        },
      ],
    },
    {
      name: ".extend() keeps the receiver's mode: reported where the stripping object is written",
      code: extendLoose,
      errors: [{
        messageId: "zodObject", line: 5, column: 15, endLine: 5, endColumn: 23,
        data: { where: 'the input of tool "b"' },
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(extendLoose, "Loose = z.object(", "Loose = z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(extendLoose, "Loose = z.object({ to: z.string() })", "Loose = z.object({ to: z.string() }).strict()") },
        ],
      }],
    },
    {
      name: ".merge(B) takes B's mode: a strict object merged with a stripping one strips",
      code: mergeModes,
      errors: [{
        messageId: "zodObject", line: 5, column: 15, endLine: 5, endColumn: 23,
        data: { where: 'the input of tool "a"' },
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(mergeModes, "Loose = z.object(", "Loose = z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(mergeModes, "Loose = z.object({ cc: z.string() })", "Loose = z.object({ cc: z.string() }).strict()") },
        ],
      }],
    },
    {
      name: ".pick/.omit/.partial keep a stripping mode; the shared source is reported once",
      code: pickOmitPartial,
      errors: [{
        messageId: "zodObject", line: 4, column: 15, endLine: 4, endColumn: 23,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(pickOmitPartial, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(pickOmitPartial, "cc: z.string() });", "cc: z.string() }).strict();") },
        ],
      }],
    },
    {
      name: ".passthrough()",
      code: passthrough,
      errors: [{
        messageId: "passthrough", line: 4, column: 70, endLine: 4, endColumn: 81,
        data: { method: "passthrough", where: 'the input of tool "a"' },
        suggestions: [{ messageId: "replaceWithStrict", output: replaceOnce(passthrough, ".passthrough()", ".strict()") }],
      }],
    },
    {
      name: ".loose()",
      code: loose,
      errors: [{
        messageId: "passthrough", line: 4, column: 70, endLine: 4, endColumn: 75,
        data: { method: "loose", where: 'the input of tool "b"' },
        suggestions: [{ messageId: "replaceWithStrict", output: replaceOnce(loose, ".loose()", ".strict()") }],
      }],
    },
    {
      name: "z.looseObject()",
      code: looseObject,
      errors: [{
        messageId: "looseObject", line: 4, column: 41, endLine: 4, endColumn: 54,
        suggestions: [{ messageId: "useStrictObject", output: replaceOnce(looseObject, "z.looseObject(", "z.strictObject(") }],
      }],
    },
    {
      name: ".catchall(schema)",
      code: catchall,
      errors: [{
        messageId: "catchall", line: 4, column: 70, endLine: 4, endColumn: 78,
        suggestions: [{ messageId: "replaceWithStrict", output: replaceOnce(catchall, ".catchall(z.string())", ".strict()") }],
      }],
    },
    {
      name: ".strip() after .strict() reopens the object",
      code: strip,
      errors: [{
        messageId: "stripCall", line: 4, column: 79, endLine: 4, endColumn: 84,
        suggestions: [{ messageId: "replaceWithStrict", output: replaceOnce(strip, ".strip()", ".strict()") }],
      }],
    },
    {
      name: ".passthrough() after z.strictObject()",
      code: strictThenPassthrough,
      errors: [{
        messageId: "passthrough", line: 4, column: 76, endLine: 4, endColumn: 87,
        suggestions: [{ messageId: "replaceWithStrict", output: replaceOnce(strictThenPassthrough, ".passthrough()", ".strict()") }],
      }],
    },
    {
      name: "zod v3 .passthrough() and .nonstrict()",
      code: v3Modes,
      errors: [
        {
          messageId: "passthrough", line: 4, column: 70, endLine: 4, endColumn: 81,
          suggestions: [{ messageId: "replaceWithStrict", output: replaceOnce(v3Modes, ".passthrough()", ".strict()") }],
        },
        {
          messageId: "passthrough", line: 5, column: 70, endLine: 5, endColumn: 79,
          data: { method: "nonstrict", where: 'the input of tool "b"' },
          suggestions: [{ messageId: "replaceWithStrict", output: replaceOnce(v3Modes, ".nonstrict()", ".strict()") }],
        },
      ],
    },
    {
      name: "zod/mini: z.looseObject, z.extend(z.object), z.catchall(o, x), z.partial(z.object)",
      code: miniOpen,
      errors: [
        {
          messageId: "looseObject", line: 4, column: 41, endLine: 4, endColumn: 54,
          suggestions: [{ messageId: "useStrictObject", output: replaceOnce(miniOpen, "z.looseObject(", "z.strictObject(") }],
        },
        {
          messageId: "zodObject", line: 5, column: 50, endLine: 5, endColumn: 58,
          suggestions: [{ messageId: "useStrictObject", output: replaceOnce(miniOpen, "z.extend(z.object(", "z.extend(z.strictObject(") }],
        },
        { messageId: "catchall", line: 6, column: 41, endLine: 6, endColumn: 51, suggestions: [] },
        {
          messageId: "zodObject", line: 7, column: 51, endLine: 7, endColumn: 59,
          suggestions: [{ messageId: "useStrictObject", output: replaceOnce(miniOpen, "z.partial(z.object(", "z.partial(z.strictObject(") }],
        },
      ],
    },
    {
      name: "nested at depth 3: the message gives the field path",
      code: nestedDepth3,
      errors: [{
        messageId: "zodObject", line: 8, column: 12, endLine: 8, endColumn: 20,
        data: { where: 'field "a.b.c" of tool "deep"' },
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(nestedDepth3, "c: z.object(", "c: z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(nestedDepth3, "d: z.string() })", "d: z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "full message for a nested object inside arrays",
      code: nestedArrays,
      errors: [{
        messageId: "zodObject", line: 6, column: 51, endLine: 6, endColumn: 59,
        data: { where: 'field "items[].tags[]" of tool "deep"' },
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(nestedArrays, "z.array(z.object(", "z.array(z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(nestedArrays, "k: z.string() })", "k: z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "union: the stripping member",
      code: union,
      errors: [{
        messageId: "zodObject", line: 5, column: 60, endLine: 5, endColumn: 68,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(union, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(union, "b: z.string() })", "b: z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "discriminated union: the stripping member",
      code: discriminatedUnion,
      errors: [{
        messageId: "zodObject", line: 7, column: 5, endLine: 7, endColumn: 13,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(discriminatedUnion, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(discriminatedUnion, "y: z.string() })", "y: z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "z.lazy(() => z.object(...))",
      code: lazy,
      errors: [{
        messageId: "zodObject", line: 4, column: 54, endLine: 4, endColumn: 62,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(lazy, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(lazy, "a: z.string() })", "a: z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "z.preprocess(fn, z.object(...))",
      code: preprocess,
      errors: [{
        messageId: "zodObject", line: 4, column: 64, endLine: 4, endColumn: 72,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(preprocess, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(preprocess, "a: z.string() })", "a: z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "a factory of this file that returns the schema",
      code: factory,
      errors: [{
        messageId: "zodObject", line: 4, column: 37, endLine: 4, endColumn: 45,
        data: { where: 'the input of tool "f"' },
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(factory, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(factory, "id: z.string() })", "id: z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "a tool name held in a const is named in the message",
      code: constToolName,
      errors: [{
        messageId: "zodObject", line: 5, column: 42, endLine: 5, endColumn: 50,
        data: { where: 'the input of tool "search"' },
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(constToolName, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(constToolName, "q: z.string() })", "q: z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "a schema shared by two tools is reported once, where it is written",
      code: sharedSchema,
      errors: [{
        messageId: "zodObject", line: 4, column: 15, endLine: 4, endColumn: 23,
        data: { where: 'the input of tool "one" (and 1 other tool)' },
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(sharedSchema, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(sharedSchema, "a: z.string() })", "a: z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "a nested schema shared by two tools is reported once",
      code: sharedNested,
      errors: [{
        messageId: "zodObject", line: 4, column: 14, endLine: 4, endColumn: 22,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(sharedNested, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(sharedNested, "a: z.string() })", "a: z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "JSON Schema tools in a const array: missing, true and a schema for additionalProperties",
      code: jsonToolsConst,
      errors: [
        {
          messageId: "jsonMissing", line: 5, column: 36, endLine: 5, endColumn: 50,
          suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(jsonToolsConst, "maxLength: 100 } } }", "maxLength: 100 } }, additionalProperties: false }") }],
        },
        {
          messageId: "jsonOpen", line: 6, column: 90, endLine: 6, endColumn: 116,
          suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(jsonToolsConst, "additionalProperties: true", "additionalProperties: false") }],
        },
        {
          messageId: "jsonOpen", line: 7, column: 89, endLine: 7, endColumn: 129,
          data: { where: 'the input of tool "tag"' },
          suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(jsonToolsConst, 'additionalProperties: { type: "string" }', "additionalProperties: false") }],
        },
      ],
    },
    {
      name: "low-level tools/list publishing zod through zodToJsonSchema() and z.toJSONSchema()",
      code: zodToJsonLowLevel,
      errors: [
        {
          messageId: "zodObject", line: 6, column: 16, endLine: 6, endColumn: 24,
          data: { where: 'the input of tool "s"' },
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(zodToJsonLowLevel, "z.object(", "z.strictObject(") },
            { messageId: "appendStrict", output: replaceOnce(zodToJsonLowLevel, "z.object({ q: z.string() })", "z.object({ q: z.string() }).strict()") },
          ],
        },
        {
          messageId: "looseObject", line: 10, column: 46, endLine: 10, endColumn: 59,
          suggestions: [{ messageId: "useStrictObject", output: replaceOnce(zodToJsonLowLevel, "z.looseObject(", "z.strictObject(") }],
        },
      ],
    },
    {
      name: "a chain over several lines: the report spans the callee as written",
      code: multiLineChain,
      errors: [{
        messageId: "zodObject", line: 5, column: 16, endLine: 6, endColumn: 12,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(multiLineChain, ".object(", ".strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(multiLineChain, "q: z.string() })", "q: z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "JSON Schema tools added with tools.push()",
      code: jsonToolsPush,
      errors: [{
        messageId: "jsonMissing", line: 5, column: 45, endLine: 5, endColumn: 59,
        suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(jsonToolsPush, '{ type: "string" } } }', '{ type: "string" } }, additionalProperties: false }') }],
      }],
    },
    {
      name: "JSON Schema: a nested open object, with its field path",
      code: jsonNested,
      errors: [{
        messageId: "jsonMissing", line: 10, column: 19, endLine: 10, endColumn: 33,
        data: { where: 'field "filter" of tool "n"' },
        suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(jsonNested, '{ tag: { type: "string" } } }', '{ tag: { type: "string" } }, additionalProperties: false }') }],
      }],
    },
    {
      name: "JSON Schema composed with allOf: one report on the composed object, none on its parts",
      code: jsonAllOfOpen,
      errors: [{
        messageId: "jsonComposed", line: 7, column: 20, endLine: 7, endColumn: 34,
        data: { where: 'the input of tool "c"' },
        suggestions: [{ messageId: "setUnevaluatedFalse", output: replaceOnce(jsonAllOfOpen, '{ type: "object", allOf', '{ type: "object", unevaluatedProperties: false, allOf') }],
      }],
    },
    {
      name: "JSON Schema: { type: \"object\" } of a no-argument tool is still open",
      code: jsonNoArgs,
      errors: [{
        messageId: "jsonMissing", line: 5, column: 44, endLine: 5, endColumn: 58,
        suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(jsonNoArgs, '{ type: "object" }', '{ type: "object", additionalProperties: false }') }],
      }],
    },
    {
      name: "JSON Schema: a nested { type: \"object\" } without properties is open",
      code: jsonNestedBag,
      errors: [{
        messageId: "jsonMissing", line: 5, column: 76, endLine: 5, endColumn: 90,
        data: { where: 'field "bag" of tool "n"' },
        suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(jsonNestedBag, '{ bag: { type: "object" } }', '{ bag: { type: "object", additionalProperties: false } }') }],
      }],
    },
    {
      name: "JSON Schema composed with $ref needs unevaluatedProperties: false",
      code: jsonRefComposed,
      errors: [{
        messageId: "jsonComposed", line: 7, column: 20, endLine: 7, endColumn: 34,
        suggestions: [{ messageId: "setUnevaluatedFalse", output: replaceOnce(jsonRefComposed, '{ a: { type: "string" } },', '{ a: { type: "string" } }, unevaluatedProperties: false,') }],
      }],
    },
    {
      name: "JSON Schema: a property named additionalProperties is a field, not the keyword",
      code: jsonPropertyNamedKeyword,
      errors: [{
        messageId: "jsonMissing", line: 8, column: 7, endLine: 8, endColumn: 21,
        suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(jsonPropertyNamedKeyword, "const: false } },", "const: false } }, additionalProperties: false,") }],
      }],
    },
    {
      name: "SDK v2: setRequestHandler(\"tools/list\", …)",
      code: v2ToolsList,
      errors: [{
        messageId: "jsonMissing", line: 4, column: 40, endLine: 4, endColumn: 54,
        suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(v2ToolsList, '{ type: "string" } } }', '{ type: "string" } }, additionalProperties: false }') }],
      }],
    },
    {
      name: "SDK v2: fromJsonSchema(json)",
      code: v2FromJsonSchema,
      errors: [{
        messageId: "jsonMissing", line: 3, column: 59, endLine: 3, endColumn: 73,
        suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(v2FromJsonSchema, '{ type: "string" } } })', '{ type: "string" } }, additionalProperties: false })') }],
      }],
    },
    {
      name: "SDK v2 with zod",
      code: v2Zod,
      errors: [{
        messageId: "zodObject", line: 4, column: 42, endLine: 4, endColumn: 50,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(v2Zod, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(v2Zod, "q: z.string() })", "q: z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "fastmcp addTool",
      code: fastmcpAddTool,
      errors: [{
        messageId: "zodObject", line: 4, column: 41, endLine: 4, endColumn: 49,
        data: { where: 'the input of tool "f"' },
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(fastmcpAddTool, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(fastmcpAddTool, "q: z.string() })", "q: z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "fastmcp addTools: each open tool",
      code: fastmcpAddTools,
      errors: [
        {
          messageId: "zodObject", line: 5, column: 28, endLine: 5, endColumn: 36,
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(fastmcpAddTools, "z.object(", "z.strictObject(") },
            { messageId: "appendStrict", output: replaceOnce(fastmcpAddTools, "z.object({ q: z.string() })", "z.object({ q: z.string() }).strict()") },
          ],
        },
        {
          messageId: "looseObject", line: 7, column: 28, endLine: 7, endColumn: 41,
          data: { where: 'the input of tool "c"' },
          suggestions: [{ messageId: "useStrictObject", output: replaceOnce(fastmcpAddTools, "z.looseObject(", "z.strictObject(") }],
        },
      ],
    },
    {
      name: "fastmcp jsonSchemaAdapter(json)",
      code: fastmcpJsonAdapter,
      errors: [{
        messageId: "jsonMissing", line: 3, column: 61, endLine: 3, endColumn: 75,
        suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(fastmcpJsonAdapter, '{ type: "string" } } })', '{ type: "string" } }, additionalProperties: false })') }],
      }],
    },
    {
      name: "createMcpHandler((server) => server.registerTool(...)) from mcp-handler",
      code: mcpHandler,
      errors: [{
        messageId: "zodObject", line: 4, column: 43, endLine: 4, endColumn: 51,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(mcpHandler, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(mcpHandler, "q: z.string() })", "q: z.string() }).strict()") },
        ],
      }],
    },
    {
      name: "createMcpHandler with a raw shape",
      code: mcpHandlerShape,
      errors: [{
        messageId: "rawShape", line: 4, column: 43, endLine: 4, endColumn: 60,
        suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(mcpHandlerShape, "{ q: z.string() }", "z.strictObject({ q: z.string() })") }],
      }],
    },
    {
      name: "an empty root object that lets keys through is still flagged; nested empty objects too",
      code: rootEmptyOpen,
      errors: [
        {
          messageId: "passthrough", line: 4, column: 54, endLine: 4, endColumn: 65,
          suggestions: [{ messageId: "replaceWithStrict", output: replaceOnce(rootEmptyOpen, "passthrough", "strict") }],
        },
        {
          messageId: "zodObject", line: 5, column: 67, endLine: 5, endColumn: 75,
          data: { where: 'field "options" of tool "b"' },
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(rootEmptyOpen, "options: z.object({})", "options: z.strictObject({})") },
            { messageId: "appendStrict", output: replaceOnce(rootEmptyOpen, "options: z.object({})", "options: z.object({}).strict()") },
          ],
        },
      ],
    },
    {
      name: "allowFields by name: other fields are still reported",
      code: allowFieldsByName,
      options: [{ allowFields: ["meta"] }],
      errors: [{
        messageId: "zodObject", line: 4, column: 100, endLine: 4, endColumn: 108,
        data: { where: 'field "other" of tool "a"' },
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(allowFieldsByName, "other: z.object(", "other: z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(allowFieldsByName, "z.string() }) }) }", "z.string() }).strict() }) }") },
        ],
      }],
    },
    {
      name: "allowFields by path: only that path is left alone",
      code: allowFieldsByPath,
      options: [{ allowFields: ["outer.meta"] }],
      errors: [{
        messageId: "zodObject", line: 4, column: 111, endLine: 4, endColumn: 119,
        data: { where: 'field "meta" of tool "a"' },
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(allowFieldsByPath, "}), meta: z.object({})", "}), meta: z.strictObject({})") },
          { messageId: "appendStrict", output: replaceOnce(allowFieldsByPath, "}), meta: z.object({})", "}), meta: z.object({}).strict()") },
        ],
      }],
    },
  ],
});

describe("require-strict-objects options", () => {
  const lint = (options: unknown) => lintWithRuleOptions("require-strict-objects", v4Named, options, "server.js");

  it("rejects allowFields that is not an array", () => {
    expect(() => lint({ allowFields: "x" })).toThrow(/Key "rules": Key "mcp-guard\/require-strict-objects":[\s\S]*should be array/);
  });

  it("rejects an unknown option key", () => {
    expect(() => lint({ allowField: ["x"] })).toThrow(/Key "mcp-guard\/require-strict-objects":[\s\S]*Unexpected property "allowField"/);
  });

  it("rejects an empty field name", () => {
    expect(() => lint({ allowFields: [""] })).toThrow(/Key "mcp-guard\/require-strict-objects":[\s\S]*should NOT be shorter than 1 characters/);
  });

  it("accepts the default options and reports with the full message", () => {
    const messages = lint({ allowFields: [] });
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toBe('z.object() in the input of tool "send" strips unknown keys. Use z.strictObject() or add .strict().');
  });
});

// Regression: a `let` assigned again was read from its initializer, so `schema = schema.strict()` was
// reported as open. A reassigned `let` or `var` is opaque; one never assigned again is still read.
const letNeverReassigned = `${SDK_ZOD}let schema = z.object({ q: z.string().max(5) });
server.registerTool("s", { inputSchema: schema }, async () => ({ content: [] }));
`;

ruleTester.run("require-strict-objects: variables assigned again", rule, {
  valid: [
    {
      name: "a let closed by a later assignment",
      code: `${SDK_ZOD}let schema = z.object({ q: z.string().max(5) });
schema = schema.strict();
server.registerTool("s", { inputSchema: schema }, async () => ({ content: [] }));
`,
    },
    {
      name: "a var assigned in a nested block",
      code: `${SDK_ZOD}function register(strict: boolean) {
  var schema = z.object({ q: z.string().max(5) });
  if (strict) { schema = schema.strict(); }
  server.registerTool("s", { inputSchema: schema }, async () => ({ content: [] }));
}
`,
    },
  ],
  invalid: [
    {
      name: "a let never assigned again is read from its initializer",
      code: letNeverReassigned,
      errors: [{
        messageId: "zodObject", line: 4, column: 14, endLine: 4, endColumn: 22,
        suggestions: [
          { messageId: "useStrictObject", output: letNeverReassigned.replace("z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: letNeverReassigned.replace("max(5) })", "max(5) }).strict()") },
        ],
      }],
    },
  ],
});

const unionOfMapped = `${SDK_ZOD}const ops = [
  { op: "read", params: z.object({ id: z.string().max(9) }) },
  { op: "list", params: z.strictObject({}) },
];
server.registerTool("select", { inputSchema: z.strictObject({ select: z.union(ops.map((o) => z.strictObject({ op: z.literal(o.op), params: o.params }))) }) }, async () => ({ content: [] }));
`;

ruleTester.run("require-strict-objects: unions of a list built in code", rule, {
  valid: [
    {
      name: "every mapped member is strict",
      code: unionOfMapped.replace("z.object({ id", "z.strictObject({ id"),
    },
  ],
  invalid: [
    {
      name: "z.union(list.map(...)): each element read in its frame, the open one reported where it is written",
      code: unionOfMapped,
      errors: [{
        messageId: "zodObject", line: 5, column: 25, endLine: 5, endColumn: 33,
        suggestions: [
          { messageId: "useStrictObject", output: unionOfMapped.replace("z.object({ id", "z.strictObject({ id") },
          { messageId: "appendStrict", output: unionOfMapped.replace("max(9) }) }", "max(9) }).strict() }") },
        ],
      }],
    },
  ],
});

// Regression (actors-mcp-server): a definition that compiles a validator from the converted schema it publishes.
const convertedValidated = (options: string): string => `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { zodToJsonSchema } from "zod-to-json-schema";
import Ajv from "ajv";
import { z } from "zod";
const ajv = new Ajv();
const server = new Server({ name: "t", version: "1.0.0" }, { capabilities: { tools: {} } });
const Search = z.object({ q: z.string(), where: z.object({ site: z.string() }), extra: z.object({}).passthrough() });
const search = { name: "s", inputSchema: zodToJsonSchema(Search${options}), ajvValidate: ajv.compile(zodToJsonSchema(Search${options})) };
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [search] }));
`;
const passthroughOnly = convertedValidated("");
const openedByOption = convertedValidated(`, { removeAdditionalStrategy: "strict" }`);

ruleTester.run("require-strict-objects: validated against the converted JSON Schema", rule, {
  valid: [],
  invalid: [
    {
      name: "ajv.compile(zodToJsonSchema(S)) next to inputSchema: strip-mode objects are closed at every level; .passthrough() is not",
      code: passthroughOnly,
      errors: [{
        messageId: "passthrough", line: 8, column: 101, endLine: 8, endColumn: 112,
        data: { where: 'field "extra" of tool "s"', method: "passthrough" },
        suggestions: [{ messageId: "replaceWithStrict", output: replaceOnce(passthroughOnly, "passthrough()", "strict()") }],
      }],
    },
    {
      name: "a converter told to leave strip-mode objects open closes nothing",
      code: openedByOption,
      errors: [
        {
          messageId: "zodObject", line: 8, column: 16, endLine: 8, endColumn: 24, data: { where: 'the input of tool "s"' },
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(openedByOption, "z.object({ q", "z.strictObject({ q") },
            { messageId: "appendStrict", output: replaceOnce(openedByOption, "passthrough() });", "passthrough() }).strict();") },
          ],
        },
        {
          messageId: "zodObject", line: 8, column: 49, endLine: 8, endColumn: 57, data: { where: 'field "where" of tool "s"' },
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(openedByOption, "z.object({ site", "z.strictObject({ site") },
            { messageId: "appendStrict", output: replaceOnce(openedByOption, "z.object({ site: z.string() })", "z.object({ site: z.string() }).strict()") },
          ],
        },
        {
          messageId: "passthrough", line: 8, column: 101, endLine: 8, endColumn: 112, data: { where: 'field "extra" of tool "s"', method: "passthrough" },
          suggestions: [{ messageId: "replaceWithStrict", output: replaceOnce(openedByOption, "passthrough()", "strict()") }],
        },
      ],
    },
  ],
});
