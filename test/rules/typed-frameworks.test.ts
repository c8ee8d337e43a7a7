/**
 * Every framework under typed linting: each case is linted as a file of the typed fixture project
 * (test/fixtures/typed, see typed-helpers.ts), with a TypeScript program behind it. Only zod and the MCP SDK v1
 * are installed there; the other framework packages (`@modelcontextprotocol/server`, fastmcp, mcp-handler,
 * agents, xmcp, ai, @openai/agents, @mastra/core, @langchain/core, genkit) do not resolve, so their imports are
 * `any` to the checker. The engine knows a framework by its import specifier, so registrations are found as
 * without types: for code written in the linted file, the typed findings equal the untyped suites'
 * (frameworks-*.test.ts). Cases that import from the fixture (`./schemas.js`) show what typing adds per
 * framework: an imported open schema is reported where it is written (schemas.ts), never at the use; an imported
 * raw shape, `.shape` of an imported strict schema and an object written here inside an imported schema's
 * `.extend()` are reported here.
 */
import { FULL, pluginRule, replaceOnce } from "./helpers.js";
import { typedRuleTester } from "./typed-helpers.js";

const strictObjects = pluginRule<string>("require-strict-objects");
const stringBounds = pluginRule<string>("require-string-bounds");
const identityInArgs = pluginRule<string>("no-identity-in-args");
const annotations = pluginRule<string>("require-tool-annotations");
const rawErrors = pluginRule<string>("no-raw-error-in-result");

const DEFAULTS = "{ readOnlyHint: false, destructiveHint: true, openWorldHint: true }";

/** The two suggestions for an open `z.object(...)`: `from` is the text from `z.object(` to the end of the object's call. */
const objectSuggestions = (code: string, from: string) => [
  { messageId: "useStrictObject", output: replaceOnce(code, from, from.replace("z.object(", "z.strictObject(")) },
  { messageId: "appendStrict", output: replaceOnce(code, from, `${from}.strict()`) },
];

// Headers: three lines each (MCP_HANDLER two), so a case's own code starts on line 4 (line 3 after MCP_HANDLER).

const SDK_V1 = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "demo", version: "1.0.0" });
`;
const SDK_V1_LOW = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "demo", version: "1.0.0" }, { capabilities: { tools: {} } });
`;
const SDK_V2 = `import { McpServer, fromJsonSchema } from "@modelcontextprotocol/server";
import * as z from "zod";
const server = new McpServer({ name: "demo", version: "1.0.0" });
`;
const FASTMCP = `import { FastMCP, jsonSchemaAdapter } from "fastmcp";
import { z } from "zod";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
`;
const MCP_HANDLER = `import { createMcpHandler } from "mcp-handler";
import { z } from "zod";
`;
const CF = `import { McpAgent } from "agents/mcp";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
`;
const CFH = `import { createMcpHandler } from "agents/mcp";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
`;
const XM = `import { z } from "zod";
import { type InferSchema, type ToolMetadata } from "xmcp";
const greetings = { say: async (name: string) => name };
`;
const AI = `import { tool, dynamicTool, jsonSchema } from "ai";
import { z } from "zod";
const searchIndex = async (q: string) => q;
`;
const OA = `import { tool } from "@openai/agents";
import { z } from "zod";
const fetchWeather = async (city: string) => city;
`;
const MA = `import { createTool, Tool } from "@mastra/core/tools";
import { z } from "zod";
const db = { users: { remove: async (id: string) => id, find: async (q: string) => q } };
`;
const LC = `import { tool, DynamicStructuredTool, StructuredTool } from "@langchain/core/tools";
import { z } from "zod";
const search = async (q: string) => q;
`;
const GK = `import { genkit, z } from "genkit";
const ai = genkit({ plugins: [] });
const lookup = async (q: string) => q;
`;

// ---------------------------------------------------------------------------------------------------------
// MCP SDK v1 (@modelcontextprotocol/sdk, installed: the checker sees McpServer and Server)

const v1Open = `${SDK_V1}server.registerTool("send", { inputSchema: z.object({ to: z.string().max(50) }), annotations: ${FULL} }, async () => ({ content: [] }));\n`;
const v1ToolShape = `${SDK_V1}server.tool("add", "Add", { a: z.number().min(0).max(10) }, async ({ a }) => ({ content: [{ type: "text", text: String(a) }] }));\n`;
const v1NoAnnotations = `${SDK_V1}server.registerTool("send", { inputSchema: z.strictObject({ to: z.string().max(50) }) }, async () => ({ content: [] }));\n`;
const v1Identity = `${SDK_V1}server.registerTool("list", { inputSchema: z.strictObject({ tenantId: z.string().max(50) }), annotations: ${FULL} }, async () => ({ content: [] }));\n`;
const v1List = `${SDK_V1_LOW}server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "send", inputSchema: { type: "object", properties: { to: { type: "string", maxLength: 50 } } } }] }));\n`;
const v1RawError = `${SDK_V1}server.registerTool("fetch", { inputSchema: z.strictObject({ url: z.string().max(50) }), annotations: ${FULL} }, async ({ url }) => {
  try {
    return { content: [{ type: "text", text: await (await fetch(url)).text() }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: (e as Error).message }] };
  }
});
`;
const v1ImportOpen = `${SDK_V1}import { OpenSchema, readOnly } from "./schemas.js";\nserver.registerTool("search", { inputSchema: OpenSchema, annotations: readOnly }, async () => ({ content: [] }));\n`;
const v1ToolImportedShape = `${SDK_V1}import { searchShape, readOnly } from "./schemas.js";\nserver.tool("find", searchShape, readOnly, async () => ({ content: [] }));\n`;

typedRuleTester.run("MCP SDK v1 (typed): require-strict-objects", strictObjects, {
  valid: [
    // OpenSchema is written in schemas.ts: reported there.
    { code: v1ImportOpen },
    { code: v1NoAnnotations },
  ],
  invalid: [
    { code: v1Open, errors: [{ messageId: "zodObject", line: 4, column: 44, endLine: 4, endColumn: 52, suggestions: objectSuggestions(v1Open, "z.object({ to: z.string().max(50) })") }] },
    { code: v1ToolShape, errors: [{ messageId: "rawShapeTool", line: 4, column: 27, endLine: 4, endColumn: 59, suggestions: [] }] },
    {
      code: v1List,
      errors: [{ messageId: "jsonMissing", line: 4, column: 104, endLine: 4, endColumn: 118, suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(v1List, "maxLength: 50 } } }", "maxLength: 50 } }, additionalProperties: false }") }] }],
    },
    // An imported raw shape given to server.tool(): the SDK strips unknown keys; typed only (untyped, the import is unknown).
    { code: v1ToolImportedShape, errors: [{ messageId: "rawShapeTool", line: 5, column: 21, endLine: 5, endColumn: 32, suggestions: [] }] },
  ],
});

