/**
 * mcp-guard/require-number-bounds: every number in a tool's input needs both a minimum and a maximum.
 * Positions are 1-based; every header in ./helpers.ts is three lines, so tool code starts on line 4.
 * The rule has no suggestions (there is no safe default range), so every error states `suggestions: []`.
 * Engine bugs found while writing this suite are in notes/bugs-bounds.md; their cases are held back there.
 */
import { describe, expect, it } from "vitest";
import { SDK_LOW_LEVEL, SDK_ZOD, SDK_ZOD_MINI, SDK_ZOD_V3, asJs, pluginRule, ruleTester, lintWithRuleOptions } from "./helpers.js";

type MessageIds = "unbounded";
type Options = [{ allowFields?: string[] }?];

const rule = pluginRule<MessageIds, Options>("require-number-bounds");

ruleTester.run("require-number-bounds", rule, {
  valid: [
    {
      name: "v4: both bounds, in every spelling",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    page: z.number().int().min(1).max(100),
    limit: z.number().positive().max(50),
    offset: z.number().gte(0).lte(10000),
    ratio: z.number().gt(0).lt(1),
    score: z.number().nonnegative().max(10).optional(),
    delta: z.number().min(-5).nonpositive(),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "v4: fixed-width factories are bounded",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    id: z.int32(),
    count: z.uint32(),
    weight: z.float32(),
    big: z.int64(),
    ubig: z.uint64(),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "v4: z.int() and z.coerce.number() with both bounds",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    page: z.int().min(1).max(100),
    limit: z.coerce.number().int().min(1).max(50),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "v4: enum and literal numbers are not open numbers",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    level: z.literal(3),
    size: z.union([z.literal(10), z.literal(20)]),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "v3 (zod/v3): .min().max(), .int().positive().max()",
      code: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    page: z.number().int().min(1).max(100),
    limit: z.number().int().positive().max(50),
    offset: z.number().nonnegative().lte(1000),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "mini: .check(z.minimum(), z.maximum()) and z.gte/z.lte",
      code: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    page: z.number().check(z.minimum(0), z.maximum(10)),
    limit: z.int().check(z.gte(1), z.lte(50)),
    ratio: z.optional(z.number().check(z.gt(0), z.lt(1))),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "JSON Schema: minimum+maximum and the exclusive forms",
      code: SDK_LOW_LEVEL + `server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "send",
    inputSchema: {
      type: "object",
      properties: {
        page: { type: "integer", minimum: 1, maximum: 100 },
        ratio: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 },
        level: { type: "integer", enum: [1, 2, 3] },
        version: { const: 2 },
      },
      additionalProperties: false,
    },
  }],
}));
`,
    },
    {
      name: "numbers in outputSchema or inside the handler are not tool input",
      code: SDK_ZOD + `server.registerTool("count", {
  inputSchema: z.object({ max: z.number().int().min(1).max(10) }),
  outputSchema: z.object({ total: z.number() }),
}, async () => {
  const total = z.number().parse(await load());
  return { content: [{ type: "text", text: String(total) }], structuredContent: { total } };
});
declare function load(): Promise<unknown>;
`,
    },
    {
      name: "allowFields by name and by path",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    timestamp: z.number(),
    range: z.object({ from: z.number().min(0) }),
  }),
}, async () => ({ content: [] }));
`,
      options: [{"allowFields":["timestamp","range.from"]}],
    },
    {
      name: "plain .mjs with espree: bounded",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    page: z.number().min(1).max(100),
  }),
}, async () => ({ content: [] }));
`,
      ...asJs,
    },
    {
      name: "no MCP framework import: not a tool file",
      code: `import { z } from "zod";
export const Paging = z.object({ page: z.number() });
`,
    },
    {
      name: "bounded numbers behind wrappers, in arrays and unions",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    size: z.number().int().min(1).max(100).default(20).describe("page size"),
    weights: z.array(z.number().min(0).max(1)).max(10),
    limit: z.union([z.int32(), z.literal("all")]),
    mixed: z.number().min(0).lt(100).nullable(),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "JSON Schema: a minimum with an exclusiveMaximum",
      code: SDK_LOW_LEVEL + `server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "send",
    inputSchema: {
      type: "object",
      properties: {
        pct: { type: "number", minimum: 0, exclusiveMaximum: 100 },
        temp: { type: ["number", "null"], exclusiveMinimum: -274, maximum: 1000 },
      },
      additionalProperties: false,
    },
  }],
}));
`,
    },
  ],
  invalid: [
    {
      name: "v4: bare z.number()",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    page: z.number(),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 11, endLine: 6, endColumn: 19,
          data: { where: 'field "page" of tool "send"', hint: "add .min(a) and .max(b)", missing: "minimum or maximum" },
          suggestions: [],
        },
      ],
    },
    {
      name: "v4: .int() alone",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    page: z.number().int(),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 11, endLine: 6, endColumn: 19,
          data: { where: 'field "page" of tool "send"', hint: "add .min(a) and .max(b)", missing: "minimum or maximum" },
          suggestions: [],
        },
      ],
    },
    {
      name: "v4: only a minimum",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    page: z.number().min(1),
    limit: z.number().int().positive(),
    offset: z.number().nonnegative().optional(),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 11, endLine: 6, endColumn: 19,
          data: { where: 'field "page" of tool "send"', hint: "add .min(a) and .max(b)", missing: "maximum" },
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 7, column: 12, endLine: 7, endColumn: 20,
          data: { where: 'field "limit" of tool "send"', hint: "add .min(a) and .max(b)", missing: "maximum" },
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 8, column: 13, endLine: 8, endColumn: 21,
          data: { where: 'field "offset" of tool "send"', hint: "add .min(a) and .max(b)", missing: "maximum" },
          suggestions: [],
        },
      ],
    },
    {
      name: "v4: only a maximum",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    limit: z.number().max(100),
    delta: z.number().negative(),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 12, endLine: 6, endColumn: 20,
          data: { where: 'field "limit" of tool "send"', hint: "add .min(a) and .max(b)", missing: "minimum" },
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 7, column: 12, endLine: 7, endColumn: 20,
          data: { where: 'field "delta" of tool "send"', hint: "add .min(a) and .max(b)", missing: "minimum" },
          suggestions: [],
        },
      ],
    },
    {
      name: "v4: z.int() is limited to safe integers only, which does not count",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    id: z.int(),
    page: z.int().min(1),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 9, endLine: 6, endColumn: 14,
          data: { where: 'field "id" of tool "send"', hint: "add .min(a) and .max(b)", missing: "minimum or maximum" },
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 7, column: 11, endLine: 7, endColumn: 16,
          data: { where: 'field "page" of tool "send"', hint: "add .min(a) and .max(b)", missing: "maximum" },
          suggestions: [],
        },
      ],
    },
    {
      name: "v4: z.coerce.number(), z.float64(), z.bigint()",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    limit: z.coerce.number(),
    weight: z.float64(),
    big: z.bigint(),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 12, endLine: 6, endColumn: 27,
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 7, column: 13, endLine: 7, endColumn: 22,
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 8, column: 10, endLine: 8, endColumn: 18,
          suggestions: [],
        },
      ],
    },
    {
      name: "v4: .multipleOf(), .finite() and .safe() are not bounds",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    step: z.number().multipleOf(5),
    x: z.number().finite(),
    id: z.number().int().safe(),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 11, endLine: 6, endColumn: 19,
          data: { where: 'field "step" of tool "send"', hint: "add .min(a) and .max(b)", missing: "minimum or maximum" },
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 7, column: 8, endLine: 7, endColumn: 16,
          data: { where: 'field "x" of tool "send"', hint: "add .min(a) and .max(b)", missing: "minimum or maximum" },
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 8, column: 9, endLine: 8, endColumn: 17,
          data: { where: 'field "id" of tool "send"', hint: "add .min(a) and .max(b)", missing: "minimum or maximum" },
          suggestions: [],
        },
      ],
    },
    {
      name: "v4: nested, in arrays, in unions",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    range: z.object({ from: z.number().min(0).max(10), to: z.number() }),
    points: z.array(z.number()).max(10),
    value: z.union([z.string().max(5), z.number()]),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 60, endLine: 6, endColumn: 68,
          data: { where: 'field "range.to" of tool "send"', hint: "add .min(a) and .max(b)", missing: "minimum or maximum" },
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 7, column: 21, endLine: 7, endColumn: 29,
          data: { where: 'field "points[]" of tool "send"', hint: "add .min(a) and .max(b)", missing: "minimum or maximum" },
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 8, column: 40, endLine: 8, endColumn: 48,
          data: { where: 'field "value" of tool "send"', hint: "add .min(a) and .max(b)", missing: "minimum or maximum" },
          suggestions: [],
        },
      ],
    },
    {
      name: "a shared number is reported once, where it is written",
      code: SDK_ZOD + `const Page = z.number().int().min(1);
server.registerTool("list", { inputSchema: z.object({ page: Page }) }, async () => ({ content: [] }));
server.registerTool("search", { inputSchema: z.object({ page: Page.optional() }) }, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 4, column: 14, endLine: 4, endColumn: 22,
          suggestions: [],
        },
      ],
    },
    {
      name: "raw shapes: registerTool and the deprecated server.tool()",
      code: SDK_ZOD + `server.registerTool("list", { inputSchema: { page: z.number() } }, async () => ({ content: [] }));
server.tool("sleep", "Wait a while", { seconds: z.number().positive() }, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 4, column: 52, endLine: 4, endColumn: 60,
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 5, column: 49, endLine: 5, endColumn: 57,
          suggestions: [],
        },
      ],
    },
    {
      name: "v3 (zod/v3): z.number(), .int(), .positive()",
      code: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    a: z.number(),
    b: z.number().int(),
    c: z.number().int().positive(),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 8, endLine: 6, endColumn: 16,
          data: { where: 'field "a" of tool "send"', hint: "add .min(a) and .max(b)", missing: "minimum or maximum" },
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 7, column: 8, endLine: 7, endColumn: 16,
          data: { where: 'field "b" of tool "send"', hint: "add .min(a) and .max(b)", missing: "minimum or maximum" },
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 8, column: 8, endLine: 8, endColumn: 16,
          data: { where: 'field "c" of tool "send"', hint: "add .min(a) and .max(b)", missing: "maximum" },
          suggestions: [],
        },
      ],
    },
    {
      name: "mini: only one check",
      code: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    a: z.number(),
    b: z.number().check(z.minimum(0)),
    c: z.optional(z.int().check(z.lte(10))),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 8, endLine: 6, endColumn: 16,
          data: { where: 'field "a" of tool "send"', hint: "add .check(z.gte(a), z.lte(b))", missing: "minimum or maximum" },
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 7, column: 8, endLine: 7, endColumn: 16,
          data: { where: 'field "b" of tool "send"', hint: "add .check(z.gte(a), z.lte(b))", missing: "maximum" },
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 8, column: 19, endLine: 8, endColumn: 24,
          data: { where: 'field "c" of tool "send"', hint: "add .check(z.gte(a), z.lte(b))", missing: "minimum" },
          suggestions: [],
        },
      ],
    },
    {
      name: "allowFields leaves other fields reported",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    range: z.object({ from: z.number(), to: z.number() }),
  }),
}, async () => ({ content: [] }));
`,
      options: [{"allowFields":["range.from"]}],
      errors: [
        {
          messageId: "unbounded", line: 6, column: 45, endLine: 6, endColumn: 53,
          data: { where: 'field "range.to" of tool "send"', hint: "add .min(a) and .max(b)", missing: "minimum or maximum" },
          suggestions: [],
        },
      ],
    },
    {
      name: "JSON Schema: integer/number without both bounds",
      code: SDK_LOW_LEVEL + `server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "send",
    inputSchema: {
      type: "object",
      properties: {
        page: { type: "integer" },
        limit: { type: "integer", minimum: 1 },
        ratio: { type: "number", exclusiveMaximum: 1 },
        score: { type: ["number", "null"], minimum: 0 },
      },
      additionalProperties: false,
    },
  }],
}));
`,
      errors: [
        {
          messageId: "unbounded", line: 10, column: 17, endLine: 10, endColumn: 32,
          data: { where: 'field "page" of tool "send"', hint: 'add "minimum" and "maximum"', missing: "minimum or maximum" },
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 11, column: 18, endLine: 11, endColumn: 33,
          data: { where: 'field "limit" of tool "send"', hint: 'add "minimum" and "maximum"', missing: "maximum" },
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 12, column: 18, endLine: 12, endColumn: 32,
          data: { where: 'field "ratio" of tool "send"', hint: 'add "minimum" and "maximum"', missing: "minimum" },
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 13, column: 18, endLine: 13, endColumn: 42,
          data: { where: 'field "score" of tool "send"', hint: 'add "minimum" and "maximum"', missing: "maximum" },
          suggestions: [],
        },
      ],
    },
    {
      name: "SDK v2 (@modelcontextprotocol/server) with a raw shape",
      code: `import { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("list", { inputSchema: { page: z.number().int() } }, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 4, column: 52, endLine: 4, endColumn: 60,
          suggestions: [],
        },
      ],
    },
    {
      name: "mcp-handler: createMcpHandler((server) => server.registerTool(...))",
      code: `import { createMcpHandler } from "mcp-handler";
import { z } from "zod";
export const handler = createMcpHandler((server) => {
  server.registerTool("list", { inputSchema: z.object({ page: z.number().min(1) }) }, async () => ({ content: [] }));
});
`,
      errors: [
        {
          messageId: "unbounded", line: 4, column: 63, endLine: 4, endColumn: 71,
          suggestions: [],
        },
      ],
    },
    {
      name: "fastmcp addTool parameters",
      code: `import { FastMCP } from "fastmcp";
import { z } from "zod";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
server.addTool({
  name: "sleep",
  parameters: z.object({ seconds: z.number() }),
  execute: async () => "ok",
});
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 35, endLine: 6, endColumn: 43,
          suggestions: [],
        },
      ],
    },
    {
      name: "plain .mjs with espree: reported",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    page: z.number(),
  }),
}, async () => ({ content: [] }));
`,
      ...asJs,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 11, endLine: 6, endColumn: 19,
          suggestions: [],
        },
      ],
    },
  ],
});

describe("require-number-bounds options are validated", () => {
  const code = `${SDK_ZOD}server.registerTool("list", { inputSchema: z.object({ page: z.number() }) }, async () => ({ content: [] }));\n`;
  const lint = (options: unknown) => lintWithRuleOptions("require-number-bounds", code, options, "server.ts");

  it("accepts valid options", () => {
    expect(lint({ allowFields: ["page"] })).toEqual([]);
  });
  // ESLint 10's flat config reports a bad rule option as `Key "rules": Key "<rule>": <reason>`
  // (eslintrc said "Configuration for rule ... is invalid").
  it.each([
    ["an unknown key", { minimum: 0 }, /Unexpected property "minimum"/],
    ["allowFields with an empty name", { allowFields: [""] }, /should NOT be shorter than 1 characters/],
    ["allowFields with a repeated name", { allowFields: ["page", "page"] }, /should NOT have duplicate items/],
    ["allowFields as a string", { allowFields: "page" }, /should be array/],
  ])("throws a configuration error for %s", (_label, options, reason) => {
    expect(() => lint(options)).toThrow(/Key "rules": Key "mcp-guard\/require-number-bounds"/);
    expect(() => lint(options)).toThrow(reason);
  });
});
