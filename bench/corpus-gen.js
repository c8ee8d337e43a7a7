// Generates the benchmark corpus: realistic MCP server source files with many tool registrations across the
// frameworks the plugin understands, with good and bad input schemas. Deterministic (seeded PRNG).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Bump when the generator changes, so that a stale corpus is regenerated. */
export const CORPUS_VERSION = "3";

function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOUNS = ["ticket", "invoice", "order", "project", "document", "customer", "repo", "issue", "page", "report", "dataset", "file", "event", "task", "note", "contact", "deal", "build", "deployment", "alert"];
const VERBS = ["get", "list", "search", "create", "update", "archive", "export", "summarize", "tag", "assign", "sync", "preview"];
const STRING_FIELDS = ["query", "title", "name", "description", "body", "comment", "path", "label", "reason", "locale", "cursor", "sortBy", "email", "url", "slug"];
const NUMBER_FIELDS = ["limit", "offset", "page", "pageSize", "days", "amount", "priority", "timeoutSeconds"];
const ARRAY_FIELDS = ["tags", "ids", "fields", "labels", "recipients", "columns"];

class Gen {
  constructor(seed) {
    this.rand = prng(seed);
  }
  pick(list) {
    return list[Math.floor(this.rand() * list.length)];
  }
  chance(p) {
    return this.rand() < p;
  }
  int(lo, hi) {
    return lo + Math.floor(this.rand() * (hi - lo + 1));
  }