typedRuleTester.run("MCP SDK v1 (typed): require-tool-annotations", annotations, {
  valid: [{ code: v1Open }, { code: v1ImportOpen }],
  invalid: [
    { code: v1NoAnnotations, errors: [{ messageId: "missingAnnotations", line: 4, column: 21, endLine: 4, endColumn: 27, suggestions: [{ messageId: "insertDefaults", output: replaceOnce(v1NoAnnotations, ") }) }, ", `) }), annotations: ${DEFAULTS} }, `) }] }] },
    { code: v1ToolShape, errors: [{ messageId: "missingAnnotations", line: 4, column: 13, endLine: 4, endColumn: 18, suggestions: [{ messageId: "insertDefaults", output: replaceOnce(v1ToolShape, ", async (", `, ${DEFAULTS}, async (`) }] }] },
    { code: v1List, errors: [{ messageId: "missingAnnotations", line: 4, column: 75, endLine: 4, endColumn: 87, suggestions: [{ messageId: "insertDefaults", output: replaceOnce(v1List, "} } } }] }));", `} } }, annotations: ${DEFAULTS} }] }));`) }] }] },
  ],
});

typedRuleTester.run("MCP SDK v1 (typed): no-identity-in-args", identityInArgs, {
  valid: [{ code: v1Open }],
  invalid: [{ code: v1Identity, errors: [{ messageId: "identityInSchema", line: 4, column: 61, endLine: 4, endColumn: 69, suggestions: [] }] }],
});

typedRuleTester.run("MCP SDK v1 (typed): no-raw-error-in-result", rawErrors, {
  valid: [{ code: v1Open }],
  invalid: [
    {
      code: v1RawError,
      errors: [{
        messageId: "rawError", line: 8, column: 61, endLine: 8, endColumn: 81,
        suggestions: [{ messageId: "useFixedText", output: replaceOnce(v1RawError, `return { isError: true, content: [{ type: "text", text: (e as Error).message`, `console.error(e);\n    return { isError: true, content: [{ type: "text", text: "The tool failed. The details are in the server log."`) }],
      }],
    },
  ],
});

// ---------------------------------------------------------------------------------------------------------
// MCP SDK v2 (@modelcontextprotocol/server, not installed: McpServer is `any`)

const v2Open = `${SDK_V2}server.registerTool("send", { inputSchema: z.object({ to: z.string().max(50) }), annotations: ${FULL} }, async () => ({ content: [] }));\n`;
const v2Json = `${SDK_V2}server.registerTool("send", { inputSchema: fromJsonSchema({ type: "object", properties: { to: { type: "string", maxLength: 50 } } }), annotations: ${FULL} }, async () => ({ content: [] }));\n`;
const v2List = `${SDK_V2}server.setRequestHandler("tools/list", async () => ({ tools: [{ name: "send", inputSchema: { type: "object", properties: { to: { type: "string", maxLength: 50 } } } }] }));\n`;
const v2Identity = `${SDK_V2}server.registerTool("list", { inputSchema: z.strictObject({ userId: z.string().max(50) }), annotations: ${FULL} }, async () => ({ content: [] }));\n`;
const v2NoAnnotations = `${SDK_V2}server.registerTool("send", { inputSchema: z.strictObject({ to: z.string().max(50) }) }, async () => ({ content: [] }));\n`;
const v2ImportOpen = `${SDK_V2}import { OpenSchema, readOnly } from "./schemas.js";\nserver.registerTool("search", { inputSchema: OpenSchema, annotations: readOnly }, async () => ({ content: [] }));\n`;
const v2ImportShape = `${SDK_V2}import { StrictSchema, readOnly } from "./schemas.js";\nserver.registerTool("get", { inputSchema: StrictSchema.shape, annotations: readOnly }, async () => ({ content: [] }));\n`;

typedRuleTester.run("MCP SDK v2 (typed): require-strict-objects", strictObjects, {
  valid: [{ code: v2ImportOpen }, { code: v2Identity }],
  invalid: [
    { code: v2Open, errors: [{ messageId: "zodObject", line: 4, column: 44, endLine: 4, endColumn: 52, suggestions: objectSuggestions(v2Open, "z.object({ to: z.string().max(50) })") }] },
    {
      code: v2Json,
      errors: [{ messageId: "jsonMissing", line: 4, column: 61, endLine: 4, endColumn: 75, suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(v2Json, "maxLength: 50 } } })", "maxLength: 50 } }, additionalProperties: false })") }] }],
    },
    {
      code: v2List,
      errors: [{ messageId: "jsonMissing", line: 4, column: 94, endLine: 4, endColumn: 108, suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(v2List, "maxLength: 50 } } }", "maxLength: 50 } }, additionalProperties: false }") }] }],
    },
    // `.shape` of an imported strict schema: wrapped in a stripping object here.
    { code: v2ImportShape, errors: [{ messageId: "rawShape", line: 5, column: 43, endLine: 5, endColumn: 61, suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(v2ImportShape, "inputSchema: StrictSchema.shape", "inputSchema: z.strictObject(StrictSchema.shape)") }] }] },
  ],
});

typedRuleTester.run("MCP SDK v2 (typed): require-tool-annotations", annotations, {
  valid: [{ code: v2Open }, { code: v2ImportOpen }],
  invalid: [
    { code: v2NoAnnotations, errors: [{ messageId: "missingAnnotations", line: 4, column: 21, endLine: 4, endColumn: 27, suggestions: [{ messageId: "insertDefaults", output: replaceOnce(v2NoAnnotations, ") }) }, ", `) }), annotations: ${DEFAULTS} }, `) }] }] },
    { code: v2List, errors: [{ messageId: "missingAnnotations", line: 4, column: 65, endLine: 4, endColumn: 77, suggestions: [{ messageId: "insertDefaults", output: replaceOnce(v2List, "} } } }] }));", `} } }, annotations: ${DEFAULTS} }] }));`) }] }] },
  ],
});

typedRuleTester.run("MCP SDK v2 (typed): no-identity-in-args", identityInArgs, {
  valid: [{ code: v2Open }],
  invalid: [{ code: v2Identity, errors: [{ messageId: "identityInSchema", line: 4, column: 61, endLine: 4, endColumn: 67, suggestions: [] }] }],
});

// ---------------------------------------------------------------------------------------------------------
// fastmcp (not installed: FastMCP is `any`)

