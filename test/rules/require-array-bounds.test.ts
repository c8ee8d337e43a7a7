/**
 * mcp-guard/require-array-bounds: every array or set in a tool's input needs a maximum number of items.
 * Positions are 1-based; every header in ./helpers.ts is three lines, so tool code starts on line 4.
 * Engine bugs found while writing this suite are in notes/bugs-bounds.md; their cases are held back there.
 */
import { describe, expect, it } from "vitest";
import { SDK_LOW_LEVEL, SDK_ZOD, SDK_ZOD_MINI, SDK_ZOD_V3, asJs, pluginRule, ruleTester, lintWithRuleOptions } from "./helpers.js";

type MessageIds = "unbounded" | "tooLarge" | "addMax";
type Options = [{ allowFields?: string[]; suggestedMaxItems?: number; ceiling?: number }?];

const rule = pluginRule<MessageIds, Options>("require-array-bounds");

ruleTester.run("require-array-bounds", rule, {
  valid: [
    {
      name: "v4: .max, .length, .nonempty().max, .min().max",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string()).max(10),
    pair: z.array(z.number()).length(2),
    ids: z.array(z.string()).nonempty().max(5),
    some: z.array(z.number()).min(1).max(50).optional(),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "v4: z.set with .max/.size, and .array().max()",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    ids: z.set(z.string()).max(20),
    exact: z.set(z.number()).size(3),
    labels: z.string().array().max(5),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "v4: tuples are bounded",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    point: z.tuple([z.number(), z.number()]),
    range: z.tuple([z.string(), z.string()]).optional(),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "v4: a length refinement bounds an array",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    ids: z.array(z.string()).refine((list) => list.length <= 20),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "v4: exactly at the default ceiling",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    rows: z.array(z.number()).max(10000),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "v3 (zod/v3): .max, .length, .nonempty().max, tuple",
      code: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string()).max(10),
    pair: z.array(z.number()).length(2),
    ids: z.string().array().nonempty().max(3),
    point: z.tuple([z.number(), z.number()]),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "v3 (zod/v3): z.tuple ignores a second argument, so the tuple stays closed",
      code: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    point: z.tuple([z.number(), z.number()], z.string()),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "mini: .check(z.maxLength(n)) and z.length",
      code: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string()).check(z.maxLength(10)),
    pair: z.array(z.number()).check(z.length(2)),
    maybe: z.optional(z.array(z.number()).check(z.maxLength(3))),
    ids: z.set(z.string()).check(z.maxSize(20)),
    exact: z.set(z.number()).check(z.size(3)),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "JSON Schema: maxItems, and a closed tuple",
      code: SDK_LOW_LEVEL + `server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "send",
    inputSchema: {
      type: "object",
      properties: {
        tags: { type: "array", items: { type: "string" }, maxItems: 10 },
        point: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], items: false },
      },
      additionalProperties: false,
    },
  }],
}));
`,
    },
    {
      name: "arrays in outputSchema or inside the handler are not tool input",
      code: SDK_ZOD + `server.registerTool("list", {
  inputSchema: z.object({ ids: z.array(z.string()).max(10) }),
  outputSchema: z.object({ rows: z.array(z.string()) }),
}, async () => {
  const rows = z.array(z.string()).parse(await load());
  return { content: [{ type: "text", text: rows.join(",") }] };
});
declare function load(): Promise<unknown>;
`,
    },
    {
      name: "allowFields by name and by path",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    rows: z.array(z.number()),
    filter: z.object({ ids: z.array(z.string()) }),
  }),
}, async () => ({ content: [] }));
`,
      options: [{"allowFields":["rows","filter.ids"]}],
    },
    {
      name: "ceiling option raised",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    rows: z.array(z.number()).max(20000),
  }),
}, async () => ({ content: [] }));
`,
      options: [{"ceiling":50000}],
    },
    {
      name: "plain .mjs with espree: bounded",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string()).max(10),
  }),
}, async () => ({ content: [] }));
`,
      ...asJs,
    },
    {
      name: "no MCP framework import: not a tool file",
      code: `import { z } from "zod";
