/**
 * Central dispatchers (src/core/registrations/dispatcher.ts): a tools/call handler that looks the tool up
 * and validates it, and registration loops that apply `.strict()` to every definition.
 */
import { SDK_CALL_TOOL, SDK_ZOD, pluginRule, replaceOnce, ruleTester } from "./helpers.js";

const rule = pluginRule<"zodObject" | "useStrictObject" | "appendStrict">("require-strict-objects");
const identity = pluginRule<"identityInSchema" | "identityRead">("no-identity-in-args");

// Four header lines: the tools start on line 5.
const HEADER = `${SDK_CALL_TOOL}import { z } from "zod";
`;
const TOOLS = `const tools = {
  send: { schema: z.object({ to: z.string().max(50), meta: z.object({ a: z.string().max(5) }) }), handler: async (args: unknown) => ({ content: [] }) },
  list: { schema: z.object({ q: z.string().max(5) }), handler: async () => ({ content: [] }) },
};
`;
const dispatch = (validate: string): string => `${HEADER}${TOOLS}server.setRequestHandler(CallToolRequestSchema, async (req) => {
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
const destructured = `${HEADER}const TOOLS = [
  { name: "send", schema: z.object({ to: z.string().max(50), meta: z.object({ a: z.string().max(5) }) }), async run(args: unknown) { return { content: [] }; } },
];
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  const { schema, run } = TOOLS.find((t) => t.name === req.params.name)!;
  return run(schema.strict().parse(req.params.arguments));
});
`;

/** The suggestions for the nested `meta: z.object({ a: … })` of a source. */
const metaSuggestions = (code: string) => [
  { messageId: "useStrictObject" as const, output: replaceOnce(code, "meta: z.object(", "meta: z.strictObject(") },
  { messageId: "appendStrict" as const, output: replaceOnce(code, "z.string().max(5) }) }", "z.string().max(5) }).strict() }") },
];

ruleTester.run("require-strict-objects under a central dispatcher", rule, {
  valid: [
    {
      name: "tool.schema.strict().parse(): every served tool's top level is closed; nested objects are strict",
      code: replaceOnce(strictDispatch, "meta: z.object(", "meta: z.strictObject("),
    },
    {
      name: "z.strictObject(tool.schema.shape).safeParse() closes the top level too",
      code: replaceOnce(strictObjectDispatch, "meta: z.object(", "meta: z.strictObject("),
    },
    {
      name: "a registration loop that registers def.schema.strict()",
      code: replaceOnce(strictLoop, "meta: z.object(", "meta: z.strictObject("),
    },
    {
      name: "a tools/list entry validated per tool with SendSchema.strict().parse() in tools/call",
      code: `${HEADER}import { zodToJsonSchema } from "zod-to-json-schema";
const SendSchema = z.object({ to: z.string().max(50) });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "send", inputSchema: zodToJsonSchema(SendSchema) }] }));
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  switch (req.params.name) {
    case "send": return { content: [{ type: "text", text: SendSchema.strict().parse(req.params.arguments).to }] };
  }
  throw new McpError(ErrorCode.MethodNotFound, "unknown tool");
});
`,
    },
    {
      name: "a collection that no tools/call handler validates is not input",
      code: `${HEADER}${TOOLS}const validated = tools.send.schema.parse({});
`,
    },
  ],
  invalid: [
    {
      name: "tool.schema.strict().parse(): the nested object of a served tool is still reported",
      code: strictDispatch,
      errors: [{ messageId: "zodObject", line: 6, column: 60, endLine: 6, endColumn: 68, suggestions: metaSuggestions(strictDispatch) }],
    },
    {
      name: "z.strictObject(tool.schema.shape): nested objects keep their own mode",
      code: strictObjectDispatch,
      errors: [{ messageId: "zodObject", line: 6, column: 60, endLine: 6, endColumn: 68, suggestions: metaSuggestions(strictObjectDispatch) }],
    },
    {
      name: "tool.schema.parse() without .strict(): each served tool's top level is reported as well",
      code: plainDispatch,
      errors: [
        {
          messageId: "zodObject", line: 6, column: 19, endLine: 6, endColumn: 27,
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(plainDispatch, "send: { schema: z.object(", "send: { schema: z.strictObject(") },
            { messageId: "appendStrict", output: replaceOnce(plainDispatch, "z.string().max(5) }) }),", "z.string().max(5) }) }).strict(),") },
          ],
        },
        { messageId: "zodObject", line: 6, column: 60, endLine: 6, endColumn: 68, suggestions: metaSuggestions(plainDispatch) },
        {
          messageId: "zodObject", line: 7, column: 19, endLine: 7, endColumn: 27,
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(plainDispatch, "list: { schema: z.object(", "list: { schema: z.strictObject(") },
            { messageId: "appendStrict", output: replaceOnce(plainDispatch, "q: z.string().max(5) })", "q: z.string().max(5) }).strict()") },
          ],
        },
      ],
    },
    {
      name: "def.schema.strict() in a registration loop: the nested object is still reported",
      code: strictLoop,
      errors: [{
        messageId: "zodObject", line: 4, column: 75, endLine: 4, endColumn: 83,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(strictLoop, "meta: z.object(", "meta: z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(strictLoop, "k: z.string().max(3) })", "k: z.string().max(3) }).strict()") },
        ],
      }],
    },
    {
      name: "a destructured lookup with find(): the nested object is still reported",
      code: destructured,
      errors: [{ messageId: "zodObject", line: 6, column: 68, endLine: 6, endColumn: 76, suggestions: metaSuggestions(destructured) }],
    },
  ],
});

ruleTester.run("no-identity-in-args on a dispatched tool's handler", identity, {
  valid: [],
  invalid: [{
    name: "the handler the dispatcher calls reads an identity field",
    code: `${HEADER}const TOOLS = [{ name: "send", schema: z.strictObject({ to: z.string().max(5) }), async run(args: { tenantId: string }) { return { content: [{ type: "text" as const, text: args.tenantId }] }; } }];
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  const tool = TOOLS.find((t) => t.name === req.params.name)!;
  return tool.run(tool.schema.parse(req.params.arguments) as never);
});
`,
    errors: [{ messageId: "identityRead", line: 5, column: 173, endLine: 5, endColumn: 186 }],
  }],
});