const fmOpen = `${FASTMCP}server.addTool({ name: "send", parameters: z.object({ to: z.string().max(50) }), annotations: ${FULL}, execute: async () => "ok" });\n`;
const fmTools = `${FASTMCP}server.addTools([{ name: "a", parameters: z.strictObject({ q: z.string() }), annotations: ${FULL}, execute: async () => "ok" }]);\n`;
const fmJson = `${FASTMCP}server.addTool({ name: "send", parameters: jsonSchemaAdapter({ type: "object", properties: { to: { type: "string", maxLength: 50 } } }), annotations: ${FULL}, execute: async () => "ok" });\n`;
const fmNoAnnotations = `${FASTMCP}server.addTool({ name: "send", parameters: z.strictObject({ to: z.string().max(50) }), execute: async () => "ok" });\n`;
const fmIdentity = `${FASTMCP}server.addTool({ name: "send", parameters: z.strictObject({ accountId: z.string().max(50) }), annotations: ${FULL}, execute: async () => "ok" });\n`;
const fmSession = `${FASTMCP}server.addTool({ name: "send", parameters: z.strictObject({ to: z.string().max(50) }), annotations: ${FULL}, execute: async (args, context) => String(context.session) });\n`;
const fmImport = `${FASTMCP}import { OpenSchema, StrictSchema, readOnly } from "./schemas.js";
server.addTool({ name: "search", parameters: OpenSchema, annotations: readOnly, execute: async () => "ok" });
server.addTool({ name: "get", parameters: StrictSchema, annotations: readOnly, execute: async () => "ok" });
`;

typedRuleTester.run("fastmcp (typed): require-strict-objects", strictObjects, {
  valid: [{ code: fmImport }, { code: fmTools }],
  invalid: [
    { code: fmOpen, errors: [{ messageId: "zodObject", line: 4, column: 44, endLine: 4, endColumn: 52, suggestions: objectSuggestions(fmOpen, "z.object({ to: z.string().max(50) })") }] },
    {
      code: fmJson,
      errors: [{ messageId: "jsonMissing", line: 4, column: 64, endLine: 4, endColumn: 78, suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(fmJson, "maxLength: 50 } } })", "maxLength: 50 } }, additionalProperties: false })") }] }],
    },
  ],
});

typedRuleTester.run("fastmcp (typed): require-string-bounds", stringBounds, {
  valid: [{ code: fmOpen }, { code: fmImport }],
  invalid: [
    // addTools([...]): each element is a tool.
    { code: fmTools, errors: [{ messageId: "unbounded", line: 4, column: 63, endLine: 4, endColumn: 71, suggestions: [{ messageId: "addMax", output: replaceOnce(fmTools, "q: z.string() }", "q: z.string().max(1000) }") }] }] },
  ],
});

typedRuleTester.run("fastmcp (typed): require-tool-annotations", annotations, {
  valid: [{ code: fmOpen }, { code: fmImport }],
  invalid: [
    { code: fmNoAnnotations, errors: [{ messageId: "missingAnnotations", line: 4, column: 18, endLine: 4, endColumn: 30, suggestions: [{ messageId: "insertDefaults", output: replaceOnce(fmNoAnnotations, `execute: async () => "ok" }`, `execute: async () => "ok", annotations: ${DEFAULTS} }`) }] }] },
  ],
});

typedRuleTester.run("fastmcp (typed): no-identity-in-args", identityInArgs, {
  valid: [{ code: fmSession }],
  invalid: [{ code: fmIdentity, errors: [{ messageId: "identityInSchema", line: 4, column: 61, endLine: 4, endColumn: 70, suggestions: [] }] }],
});

// ---------------------------------------------------------------------------------------------------------
// mcp-handler (not installed): registerTool inside createMcpHandler((server) => { ... })

const mhOpen = `${MCP_HANDLER}export const handler = createMcpHandler((server) => {
  server.registerTool("send", { inputSchema: z.object({ to: z.string().max(50) }), annotations: ${FULL} }, async () => ({ content: [] }));
});
`;
const mhImport = `${MCP_HANDLER}import { OpenSchema, readOnly } from "./schemas.js";
export const handler = createMcpHandler((server) => {
  server.registerTool("search", { inputSchema: OpenSchema, annotations: readOnly }, async () => ({ content: [] }));
});
`;

typedRuleTester.run("mcp-handler (typed): require-strict-objects", strictObjects, {
  valid: [{ code: mhImport }],
  invalid: [{ code: mhOpen, errors: [{ messageId: "zodObject", line: 4, column: 46, endLine: 4, endColumn: 54, suggestions: objectSuggestions(mhOpen, "z.object({ to: z.string().max(50) })") }] }],
});

// ---------------------------------------------------------------------------------------------------------
// Cloudflare agents (agents/mcp, not installed): McpAgent.init() and createMcpHandler(server)

const cfInit = (registration: string, extendsClause = "McpAgent") => `${CF}export class NotesMcp extends ${extendsClause} {
  server = new McpServer({ name: "notes", version: "1.0.0" });
  async init() {
${registration}
  }
}
`;
const cfShape = cfInit(`    this.server.registerTool("search_notes", { inputSchema: { q: z.string().max(200) }, annotations: ${FULL} }, async ({ q }) => ({
      content: [{ type: "text", text: q }],
    }));`);
const cfToolShape = cfInit(`    this.server.tool("add", { a: z.number().min(0).max(10), b: z.number().min(0).max(10) }, async ({ a, b }) => ({
      content: [{ type: "text", text: String(a + b) }],
    }));`);
const cfIdentity = cfInit(`    this.server.registerTool("list_notes", { inputSchema: z.strictObject({ userId: z.string().max(40) }), annotations: ${FULL} }, async ({ userId }) => ({
      content: [{ type: "text", text: userId }],
    }));`);
const cfProps = cfInit(`    this.server.registerTool("list_notes", { inputSchema: z.strictObject({}), annotations: ${FULL} }, async () => ({
      content: [{ type: "text", text: this.props.userId }],
    }));`, "McpAgent<unknown, unknown, { userId: string }>");
const cfImport = `${CF}import { OpenSchema, StrictSchema, readOnly } from "./schemas.js";
export class NotesMcp extends McpAgent {
  server = new McpServer({ name: "notes", version: "1.0.0" });
  async init() {
    this.server.registerTool("search", { inputSchema: OpenSchema, annotations: readOnly }, async () => ({ content: [] }));
    this.server.registerTool("get", { inputSchema: StrictSchema.shape, annotations: readOnly }, async () => ({ content: [] }));
  }
}
`;
const cfHandler = `${CFH}const server = new McpServer({ name: "notes", version: "1.0.0" });
server.registerTool("search_notes", { inputSchema: z.object({ q: z.string().max(200) }) }, async ({ q }) => ({ content: [{ type: "text", text: q }] }));
export default { fetch: (request: Request, env: unknown, ctx: unknown) => createMcpHandler(server)(request, env, ctx) };
`;
const cfHandlerThrown = `${CFH}const server = new McpServer({ name: "notes", version: "1.0.0" });
server.registerTool("search_notes", { inputSchema: z.strictObject({ q: z.string().max(200) }), annotations: ${FULL} }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: q }] };
  } catch (e) {
    throw new Error(\`Search failed: \${(e as Error).message}\`);
  }
});
export default { fetch: (request: Request, env: unknown, ctx: unknown) => createMcpHandler(server)(request, env, ctx) };
`;