export const Batch = z.object({ ids: z.array(z.string()) });
`,
    },
    {
      name: "a limit held in a const is resolved; an unreadable one still counts as a bound",
      code: SDK_ZOD + `const MAX_ITEMS = 50;
declare const LIMITS: { ids: number };
server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string().max(20)).max(MAX_ITEMS),
    ids: z.array(z.string().max(20)).max(LIMITS.ids),
  }),
}, async () => ({ content: [] }));
`,
    },
  ],
  invalid: [
    {
      name: "v4: bare z.array()",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string().max(20)),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 11, endLine: 6, endColumn: 18,
          data: { where: 'field "tags" of tool "send"', hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string().max(20)).max(100),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "array of unbounded strings: this rule reports the array, require-string-bounds the element",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string()),
    labels: z.string().array(),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 11, endLine: 6, endColumn: 18,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string()).max(100),
    labels: z.string().array(),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 7, column: 24, endLine: 7, endColumn: 29,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string()),
    labels: z.string().array().max(100),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v4: .nonempty() and .min() are not bounds",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    ids: z.array(z.string().max(20)).nonempty(),
    some: z.array(z.number()).min(1),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 10, endLine: 6, endColumn: 17,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    ids: z.array(z.string().max(20)).nonempty().max(100),
    some: z.array(z.number()).min(1),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 7, column: 11, endLine: 7, endColumn: 18,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    ids: z.array(z.string().max(20)).nonempty(),
    some: z.array(z.number()).min(1).max(100),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v4: the suggestion goes before .optional()/.describe()",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    ids: z.array(z.number()).min(1).optional().describe("ids"),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 10, endLine: 6, endColumn: 17,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    ids: z.array(z.number()).min(1).max(100).optional().describe("ids"),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v4: z.set()",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    ids: z.set(z.string().max(20)),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 10, endLine: 6, endColumn: 15,
          data: { where: 'field "ids" of tool "send"', hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    ids: z.set(z.string().max(20)).max(100),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v4: .array() reports at the method name",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    labels: z.string().max(5).array(),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 31, endLine: 6, endColumn: 36,
          data: { where: 'field "labels" of tool "send"', hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    labels: z.string().max(5).array().max(100),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v4: a tuple with a rest element is open (no suggestion: tuples have no .max)",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    args: z.tuple([z.string().max(5)], z.number()),
    more: z.tuple([z.string().max(5)]).rest(z.number()),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 11, endLine: 6, endColumn: 18,
          data: { where: 'field "args" of tool "send"', hint: "remove the tuple's rest element" },
          suggestions: [],
        },
        {
          messageId: "unbounded", line: 7, column: 11, endLine: 7, endColumn: 18,
          data: { where: 'field "more" of tool "send"', hint: "remove the tuple's rest element" },
          suggestions: [],
        },
      ],
    },
    {
      name: "v4: nested arrays are each reported, outer first",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    grid: z.array(z.array(z.number())),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 11, endLine: 6, endColumn: 18,
          data: { where: 'field "grid" of tool "send"', hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    grid: z.array(z.array(z.number())).max(100),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 6, column: 19, endLine: 6, endColumn: 26,
          data: { where: 'field "grid[]" of tool "send"', hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    grid: z.array(z.array(z.number()).max(100)),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v4: an array inside a union",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    target: z.union([z.string().max(5), z.array(z.string().max(5))]),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 41, endLine: 6, endColumn: 48,
          data: { where: 'field "target" of tool "send"', hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    target: z.union([z.string().max(5), z.array(z.string().max(5)).max(100)]),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v4: above the default ceiling",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    rows: z.array(z.number()).max(20000),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "tooLarge", line: 6, column: 11, endLine: 6, endColumn: 18,
          data: { where: 'field "rows" of tool "send"', limit: "20000", ceiling: "10000" },
          suggestions: [],
        },
      ],
    },
    {
      name: "a const limit above the ceiling",
      code: SDK_ZOD + `const MAX_ROWS = 50_000;
