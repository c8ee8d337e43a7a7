/**
 * Shapes met in real MCP servers that the analysis used to miss (see notes/real-servers.md): a low-level
 * `tools/list` that filters, slices or concatenates its tools array (DesktopCommanderMCP), and a tool named
 * by a member of a const object (cloudflare's `KV_NAMESPACE_TOOLS.kv_namespaces_list`).
 */
import { describe, expect, it } from "vitest";
import { FULL, SDK_LOW_LEVEL, SDK_ZOD, lintWithRuleOptions, pluginRule, replaceOnce, ruleTester } from "./helpers.js";

const HINTS = "readOnlyHint, destructiveHint, openWorldHint";
const DEFAULTS = "readOnlyHint: false, destructiveHint: true, openWorldHint: true";

// ---------------------------------------------------------------------------------------------------
// Sources. Each tool's annotations hold a title only, so that every hint is missing whatever the rule
// decides about hints that a read-only tool may leave out.

/** DesktopCommanderMCP's shape: the const list filtered into another const. */
const filterConst = `${SDK_LOW_LEVEL}declare function enabled(name: string): boolean;
server.setRequestHandler(ListToolsRequestSchema, async () => {
  const allTools = [
    { name: "read_file", inputSchema: { type: "object", properties: { path: { type: "string" } } }, annotations: { title: "Read" } },
  ];
  const tools = allTools.filter((t) => enabled(t.name));
  return { tools };
});
`;

/** The same, filtered inline in the returned object. */
const filterInline = `${SDK_LOW_LEVEL}declare function enabled(name: string): boolean;
const allTools = [
  { name: "read_file", inputSchema: { type: "object", properties: { path: { type: "string", maxLength: 200 } }, additionalProperties: false }, annotations: { title: "Read" } },
];
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: allTools.filter((t) => enabled(t.name)) }));
`;

/** A chain of element-keeping methods over a filtered const. */
const sliceChain = `${SDK_LOW_LEVEL}const allTools = [
  { name: "search", inputSchema: { type: "object", properties: { q: { type: "string" } }, additionalProperties: false }, annotations: ${FULL} },
];
const visible = allTools.filter(Boolean);
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: visible.slice(0, 10).toSorted().reverse() }));
`;

/** `concat` keeps the receiver's tools and adds those of its readable arguments: an array or a single tool. */
const concatForms = `${SDK_LOW_LEVEL}const baseTools = [{ name: "a", inputSchema: { type: "object", properties: {} } }];
const extraTools = [{ name: "b", inputSchema: { type: "object", properties: {}, additionalProperties: false } }];
const debugTool = { name: "c", inputSchema: { type: "object", properties: {} }, annotations: ${FULL} };
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: baseTools.concat(extraTools, debugTool) }));
`;

/** A tool named by a member of a const object of the file, as cloudflare does. */
const memberName = `${SDK_ZOD}const TOOLS = { kv_list: "kv_list" } as const;
server.registerTool(TOOLS.kv_list, { inputSchema: z.strictObject({ q: z.string() }), annotations: ${FULL} }, async () => ({ content: [] }));
`;

// ---------------------------------------------------------------------------------------------------
// require-strict-objects

