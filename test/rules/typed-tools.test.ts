/**
 * Tool arrays and definitions, class tools, central dispatchers and wrappers under typed linting: each case is
 * linted as the typed fixture's scratch file (test/fixtures/typed/file.ts, see typed-helpers.ts). For code
 * written in the case, the findings equal the untyped suites' (tool-definitions, class-tools, dispatcher and
 * wrappers .test.ts); cases that import from the fixture (`./schemas.js`, `./handlers.js`) show what typing
 * adds: imported open schemas are reported where they are written (schemas.ts), an imported raw shape held in
 * a class field and an object written here inside an imported schema's `.extend()` are reported here.
 */
import { SDK_CALL_TOOL, SDK_ZOD, pluginRule, replaceOnce } from "./helpers.js";
import { fastmcpClass, instanceLoop, staticClasses, strictAtRegistration, subclassField } from "./class-tool-sources.js";
import { typedRuleTester } from "./typed-helpers.js";

const strictObjects = pluginRule<string>("require-strict-objects");
const stringBounds = pluginRule<string>("require-string-bounds");
const identity = pluginRule<string>("no-identity-in-args");
const annotations = pluginRule<string>("require-tool-annotations");


/** The two suggestions for an open `z.object(...)`: `from` is the text from `z.object(` to the end of the object's call. */
const objectSuggestions = (code: string, from: string) => [
  { messageId: "useStrictObject", output: replaceOnce(code, from, from.replace("z.object(", "z.strictObject(")) },
  { messageId: "appendStrict", output: replaceOnce(code, from, `${from}.strict()`) },
];

// ---------------------------------------------------------------------------------------------------------
// Tool arrays and definitions registered in a loop

const identityHelper = `${SDK_ZOD}function defineTool<T>(def: T): T { return def; }
const spreadTool = (def) => ({ ...def, kind: "tool" });
const sendTool = defineTool({ name: "send", inputSchema: z.object({ to: z.string().max(5) }), handler: async () => ({ content: [] }) });
const listTool = spreadTool({ name: "list", inputSchema: z.strictObject({ q: z.string().max(5) }), handler: async () => ({ content: [] }) });
for (const t of [sendTool, listTool]) server.registerTool(t.name, { inputSchema: t.inputSchema }, t.handler);
`;
const objectEntries = `${SDK_ZOD}const map = { e: { name: "e", inputSchema: z.strictObject({ e: z.string() }) } };
for (const [key, def] of Object.entries(map)) server.registerTool(key, { inputSchema: def.inputSchema }, async () => ({ content: [] }));
Object.entries(map).forEach(([key, def]) => server.registerTool(key, { inputSchema: def.inputSchema }, async () => ({ content: [] })));
`;
const arrayImport = `${SDK_ZOD}import { OpenSchema, StrictSchema, readOnly } from "./schemas.js";
const tools = [
  { name: "search", schema: OpenSchema },
  { name: "get", schema: StrictSchema },
  { name: "echo", schema: z.object({ text: z.string().max(100) }) },
];
for (const t of tools) server.registerTool(t.name, { inputSchema: t.schema, annotations: readOnly }, async () => ({ content: [] }));
`;

typedRuleTester.run("tool arrays (typed): require-strict-objects", strictObjects, {
  valid: [
    // Imported schemas in the array only: OpenSchema is reported in schemas.ts.
    { code: replaceOnce(arrayImport, `  { name: "echo", schema: z.object({ text: z.string().max(100) }) },\n`, "") },
  ],
  invalid: [
    { code: identityHelper, errors: [{ messageId: "zodObject", line: 6, column: 58, endLine: 6, endColumn: 66, suggestions: objectSuggestions(identityHelper, "z.object({ to: z.string().max(5) })") }] },
    // Next to imported schemas, the inline open object is reported, once.
    { code: arrayImport, errors: [{ messageId: "zodObject", line: 8, column: 27, endLine: 8, endColumn: 35, suggestions: objectSuggestions(arrayImport, "z.object({ text: z.string().max(100) })") }] },
  ],
});

