/**
 * no-unanalyzed-tool: each registration found but not read, and each part of a tool that could not be
 * read, reported where the registration is written with the reason; silent where everything is read.
 * Untyped cases first, then typed ones over the fixture project (test/fixtures/typed).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { messageOf } from "../../rules/no-unanalyzed-tool.js";
import plugin from "../../src/index.js";
import { FASTMCP_ZOD, SDK_LOW_LEVEL, SDK_ZOD, asJs, pluginRule, ruleTester } from "./helpers.js";
import { formatFindings, lintFixture, lintFixtureResults, typedRuleTester } from "./typed-helpers.js";

type MessageIds = "unreadParts" | "unreadTool" | "unreadSite" | "unreadElements";
const rule = pluginRule<MessageIds>("no-unanalyzed-tool");

const DONE = "async () => ({ content: [] })";
const RO = "{ readOnlyHint: true, destructiveHint: false, openWorldHint: false }";
const ONLY_TYPED = "which only typed linting follows";

// Code after SDK_ZOD, SDK_LOW_LEVEL and FASTMCP_ZOD starts on line 4.

ruleTester.run("no-unanalyzed-tool (untyped)", rule, {
  valid: [
    { name: "every part written in the file", code: `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(9) }), annotations: ${RO} }, ${DONE});\n` },
    { name: "consts and a handler function of the file", code: `${SDK_ZOD}const NAME = "search";\nconst Input = z.strictObject({ q: z.string().max(9) });\nconst RO = ${RO};\nasync function handle() { return { content: [] }; }\nserver.registerTool(NAME, { inputSchema: Input, annotations: RO }, handle);\n` },
    { name: "no input and no annotations: missing, not unread", code: `${SDK_ZOD}server.tool("ping", ${DONE});\nserver.registerTool("pong", {}, ${DONE});\n` },
    { name: "definitions registered in a loop: each element's name and schema", code: `${SDK_ZOD}const defs = [{ name: "a", schema: z.strictObject({}) }, { name: "b", schema: z.strictObject({}) }];\nfor (const d of defs) server.registerTool(d.name, { inputSchema: d.schema, annotations: ${RO} }, ${DONE});\n` },
    { name: "a wrapper called in the file", code: `${SDK_ZOD}function add(name: string, schema: z.ZodType) { server.registerTool(name, { inputSchema: schema, annotations: ${RO} }, ${DONE}); }\nadd("a", z.strictObject({ q: z.string().max(9) }));\n` },
    { name: "a tools/list handler with a literal array, spreads and pushes", code: `${SDK_LOW_LEVEL}const base = [{ name: "a", inputSchema: { type: "object" } }];\nconst tools = [...base];\ntools.push({ name: "b", inputSchema: { type: "object" } });\nserver.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools.filter(Boolean) }));\n` },
    {
      name: "a wrapper that builds the schema from its parameter: each call's shape is read with that call (issue 28)",
      code: `${SDK_ZOD}function add(name: string, shape: z.ZodRawShape) { server.registerTool(name, { inputSchema: z.strictObject(shape), annotations: ${RO} }, ${DONE}); }\nadd("a", { q: z.string().max(9) });\nadd("b", { r: z.string().max(9) });\n`,
    },
    { name: "a spread of a const object is read", code: `${SDK_ZOD}const base = { q: z.string().max(9) };\nserver.registerTool("s", { inputSchema: z.strictObject({ ...base }), annotations: ${RO} }, ${DONE});\n` },
    {
      name: "a loop over a collection whose every element is read: the twin of the loop with an unread element",
      code: `${SDK_ZOD}const loaded = { name: "b", schema: z.strictObject({}) };\nconst defs = [{ name: "a", schema: z.strictObject({}) }, loaded];\nfor (const d of defs) server.registerTool(d.name, { inputSchema: d.schema, annotations: ${RO} }, ${DONE});\n`,
    },
    {
      name: "a class named McpServer from a package that is not the SDK is no evidence (the twin of the re-exported server)",
      code: `import { McpServer } from "some-other-server";\nimport { schema } from "./schemas.js";\nconst server = new McpServer({ name: "s", version: "1" });\nserver.registerTool("a", { inputSchema: schema, annotations: ${RO} }, ${DONE});\n`,
    },
    { name: "an unrelated .registerTool() in a file with no MCP import", code: `const registry = { registerTool(a: unknown, b: unknown) {} };\nregistry.registerTool("x", makeConfig());\n` },
    { name: "plain JavaScript, everything written", code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod";\nconst server = new McpServer({ name: "d", version: "1" });\nserver.registerTool("s", { inputSchema: z.strictObject({}) }, ${DONE});\n`, ...asJs },
  ],
  invalid: [
    {
      name: "a wrapper that builds the schema from its parameter, given a shape the analysis cannot read",
      code: `${SDK_ZOD}declare function loadShape(): z.ZodRawShape;\nfunction add(name: string, shape: z.ZodRawShape) { server.registerTool(name, { inputSchema: z.strictObject(shape), annotations: ${RO} }, ${DONE}); }\nadd("a", loadShape());\n`,
      errors: [{ messageId: "unreadParts", line: 6, column: 1, endColumn: 4, data: { tool: "a", others: "", parts: "input", reason: "the shape it passes comes from loadShape(), a call the analysis does not follow.", remedy: "" } }],
    },
    {
      name: "a wrapper's call that passes a value of its own it cannot read: reported at that call; the call with a shape written is read",
      code: `${SDK_ZOD}import { imported } from "./shapes.js";\nfunction add(name: string, shape: z.ZodRawShape) {\n  server.registerTool(name, { inputSchema: z.strictObject(shape), annotations: ${RO} }, ${DONE});\n}\nadd("a", { q: z.string().max(9) });\nadd("b", imported);\n`,
      errors: [
        { messageId: "unreadParts", line: 9, column: 1, endColumn: 4, data: { tool: "b", others: "", parts: "input", reason: `the shape it passes is "imported" imported from "./shapes.js", ${ONLY_TYPED}.`, remedy: "" } },
      ],
    },
    {
      name: "the input and handler imported, untyped",
      code: `${SDK_ZOD}import { getSchema, handle } from "./tools.js";\nserver.registerTool("search", { inputSchema: getSchema(), annotations: ${RO} }, handle);\n`,
      errors: [{
        messageId: "unreadParts", line: 5, column: 1, endLine: 5, endColumn: 20,
        // Two reasons: the message gives what fits, the inventory the whole.
        data: { tool: "search", others: "", parts: "input and handler", reason: `both come from "./tools.js", ${ONLY_TYPED}.`, remedy: "" },
      }],
    },
    {
      name: "every part imported from one module, untyped: named by the expression that names it, with one reason",
      code: `${SDK_ZOD}import { searchName, searchDescription, searchShape, search } from "./search.js";\nserver.tool(searchName, searchDescription, searchShape, search);\n`,
      errors: [{
        messageId: "unreadParts", line: 5, column: 1, endColumn: 12,
        data: { tool: "(unnamed: searchName)", others: "", parts: "name, input, annotations and handler", reason: `all come from "./search.js", ${ONLY_TYPED}.`, remedy: "" },
      }],
    },
    {
      name: "imported annotations",
      code: `${SDK_ZOD}import { readOnly } from "./annotations.js";\nserver.registerTool("search", { inputSchema: z.strictObject({}), annotations: readOnly }, ${DONE});\n`,
      errors: [{ messageId: "unreadParts", line: 5, column: 1, data: { tool: "search", others: "", parts: "annotations", reason: `the annotations are "readOnly" imported from "./annotations.js", ${ONLY_TYPED}.`, remedy: "" } }],
    },
    {
      name: "the name is a wrapper's parameter, and the wrapper is not called here",
      code: `${SDK_ZOD}export function registerAll(name: string) {\n  server.registerTool(name, { inputSchema: z.strictObject({}), annotations: ${RO} }, ${DONE});\n}\n`,
      errors: [{ messageId: "unreadParts", line: 5, column: 3, data: { tool: "(unnamed: name)", others: "", parts: "name", reason: 'the name is the parameter "name" of registerAll.', remedy: " Declare registerAll in settings.registrations." } }],
    },
    {
      name: "a name chosen at run time",
      code: `${SDK_ZOD}declare const toolName: string | undefined;\nserver.registerTool(toolName || "web_search", { inputSchema: z.strictObject({}), annotations: ${RO} }, ${DONE});\n`,
      // The tool keeps the one name it can be read as (issue 28: a tool is never dropped for its name).
      errors: [{ messageId: "unreadParts", line: 5, column: 1, data: { tool: "web_search", others: "", parts: "name", reason: 'the name is chosen at run time (toolName || "web_search"), read as "web_search".', remedy: "" } }],
    },
    {
      name: "the config is a parameter: no tool is built",
      code: `${SDK_ZOD}export function register(config: any) {\n  server.registerTool("ping", config, ${DONE});\n}\n`,
      errors: [{ messageId: "unreadTool", line: 5, column: 3, endColumn: 22, data: { tool: "ping", others: "", reason: 'the config is the parameter "config" of register.', remedy: "" } }],
    },
    {
      name: "options spreading an imported definition: the input may be there",
      code: `${SDK_ZOD}import { defs } from "./defs.js";\nserver.registerTool("search", { ...defs.search, annotations: ${RO} }, ${DONE});\n`,
      errors: [{ messageId: "unreadParts", line: 5, column: 1, data: { tool: "search", others: "", parts: "input", reason: "the input may be in ...defs.search, which the analysis does not read.", remedy: "" } }],
    },
    {
      name: "input fields in an imported spread",
      code: `${SDK_ZOD}import { base } from "./base.js";\nserver.registerTool("s", { inputSchema: z.strictObject({ ...base, q: z.string().max(9) }), annotations: ${RO} }, ${DONE});\n`,
      errors: [{ messageId: "unreadParts", line: 5, column: 1, data: { tool: "s", others: "", parts: "input", reason: `a spread in the input is "base" imported from "./base.js", ${ONLY_TYPED}.`, remedy: "" } }],
    },
    {
      name: "server.tool() whose second argument may be the description or the shape: imported, so untyped the overload cannot be told",
      code: `${SDK_ZOD}import { d } from "./d.js";\nserver.tool("x", d, ${DONE});\n`,
      errors: [{ messageId: "unreadParts", line: 5, column: 1, data: { tool: "x", others: "", parts: "input and annotations", reason: `the description or input shape is "d" imported from "./d.js", ${ONLY_TYPED}.`, remedy: "" } }],
    },
    {
      name: "server.tool() named by a call",
      code: `${SDK_ZOD}declare function makeName(): string;\nserver.tool(makeName(), ${DONE});\n`,
      errors: [{ messageId: "unreadSite", line: 5, column: 1, data: { what: "The tool registered here", reason: "the name comes from makeName(), a call the analysis does not follow." } }],
    },
    {
      name: "a tools/list handler listing a call's result",
      code: `${SDK_LOW_LEVEL}declare function load(): unknown[];\nfunction buildTools() { return load(); }\nserver.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: buildTools() }));\n`,
      errors: [{ messageId: "unreadSite", line: 6, column: 72, endColumn: 82, data: { what: "Tools listed here", reason: "the tools array comes from buildTools(), a call the analysis does not follow." } }],
    },
    {
      name: "a tools/list handler mapping an imported collection",
      code: `${SDK_LOW_LEVEL}import { TOOLS } from "./t.js";\nserver.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS.map(({ _meta, ...tool }) => tool) }));\n`,
      errors: [{ messageId: "unreadSite", line: 5, column: 72, data: { what: "Tools listed here", reason: `the tools array comes from TOOLS.map() imported from "./t.js", ${ONLY_TYPED}.` } }],
    },
    {
      name: "a tools/list handler wrapped in a higher-order function",
      code: `${SDK_LOW_LEVEL}import { withTiming } from "./timing.js";\nserver.setRequestHandler(ListToolsRequestSchema, withTiming(async () => ({ tools: [] })));\n`,
      errors: [{ messageId: "unreadSite", line: 5, column: 1, endColumn: 25, data: { what: "Tools listed here", reason: `the handler comes from withTiming() imported from "./timing.js", ${ONLY_TYPED}.` } }],
    },
    {
      name: "a tools array with an imported element and a spread call, beside a readable tool",
      code: `${SDK_LOW_LEVEL}import { lookup } from "./t.js";\ndeclare function more(): object[];\nserver.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [lookup, { name: "b", inputSchema: { type: "object" } }, ...more()] }));\n`,
      errors: [
        { messageId: "unreadSite", line: 6, column: 73, endColumn: 79, data: { what: "Tools listed here", reason: `the tool is "lookup" imported from "./t.js", ${ONLY_TYPED}.` } },
        { messageId: "unreadSite", line: 6, column: 132, data: { what: "Tools listed here", reason: "the tools array comes from more(), a call the analysis does not follow." } },
      ],
    },
    {
      name: "a tools/list handler returning a value it cannot read",
      code: `${SDK_LOW_LEVEL}import { listing } from "./t.js";\nserver.setRequestHandler(ListToolsRequestSchema, async () => listing);\n`,
      errors: [{ messageId: "unreadSite", line: 5, column: 62, data: { what: "Tools listed here", reason: `the handler's result is "listing" imported from "./t.js", ${ONLY_TYPED}.` } }],
    },
    {
      name: "an untyped wrapper whose input is a parameter and that no call here reaches",
      code: `${SDK_ZOD}export function accountTool(name: string, schema: z.ZodType, cb: any) {\n  server.registerTool(name, { inputSchema: schema }, cb);\n}\n`,
      errors: [{ messageId: "unreadSite", line: 5, column: 3, data: { what: "The tool registered here", reason: messageOf({ tool: undefined, parts: undefined, api: "registerTool", reason: 'the input is the parameter "schema" of accountTool, which no call in this file reaches (only typed linting follows other files)' }).data.reason } }],
    },
    {
      name: "fastmcp: an imported tool and a computed list",
      code: `${FASTMCP_ZOD}import { searchTool } from "./t.js";\ndeclare function list(): never[];\nserver.addTool(searchTool);\nserver.addTools(list());\n`,
      errors: [
        { messageId: "unreadSite", line: 6, column: 1, data: { what: "The tool registered here", reason: `the tool is "searchTool" imported from "./t.js", ${ONLY_TYPED}.` } },
        { messageId: "unreadSite", line: 7, column: 1, data: { what: "The tool registered here", reason: "the tools array comes from list(), a call the analysis does not follow." } },
      ],
    },
    {
      name: "a method named registerTool called over a computed list: reported once, at the call, through the wrapped registration",
      code: `${SDK_ZOD}class Registry {\n  registerTool(s: typeof server, tool: { name: string; schema: z.ZodType }) {\n    s.registerTool(tool.name, { inputSchema: tool.schema, annotations: ${RO} }, ${DONE});\n  }\n  all(defs: { name: string; schema: z.ZodType }[]) {\n    for (const def of defs) this.registerTool(server, def);\n  }\n}\n`,
      errors: [{
        messageId: "unreadParts", line: 9, column: 29, endColumn: 46,
        // What the loop passes for the wrapper's `tool` is the cause, not the wrapper's reading of it.
        data: { tool: "(unnamed: tool.name)", others: "", parts: "name and input", reason: "the tool it passes is each element of defs, which the analysis cannot list.", remedy: "" },
      }],
    },
    {
      name: "a handler imported through a path alias is the project's, not a package's",
      code: `${SDK_ZOD}import { handler } from "@/tools/handler.js";\nserver.registerTool("s", { inputSchema: z.strictObject({}), annotations: ${RO} }, handler);\n`,
      errors: [{ messageId: "unreadParts", line: 5, column: 1, data: { tool: "s", others: "", parts: "handler", reason: `the handler is "handler" imported from "@/tools/handler.js", ${ONLY_TYPED}.`, remedy: "" } }],
    },
    {
      name: "registerToolTask's object of task functions",
      code: `${SDK_ZOD}server.experimental.tasks.registerToolTask("t", { inputSchema: z.strictObject({}), annotations: ${RO} }, { async createTask() { return {} as never; }, getTask: async () => ({}) as never });\n`,
      errors: [{ messageId: "unreadParts", line: 4, column: 1, data: { tool: "t", others: "", parts: "handler", reason: "the handler is an object of functions ({ createTask, getTask }), which the analysis does not read.", remedy: "" } }],
    },
    {
      name: "a loop over a collection of which one element cannot be read: the others are analysed, that one is reported at the call",
      code: `${SDK_ZOD}declare const loaded: { name: string; schema: z.ZodType };\nconst defs = [{ name: "a", schema: z.strictObject({}) }, loaded];\nfor (const d of defs) server.registerTool(d.name, { inputSchema: d.schema, annotations: ${RO} }, ${DONE});\n`,
      errors: [{ messageId: "unreadElements", line: 6, column: 23, endColumn: 42, data: { reason: "1 of 2 elements of defs: the one at file.ts:4: `loaded` has no initial value." } }],
    },
    {
      name: "the SDK's McpServer re-exported by a module of the project is evidence of the SDK",
      code: `import { McpServer } from "./third_party/index.js";\nimport { schema } from "./schemas.js";\nconst server = new McpServer({ name: "s", version: "1" });\nserver.registerTool("a", { inputSchema: schema, annotations: ${RO} }, ${DONE});\n`,
      errors: [{ messageId: "unreadParts", line: 4, column: 1, endColumn: 20, data: { tool: "a", others: "", parts: "input", reason: `the input is "schema" imported from "./schemas.js", ${ONLY_TYPED}.`, remedy: "" } }],
    },
    {
      name: "a generated definition's own tool() handler, declared by an interface of the file, is no registration; the server.tool() around it is",
      code: `${SDK_ZOD}interface Def { name: string; description: string; args: z.ZodRawShape; tool: (client: unknown, args: unknown, ctx: unknown) => Promise<never> }\nexport const register = (tool: Def): void => {\n  server.tool(tool.name, tool.description, tool.args, async (args, ctx) => tool.tool(null, args, ctx));\n};\n`,
      errors: [{ messageId: "unreadParts", line: 6, column: 3, endColumn: 14, data: { tool: "(unnamed: tool.name)", others: "", parts: "name, input and annotations", reason: messageOf({ tool: "(unnamed: tool.name)", parts: ["name", "input", "annotations"], api: "tool", reason: 'the name is tool.name, where tool is the parameter "tool" of register; the overload cannot be told: tool.description may be the description or the input shape' }).data.reason, remedy: "" } }],
    },
    {
      name: "a handler that is a call's result",
      code: `${SDK_ZOD}declare function wrap<T>(fn: T): T;\nserver.registerTool("s", { inputSchema: z.strictObject({}), annotations: ${RO} }, wrap(${DONE}));\n`,
      errors: [{ messageId: "unreadParts", line: 5, column: 1, data: { tool: "s", others: "", parts: "handler", reason: "the handler comes from wrap(), a call the analysis does not follow.", remedy: "" } }],
    },
  ],
});

typedRuleTester.run("no-unanalyzed-tool (typed)", rule, {
  valid: [
    {
      name: "imported schemas, annotations and handlers are followed into their files",
      filename: "file.ts",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { OpenSchema, readOnly } from "./schemas.js";\nimport { fetchPage } from "./handlers.js";\nconst server = new McpServer({ name: "t", version: "1" });\nserver.registerTool("search", { inputSchema: OpenSchema, annotations: readOnly }, fetchPage);\n`,
    },
    { name: "the base class's file: its tools are the subclasses, judged in their files", filename: "tool-base.ts", code: readFixture("tool-base.ts") },
    { name: "the wrappers' file: their calls are registrations where they are written", filename: "wrappers.ts", code: readFixture("wrappers.ts") },
    {
      name: "an object known only from declarations: its strictness is read from its type",
      filename: "file.ts",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { ExternalOpen } from "./lib/external.js";\nconst server = new McpServer({ name: "t", version: "1" });\nserver.registerTool("x", { inputSchema: ExternalOpen, annotations: { readOnlyHint: true } }, async () => ({ content: [] }));\n`,
    },
  ],
  invalid: [
    {
      name: "a config built by a call, typed",
      filename: "file.ts",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { OpenSchema } from "./schemas.js";\nconst server = new McpServer({ name: "t", version: "1" });\nfunction makeConfig() { return JSON.parse(process.env.CONFIG ?? "{}") as { inputSchema: typeof OpenSchema }; }\nserver.registerTool("x", makeConfig(), async () => ({ content: [] }));\n`,
      errors: [{ messageId: "unreadTool", line: 5, column: 1, data: { tool: "x", others: "", reason: "the config comes from makeConfig(), a call the analysis does not follow.", remedy: "" } }],
    },
    {
      name: "a tools/list handler given its tools as a parameter, typed",
      filename: "file.ts",
      code: `import { Server } from "@modelcontextprotocol/sdk/server/index.js";\nimport { ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";\nconst server = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });\nexport function serve(tools: Tool[]) {\n  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));\n}\n`,
      errors: [{ messageId: "unreadSite", line: 5, column: 67, endColumn: 72, data: { what: "Tools listed here", reason: 'the tools array is the parameter "tools" of serve.' } }],
    },
    {
      name: "the SDK's registerTool given spread arguments, typed: reported, not dropped",
      filename: "file.ts",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst server = new McpServer({ name: "t", version: "1" });\nexport function add(def: Parameters<McpServer["registerTool"]>) {\n  server.registerTool(...def);\n}\n`,
      errors: [{ messageId: "unreadSite", line: 4, column: 3, endColumn: 22, data: { what: "The tool registered here", reason: "its arguments are spread (...def), which the analysis does not read." } }],
    },
    {
      name: "a name from a parameter, typed: the wrapper is never called",
      filename: "file.ts",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod";\nconst server = new McpServer({ name: "t", version: "1" });\nexport function registerAll(name: string) {\n  server.registerTool(name, { inputSchema: z.strictObject({}), annotations: { readOnlyHint: true } }, async () => ({ content: [] }));\n}\n`,
      errors: [{ messageId: "unreadParts", line: 5, column: 3, data: { tool: "(unnamed: name)", others: "", parts: "name", reason: 'the name is the parameter "name" of registerAll.', remedy: " Declare registerAll in settings.registrations." } }],
    },
  ],
});

function readFixture(name: string): string {
  return readFileSync(new URL(`../fixtures/typed/${name}`, import.meta.url), "utf8");
}

describe("no-unanalyzed-tool over the typed fixture project", () => {
  it("typed: every tool of the project is read", async () => {
    expect(formatFindings(await lintFixture(["**/*.ts"], { typed: true, unanalyzed: true, extraConfig: [onlyThisRule()] }))).toEqual([]);
  });

  it("untyped: every registration whose imports it cannot follow is reported, once, where it is written", async () => {
    const results = await lintFixtureResults(["server.ts", "wrappers.ts", "tool-base.ts"], { unanalyzed: true, extraConfig: [onlyThisRule()] });
    const lines = results.flatMap((result) => result.messages.map((message) => `${result.filePath.split("/").pop()}:${message.line}:${message.column} ${message.messageId}`));
    expect(lines).toEqual([
      "server.ts:14:1 unreadParts",
      "server.ts:19:1 unreadParts",
      "server.ts:22:1 unreadParts",
      "server.ts:23:1 unreadParts",
      "server.ts:26:1 unreadParts",
      "server.ts:29:1 unreadParts",
      "server.ts:32:1 unreadParts",
      "server.ts:36:1 unreadParts",
      "server.ts:41:1 unreadParts",
      "server.ts:54:3 unreadParts",
      "wrappers.ts:9:3 unreadSite",
      "wrappers.ts:17:3 unreadSite",
      "wrappers.ts:22:3 unreadSite",
      "tool-base.ts:14:5 unreadParts",
    ]);
  });
});