ruleTester.run("require-strict-objects on real-server tools lists", pluginRule("require-strict-objects"), {
  valid: [
    {
      name: "a filtered list whose tools are all closed",
      code: replaceOnce(filterConst, "{ path: { type: \"string\" } } }", "{ path: { type: \"string\" } }, additionalProperties: false }"),
    },
    {
      name: "an unreadable receiver stays opaque: getTools().filter(...)",
      code: `${SDK_LOW_LEVEL}declare function getTools(): { name: string; inputSchema: object }[];
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: getTools().filter((t) => t.name !== "x") }));
`,
    },
    {
      name: "map may return anything, so its result is not read as the receiver's tools",
      code: `${SDK_LOW_LEVEL}const allTools = [{ name: "a", inputSchema: { type: "object", properties: {} } }];
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: allTools.map((t) => ({ name: t.name, inputSchema: describe(t) })) }));
declare function describe(tool: unknown): object;
`,
    },
  ],
  invalid: [
    {
      name: "const tools = allTools.filter(...): the open input of a filtered tool",
      code: filterConst,
      errors: [{
        messageId: "jsonMissing", line: 7, column: 41, endLine: 7, endColumn: 55,
        data: { where: 'the input of tool "read_file"' },
        suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(filterConst, '{ type: "string" } } }', '{ type: "string" } }, additionalProperties: false }') }],
      }],
    },
    {
      name: "concat: the receiver's tool and a single tool argument; the closed array argument is read too",
      code: concatForms,
      errors: [
        {
          messageId: "jsonMissing", line: 4, column: 48, endLine: 4, endColumn: 62,
          data: { where: 'the input of tool "a"' },
          suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(concatForms, 'name: "a", inputSchema: { type: "object", properties: {} }', 'name: "a", inputSchema: { type: "object", properties: {}, additionalProperties: false }') }],
        },
        {
          messageId: "jsonMissing", line: 6, column: 47, endLine: 6, endColumn: 61,
          data: { where: 'the input of tool "c"' },
          suggestions: [{ messageId: "setAdditionalFalse", output: replaceOnce(concatForms, 'name: "c", inputSchema: { type: "object", properties: {} }', 'name: "c", inputSchema: { type: "object", properties: {}, additionalProperties: false }') }],
        },
      ],
    },
  ],
});

// ---------------------------------------------------------------------------------------------------
// require-string-bounds

ruleTester.run("require-string-bounds on real-server tools lists and member names", pluginRule("require-string-bounds"), {
  valid: [
    {
      name: "a filtered list whose strings are bounded",
      code: filterInline,
    },
  ],
  invalid: [
    {
      name: "const tools = allTools.filter(...): an unbounded string of a filtered tool",
      code: filterConst,
      errors: [{
        messageId: "unbounded", line: 7, column: 79, endLine: 7, endColumn: 93,
        data: { where: 'field "path" of tool "read_file"', hint: 'add "maxLength"' },
        suggestions: [{ messageId: "addMax", output: replaceOnce(filterConst, '{ path: { type: "string" } }', '{ path: { type: "string", maxLength: 1000 } }') }],
      }],
    },
    {
      name: "visible.slice(0, 10).toSorted().reverse() over a filtered const",
      code: sliceChain,
      errors: [{
        messageId: "unbounded", line: 5, column: 71, endLine: 5, endColumn: 85,
        data: { where: 'field "q" of tool "search"', hint: 'add "maxLength"' },
        suggestions: [{ messageId: "addMax", output: replaceOnce(sliceChain, '{ q: { type: "string" } }', '{ q: { type: "string", maxLength: 1000 } }') }],
      }],
    },
    {
      name: "a tool named TOOLS.kv_list, with TOOLS a const object of the file, is named kv_list",
      code: memberName,
      errors: [{
        messageId: "unbounded", line: 5, column: 71, endLine: 5, endColumn: 79,
        data: { where: 'field "q" of tool "kv_list"', hint: "add .max(n)" },
        suggestions: [{ messageId: "addMax", output: replaceOnce(memberName, "z.string()", "z.string().max(1000)") }],
      }],
    },
  ],
});

// ---------------------------------------------------------------------------------------------------
// require-tool-annotations