  zodString() {
    return this.pick([
      `z.string().max(${this.pick([32, 64, 200, 1000])})`,
      `z.string().min(1).max(${this.pick([50, 120, 500])})`,
      `z.enum(["asc", "desc"])`,
      `z.string().uuid()`,
      `z.string().regex(/^[a-z0-9-]{1,40}$/)`,
      `z.string()`,
      `z.string().min(1)`,
      `z.string().email()`,
      `z.string().url()`,
      `z.string().describe("free text")`,
    ]);
  }
  zodNumber() {
    return this.pick([`z.number().int().min(0).max(${this.pick([10, 100, 1000])})`, `z.number().int().positive().max(500)`, `z.number()`, `z.number().int()`, `z.number().min(0)`]);
  }
  zodArray() {
    const item = this.chance(0.5) ? `z.string().max(${this.pick([20, 64])})` : this.zodString();
    return this.chance(0.55) ? `z.array(${item}).max(${this.pick([10, 50, 100])})` : `z.array(${item})`;
  }
  zodField(depth) {
    const r = this.rand();
    if (r < 0.35) return [this.pick(STRING_FIELDS), this.zodString()];
    if (r < 0.55) return [this.pick(NUMBER_FIELDS), this.zodNumber()];
    if (r < 0.7) return [this.pick(ARRAY_FIELDS), this.zodArray()];
    if (r < 0.78) return [this.pick(["dryRun", "includeArchived", "notify", "force"]), `z.boolean().default(false)`];
    if (r < 0.86 && depth < 2) return [this.pick(["filter", "options", "address", "range", "settings"]), this.zodObject(depth + 1, 2, 4)];
    if (r < 0.93) return [this.pick(["metadata", "extra", "attributes"]), this.pick([`z.record(z.string(), z.string())`, `z.record(z.string(), z.unknown())`, `z.any()`, `z.unknown()`])];
    return [this.pick(["status", "kind", "mode"]), `z.enum(["open", "closed", "all"])`];
  }
  shapeBody(depth, lo, hi, indent) {
    const n = this.int(lo, hi);
    const seen = new Set();
    const lines = [];
    for (let i = 0; i < n; i++) {
      let [name, schema] = this.zodField(depth);
      if (seen.has(name)) name = `${name}${i}`;
      seen.add(name);
      if (this.chance(0.25)) schema += ".optional()";
      if (this.chance(0.2)) schema += `.describe("The ${name}.")`;
      lines.push(`${indent}${name}: ${schema},`);
    }
    if (depth === 0) this.topLevelNames = [...seen];
    return lines.join("\n");
  }
  zodObject(depth = 0, lo = 2, hi = 6, indent = "      ") {
    const body = this.shapeBody(depth, lo, hi, indent + "  ");
    const r = this.rand();
    if (r < 0.3) return `z.object({\n${body}\n${indent}}).strict()`;
    if (r < 0.5) return `z.strictObject({\n${body}\n${indent}})`;
    if (r < 0.9) return `z.object({\n${body}\n${indent}})`;
    return `z.object({\n${body}\n${indent}}).passthrough()`;
  }
  jsonString() {
    return this.pick([`{ type: "string", maxLength: ${this.pick([64, 256])} }`, `{ type: "string", enum: ["a", "b", "c"] }`, `{ type: "string", format: "uuid" }`, `{ type: "string" }`, `{ type: "string", format: "uri" }`]);
  }
  jsonSchema(depth = 0) {
    const n = this.int(2, 5);
    const props = [];
    for (let i = 0; i < n; i++) {
      const r = this.rand();
      if (r < 0.4) props.push(`${this.pick(STRING_FIELDS)}${i}: ${this.jsonString()}`);
      else if (r < 0.6) props.push(`${this.pick(NUMBER_FIELDS)}${i}: ${this.pick([`{ type: "integer", minimum: 1, maximum: 100 }`, `{ type: "number" }`])}`);
      else if (r < 0.8) props.push(`${this.pick(ARRAY_FIELDS)}${i}: { type: "array", items: ${this.jsonString()}${this.chance(0.5) ? ", maxItems: 50" : ""} }`);
      else if (r < 0.9 && depth < 1) props.push(`options${i}: ${this.jsonSchema(depth + 1)}`);
      else props.push(`extra${i}: ${this.pick([`{}`, `{ type: "object" }`, `{ type: "boolean" }`])}`);
    }
    const closed = this.chance(0.6) ? ", additionalProperties: false" : "";
    return `{ type: "object", properties: { ${props.join(", ")} }, required: [] as string[]${closed} }`;
  }
  handler(args) {
    const body = this.pick([
      `    const result = await api.call("${this.pick(NOUNS)}", { ${args.join(", ")} });\n    return { content: [{ type: "text" as const, text: JSON.stringify(result) }] };`,
      `    try {\n      const rows = await api.query({ ${args.join(", ")} });\n      return { content: [{ type: "text" as const, text: rows.map((r) => r.id).join("\\n") }] };\n    } catch (error) {\n      return { isError: true, content: [{ type: "text" as const, text: \`Failed: \${(error as Error).message}\` }] };\n    }`,
      `    if (!${args[0] ?? "true"}) throw new Error("missing input");\n    return text(await api.call("op", { ${args.join(", ")} }));`,
    ]);
    return `async ({ ${args.join(", ")} }) => {\n${body}\n  }`;
  }
  annotations() {
    return this.pick([`{ readOnlyHint: true, openWorldHint: false }`, `{ readOnlyHint: false, destructiveHint: true }`, `{ title: "Tool" }`, null]);
  }
  toolName(i) {
    return `${this.pick(VERBS)}_${this.pick(NOUNS)}_${i}`;
  }
}