typedRuleTester.run("tool arrays (typed): require-string-bounds", stringBounds, {
  valid: [{ code: arrayImport }],
  invalid: [
    {
      // Object.entries of a map, destructured in for-of and in forEach: reported once.
      code: objectEntries,
      errors: [{ messageId: "unbounded", line: 4, column: 64, endLine: 4, endColumn: 72, suggestions: [{ messageId: "addMax", output: replaceOnce(objectEntries, "e: z.string() }", "e: z.string().max(1000) }") }] }],
    },
  ],
});

// ---------------------------------------------------------------------------------------------------------
// Class tools


const classImport = `${SDK_ZOD}import { OpenSchema, StrictSchema, readOnly } from "./schemas.js";
abstract class ToolBase {
  abstract name: string;
  abstract inputSchema: z.ZodObject;
  annotations = readOnly;
  register() { server.registerTool(this.name, { inputSchema: this.inputSchema, annotations: this.annotations }, async () => ({ content: [] })); }
}
class Search extends ToolBase { name = "search"; inputSchema = OpenSchema; }
class Get extends ToolBase { name = "get"; inputSchema = StrictSchema; }
class Meta extends ToolBase { name = "meta"; inputSchema = StrictSchema.extend({ meta: z.object({ k: z.string().max(5) }) }); }
`;
const classImportShape = `${SDK_ZOD}import { searchShape, readOnly } from "./schemas.js";
class Find { name = "find"; schema = searchShape; annotations = readOnly; async run() { return { content: [] as [] }; } }
for (const tool of [new Find()]) server.registerTool(tool.name, { inputSchema: tool.schema, annotations: tool.annotations }, tool.run.bind(tool));
`;

typedRuleTester.run("class tools (typed): require-strict-objects", strictObjects, {
  valid: [
    // Class fields holding imported schemas only: OpenSchema is reported in schemas.ts.
    { code: classImport.replace(/^class Meta .*\n/m, "") },
  ],
  invalid: [
    { code: subclassField, errors: [{ messageId: "zodObject", line: 16, column: 17, endLine: 16, endColumn: 25, suggestions: objectSuggestions(subclassField, "z.object({ to: z.string().max(50) })") }] },
    {
      code: instanceLoop,
      errors: [{ messageId: "rawShape", line: 6, column: 21, endLine: 6, endColumn: 47, suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(instanceLoop, "schema = { to: z.string().max(50) };", "schema = z.strictObject({ to: z.string().max(50) });") }] }],
    },
    { code: staticClasses, errors: [{ messageId: "zodObject", line: 6, column: 19, endLine: 6, endColumn: 27, suggestions: objectSuggestions(staticClasses, "z.object({ q: z.string().max(50) })") }] },
    // this.schema.strict() at the registration closes each class's top level, not nested objects.
    { code: strictAtRegistration, errors: [{ messageId: "zodObject", line: 14, column: 66, endLine: 14, endColumn: 74, suggestions: objectSuggestions(strictAtRegistration, "z.object({ k: z.string().max(5) })") }] },
    { code: fastmcpClass, errors: [{ messageId: "zodObject", line: 6, column: 16, endLine: 6, endColumn: 24, suggestions: objectSuggestions(fastmcpClass, "z.object({ id: z.string().max(20) })") }] },
    // The object written here inside the imported StrictSchema's extend(): typed only (untyped, the base is unknown).
    { code: classImport, errors: [{ messageId: "zodObject", line: 13, column: 88, endLine: 13, endColumn: 96, suggestions: objectSuggestions(classImport, "z.object({ k: z.string().max(5) })") }] },
    // An imported raw shape in a class field: typed only.
    { code: classImportShape, errors: [{ messageId: "rawShape", line: 5, column: 38, endLine: 5, endColumn: 49, suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(classImportShape, "schema = searchShape;", "schema = z.strictObject(searchShape);") }] }] },
  ],
});