ruleTester.run("require-tool-annotations on real-server tools lists", pluginRule("require-tool-annotations"), {
  valid: [
    {
      name: "a sliced list whose tools state every hint",
      code: sliceChain,
    },
    {
      name: "an unreadable receiver stays opaque: getTools().filter(...)",
      code: `${SDK_LOW_LEVEL}declare function getTools(): { name: string }[];
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: getTools().filter((t) => t.name !== "x") }));
`,
    },
  ],
  invalid: [
    {
      name: "const tools = allTools.filter(...): a filtered tool's annotations leave out every hint",
      code: filterConst,
      errors: [{
        messageId: "missingHints", line: 7, column: 114, endLine: 7, endColumn: 131,
        data: { others: "", tool: "read_file", hints: HINTS, defaults: DEFAULTS },
        suggestions: [{ messageId: "insertDefaults", output: replaceOnce(filterConst, '{ title: "Read" }', `{ title: "Read", ${DEFAULTS} }`) }],
      }],
    },
    {
      name: "{ tools: allTools.filter(...) } inline",
      code: filterInline,
      errors: [{
        messageId: "missingHints", line: 6, column: 157, endLine: 6, endColumn: 174,
        data: { others: "", tool: "read_file", hints: HINTS, defaults: DEFAULTS },
        suggestions: [{ messageId: "insertDefaults", output: replaceOnce(filterInline, '{ title: "Read" }', `{ title: "Read", ${DEFAULTS} }`) }],
      }],
    },
    {
      name: "concat: the receiver's tool and the array argument's tool have no annotations",
      code: concatForms,
      errors: [
        {
          messageId: "missingAnnotations", line: 4, column: 22, endLine: 4, endColumn: 31,
          data: { others: "", tool: "a", hints: HINTS },
          suggestions: [{ messageId: "insertDefaults", output: replaceOnce(concatForms, 'name: "a", inputSchema: { type: "object", properties: {} } }', `name: "a", inputSchema: { type: "object", properties: {} }, annotations: { ${DEFAULTS} } }`) }],
        },
        {
          messageId: "missingAnnotations", line: 5, column: 23, endLine: 5, endColumn: 32,
          data: { others: "", tool: "b", hints: HINTS },
          suggestions: [{ messageId: "insertDefaults", output: replaceOnce(concatForms, "additionalProperties: false } }", `additionalProperties: false }, annotations: { ${DEFAULTS} } }`) }],
        },
      ],
    },
  ],
});

// ---------------------------------------------------------------------------------------------------
// Message text. RuleTester checks a message against its `data`; this reads the text itself.

describe("tool names read from a const object's member", () => {
  const stringBoundsMessages = (code: string) => lintWithRuleOptions("require-string-bounds", code, {}, "server.ts").map((message) => message.message);

  it('names the tool "kv_list" in the message for registerTool(TOOLS.kv_list, …)', () => {
    const messages = stringBoundsMessages(memberName);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('tool "kv_list"');
  });

  it("follows nested members and string keys: TOOLS.kv.list and TOOLS[\"kv\"].list", () => {
    const code = `${SDK_ZOD}const TOOLS = { kv: { list: "kv_list" } } as const;
server.registerTool(TOOLS.kv.list, { inputSchema: z.strictObject({ q: z.string() }) }, async () => ({ content: [] }));
server.registerTool(TOOLS["kv"].list, { inputSchema: z.strictObject({ r: z.string() }) }, async () => ({ content: [] }));
`;
    const messages = stringBoundsMessages(code);
    expect(messages).toHaveLength(2);
    for (const message of messages) expect(message).toContain('tool "kv_list"');
  });

  it("leaves the tool unnamed when the member is missing, overridable by a later spread, or the object unknown", () => {
    const code = `${SDK_ZOD}declare const IMPORTED: { kv_list: string };
const BASE = { kv_list: "base" };
const TOOLS = { kv_list: "kv_list", ...BASE } as const;
server.registerTool(TOOLS.other, { inputSchema: z.strictObject({ a: z.string() }) }, async () => ({ content: [] }));
server.registerTool(TOOLS.kv_list, { inputSchema: z.strictObject({ b: z.string() }) }, async () => ({ content: [] }));
server.registerTool(IMPORTED.kv_list, { inputSchema: z.strictObject({ c: z.string() }) }, async () => ({ content: [] }));
`;
    const messages = stringBoundsMessages(code);
    expect(messages).toHaveLength(3);
    for (const message of messages) expect(message).toContain("(unnamed tool)");
  });

  it("reads a member written after a spread, which replaces the spread's value", () => {
    const code = `${SDK_ZOD}const BASE = { other: "x" };
const TOOLS = { ...BASE, kv_list: "kv_list" };
server.registerTool(TOOLS.kv_list, { inputSchema: z.strictObject({ q: z.string() }) }, async () => ({ content: [] }));
`;
    const messages = stringBoundsMessages(code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('tool "kv_list"');
  });
});
