// Generators for MCP-looking synthetic inputs that push the plugin's engine to its limits: very large files,
// very deep schemas, recursive and cyclic schema references, and broken registrations.
// Every generated program is valid TypeScript and, unless noted, also valid JavaScript (no type syntax).

export interface StressInput {
  name: string;
  code: string;
  /** Also lint the code as plain JavaScript with espree. */
  js: boolean;
  /** The code has a syntax error on purpose. */
  syntaxError?: boolean;
  /**
   * Nested deeper than the ESLint parsers reliably handle: typescript-estree overflows the stack somewhere between
   * 150 and 300 levels of nesting, depending on how deep the stack already is, and espree a little later. Either
   * may then report "Parsing error: Maximum call stack size exceeded" (or "Not enough stack space"). The plugin is
   * exercised regardless, through a text-only parser that leaves the parsing to the plugin. Such a file also
   * breaks a whole typed-linting project service, so it is left out of the typed run. The shallower inputs stay
   * well inside the parsers' limits.
   */
  deep?: boolean;
  /**
   * A known plugin bug makes this input crash a rule; the test is marked as failing (it.fails) until the bug is
   * fixed. Remove the flag then.
   */
  knownCrash?: string;
}

const SDK_HEADER = [
  'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
  'import { Server } from "@modelcontextprotocol/sdk/server/index.js";',
  'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
  'import { FastMCP } from "fastmcp";',
  'import { z } from "zod";',
  "",
  'const server = new McpServer({ name: "stress", version: "1.0.0" });',
  'const low = new Server({ name: "stress-low", version: "1.0.0" }, { capabilities: { tools: {} } });',
  'const fast = new FastMCP({ name: "stress-fast", version: "1.0.0" });',
  "const ok = async () => ({ content: [] });",
  "",
].join("\n");

/** One tool registration of a few different shapes; each is exactly 10 lines long. */
function registration(i: number): string {
  switch (i % 5) {
    case 0:
      return [
        `server.registerTool("tool_${i}", {`,
        `  description: "Generated tool ${i}",`,
        "  inputSchema: z.object({",
        `    id: z.string().max(${(i % 90) + 10}),`,
        "    note: z.string(),",
        "    items: z.array(z.number()),",
        "  }),",
        "  annotations: { readOnlyHint: true },",
        "}, ok);",
        "",
      ].join("\n");
    case 1:
      return [
        `server.registerTool("tool_${i}", {`,
        `  description: "Generated tool ${i}",`,
        "  inputSchema: z.strictObject({",
        '    action: z.string().max(20),',
        "    data: z.record(z.string(), z.any()),",
        "    limit: z.number().int().min(1).max(50),",
        "  }),",
        "  annotations: { readOnlyHint: false, destructiveHint: true },",
        "}, ok);",
        "",
      ].join("\n");
    case 2:
      return [
        `server.tool("tool_${i}", "Generated tool ${i}", {`,
        "  query: z.string().max(100),",
        "  tags: z.array(z.string().max(10)).max(5),",
        "  meta: z.object({ a: z.string() }).passthrough(),",
        "}, ok);",
        `const shared_${i} = z.object({ x: z.string().max(5) }).strict();`,
        `server.registerTool("tool_${i}_b", { inputSchema: shared_${i}.shape }, ok);`,
        `server.registerTool("tool_${i}_c", { inputSchema: shared_${i}.extend({ y: z.unknown() }) }, ok);`,
        `server.registerTool("tool_${i}_d", { inputSchema: z.object({}).merge(shared_${i}) }, ok);`,
        "",
      ].join("\n");
    case 3:
      return [
        "low.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{",
        `  name: "tool_${i}",`,
        "  inputSchema: {",
        '    type: "object",',
        '    properties: { q: { type: "string" }, ids: { type: "array", items: { type: "string", maxLength: 9 } } },',
        '    required: ["q"],',
        `    additionalProperties: ${i % 2 === 0 ? "false" : "true"},`,
        "  },",
        "}] }));",
        "",
      ].join("\n");
    default:
      return [
        "fast.addTool({",
        `  name: "tool_${i}",`,
        '  description: "Generated fastmcp tool",',
        "  parameters: z.object({",
        "    payload: z.unknown(),",
        "    count: z.number(),",
        "  }),",
        '  execute: async () => "ok",',
        "});",
        "",
      ].join("\n");
  }
}