// ---------------------------------------------------------------------------------------------------------
// A central tools/call dispatcher

// Four header lines: the tools start on line 5.
const CALL = `${SDK_CALL_TOOL}import { z } from "zod";
`;
const TOOLS = `const tools = {
  send: { schema: z.object({ to: z.string().max(50), meta: z.object({ a: z.string().max(5) }) }), handler: async (args: unknown) => ({ content: [] }) },
  list: { schema: z.object({ q: z.string().max(5) }), handler: async () => ({ content: [] }) },
};
`;
const dispatch = (validate: string): string => `${CALL}${TOOLS}server.setRequestHandler(CallToolRequestSchema, async (req) => {
  const tool = tools[req.params.name as keyof typeof tools];
  const args = ${validate};
  return tool.handler(args as never);
});
`;
const strictDispatch = dispatch("tool.schema.strict().parse(req.params.arguments)");
const plainDispatch = dispatch("tool.schema.parse(req.params.arguments)");
const strictObjectDispatch = dispatch("z.strictObject(tool.schema.shape).safeParse(req.params.arguments)");
const strictLoop = `${SDK_ZOD}const defs = [{ name: "a", schema: z.object({ a: z.string().max(3), meta: z.object({ k: z.string().max(3) }) }) }, { name: "b", schema: z.object({ b: z.string().max(3) }) }];
for (const d of defs) server.registerTool(d.name, { inputSchema: d.schema.strict() }, async () => ({ content: [] }));
`;
const destructured = `${CALL}const TOOLS = [
  { name: "send", schema: z.object({ to: z.string().max(50), meta: z.object({ a: z.string().max(5) }) }), async run(args: unknown) { return { content: [] }; } },
];
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  const { schema, run } = TOOLS.find((t) => t.name === req.params.name)!;
  return run(schema.strict().parse(req.params.arguments));
});
`;
const importedDispatch = (validate: string): string => `${CALL}import { OpenSchema, StrictSchema } from "./schemas.js";
const tools = {
  search: { schema: OpenSchema, handler: async () => ({ content: [] }) },
  get: { schema: StrictSchema, handler: async () => ({ content: [] }) },
  send: { schema: z.object({ to: z.string().max(50), meta: z.object({ a: z.string().max(5) }) }), handler: async () => ({ content: [] }) },
};
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  const tool = tools[req.params.name as keyof typeof tools];
  return tool.handler(${validate} as never);
});
`;
const importedStrictDispatch = importedDispatch("tool.schema.strict().parse(req.params.arguments)");
const importedPlainDispatch = importedDispatch("tool.schema.parse(req.params.arguments)");
const dispatchedHandler = `${CALL}import { listInvoices } from "./handlers.js";
const TOOLS = [{ name: "list_invoices", schema: z.strictObject({ tenantId: z.string().max(64), status: z.string().max(9) }), run: listInvoices }];
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  const tool = TOOLS.find((t) => t.name === req.params.name)!;
  return tool.run(tool.schema.strict().parse(req.params.arguments));
});
`;

/** The suggestions for the nested `meta: z.object({ a: … })` of a source. */
const metaSuggestions = (code: string) => objectSuggestions(code, "z.object({ a: z.string().max(5) })");