function sdkFile(g, index, registrations) {
  const out = [
    `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`,
    `import { z } from "zod";`,
    `import { api, text } from "./shared/runtime.js";`,
    `import { Pagination, ResourceId, SearchFilter } from "./shared/schemas.js";`,
    "",
    `export const server${index} = new McpServer({ name: "bench-${index}", version: "1.0.0" });`,
    "",
    `const Shared${index} = z.object({ id: ResourceId, note: z.string().max(200).optional() }).strict();`,
    "",
    `function defineTool(name: string, inputSchema: z.ZodObject<z.ZodRawShape>, run: (args: Record<string, unknown>) => Promise<unknown>) {`,
    `  server${index}.registerTool(name, { description: \`Generated tool \${name}\`, inputSchema }, async (args) => text(await run(args)));`,
    `}`,
    "",
  ];
  for (let i = 0; i < registrations; i++) {
    const name = g.toolName(i);
    const r = g.rand();
    const ann = g.annotations();
    const annLine = ann ? `\n    annotations: ${ann},` : "";
    if (r < 0.45) {
      const schema = g.zodObject();
      out.push(`server${index}.registerTool(\n  "${name}",\n  {\n    title: "${name}",\n    description: "Generated ${name}.",\n    inputSchema: ${schema},${annLine}\n  },\n  ${g.handler(g.topLevelNames.slice(0, 4))},\n);\n`);
    } else if (r < 0.6) {
      const shape = g.shapeBody(0, 2, 5, "      ");
      out.push(`server${index}.registerTool(\n  "${name}",\n  {\n    description: "Raw shape ${name}.",\n    inputSchema: {\n${shape}\n    },${annLine}\n  },\n  ${g.handler(g.topLevelNames.slice(0, 4))},\n);\n`);
    } else if (r < 0.72) {
      const shape = g.shapeBody(0, 1, 4, "      ");
      out.push(`server${index}.tool(\n  "${name}",\n  "Deprecated API ${name}.",\n  {\n${shape}\n  },\n  ${g.handler(g.topLevelNames.slice(0, 4))},\n);\n`);
    } else if (r < 0.8) {
      const expr = g.pick([`Shared${index}`, `Shared${index}.shape`, `Shared${index}.extend({ extra: z.string() })`, `SearchFilter.merge(Pagination)`, `Pagination.extend({ q: z.string().max(80) }).strict()`]);
      out.push(`server${index}.registerTool("${name}", { description: "Shared schema.", inputSchema: ${expr} }, async (args) => text(args));\n`);
    } else if (r < 0.9) {
      out.push(`defineTool("${name}", ${g.zodObject(0, 1, 3, "")}, async (args) => api.call("${name}", args));\n`);
    } else {
      out.push(
        `const ${name}_schema = z.object({ action: z.string(), data: z.record(z.string(), z.unknown()), target: ResourceId });\n` +
          `server${index}.registerTool("${name}", { description: "Dispatcher.", inputSchema: ${name}_schema }, async ({ action, data }) => text({ action, data }));\n`,
      );
    }
  }
  return out.join("\n");
}

function lowLevelFile(g, index, registrations) {
  const tools = [];
  for (let i = 0; i < registrations; i++) {
    const ann = g.annotations();
    tools.push(`    {\n      name: "${g.toolName(i)}",\n      description: "Low-level tool ${i}.",\n      inputSchema: ${g.jsonSchema()},${ann ? `\n      annotations: ${ann},` : ""}\n    },`);
  }
  return [
    `import { Server } from "@modelcontextprotocol/sdk/server/index.js";`,
    `import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";`,
    `import { api } from "./shared/runtime.js";`,
    "",
    `export const low${index} = new Server({ name: "bench-low-${index}", version: "1.0.0" }, { capabilities: { tools: {} } });`,
    "",
    `low${index}.setRequestHandler(ListToolsRequestSchema, async () => ({`,
    `  tools: [`,
    ...tools,
    `  ],`,
    `}));`,
    "",
    `low${index}.setRequestHandler(CallToolRequestSchema, async (request) => {`,
    `  const args = request.params.arguments ?? {};`,
    `  const result = await api.call(request.params.name, args);`,
    `  return { content: [{ type: "text", text: JSON.stringify(result) }] };`,
    `});`,
    "",
  ].join("\n");
}

function fastmcpFile(g, index, registrations) {
  const out = [
    `import { FastMCP, UserError } from "fastmcp";`,
    `import { z } from "zod";`,
    `import { api } from "./shared/runtime.js";`,
    "",
    `export const fast${index} = new FastMCP({ name: "bench-fast-${index}", version: "1.0.0" });`,
    "",
  ];
  for (let i = 0; i < registrations; i++) {
    const schema = g.zodObject(0, 2, 5, "  ");
    const args = g.topLevelNames.slice(0, 3);
    const ann = g.annotations();
    out.push(
      `fast${index}.addTool({\n  name: "${g.toolName(i)}",\n  description: "fastmcp tool ${i}.",\n  parameters: ${schema},${ann ? `\n  annotations: ${ann},` : ""}\n` +
        `  execute: async ({ ${args.join(", ")} }) => {\n    const out = await api.call("fast", { ${args.join(", ")} });\n    if (!out) throw new UserError("not found");\n    return JSON.stringify(out);\n  },\n});\n`,
    );
  }
  return out.join("\n");
}