/** A server file of about `lines` lines, made of many registrations. */
export function hugeServer(lines: number): string {
  const parts = [SDK_HEADER];
  const count = Math.ceil(lines / 10);
  for (let i = 0; i < count; i++) parts.push(registration(i));
  return parts.join("\n");
}

/** z.object nested `depth` levels deep inside a tool's input. */
export function deepZodObject(depth: number): string {
  let schema = "z.string()";
  for (let i = 0; i < depth; i++) {
    schema = i % 2 === 0 ? `z.object({ level${i}: ${schema} })` : `z.object({ level${i}: ${schema}, n${i}: z.number() }).strict()`;
  }
  return `${SDK_HEADER}server.registerTool("deep", { inputSchema: ${schema} }, ok);\n`;
}

/** A JSON Schema object nested `depth` levels deep in a low-level tools/list handler. */
export function deepJsonSchema(depth: number): string {
  let schema = '{ type: "string" }';
  for (let i = 0; i < depth; i++) {
    schema = `{ type: "object", properties: { p${i}: ${schema} }${i % 3 === 0 ? ", additionalProperties: false" : ""} }`;
  }
  return `${SDK_HEADER}low.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "deep", inputSchema: ${schema} }] }));\n`;
}

/** A long chain of zod method calls on one schema. */
export function longMethodChain(length: number): string {
  let schema = "z.object({ a: z.string() })";
  for (let i = 0; i < length; i++) schema += i % 3 === 0 ? ".strict()" : i % 3 === 1 ? `.extend({ k${i}: z.string() })` : ".passthrough()";
  return `${SDK_HEADER}server.registerTool("chain", { inputSchema: ${schema} }, ok);\n`;
}

/** Self-referential schemas: z.lazy, zod v4 getters, JSON Schema $ref to the root. */
/** A caught error passed through `length` arrays, each mapping the one before and also looping over it. */
export function elementCallbackChain(length: number): string {
  const steps = Array.from({ length }, (_, i) => `    const a${i + 1} = a${i}.map((x) => x);\n    for (const z of a${i + 1}) seen.push(z);`);
  return `${SDK_HEADER}server.registerTool("chain", { inputSchema: z.strictObject({}) }, async () => {
  try {
    return { content: [{ type: "text", text: "ok" }] };
  } catch (e) {
    const seen = [];
    const a0 = [e];
${steps.join("\n")}
    return { content: [{ type: "text", text: a${length}.map((x) => x.message).join(", ") + String(seen.length) }] };
  }
});
`;
}

/** A tools Map filled by a method with `callers` callers, whose values also read the map itself. */
export function selfFilledMap(callers: number): string {
  const calls = Array.from({ length: callers }, (_, i) => `    this.upsert([{ name: "t${i}", inputSchema: { type: "object" } }, ...Array.from(this.tools.values())]);`);
  return `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
class Tools {
  server = new Server({ name: "m", version: "1" }, { capabilities: { tools: {} } });
  tools = new Map();
  constructor() {
${calls.join("\n")}
    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: Array.from(this.tools.values()) }));
  }
  upsert(list) {
    for (const tool of list) this.tools.set(tool.name, this.tools.get(tool.name) ?? tool);
  }
}
`;
}