server.registerTool("send", { inputSchema: z.object({ rows: z.array(z.number()).max(MAX_ROWS) }) }, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "tooLarge", line: 5, column: 61, endLine: 5, endColumn: 68,
          data: { where: 'field "rows" of tool "send"', limit: "50000", ceiling: "10000" },
          suggestions: [],
        },
      ],
    },
    {
      name: "option ceiling",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    rows: z.array(z.number()).max(500),
    ok: z.array(z.number()).max(100),
  }),
}, async () => ({ content: [] }));
`,
      options: [{"ceiling":100}],
      errors: [
        {
          messageId: "tooLarge", line: 6, column: 11, endLine: 6, endColumn: 18,
          data: { where: 'field "rows" of tool "send"', limit: "500", ceiling: "100" },
          suggestions: [],
        },
      ],
    },
    {
      name: "option suggestedMaxItems",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    rows: z.array(z.number()),
  }),
}, async () => ({ content: [] }));
`,
      options: [{"suggestedMaxItems":25}],
      errors: [
        {
          messageId: "unbounded", line: 6, column: 11, endLine: 6, endColumn: 18,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    rows: z.array(z.number()).max(25),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "option allowFields leaves other fields reported",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    filter: z.object({ ids: z.array(z.string().max(5)) }),
    ids: z.array(z.string().max(5)),
  }),
}, async () => ({ content: [] }));
`,
      options: [{"allowFields":["filter.ids"]}],
      errors: [
        {
          messageId: "unbounded", line: 7, column: 10, endLine: 7, endColumn: 17,
          data: { where: 'field "ids" of tool "send"', hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    filter: z.object({ ids: z.array(z.string().max(5)) }),
    ids: z.array(z.string().max(5)).max(100),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "a shared array is reported once, where it is written",
      code: SDK_ZOD + `const Ids = z.array(z.string().max(36));