typedRuleTester.run("Cloudflare agents (typed): require-strict-objects", strictObjects, {
  valid: [{ code: cfIdentity }, { code: cfProps }],
  invalid: [
    { code: cfShape, errors: [{ messageId: "rawShape", line: 7, column: 61, endLine: 7, endColumn: 87, suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(cfShape, "{ q: z.string().max(200) }", "z.strictObject({ q: z.string().max(200) })") }] }] },
    { code: cfToolShape, errors: [{ messageId: "rawShapeTool", line: 7, column: 29, endLine: 7, endColumn: 91, suggestions: [] }] },
    { code: cfHandler, errors: [{ messageId: "zodObject", line: 5, column: 52, endLine: 5, endColumn: 60, suggestions: objectSuggestions(cfHandler, "z.object({ q: z.string().max(200) })") }] },
    // In init(): the imported OpenSchema is reported in schemas.ts; `.shape` of the imported StrictSchema here.
    { code: cfImport, errors: [{ messageId: "rawShape", line: 9, column: 52, endLine: 9, endColumn: 70, suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(cfImport, "inputSchema: StrictSchema.shape", "inputSchema: z.strictObject(StrictSchema.shape)") }] }] },
  ],
});

typedRuleTester.run("Cloudflare agents (typed): no-identity-in-args", identityInArgs, {
  valid: [{ code: cfProps }],
  invalid: [{ code: cfIdentity, errors: [{ messageId: "identityInSchema", line: 7, column: 76, endLine: 7, endColumn: 82, suggestions: [] }] }],
});

typedRuleTester.run("Cloudflare agents (typed): require-tool-annotations", annotations, {
  valid: [{ code: cfShape }, { code: cfImport }],
  invalid: [
    { code: cfHandler, errors: [{ messageId: "missingAnnotations", line: 5, column: 21, endLine: 5, endColumn: 35, suggestions: [{ messageId: "insertDefaults", output: replaceOnce(cfHandler, ") }) }, ", `) }), annotations: ${DEFAULTS} }, `) }] }] },
    { code: cfToolShape, errors: [{ messageId: "missingAnnotations", line: 7, column: 22, endLine: 7, endColumn: 27, suggestions: [{ messageId: "insertDefaults", output: replaceOnce(cfToolShape, ", async (", `, ${DEFAULTS}, async (`) }] }] },
  ],
});

typedRuleTester.run("Cloudflare agents (typed): no-raw-error-in-result", rawErrors, {
  valid: [{ code: cfShape }],
  invalid: [
    {
      code: cfHandlerThrown,
      errors: [{
        messageId: "rawError", line: 9, column: 21, endLine: 9, endColumn: 61,
        suggestions: [{ messageId: "useFixedText", output: replaceOnce(cfHandlerThrown, "throw new Error(`Search failed: ${(e as Error).message}`", "console.error(e);\n    throw new Error(\"The tool failed. The details are in the server log.\"") }],
      }],
    },
  ],
});

// ---------------------------------------------------------------------------------------------------------
// xmcp (not installed): a tool file under src/tools/, linted as the fixture's src/tools/greet.ts

const GREET = "src/tools/greet.ts";
const xmMetadata = `export const metadata: ToolMetadata = {
  name: "greet",
  description: "Greet the user",
  annotations: { title: "Greet", readOnlyHint: true, destructiveHint: false, openWorldHint: false },
};
`;
const xmShape = `${XM}export const schema = {
  name: z.string().max(80).describe("Who to greet"),
};
${xmMetadata}export default async function greet({ name }: InferSchema<typeof schema>) {
  return { content: [{ type: "text", text: await greetings.say(name) }] };
}
`;
const xmStrict = replaceOnce(xmShape, "export const schema = {\n  name: z.string().max(80).describe(\"Who to greet\"),\n}", "export const schema = z.strictObject({\n  name: z.string().max(80).describe(\"Who to greet\"),\n})");
const xmNoMetadata = `import { z } from "zod";
export const schema = { name: z.string().max(80) };
export default async function ({ name }: { name: string }) {
  return \`Hello, \${name}\`;
}
`;
const xmNoAnnotations = `${XM}export const schema = z.strictObject({ name: z.string().max(80) });
export const metadata: ToolMetadata = {
  name: "greet",
  description: "Greet the user",
};
export default async ({ name }: InferSchema<typeof schema>) => ({ content: [{ type: "text", text: name }] });
`;
const xmIdentity = `${XM}export const schema = z.strictObject({ name: z.string().max(80), accountId: z.string().max(40) });
${xmMetadata}export default async function greet({ name }: InferSchema<typeof schema>) {
  return { content: [{ type: "text", text: name }] };
}
`;
const xmThrown = `${XM}export const schema = z.strictObject({ name: z.string().max(80) });
${xmMetadata}export default async function greet({ name }: InferSchema<typeof schema>) {
  try {
    return { content: [{ type: "text", text: await greetings.say(name) }] };
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: \`Failed: \${error}\` }] };
  }
}
`;
const xmImported = (imports: string, schema: string) => `import { ${imports}, readOnly } from "../../schemas.js";
export const schema = ${schema};
export const metadata = { name: "search", description: "Search", annotations: readOnly };
export default async function search(args: { query: string }) {
  return { content: [{ type: "text" as const, text: args.query }] };
}
`;
const xmImportOpen = xmImported("OpenSchema", "OpenSchema");
const xmImportDotShape = xmImported("StrictSchema", "StrictSchema.shape");
const xmImportRawShape = xmImported("searchShape", "searchShape");