typedRuleTester.run("central dispatcher (typed): require-strict-objects", strictObjects, {
  valid: [
    { code: replaceOnce(strictDispatch, "meta: z.object(", "meta: z.strictObject(") },
    { code: replaceOnce(strictObjectDispatch, "meta: z.object(", "meta: z.strictObject(") },
    { code: replaceOnce(strictLoop, "meta: z.object(", "meta: z.strictObject(") },
    // A strict dispatcher over imported schemas and a strict inline one.
    { code: replaceOnce(importedStrictDispatch, "meta: z.object(", "meta: z.strictObject(") },
    // A plain .parse() dispatcher over imported schemas only: OpenSchema is reported in schemas.ts, not here.
    { code: replaceOnce(importedPlainDispatch, `  send: { schema: z.object({ to: z.string().max(50), meta: z.object({ a: z.string().max(5) }) }), handler: async () => ({ content: [] }) },\n`, "") },
  ],
  invalid: [
    // .strict().parse() closes every served tool's top level; the nested object is still reported.
    { code: strictDispatch, errors: [{ messageId: "zodObject", line: 6, column: 60, endLine: 6, endColumn: 68, suggestions: metaSuggestions(strictDispatch) }] },
    { code: strictObjectDispatch, errors: [{ messageId: "zodObject", line: 6, column: 60, endLine: 6, endColumn: 68, suggestions: metaSuggestions(strictObjectDispatch) }] },
    {
      // Without .strict(), each served tool's top level is reported as well.
      code: plainDispatch,
      errors: [
        { messageId: "zodObject", line: 6, column: 19, endLine: 6, endColumn: 27, suggestions: objectSuggestions(plainDispatch, "z.object({ to: z.string().max(50), meta: z.object({ a: z.string().max(5) }) })") },
        { messageId: "zodObject", line: 6, column: 60, endLine: 6, endColumn: 68, suggestions: metaSuggestions(plainDispatch) },
        { messageId: "zodObject", line: 7, column: 19, endLine: 7, endColumn: 27, suggestions: objectSuggestions(plainDispatch, "z.object({ q: z.string().max(5) })") },
      ],
    },
    {
      code: strictLoop,
      errors: [{ messageId: "zodObject", line: 4, column: 75, endLine: 4, endColumn: 83, suggestions: objectSuggestions(strictLoop, "z.object({ k: z.string().max(3) })") }],
    },
    { code: destructured, errors: [{ messageId: "zodObject", line: 6, column: 68, endLine: 6, endColumn: 76, suggestions: metaSuggestions(destructured) }] },
    // Next to imported schemas (OpenSchema's top level closed by the dispatcher), the nested open object here.
    { code: importedStrictDispatch, errors: [{ messageId: "zodObject", line: 9, column: 60, endLine: 9, endColumn: 68, suggestions: metaSuggestions(importedStrictDispatch) }] },
  ],
});

typedRuleTester.run("central dispatcher (typed): no-identity-in-args", identity, {
  valid: [],
  invalid: [
    // The handler imported from handlers.ts reads args.tenantId; the field is declared here.
    { code: dispatchedHandler, errors: [{ messageId: "identityInSchema", line: 6, column: 66, endLine: 6, endColumn: 74, suggestions: [] }] },
  ],
});

// ---------------------------------------------------------------------------------------------------------
// Wrappers written in the linted file (wrappers imported from another file: typed-cross-file.test.ts)

const positional = `${SDK_ZOD}function accountTool(name: string, description: string, schema: z.ZodRawShape, handler: any) {
  server.registerTool(name, { description, inputSchema: schema }, handler);
}
accountTool("send_invoice", "Send an invoice", { to: z.string().max(100) }, async () => ({ content: [] }));
`;
const optionsObject = `${SDK_ZOD}function defineTool(def) {
  server.registerTool(def.name, { inputSchema: def.schema, annotations: def.annotations }, def.handler);
}
defineTool({ name: "purge", schema: z.object({ q: z.string().max(9) }), handler: async () => ({ content: [] }) });
`;

typedRuleTester.run("wrappers (typed): require-strict-objects", strictObjects, {
  valid: [],
  invalid: [
    {
      code: positional,
      errors: [{ messageId: "rawShape", line: 7, column: 48, endLine: 7, endColumn: 75, suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(positional, "{ to: z.string().max(100) }", "z.strictObject({ to: z.string().max(100) })") }] }],
    },
    { code: optionsObject, errors: [{ messageId: "zodObject", line: 7, column: 37, endLine: 7, endColumn: 45, suggestions: objectSuggestions(optionsObject, "z.object({ q: z.string().max(9) })") }] },
  ],
});

