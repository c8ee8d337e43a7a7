import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { getFileFacts, holdsTypedFacts } from "../../src/core/facts.js";
import { readSettings } from "../../src/core/settings.js";

const settings = readSettings(undefined);

function factsOf(code: string, fileName = "server.ts") {
  const sourceFile = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  return getFileFacts(ts, sourceFile, undefined, settings);
}

function summary(code: string) {
  return factsOf(code).registrations.map((registration) => `${registration.framework} ${registration.api} ${registration.toolName ?? "?"} ${registration.input?.form ?? "-"}`);
}

const sdkV1 = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod";\nconst server = new McpServer({ name: "t", version: "1" });\n`;

describe("file facts", () => {
  it("are computed once per SourceFile and settings", () => {
    const sourceFile = ts.createSourceFile("a.ts", `${sdkV1}server.registerTool("a", { inputSchema: { q: z.string() } }, async () => ({ content: [] }));`, ts.ScriptTarget.Latest, true);
    const first = getFileFacts(ts, sourceFile, undefined, settings);
    expect(getFileFacts(ts, sourceFile, undefined, readSettings(undefined))).toBe(first);
    expect(getFileFacts(ts, sourceFile, undefined, readSettings({ zodModules: ["@acme/zod"] }))).not.toBe(first);
  });

  it("are kept, untyped, only until another file is analysed, and typed for the life of the checker", () => {
    const code = `${sdkV1}server.registerTool("a", { inputSchema: { q: z.string() } }, async () => ({ content: [] }));`;
    const host = ts.createCompilerHost({});
    const files = new Map(["a.ts", "b.ts"].map((name) => [name, ts.createSourceFile(name, code, ts.ScriptTarget.Latest, true)]));
    const program = ts.createProgram({ rootNames: [...files.keys()], options: { noLib: true, types: [] }, host: { ...host, getSourceFile: (name) => files.get(name), fileExists: (name) => files.has(name) } });
    const [a, b] = ["a.ts", "b.ts"].map((name) => program.getSourceFile(name) as ts.SourceFile);
    const checker = program.getTypeChecker();

    const untypedA = getFileFacts(ts, a, undefined, settings);
    getFileFacts(ts, b, undefined, settings);
    // A file's untyped facts hold its whole AST; no WeakMap keeps them past the file (facts.ts says why).
    expect(getFileFacts(ts, a, undefined, settings)).not.toBe(untypedA);

    const typedA = getFileFacts(ts, a, checker, settings);
    expect(typedA).not.toBe(untypedA);
    getFileFacts(ts, b, checker, settings);
    expect(getFileFacts(ts, a, checker, settings)).toBe(typedA);
  });

  it("typed, read only the registrations a called wrapper's file writes, not that file's own calls into further files", () => {
    const dir = fileURLToPath(new URL("../fixtures/written-registrations", import.meta.url));
    const config = ts.getParsedCommandLineOfConfigFile(`${dir}/tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    if (!config) throw new Error("the fixture's tsconfig.json cannot be read");
    const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
    const checker = program.getTypeChecker();
    const file = (name: string) => program.getSourceFile(`${dir}/${name}`) as ts.SourceFile;

    const server = getFileFacts(ts, file("server.ts"), checker, settings);
    expect(server.registrations.map((registration) => `${registration.api} ${registration.toolName}`)).toEqual(["wrapper search"]);
    // The wrapper's file was read for what it registers; neither it nor the files it calls got full facts.
    expect(["tools.ts", "util.ts", "format.ts"].map((name) => holdsTypedFacts(checker, file(name)))).toEqual([false, false, false]);
    // Linted itself, it has full facts, with the wrapper's registration kept as written.
    expect(getFileFacts(ts, file("tools.ts"), checker, settings).unexpandedRegistrations.map((registration) => registration.api)).toEqual(["registerTool"]);
    expect(holdsTypedFacts(checker, file("tools.ts"))).toBe(true);
  });

  it("find nothing in a file without an MCP framework import", () => {
    const code = `import { z } from "zod";\nconst agent = makeAgent();\nagent.tool("x", { q: z.string() }, () => {});\nagent.registerTool("y", { inputSchema: z.object({}) }, () => {});`;
    expect(summary(code)).toEqual([]);
  });

  it("ignore registrations written inside strings", () => {
    const code = `${sdkV1}const template = \`server.registerTool("x", { inputSchema: z.object({ a: z.string() }) }, cb)\`;`;
    expect(summary(code)).toEqual([]);
  });

  it("recognise every SDK v1 server.tool() overload", () => {
    const code = `${sdkV1}
server.tool("a", async () => ({ content: [] }));
server.tool("b", "desc", async () => ({ content: [] }));
server.tool("c", { q: z.string() }, async () => ({ content: [] }));
server.tool("d", "desc", { q: z.string() }, async () => ({ content: [] }));
server.tool("e", { q: z.string() }, { readOnlyHint: true }, async () => ({ content: [] }));
server.tool("f", "desc", { q: z.string() }, { readOnlyHint: true }, async () => ({ content: [] }));
server.tool("g", { readOnlyHint: true, title: "G" }, async () => ({ content: [] }));
server.tool("h", {}, async () => ({ content: [] }));`;
    expect(summary(code)).toEqual([
      "mcp-sdk-v1 tool a -",
      "mcp-sdk-v1 tool b -",
      "mcp-sdk-v1 tool c shape-only",
      "mcp-sdk-v1 tool d shape-only",
      "mcp-sdk-v1 tool e shape-only",
      "mcp-sdk-v1 tool f shape-only",
      "mcp-sdk-v1 tool g -",
      "mcp-sdk-v1 tool h shape-only",
    ]);
    const annotated = factsOf(code).registrations.filter((registration) => registration.annotations !== undefined).map((r) => r.toolName);
    expect(annotated).toEqual(["e", "f", "g"]);
  });

  it("recognise registerTool, registerToolTask, low-level tools/list, fastmcp and createMcpHandler", () => {
    const code = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { FastMCP } from "fastmcp";
import { createMcpHandler } from "mcp-handler";
import { z } from "zod";
const low = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });
const tools = [{ name: "first", inputSchema: { type: "object", properties: {} } }];
tools.push({ name: "pushed", inputSchema: { type: "object", properties: {}, additionalProperties: false } });
low.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
const fast = new FastMCP({ name: "f", version: "1.0.0" });
fast.addTool({ name: "fm", parameters: z.object({}), execute: async () => "ok" });
fast.addTools([{ name: "fm2", parameters: z.object({}), execute: async () => "ok" }]);
export const handler = createMcpHandler((server) => {
  server.registerTool("handled", { inputSchema: { q: z.string() } }, async () => ({ content: [] }));
  server.experimental.tasks.registerToolTask("task", { inputSchema: z.object({}) }, { createTask: async () => ({}) });
});`;
    expect(summary(code)).toEqual([
      "mcp-sdk-v1 tools/list first json",
      "mcp-sdk-v1 tools/list pushed json",
      "fastmcp addTool fm schema",
      "fastmcp addTool fm2 schema",
      "mcp-sdk-v1 registerTool handled schema-or-shape",
      "mcp-sdk-v1 registerToolTask task schema-or-shape",
    ]);
  });

  it("recognise SDK v2 string request names", () => {
    const code = `import { McpServer, fromJsonSchema } from "@modelcontextprotocol/server";
const server = new McpServer({ name: "t", version: "1" });
server.server.setRequestHandler("tools/list", () => ({ tools: [{ name: "v2", inputSchema: { type: "object" } }] }));
server.registerTool("json", { inputSchema: fromJsonSchema({ type: "object", properties: {} }) }, async () => ({ content: [] }));`;
    expect(summary(code)).toEqual(["mcp-sdk-v2 tools/list v2 json", "mcp-sdk-v2 registerTool json schema-or-shape"]);
  });

  it("walk only input schemas, with field paths", () => {
    const code = `${sdkV1}server.registerTool("a", {
  inputSchema: z.strictObject({ to: z.strictObject({ email: z.string() }), tags: z.array(z.string()) }),
  outputSchema: z.object({ secret: z.string() }),
}, async () => ({ content: [] }));`;
    const paths = factsOf(code).inputs.map((input) => `${input.path || "(root)"}:${input.schema.kind}`);
    expect(paths).toEqual(["(root):object", "to:object", "to.email:string", "tags:array", "tags[]:string"]);
  });

  it("survive self-referential and cyclic definitions", () => {
    const code = `${sdkV1}
const a = b;
const b = a;
const Node = z.object({ name: z.string(), children: z.lazy(() => z.array(Node)) });
server.registerTool("cyclic", { inputSchema: a }, async () => ({ content: [] }));
server.registerTool("tree", { inputSchema: Node }, async () => ({ content: [] }));`;
    const facts = factsOf(code);
    expect(facts.registrations).toHaveLength(2);
    expect(facts.inputs.map((input) => `${input.registration.toolName}:${input.path || "(root)"}:${input.schema.kind}`)).toEqual([
      "cyclic:(root):opaque",
      "tree:(root):object",
      "tree:name:string",
      "tree:children:array",
      "tree:children[]:opaque",
    ]);
  });
  it("recognise agent-framework tools by the callee's import, with their input forms and names", () => {
    const code = `import { tool as aiTool, dynamicTool, jsonSchema } from "ai";
import { tool as agentTool } from "@openai/agents";
import { createTool, Tool } from "@mastra/core/tools";
import { tool as lcTool, DynamicStructuredTool, StructuredTool } from "@langchain/core/tools";
import { genkit, z } from "genkit";
const ai = genkit({});
export const tools = { weather: aiTool({ description: "d", inputSchema: z.object({}), execute: async () => "ok" }) };
export const lookup = dynamicTool({ description: "d", inputSchema: jsonSchema({ type: "object" }), execute: async () => "ok" });
export const oa = agentTool({ name: "oa", description: "d", parameters: { type: "object", properties: {} }, execute: async () => "ok" });
export const ma = createTool({ id: "ma", description: "d", inputSchema: z.object({}), execute: async () => ({}) });
export const mb = new Tool({ id: "mb", description: "d", inputSchema: z.object({}), execute: async () => ({}) });
export const la = lcTool(async () => "ok", { name: "la", schema: z.object({}) });
export const lb = new DynamicStructuredTool({ name: "lb", description: "d", schema: z.object({}), func: async () => "ok" });
export class Lc extends StructuredTool { name = "lc"; schema = z.object({}); async _call() { return "ok"; } }
export const gk = ai.defineTool({ name: "gk", description: "d", inputSchema: z.object({}) }, async () => "ok");
const tool = (options: unknown) => options;
export const local = tool({ name: "local", parameters: z.object({}) });`;
    expect(summary(code)).toEqual([
      "ai-sdk tool-factory weather schema",
      "ai-sdk tool-factory lookup schema",
      "openai-agents tool-factory oa schema-or-json",
      "mastra tool-factory ma schema-or-json",
      "mastra tool-factory mb schema-or-json",
      "langchain tool-factory la schema-or-json",
      "langchain tool-factory lb schema-or-json",
      "langchain tool-factory lc schema-or-json",
      "genkit tool-factory gk schema",
    ]);
    // A JSON Schema literal is read as JSON Schema, a zod schema as zod, whatever the form's name.
    const roots = factsOf(code).inputs.filter((input) => input.path === "").map((input) => `${input.registration.toolName}:${input.schema.kind}:${input.schema.kind === "object" ? input.schema.flavor : "-"}`);
    expect(roots).toEqual(["weather:object:zod", "lookup:object:json", "oa:object:json", "ma:object:zod", "mb:object:zod", "la:object:zod", "lb:object:zod", "lc:object:zod", "gk:object:zod"]);
  });

  it("recognise an xmcp tool file by its path or by an xmcp import, and Cloudflare's McpAgent", () => {
    const xmcp = `import { z } from "zod";\nexport const schema = { q: z.string() };\nexport const metadata = { name: "search", description: "d" };\nexport default async function search({ q }: { q: string }) { return q; }`;
    const summaryAt = (code: string, fileName: string) => factsOf(code, fileName).registrations.map((registration) => `${registration.framework} ${registration.api} ${registration.toolName ?? "?"} ${registration.input?.form ?? "-"}`);
    expect(summaryAt(xmcp, "/app/src/tools/search.ts")).toEqual(["xmcp xmcp-file search schema-or-shape"]);
    expect(summaryAt(xmcp, "/app/src/lib/search.ts")).toEqual([]);
    expect(summaryAt(`import type { ToolMetadata } from "xmcp";\n${xmcp}`, "/app/anywhere.ts")).toEqual(["xmcp xmcp-file search schema-or-shape"]);
    const cloudflare = `import { McpAgent } from "agents/mcp";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
export class A extends McpAgent {
  server = new McpServer({ name: "a", version: "1" });
  async init() {
    this.server.registerTool("r", { inputSchema: { q: z.string() } }, async () => ({ content: [] }));
    this.server.tool("t", { q: z.string() }, async () => ({ content: [] }));
  }
}`;
    expect(summary(cloudflare)).toEqual(["cloudflare-agents registerTool r schema-or-shape", "cloudflare-agents tool t shape-only"]);
  });

  it("take handler parameters where each framework puts them", () => {
    const code = `import { DynamicStructuredTool } from "@langchain/core/tools";
import { tool } from "ai";
import { z } from "zod";
export const a = new DynamicStructuredTool({ name: "a", description: "d", schema: z.object({}), func: async (input, runManager, config) => "ok" });
export const b = tool({ description: "d", inputSchema: z.object({}), execute: async (input, options) => "ok" });`;
    const handlers = factsOf(code).handlers.map((handler) => `${handler.registration?.toolName}:${handler.inputParameter?.name.getText()}:${handler.contextParameter?.name.getText()}`);
    expect(handlers).toEqual(["a:input:config", "b:input:options"]);
  });
});