typedRuleTester.run("xmcp (typed): require-strict-objects", strictObjects, {
  valid: [
    { code: xmStrict, filename: GREET },
    // Outside src/tools/ and without an xmcp import, the exports are no tool.
    { code: xmNoMetadata, filename: "file.ts" },
    // An imported open schema as the tool's schema: reported in schemas.ts.
    { code: xmImportOpen, filename: GREET },
  ],
  invalid: [
    {
      code: xmShape, filename: GREET,
      errors: [{ messageId: "rawShape", line: 4, column: 23, endLine: 6, endColumn: 2, suggestions: [{ messageId: "wrapStrictObject", output: xmStrict }] }],
    },
    {
      // A file importing xmcp counts wherever it is.
      code: xmShape, filename: "file.ts",
      errors: [{ messageId: "rawShape", line: 4, column: 23, endLine: 6, endColumn: 2, suggestions: [{ messageId: "wrapStrictObject", output: xmStrict }] }],
    },
    {
      // In src/tools/ without metadata or an xmcp import: a tool by its path.
      code: xmNoMetadata, filename: GREET,
      errors: [{ messageId: "rawShape", line: 2, column: 23, endLine: 2, endColumn: 51, suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(xmNoMetadata, "{ name: z.string().max(80) }", "z.strictObject({ name: z.string().max(80) })") }] }],
    },
    {
      // `.shape` of an imported strict schema (no z in scope here, so no suggestion).
      code: xmImportDotShape, filename: GREET,
      errors: [{ messageId: "rawShape", line: 2, column: 23, endLine: 2, endColumn: 41, suggestions: [] }],
    },
    {
      // An imported raw shape: typed only (untyped, the import is unknown).
      code: xmImportRawShape, filename: GREET,
      errors: [{ messageId: "rawShape", line: 2, column: 23, endLine: 2, endColumn: 34, suggestions: [] }],
    },
  ],
});

typedRuleTester.run("xmcp (typed): no-identity-in-args", identityInArgs, {
  valid: [{ code: xmStrict, filename: GREET }],
  invalid: [{ code: xmIdentity, filename: GREET, errors: [{ messageId: "identityInSchema", line: 4, column: 66, endLine: 4, endColumn: 75, suggestions: [] }] }],
});

typedRuleTester.run("xmcp (typed): require-tool-annotations", annotations, {
  valid: [{ code: xmStrict, filename: GREET }, { code: xmImportOpen, filename: GREET }],
  invalid: [
    {
      code: xmNoAnnotations, filename: GREET,
      errors: [{ messageId: "missingAnnotations", line: 6, column: 3, endLine: 6, endColumn: 16, suggestions: [{ messageId: "insertDefaults", output: replaceOnce(xmNoAnnotations, "er\",\n};\n", `er", annotations: ${DEFAULTS},\n};\n`) }] }],
    },
    { code: xmNoMetadata, filename: GREET, errors: [{ messageId: "missingAnnotations", line: 3, column: 8, endLine: 3, endColumn: 15, suggestions: [] }] },
  ],
});

typedRuleTester.run("xmcp (typed): no-raw-error-in-result", rawErrors, {
  valid: [{ code: xmStrict, filename: GREET }],
  invalid: [
    {
      code: xmThrown, filename: GREET,
      errors: [{
        messageId: "rawError", line: 14, column: 61, endLine: 14, endColumn: 79,
        suggestions: [{ messageId: "useFixedText", output: replaceOnce(xmThrown, "return { isError: true, content: [{ type: \"text\", text: `Failed: ${error}`", "console.error(error);\n    return { isError: true, content: [{ type: \"text\", text: \"The tool failed. The details are in the server log.\"") }],
      }],
    },
  ],
});

// ---------------------------------------------------------------------------------------------------------
// Vercel AI SDK (ai, not installed): tool() and dynamicTool() imported from "ai"

const aiStrict = `${AI}export const tools = {
  search: tool({
    description: "Search the index",
    inputSchema: z.strictObject({ q: z.string().max(200) }),
    execute: async ({ q }) => searchIndex(q),
  }),
};
`;
const aiOpen = replaceOnce(aiStrict, "z.strictObject(", "z.object(");
const aiV4Parameters = `${AI}export const search = tool({
  description: "AI SDK 4 names the schema parameters",
  parameters: z.object({ q: z.string().max(200) }),
  execute: async ({ q }) => searchIndex(q),
});
`;
const aiJsonSchema = `${AI}export const lookup = dynamicTool({
  description: "Look a record up",
  inputSchema: jsonSchema({ type: "object", properties: { id: { type: "string", maxLength: 40 } } }),
  execute: async (input) => input,
});
`;
const aiNamespace = `import * as ai from "ai";
import { z } from "zod";
export const search = ai.tool({ description: "d", inputSchema: z.object({ q: z.string().max(200) }), execute: async () => "ok" });
`;
const aiLocalTool = `import { generateText } from "ai";
import { z } from "zod";
const tool = (options: unknown) => options;
export const search = tool({ description: "a local helper, not the AI SDK's tool()", inputSchema: z.object({ q: z.string() }) });
`;
const aiUnbounded = `${AI}export const tools = {
  note: dynamicTool({ description: "Save a note", inputSchema: z.strictObject({ body: z.string() }), execute: async () => "saved" }),
};
`;
const aiIdentity = `${AI}export const tools = {
  listInvoices: tool({
    description: "List invoices",
    inputSchema: z.strictObject({ tenantId: z.string().max(40), status: z.enum(["open", "paid"]) }),
    execute: async ({ tenantId, status }) => [tenantId, status],
  }),
};
`;
const aiReturnedError = `${AI}export const search = tool({
  description: "Search",
  inputSchema: z.strictObject({ q: z.string().max(200) }),
  execute: async ({ q }) => {
    try {
      return await searchIndex(q);
    } catch (e) {
      return \`Search failed: \${(e as Error).message}\`;
    }
  },
});
`;
const aiImport = `${AI}import { OpenSchema, StrictSchema } from "./schemas.js";
export const tools = {
  search: tool({ description: "Search", inputSchema: OpenSchema, execute: async () => "ok" }),
  get: dynamicTool({ description: "Get", inputSchema: StrictSchema, execute: async () => "ok" }),
};
`;
const aiImportExtend = `${AI}import { StrictSchema } from "./schemas.js";
export const tools = {
  get: tool({ description: "Get", inputSchema: StrictSchema.extend({ meta: z.object({ k: z.string().max(5) }) }), execute: async () => "ok" }),
};
`;

typedRuleTester.run("Vercel AI SDK (typed): require-strict-objects", strictObjects, {
  valid: [
    { code: aiStrict },
    // A local function named tool is not the AI SDK's.
    { code: aiLocalTool },
    // Imported schemas: OpenSchema is reported in schemas.ts, StrictSchema is strict.
    { code: aiImport },
  ],
  invalid: [
    { code: aiOpen, errors: [{ messageId: "zodObject", line: 7, column: 18, endLine: 7, endColumn: 26, suggestions: objectSuggestions(aiOpen, "z.object({ q: z.string().max(200) })") }] },
    { code: aiV4Parameters, errors: [{ messageId: "zodObject", line: 6, column: 15, endLine: 6, endColumn: 23, suggestions: objectSuggestions(aiV4Parameters, "z.object({ q: z.string().max(200) })") }] },
    {
      code: aiJsonSchema,
      errors: [{ messageId: "jsonMissing", line: 6, column: 29, endLine: 6, endColumn: 43, suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(aiJsonSchema, " } } }),", " } }, additionalProperties: false }),") }] }],
    },
    { code: aiNamespace, errors: [{ messageId: "zodObject", line: 3, column: 64, endLine: 3, endColumn: 72, suggestions: objectSuggestions(aiNamespace, "z.object({ q: z.string().max(200) })") }] },
    // An object written here inside an imported strict schema's extend(): typed only (untyped, the base is unknown).
    { code: aiImportExtend, errors: [{ messageId: "zodObject", line: 6, column: 76, endLine: 6, endColumn: 84, suggestions: objectSuggestions(aiImportExtend, "z.object({ k: z.string().max(5) })") }] },
  ],
});