typedRuleTester.run("wrappers (typed): require-tool-annotations", annotations, {
  valid: [],
  invalid: [
    { code: positional, errors: [{ messageId: "missingAnnotations", line: 7, column: 13, endLine: 7, endColumn: 27, suggestions: [] }] },
    {
      code: optionsObject,
      errors: [{ messageId: "missingAnnotations", line: 7, column: 20, endLine: 7, endColumn: 27, suggestions: [{ messageId: "insertDefaults", output: replaceOnce(optionsObject, "handler: async () => ({ content: [] }) }", "handler: async () => ({ content: [] }), annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true } }") }] }],
    },
  ],
});

// ---------------------------------------------------------------------------------------------------------
// Receivers: with a checker, `x.registerTool(…)` is a registration only when `x` is a server class. A const
// or parameter of one non-union type is typed once for all its calls; a union is typed at each call, after
// narrowing.

const WIDGET = `${SDK_ZOD}class Widget { private readonly kind = "widget"; registerTool(..._args: unknown[]): void {} }
`;
const twoOnServer = `${SDK_ZOD}server.registerTool("a", { inputSchema: z.object({ q: z.string() }) }, async () => ({ content: [] }));
server.registerTool("b", { inputSchema: z.object({ q: z.string() }) }, async () => ({ content: [] }));
`;
// Regression (modelcontextprotocol/servers everything): typed, `server.experimental.tasks` was "another class".
const taskTool = `${SDK_ZOD}server.experimental.tasks.registerToolTask("research", { inputSchema: z.object({ q: z.string() }) }, { createTask: async () => ({}) } as never);
`;
const narrowedToServer = `${WIDGET}declare const target: McpServer | Widget;
if (target instanceof McpServer) target.registerTool("a", { inputSchema: z.object({ q: z.string() }) }, async () => ({ content: [] }));
`;

typedRuleTester.run("receivers (typed): require-strict-objects", strictObjects, {
  valid: [
    `${WIDGET}const widget = new Widget();\nwidget.registerTool("a", { inputSchema: z.object({ q: z.string() }) }, async () => ({ content: [] }));\n`,
    `${WIDGET}function add(widget: Widget) {\n  widget.registerTool("a", { inputSchema: z.object({ q: z.string() }) }, async () => ({ content: [] }));\n}\n`,
    `${WIDGET}declare const target: McpServer | Widget;\nif (target instanceof Widget) target.registerTool("a", { inputSchema: z.object({ q: z.string() }) }, async () => ({ content: [] }));\n`,
  ],
  invalid: [
    {
      // Both calls on one const: typed once, both registrations.
      code: twoOnServer,
      errors: [
        { messageId: "zodObject", line: 4, column: 41, endLine: 4, endColumn: 49, suggestions: objectSuggestions(twoOnServer, 'server.registerTool("a", { inputSchema: z.object({ q: z.string() })') },
        { messageId: "zodObject", line: 5, column: 41, endLine: 5, endColumn: 49, suggestions: objectSuggestions(twoOnServer, 'server.registerTool("b", { inputSchema: z.object({ q: z.string() })') },
      ],
    },
    {
      code: taskTool,
      errors: [{ messageId: "zodObject", line: 4, column: 71, endLine: 4, endColumn: 79, suggestions: objectSuggestions(taskTool, "z.object({ q: z.string() })") }],
    },
    {
      code: narrowedToServer,
      errors: [{ messageId: "zodObject", line: 6, column: 74, endLine: 6, endColumn: 82, suggestions: objectSuggestions(narrowedToServer, "z.object({ q: z.string() })") }],
    },
  ],
});