describe("messages", () => {
  it("keeps a report of unread elements within 160 characters", () => {
    const { messageId, data } = messageOf({ tool: undefined, parts: undefined, api: "registerTool", elements: { unread: 3, total: 61 }, reason: "3 of 61 elements of tools (createTools()): the one at pages.ts:21: `args` is a parameter the analysis has no argument for, read while building the list of every tool" });
    expect(messageId).toBe("unreadElements");
    expect(`Some tools registered here could not be read: ${data.reason}`.length).toBeLessThanOrEqual(160);
    expect(data.reason).toMatch(/^3 of 61 elements of tools \(createTools\(\)\): the one at pages\.ts:21: .*…$/);
  });

  it("shortens a long reason at a word so that the message stays within 160 characters", () => {
    const { data } = messageOf({ tool: "create_support_ticket_from_email", parts: ["input", "handler"], api: "registerTool", reason: `the input comes from buildCustomerSupportTicketSchema() imported from "./schemas/support-tickets.js", ${ONLY_TYPED}` });
    const message = `Tool "${data.tool}": its ${data.parts} could not be read: ${data.reason}`;
    expect(message.length).toBeLessThanOrEqual(160);
    // Cut after a whole word, and marked.
    expect(data.reason).toBe("the input comes from buildCustomerSupportTicketSchema() imported from…");
  });
});

/** Every other rule off. */
function onlyThisRule() {
  return { rules: Object.fromEntries(Object.keys(plugin.rules).filter((name) => name !== "no-unanalyzed-tool").map((name) => [`mcp-guard/${name}`, "off" as const])) };
}