export const recursiveSchemas = `${SDK_HEADER}
const Category = z.lazy(() => z.object({ name: z.string(), children: z.array(Category) }));
server.registerTool("tree", { inputSchema: z.strictObject({ root: Category }) }, ok);
server.registerTool("tree_root", { inputSchema: Category }, ok);

const Folder = z.object({
  name: z.string().max(50),
  get children() {
    return z.array(Folder);
  },
});
server.registerTool("folders", { inputSchema: Folder }, ok);

const A = z.lazy(() => B);
const B = z.lazy(() => A);
server.registerTool("mutual_lazy", { inputSchema: z.object({ a: A }) }, ok);

const Json = z.lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(Json), z.record(z.string(), Json)]));
server.registerTool("json", { inputSchema: z.strictObject({ value: Json }) }, ok);

const Expr = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("num"), value: z.number() }),
  z.object({ kind: z.literal("add"), get left() { return Expr; }, get right() { return Expr; } }),
]);
server.registerTool("expr", { inputSchema: z.strictObject({ expr: Expr }) }, ok);

low.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: "ref_root", inputSchema: { type: "object", properties: { self: { $ref: "#" } } } },
    { name: "ref_defs", inputSchema: { $defs: { n: { type: "object", properties: { next: { $ref: "#/$defs/n" } } } }, $ref: "#/$defs/n" } },
  ],
}));
`;

/** Identifiers that refer to each other in cycles (TDZ errors at run time, but they parse and type-check loosely). */
export const cyclicAliases = `${SDK_HEADER}
const a = b;
const b = a;
server.registerTool("cycle_two", { inputSchema: a }, ok);

const c = d.strict();
const d = e.extend({ x: z.string() });
const e = c.merge(d);
server.registerTool("cycle_three", { inputSchema: c }, ok);

const self = self;
server.registerTool("cycle_self", { inputSchema: self }, ok);

const shape = { nested: z.object(shape), more: shape };
server.registerTool("cycle_shape", { inputSchema: shape }, ok);
server.tool("cycle_tool", "desc", shape, ok);

const s1 = s2.shape;
const s2 = z.object({ ...s1 });
server.registerTool("cycle_spread", { inputSchema: s2 }, ok);

function makeSchema() {
  return makeSchema();
}
server.registerTool("cycle_fn", { inputSchema: makeSchema() }, ok);

const f = () => g();
const g = () => f();
server.registerTool("cycle_arrow", { inputSchema: f() }, ok);

const js1 = { type: "object", properties: { x: js2 } };
const js2 = { type: "object", properties: { y: js1 } };
low.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "cycle_json", inputSchema: js1 }] }));

const tools = [{ name: "loop", inputSchema: tools }];
low.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));

let mutable = z.object({ x: z.string() });
mutable = mutable.extend({ y: mutable });
server.registerTool("cycle_mutable", { inputSchema: mutable }, ok);
`;

/** A registration broken by a syntax error half-way through. */
export const syntaxErrorMidRegistration = `${SDK_HEADER}
server.registerTool("fine", { inputSchema: z.object({ a: z.string() }) }, ok);
server.registerTool("broken", {
  description: "half written",
  inputSchema: z.object({
    name: z.string().max(,
    tags: z.array(z.string(
  }),
}, ok);
server.registerTool("after", { inputSchema: z.object({ b: z.string() }) }, ok);
`;

export function stressInputs(): StressInput[] {
  return [
    { name: "huge-server-20000-lines", code: hugeServer(20_000), js: true },
    { name: "deep-zod-object-500", code: deepZodObject(500), js: true, deep: true },
    { name: "deep-zod-object-100", code: deepZodObject(100), js: true },
    { name: "deep-json-schema-300", code: deepJsonSchema(300), js: true, deep: true },
    { name: "deep-json-schema-60", code: deepJsonSchema(60), js: true },
    { name: "long-method-chain-2000", code: longMethodChain(2000), js: true, deep: true },
    { name: "long-method-chain-120", code: longMethodChain(120), js: true },
    { name: "element-callback-chain-300", code: elementCallbackChain(300), js: true },
    { name: "self-filled-map-200", code: selfFilledMap(200), js: true },
    { name: "recursive-schemas", code: recursiveSchemas, js: true },
    { name: "cyclic-aliases", code: cyclicAliases, js: true },
    { name: "syntax-error-mid-registration", code: syntaxErrorMidRegistration, js: true, syntaxError: true },
  ];
}