typedRuleTester.run("Vercel AI SDK (typed): require-string-bounds", stringBounds, {
  valid: [{ code: aiStrict }, { code: aiImport }],
  invalid: [{ code: aiUnbounded, errors: [{ messageId: "unbounded", line: 5, column: 87, endLine: 5, endColumn: 95, suggestions: [{ messageId: "addMax", output: replaceOnce(aiUnbounded, "ng() }),", "ng().max(1000) }),") }] }] }],
});

typedRuleTester.run("Vercel AI SDK (typed): no-identity-in-args", identityInArgs, {
  valid: [{ code: aiStrict }],
  invalid: [{ code: aiIdentity, errors: [{ messageId: "identityInSchema", line: 7, column: 35, endLine: 7, endColumn: 43, suggestions: [] }] }],
});

typedRuleTester.run("Vercel AI SDK (typed): no-raw-error-in-result", rawErrors, {
  valid: [{ code: aiStrict }],
  invalid: [
    {
      code: aiReturnedError,
      errors: [{
        messageId: "rawError", line: 11, column: 14, endLine: 11, endColumn: 54,
        suggestions: [{ messageId: "useFixedText", output: replaceOnce(aiReturnedError, "return `Search failed: ${(e as Error).message}`", "console.error(e);\n      return \"The tool failed. The details are in the server log.\"") }],
      }],
    },
  ],
});

typedRuleTester.run("Vercel AI SDK (typed): require-tool-annotations", annotations, {
  // The AI SDK has no tool annotations.
  valid: [{ code: aiStrict }, { code: aiJsonSchema }],
  invalid: [],
});

// ---------------------------------------------------------------------------------------------------------
// OpenAI Agents (@openai/agents, not installed): tool({ name, parameters, execute, errorFunction })

const oaStrict = `${OA}export const weather = tool({
  name: "get_weather",
  description: "Weather for a city",
  parameters: z.strictObject({ city: z.string().max(80) }),
  execute: async ({ city }) => fetchWeather(city),
});
`;
const oaOpen = replaceOnce(oaStrict, "z.strictObject(", "z.object(");
const oaJsonOpen = `${OA}const parameters = { type: "object", properties: { city: { type: "string", maxLength: 80 } }, required: ["city"] };
export const weather = tool({
  description: "Weather for a city; the tool is named after execute",
  parameters,
  strict: false,
  execute: async function getWeather(input: any) { return fetchWeather(input.city); },
});
`;
const oaIdentity = `${OA}export const orders = tool({
  name: "list_orders",
  description: "Orders of the caller",
  parameters: z.strictObject({ customerId: z.string().max(40), userId: z.string().max(40) }),
  execute: async ({ customerId }) => customerId,
});
`;
const oaThrown = `${OA}export const weather = tool({
  name: "get_weather",
  description: "Weather for a city",
  parameters: z.strictObject({ city: z.string().max(80) }),
  execute: async ({ city }) => {
    try {
      return await fetchWeather(city);
    } catch (e) {
      throw new Error(\`Weather lookup failed: \${e}\`);
    }
  },
});
`;
const oaThrownNull = replaceOnce(oaThrown, "  },\n});", "  },\n  errorFunction: null,\n});");
const oaImport = `${OA}import { OpenSchema, StrictSchema } from "./schemas.js";
export const search = tool({ name: "search", description: "Search", parameters: OpenSchema, execute: async () => "ok" });
export const get = tool({ name: "get", description: "Get", parameters: StrictSchema, execute: async () => "ok" });
`;
const oaLocalTool = `import { run } from "@openai/agents";
import { z } from "zod";
const tool = (options: unknown) => options;
export const t = tool({ name: "t", parameters: z.object({ q: z.string() }), execute: async () => "ok" });
`;

typedRuleTester.run("OpenAI Agents (typed): require-strict-objects", strictObjects, {
  valid: [{ code: oaStrict }, { code: oaImport }, { code: oaLocalTool }],
  invalid: [
    { code: oaOpen, errors: [{ messageId: "zodObject", line: 7, column: 15, endLine: 7, endColumn: 23, suggestions: objectSuggestions(oaOpen, "z.object({ city: z.string().max(80) })") }] },
    {
      code: oaJsonOpen,
      errors: [{ messageId: "jsonMissing", line: 4, column: 22, endLine: 4, endColumn: 36, suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(oaJsonOpen, "required", "additionalProperties: false, required") }] }],
    },
  ],
});

typedRuleTester.run("OpenAI Agents (typed): no-identity-in-args", identityInArgs, {
  valid: [{ code: oaStrict }],
  invalid: [{ code: oaIdentity, errors: [{ messageId: "identityInSchema", line: 7, column: 64, endLine: 7, endColumn: 70, suggestions: [] }] }],
});

typedRuleTester.run("OpenAI Agents (typed): no-raw-error-in-result", rawErrors, {
  // errorFunction: null rethrows, so the thrown message never reaches the model.
  valid: [{ code: oaThrownNull }],
  invalid: [
    {
      code: oaThrown,
      errors: [{
        messageId: "rawError", line: 12, column: 23, endLine: 12, endColumn: 52,
        suggestions: [{ messageId: "useFixedText", output: replaceOnce(oaThrown, "throw new Error(`Weather lookup failed: ${e}`", "console.error(e);\n      throw new Error(\"The tool failed. The details are in the server log.\"") }],
      }],
    },
  ],
});

typedRuleTester.run("OpenAI Agents (typed): require-tool-annotations", annotations, {
  // OpenAI Agents has no tool annotations.
  valid: [{ code: oaStrict }],
  invalid: [],
});

// ---------------------------------------------------------------------------------------------------------
// Mastra (@mastra/core/tools, not installed): createTool({ ... }) and new Tool({ ... })