const SHARED_SCHEMAS = `import { z } from "zod";

export const ResourceId = z.string().regex(/^[a-z]{2,8}_[0-9a-f]{8,32}$/);
export const Pagination = z.object({ cursor: z.string().max(256).optional(), limit: z.number().int().min(1).max(100).default(25) }).strict();
export const SearchFilter = z.object({ query: z.string(), tags: z.array(z.string().max(32)).optional() });
`;

const SHARED_RUNTIME = `export const api = {
  async call(op: string, args: unknown): Promise<{ id: string; op: string; args: unknown }> {
    return { id: "x", op, args };
  },
  async query(args: unknown): Promise<{ id: string }[]> {
    return [{ id: String(args) }];
  },
};

export const text = (value: unknown) => ({ content: [{ type: "text" as const, text: JSON.stringify(value) }] });
`;

// Minimal typings for the MCP packages, which are not installed: enough for typed linting to resolve the calls.
const MCP_STUBS = `declare module "@modelcontextprotocol/sdk/server/mcp.js" {
  type Handler = (args: any, extra: unknown) => unknown;
  export class McpServer {
    constructor(info: { name: string; version: string });
    registerTool(name: string, config: { title?: string; description?: string; inputSchema?: unknown; annotations?: unknown }, cb: Handler): void;
    tool(name: string, description: string, shape: Record<string, unknown>, cb: Handler): void;
  }
}
declare module "@modelcontextprotocol/sdk/server/index.js" {
  export class Server {
    constructor(info: { name: string; version: string }, options: unknown);
    setRequestHandler(schema: unknown, handler: (request: any) => unknown): void;
  }
}
declare module "@modelcontextprotocol/sdk/types.js" {
  export const ListToolsRequestSchema: unknown;
  export const CallToolRequestSchema: unknown;
}
declare module "fastmcp" {
  export class UserError extends Error {}
  export class FastMCP {
    constructor(info: { name: string; version: string });
    addTool(tool: { name: string; description?: string; parameters?: unknown; annotations?: unknown; execute: (args: any, context: unknown) => unknown }): void;
  }
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  include: ["src/**/*.ts", "types/**/*.d.ts"],
};

/** Writes `files` server files of about `registrations` registrations each into `dir` (replacing it). */
export function generateCorpus(dir, { files = 200, registrations = 20, seed = 20260101 } = {}) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "src", "shared"), { recursive: true });
  mkdirSync(join(dir, "types"), { recursive: true });
  writeFileSync(join(dir, "tsconfig.json"), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  writeFileSync(join(dir, "types", "mcp.d.ts"), MCP_STUBS);
  writeFileSync(join(dir, "src", "shared", "schemas.ts"), SHARED_SCHEMAS);
  writeFileSync(join(dir, "src", "shared", "runtime.ts"), SHARED_RUNTIME);
  let lines = 0;
  for (let i = 0; i < files; i++) {
    const g = new Gen(seed + i);
    const kind = i % 5;
    const source = kind <= 2 ? sdkFile(g, i, registrations) : kind === 3 ? lowLevelFile(g, i, registrations) : fastmcpFile(g, i, registrations);
    const name = `${kind <= 2 ? "server" : kind === 3 ? "lowlevel" : "fastmcp"}-${String(i).padStart(3, "0")}.ts`;
    writeFileSync(join(dir, "src", name), source);
    lines += source.split("\n").length;
  }
  writeFileSync(join(dir, ".corpus-version"), `${CORPUS_VERSION} ${files} ${registrations} ${seed}\n`);
  return { files: files + 2, lines };
}