server.registerTool("archive", { inputSchema: z.object({ ids: Ids }) }, async () => ({ content: [] }));
server.registerTool("restore", { inputSchema: z.object({ ids: Ids.optional() }) }, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 4, column: 13, endLine: 4, endColumn: 20,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `const Ids = z.array(z.string().max(36)).max(100);
server.registerTool("archive", { inputSchema: z.object({ ids: Ids }) }, async () => ({ content: [] }));
server.registerTool("restore", { inputSchema: z.object({ ids: Ids.optional() }) }, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "raw shapes: registerTool and the deprecated server.tool()",
      code: SDK_ZOD + `server.registerTool("tag", { inputSchema: { tags: z.array(z.string().max(20)) } }, async () => ({ content: [] }));
server.tool("sum", "Add numbers", { values: z.array(z.number()) }, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 4, column: 51, endLine: 4, endColumn: 58,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("tag", { inputSchema: { tags: z.array(z.string().max(20)).max(100) } }, async () => ({ content: [] }));
server.tool("sum", "Add numbers", { values: z.array(z.number()) }, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 5, column: 45, endLine: 5, endColumn: 52,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("tag", { inputSchema: { tags: z.array(z.string().max(20)) } }, async () => ({ content: [] }));
server.tool("sum", "Add numbers", { values: z.array(z.number()).max(100) }, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v3 (zod/v3): z.array, .nonempty(), .array(), z.set",
      code: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string().max(20)),
    ids: z.array(z.string().max(20)).nonempty(),
    labels: z.string().max(5).array(),
    set: z.set(z.number()),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 11, endLine: 6, endColumn: 18,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string().max(20)).max(100),
    ids: z.array(z.string().max(20)).nonempty(),
    labels: z.string().max(5).array(),
    set: z.set(z.number()),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 7, column: 10, endLine: 7, endColumn: 17,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string().max(20)),
    ids: z.array(z.string().max(20)).nonempty().max(100),
    labels: z.string().max(5).array(),
    set: z.set(z.number()),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 8, column: 31, endLine: 8, endColumn: 36,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string().max(20)),
    ids: z.array(z.string().max(20)).nonempty(),
    labels: z.string().max(5).array().max(100),
    set: z.set(z.number()),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 9, column: 10, endLine: 9, endColumn: 15,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string().max(20)),
    ids: z.array(z.string().max(20)).nonempty(),
    labels: z.string().max(5).array(),
    set: z.set(z.number()).max(100),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v3 (zod/v3): .rest() opens a tuple",
      code: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    args: z.tuple([z.string().max(5)]).rest(z.number()),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 11, endLine: 6, endColumn: 18,
          suggestions: [],
        },
      ],
    },
    {
      name: "mini: the suggestion writes .check(z.maxLength(n))",
      code: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string().check(z.maxLength(20))),
    maybe: z.optional(z.array(z.number()).check(z.minLength(1))),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 11, endLine: 6, endColumn: 18,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string().check(z.maxLength(20))).check(z.maxLength(100)),
    maybe: z.optional(z.array(z.number()).check(z.minLength(1))),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 7, column: 23, endLine: 7, endColumn: 30,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string().check(z.maxLength(20))),
    maybe: z.optional(z.array(z.number()).check(z.minLength(1)).check(z.maxLength(100))),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "mini sets: bounded by z.maxSize only; the suggestion writes .check(z.maxSize(n))",
      code: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    ids: z.set(z.string()),
    tags: z.set(z.string()).check(z.maxLength(5)),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 10, endLine: 6, endColumn: 15,
          data: { where: 'field "ids" of tool "send"', hint: "add .check(z.maxSize(n))" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    ids: z.set(z.string()).check(z.maxSize(100)),
    tags: z.set(z.string()).check(z.maxLength(5)),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 7, column: 11, endLine: 7, endColumn: 16,
          data: { where: 'field "tags" of tool "send"', hint: "add .check(z.maxSize(n))" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    ids: z.set(z.string()),
    tags: z.set(z.string()).check(z.maxLength(5)).check(z.maxSize(100)),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "mini arrays: z.maxSize does not bound an array",
      code: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    ids: z.array(z.number()).check(z.maxSize(5)),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 10, endLine: 6, endColumn: 17,
          data: { where: 'field "ids" of tool "send"', hint: "add .check(z.maxLength(n))" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    ids: z.array(z.number()).check(z.maxSize(5)).check(z.maxLength(100)),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "JSON Schema: the suggestion inserts maxItems after type",
      code: SDK_LOW_LEVEL + `server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "send",
    inputSchema: {
      type: "object",
      properties: {
        tags: { type: "array", items: { type: "string", maxLength: 20 } },
        ids: { type: "array", minItems: 1, items: { type: "string", format: "uuid" } },
        rows: { type: "array", items: { type: "number" }, maxItems: 50000 },
      },
      additionalProperties: false,
    },
  }],
}));
`,
      errors: [
        {
          messageId: "unbounded", line: 10, column: 17, endLine: 10, endColumn: 30,
          suggestions: [
            { messageId: "addMax", output: SDK_LOW_LEVEL + `server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "send",
    inputSchema: {
      type: "object",
      properties: {
        tags: { type: "array", maxItems: 100, items: { type: "string", maxLength: 20 } },
        ids: { type: "array", minItems: 1, items: { type: "string", format: "uuid" } },
        rows: { type: "array", items: { type: "number" }, maxItems: 50000 },
      },
      additionalProperties: false,
    },
  }],
}));
` },
          ],
        },
        {
          messageId: "unbounded", line: 11, column: 16, endLine: 11, endColumn: 29,
          suggestions: [
            { messageId: "addMax", output: SDK_LOW_LEVEL + `server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "send",
    inputSchema: {
      type: "object",
      properties: {
        tags: { type: "array", items: { type: "string", maxLength: 20 } },
        ids: { type: "array", maxItems: 100, minItems: 1, items: { type: "string", format: "uuid" } },
        rows: { type: "array", items: { type: "number" }, maxItems: 50000 },
      },
      additionalProperties: false,
    },
  }],
}));
` },
          ],
        },
        {
          messageId: "tooLarge", line: 12, column: 17, endLine: 12, endColumn: 30,
          suggestions: [],
        },
      ],
    },
    {
      name: "JSON Schema: prefixItems without items: false is open",
      code: SDK_LOW_LEVEL + `server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "send",
    inputSchema: {
      type: "object",
      properties: {
        args: { type: "array", prefixItems: [{ type: "number" }] },
      },
      additionalProperties: false,
    },
  }],
}));
`,
      errors: [
        {
          messageId: "unbounded", line: 10, column: 17, endLine: 10, endColumn: 30,
          suggestions: [
            { messageId: "addMax", output: SDK_LOW_LEVEL + `server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "send",
    inputSchema: {
      type: "object",
      properties: {
        args: { type: "array", maxItems: 100, prefixItems: [{ type: "number" }] },
      },
      additionalProperties: false,
    },
  }],
}));
` },
          ],
        },
      ],
    },
    {
      name: "fastmcp addTool parameters",
      code: `import { FastMCP } from "fastmcp";
import { z } from "zod";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
server.addTool({
  name: "tag",
  parameters: z.object({ tags: z.array(z.string().max(20)) }),
  execute: async () => "ok",
});
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 32, endLine: 6, endColumn: 39,
          suggestions: [
            { messageId: "addMax", output: `import { FastMCP } from "fastmcp";
import { z } from "zod";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
server.addTool({
  name: "tag",
  parameters: z.object({ tags: z.array(z.string().max(20)).max(100) }),
  execute: async () => "ok",
});
` },
          ],
        },
      ],
    },
    {
      name: "plain .mjs with espree: reported",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string().max(20)),
  }),
}, async () => ({ content: [] }));
`,
      ...asJs,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 11, endLine: 6, endColumn: 18,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string().max(20)).max(100),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
  ],
});