const maStrict = `${MA}export const findUser = createTool({
  id: "find-user",
  description: "Find a user",
  inputSchema: z.strictObject({ q: z.string().max(80) }),
  mcp: { annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } },
  execute: async (inputData) => db.users.find(inputData.q),
});
`;
const maOpen = replaceOnce(maStrict, "z.strictObject(", "z.object(");
const maNewToolJson = `${MA}export const findUser = new Tool({
  id: "find-user",
  description: "Find a user",
  inputSchema: { type: "object", properties: { q: { type: "string", maxLength: 80 } } },
  mcp: { annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } },
  execute: async (inputData: any) => db.users.find(inputData.q),
});
`;
const maIdentity = `${MA}export const removeMember = createTool({
  id: "remove-member",
  description: "Remove a member from the organisation",
  inputSchema: z.strictObject({ memberId: z.string().max(40), organizationId: z.string().max(40) }),
  mcp: { annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false } },
  execute: async ({ memberId }) => db.users.remove(memberId),
});
`;
const maNoAnnotations = `${MA}export const removeUser = createTool({
  id: "remove-user",
  description: "Remove a user",
  inputSchema: z.strictObject({ id: z.string().max(40) }),
  execute: async ({ id }) => db.users.remove(id),
});
`;
const maMcpWithoutAnnotations = `${MA}export const removeUser = new Tool({
  id: "remove-user",
  description: "Remove a user",
  inputSchema: z.strictObject({ id: z.string().max(40) }),
  mcp: { toolType: "action" },
  execute: async ({ id }) => db.users.remove(id),
});
`;
const maThrown = `${MA}export const findUser = createTool({
  id: "find-user",
  description: "Find a user",
  inputSchema: z.strictObject({ q: z.string().max(80) }),
  mcp: { annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } },
  execute: async (inputData) => {
    try {
      return await db.users.find(inputData.q);
    } catch (error) {
      throw new Error(\`Lookup failed: \${(error as Error).stack}\`);
    }
  },
});
`;
const maImport = `${MA}import { OpenSchema, readOnly } from "./schemas.js";
export const search = createTool({ id: "search", description: "Search", inputSchema: OpenSchema, mcp: { annotations: readOnly }, execute: async () => "ok" });
export const search2 = new Tool({ id: "search2", description: "Search", inputSchema: OpenSchema, mcp: { annotations: readOnly }, execute: async () => "ok" });
`;

typedRuleTester.run("Mastra (typed): require-strict-objects", strictObjects, {
  valid: [{ code: maStrict }, { code: maImport }],
  invalid: [
    { code: maOpen, errors: [{ messageId: "zodObject", line: 7, column: 16, endLine: 7, endColumn: 24, suggestions: objectSuggestions(maOpen, "z.object({ q: z.string().max(80) })") }] },
    {
      code: maNewToolJson,
      errors: [{ messageId: "jsonMissing", line: 7, column: 18, endLine: 7, endColumn: 32, suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(maNewToolJson, " } } },\n", " } }, additionalProperties: false },\n") }] }],
    },
  ],
});

typedRuleTester.run("Mastra (typed): no-identity-in-args", identityInArgs, {
  valid: [{ code: maStrict }],
  invalid: [{ code: maIdentity, errors: [{ messageId: "identityInSchema", line: 7, column: 63, endLine: 7, endColumn: 77, suggestions: [] }] }],
});

typedRuleTester.run("Mastra (typed): require-tool-annotations", annotations, {
  // Annotations imported from schemas.ts under mcp.annotations.
  valid: [{ code: maStrict }, { code: maNewToolJson }, { code: maImport }],
  invalid: [
    {
      code: maNoAnnotations,
      errors: [{ messageId: "missingAnnotations", line: 5, column: 3, endLine: 5, endColumn: 20, suggestions: [{ messageId: "insertDefaults", output: replaceOnce(maNoAnnotations, "id),\n});", `id), mcp: { annotations: ${DEFAULTS} },\n});`) }] }],
    },
    {
      code: maMcpWithoutAnnotations,
      errors: [{ messageId: "missingAnnotations", line: 5, column: 3, endLine: 5, endColumn: 20, suggestions: [{ messageId: "insertDefaults", output: replaceOnce(maMcpWithoutAnnotations, "ion\" },\n", `ion", annotations: ${DEFAULTS} },\n`) }] }],
    },
  ],
});

typedRuleTester.run("Mastra (typed): no-raw-error-in-result", rawErrors, {
  valid: [{ code: maStrict }],
  invalid: [
    {
      code: maThrown,
      errors: [{
        messageId: "rawError", line: 13, column: 23, endLine: 13, endColumn: 65,
        suggestions: [{ messageId: "useFixedText", output: replaceOnce(maThrown, "throw new Error(`Lookup failed: ${(error as Error).stack}`", "console.error(error);\n      throw new Error(\"The tool failed. The details are in the server log.\"") }],
      }],
    },
  ],
});

// ---------------------------------------------------------------------------------------------------------
// LangChain (@langchain/core/tools, not installed): tool(), DynamicStructuredTool, StructuredTool subclasses

const lcStrict = `${LC}export const searchTool = tool(async ({ q }) => search(q), {
  name: "search",
  description: "Search",
  schema: z.strictObject({ q: z.string().max(200) }),
});
`;
const lcOpen = replaceOnce(lcStrict, "z.strictObject(", "z.object(");
const lcDynamic = `${LC}export const searchTool = new DynamicStructuredTool({
  name: "search",
  description: "Search",
  schema: { type: "object", properties: { q: { type: "string", maxLength: 200 } } },
  func: async (input: any) => search(input.q),
});
`;
const lcClassStrict = `${LC}export class SearchTool extends StructuredTool {
  name = "search";
  description = "Search";
  schema = z.strictObject({ q: z.string().max(200) });
  async _call(input: { q: string }) {
    return search(input.q);
  }
}
`;
const lcClass = replaceOnce(lcClassStrict, "z.strictObject(", "z.object(");
const lcLocalClass = `import { z } from "zod";
import type { RunnableConfig } from "@langchain/core/runnables";
class StructuredTool { schema = z.object({ q: z.string() }); }
export class SearchTool extends StructuredTool {}
`;
const lcIdentityRead = `${LC}export const listDocs = new DynamicStructuredTool({
  name: "list_docs",
  description: "List documents",
  schema: z.strictObject({ folder: z.string().max(40) }),
  func: async (input: any) => search(input.apiKey),
});
`;
const lcThrown = `${LC}export class SearchTool extends StructuredTool {
  name = "search";
  description = "Search";
  schema = z.strictObject({ q: z.string().max(200) });
  async _call(input: { q: string }) {
    try {
      return await search(input.q);
    } catch (e) {
      throw new Error((e as Error).message);
    }
  }
}
`;
const lcImport = `${LC}import { OpenSchema, StrictSchema } from "./schemas.js";
export const a = tool(async () => "ok", { name: "a", schema: OpenSchema });
export const b = new DynamicStructuredTool({ name: "b", description: "B", schema: OpenSchema, func: async () => "ok" });
export class C extends StructuredTool { name = "c"; description = "C"; schema = StrictSchema; async _call() { return "ok"; } }
`;
const lcImportShape = `${LC}import { StrictSchema } from "./schemas.js";
export const a = tool(async () => "ok", { name: "a", schema: z.object(StrictSchema.shape) });
`;

typedRuleTester.run("LangChain (typed): require-strict-objects", strictObjects, {
  valid: [
    { code: lcStrict },
    { code: lcClassStrict },
    // A local class named StructuredTool is not LangChain's.
    { code: lcLocalClass },
    // Imported schemas in all three forms: OpenSchema is reported in schemas.ts.
    { code: lcImport },
  ],
  invalid: [
    { code: lcOpen, errors: [{ messageId: "zodObject", line: 7, column: 11, endLine: 7, endColumn: 19, suggestions: objectSuggestions(lcOpen, "z.object({ q: z.string().max(200) })") }] },
    {
      code: lcDynamic,
      errors: [{ messageId: "jsonMissing", line: 7, column: 13, endLine: 7, endColumn: 27, suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(lcDynamic, " } } },\n", " } }, additionalProperties: false },\n") }] }],
    },
    { code: lcClass, errors: [{ messageId: "zodObject", line: 7, column: 12, endLine: 7, endColumn: 20, suggestions: objectSuggestions(lcClass, "z.object({ q: z.string().max(200) })") }] },
    // The imported strict schema's shape, re-wrapped here in an open object.
    { code: lcImportShape, errors: [{ messageId: "zodObject", line: 5, column: 62, endLine: 5, endColumn: 70, suggestions: objectSuggestions(lcImportShape, "z.object(StrictSchema.shape)") }] },
  ],
});

typedRuleTester.run("LangChain (typed): no-identity-in-args", identityInArgs, {
  valid: [{ code: lcStrict }],
  invalid: [{ code: lcIdentityRead, errors: [{ messageId: "identityRead", line: 8, column: 38, endLine: 8, endColumn: 50, suggestions: [] }] }],
});

typedRuleTester.run("LangChain (typed): no-raw-error-in-result", rawErrors, {
  valid: [{ code: lcClassStrict }],
  invalid: [
    {
      code: lcThrown,
      errors: [{
        messageId: "rawError", line: 12, column: 23, endLine: 12, endColumn: 43,
        suggestions: [{ messageId: "useFixedText", output: replaceOnce(lcThrown, "throw new Error((e as Error).message", "console.error(e);\n      throw new Error(\"The tool failed. The details are in the server log.\"") }],
      }],
    },
  ],
});

typedRuleTester.run("LangChain (typed): require-tool-annotations", annotations, {
  // LangChain has no tool annotations.
  valid: [{ code: lcStrict }, { code: lcClass }],
  invalid: [],
});

// ---------------------------------------------------------------------------------------------------------
// Genkit (genkit, not installed): ai.defineTool({ name, inputSchema | inputJsonSchema }, fn), with genkit's zod

const gkStrict = `${GK}export const lookupTool = ai.defineTool(
  { name: "lookup", description: "Look up", inputSchema: z.object({ q: z.string().max(80) }).strict() },
  async ({ q }) => lookup(q),
);
`;
const gkOpen = replaceOnce(gkStrict, ").strict() },", ") },");
const gkJson = `${GK}export const lookupTool = ai.defineTool(
  { name: "lookup", description: "Look up", inputJsonSchema: { type: "object", properties: { q: { type: "string", maxLength: 80 } } } },
  async (input: any) => lookup(input.q),
);
`;
const gkIdentity = `${GK}export const lookupTool = ai.defineTool(
  { name: "lookup", description: "Look up", inputSchema: z.object({ q: z.string().max(80), tenantId: z.string().max(40) }).strict() },
  async ({ q }) => lookup(q),
);
`;
const gkThrown = `${GK}export const lookupTool = ai.defineTool(
  { name: "lookup", description: "Look up", inputSchema: z.object({ q: z.string().max(80) }).strict() },
  async ({ q }) => {
    try {
      return await lookup(q);
    } catch (e) {
      throw new Error(String(e));
    }
  },
);
`;
const gkNoGenkit = `import { z } from "zod";
const registry = { defineTool: (options: unknown, fn: unknown) => [options, fn] };
export const t = registry.defineTool({ name: "t", inputSchema: z.object({ q: z.string() }) }, async () => "ok");
`;
const gkImport = `${GK}import { OpenSchema, StrictSchema } from "./schemas.js";
export const a = ai.defineTool({ name: "a", description: "A", inputSchema: OpenSchema }, async () => "ok");
export const b = ai.defineTool({ name: "b", description: "B", inputSchema: StrictSchema }, async () => "ok");
`;
const gkZodPackage = `import { genkit } from "genkit";
import { z } from "zod";
const ai = genkit({ plugins: [] });
export const a = ai.defineTool({ name: "a", description: "A", inputSchema: z.object({ q: z.string().max(5) }) }, async () => "ok");
`;

typedRuleTester.run("Genkit (typed): require-strict-objects", strictObjects, {
  valid: [
    { code: gkStrict },
    // defineTool in a file that does not import genkit.
    { code: gkNoGenkit },
    { code: gkImport },
  ],
  invalid: [
    // Genkit passes unknown keys through: genkit's `z` (an `any` here) is read as zod all the same.
    { code: gkOpen, errors: [{ messageId: "genkitObject", line: 5, column: 58, endLine: 5, endColumn: 66, suggestions: objectSuggestions(gkOpen, "z.object({ q: z.string().max(80) })") }] },
    // zod from the zod package, in a Genkit tool.
    { code: gkZodPackage, errors: [{ messageId: "genkitObject", line: 4, column: 76, endLine: 4, endColumn: 84, suggestions: objectSuggestions(gkZodPackage, "z.object({ q: z.string().max(5) })") }] },
    {
      code: gkJson,
      errors: [{ messageId: "jsonMissing", line: 5, column: 64, endLine: 5, endColumn: 78, suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(gkJson, " } } } }", " } }, additionalProperties: false } }") }] }],
    },
  ],
});

typedRuleTester.run("Genkit (typed): no-identity-in-args", identityInArgs, {
  valid: [{ code: gkStrict }],
  invalid: [{ code: gkIdentity, errors: [{ messageId: "identityInSchema", line: 5, column: 92, endLine: 5, endColumn: 100, suggestions: [] }] }],
});

typedRuleTester.run("Genkit (typed): no-raw-error-in-result", rawErrors, {
  // A thrown error fails generate() and does not reach the model.
  valid: [{ code: gkThrown }],
  invalid: [],
});

typedRuleTester.run("Genkit (typed): require-tool-annotations", annotations, {
  // Genkit has no tool annotations.
  valid: [{ code: gkOpen }],
  invalid: [],
});