describe("require-array-bounds options are validated", () => {
  const code = `${SDK_ZOD}server.registerTool("send", { inputSchema: z.object({ ids: z.array(z.number()) }) }, async () => ({ content: [] }));\n`;
  const lint = (options: unknown) => lintWithRuleOptions("require-array-bounds", code, options, "server.ts");

  it("accepts valid options", () => {
    expect(lint({ allowFields: ["ids"], suggestedMaxItems: 10, ceiling: 20 })).toEqual([]);
  });
  // ESLint 10's flat config reports a bad rule option as `Key "rules": Key "<rule>": <reason>`
  // (eslintrc said "Configuration for rule ... is invalid").
  it.each([
    ["suggestedMaxItems: 0", { suggestedMaxItems: 0 }, /should be >= 1/],
    ["suggestedMaxItems: 1.5", { suggestedMaxItems: 1.5 }, /should be integer/],
    ["ceiling: -1", { ceiling: -1 }, /should be >= 1/],
    ["ceiling as a string", { ceiling: "1000" }, /should be integer/],
    ["an unknown key", { maxItems: 100 }, /Unexpected property "maxItems"/],
    ["allowFields with an empty name", { allowFields: [""] }, /should NOT be shorter than 1 characters/],
    ["allowFields as a string", { allowFields: "ids" }, /should be array/],
  ])("throws a configuration error for %s", (_label, options, reason) => {
    expect(() => lint(options)).toThrow(/Key "rules": Key "mcp-guard\/require-array-bounds"/);
    expect(() => lint(options)).toThrow(reason);
  });
});
