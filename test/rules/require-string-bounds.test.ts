/**
 * mcp-guard/require-string-bounds: every string in a tool's input needs an upper length bound.
 * Positions are 1-based; every header in ./helpers.ts is three lines, so tool code starts on line 4.
 * Engine bugs found while writing this suite are in notes/bugs-bounds.md; their cases are held back there.
 */
import { describe, expect, it } from "vitest";
import { SDK_LOW_LEVEL, SDK_ZOD, SDK_ZOD_MINI, SDK_ZOD_V3, asJs, pluginRule, ruleTester, lintWithRuleOptions } from "./helpers.js";

type MessageIds = "unbounded" | "unboundedFormat" | "tooLarge" | "addMax";
type Options = [{ allowFields?: string[]; suggestedMaxLength?: number; ceiling?: number }?];

const rule = pluginRule<MessageIds, Options>("require-string-bounds");

ruleTester.run("require-string-bounds", rule, {
  valid: [
    {
      name: "v4: .max, .length, enum, literal, bounded formats",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    subject: z.string().max(200),
    code: z.string().length(6),
    kind: z.enum(["a", "b"]),
    mode: z.literal("fast"),
    id: z.uuid(),
    legacyId: z.string().uuid(),
    guid: z.guid(),
    ulid: z.ulid(),
    ip: z.ipv4(),
    net: z.cidrv6(),
    phone: z.e164(),
    host: z.hostname(),
    day: z.iso.date(),
    nano: z.nanoid(),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "v4: datetime and time with a numeric precision are bounded",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    at: z.iso.datetime({ precision: 3 }),
    clock: z.iso.time({ precision: 0 }),
    legacyAt: z.string().datetime({ precision: 3 }),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "v4: anchored regex without open quantifier, and a length refinement",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    ticket: z.string().regex(/^TKT-[0-9]{1,8}$/),
    note: z.string().refine((s) => s.length <= 500),
    memo: z.string().refine(function (s) { return s.length <= 64; }),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "v4: bound anywhere in a chain with wrappers",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    a: z.string().trim().min(1).max(80).optional().describe("a"),
    b: z.string().max(10).nullable(),
    c: z.string().describe("c").max(5).optional().default("x"),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "v4: exactly at the default ceiling",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    doc: z.string().max(100000),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "v3 (zod/v3): .max, .length, .uuid, .cuid2 is not, .ip, .datetime with precision",
      code: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    subject: z.string().max(200),
    code: z.string().length(6),
    id: z.string().uuid(),
    addr: z.string().ip(),
    ulid: z.string().ulid(),
    at: z.string().datetime({ precision: 3 }),
    day: z.string().date(),
    kind: z.enum(["a", "b"]),
    mode: z.literal("x"),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "mini: .check(z.maxLength(n)), z.length, bounded regex check",
      code: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    subject: z.string().check(z.maxLength(200)),
    code: z.string().check(z.length(6)),
    ticket: z.string().check(z.regex(/^TKT-[0-9]{1,8}$/)),
    id: z.uuid(),
    maybe: z.optional(z.string().check(z.maxLength(5))),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "JSON Schema: maxLength, enum, const, bounded format, anchored pattern",
      code: SDK_LOW_LEVEL + `server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "send",
    inputSchema: {
      type: "object",
      properties: {
        subject: { type: "string", maxLength: 200 },
        kind: { type: "string", enum: ["a", "b"] },
        mode: { const: "fast" },
        id: { type: "string", format: "uuid" },
        ticket: { type: "string", pattern: "^TKT-[0-9]{1,8}$" },
      },
      additionalProperties: false,
    },
  }],
}));
`,
    },
    {
      name: "strings in outputSchema or inside the handler are not tool input",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({ to: z.string().max(100) }),
  outputSchema: z.object({ log: z.string() }),
}, async (args) => {
  const reply = z.object({ text: z.string() }).parse(await fetchReply(args.to));
  return { content: [{ type: "text", text: reply.text }] };
});
declare function fetchReply(to: string): Promise<unknown>;
`,
    },
    {
      name: "no MCP framework import: not a tool file",
      code: `import { z } from "zod";
export const Config = z.object({ name: z.string() });
`,
    },
    {
      name: "allowFields by name and by path",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    body: z.string(),
    recipient: z.object({ email: z.email() }),
  }),
}, async () => ({ content: [] }));
`,
      options: [{"allowFields":["body","recipient.email"]}],
    },
    {
      name: "ceiling option raised",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    doc: z.string().max(200000),
  }),
}, async () => ({ content: [] }));
`,
      options: [{"ceiling":500000}],
    },
    {
      name: "plain .mjs with espree: bounded",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string().max(320),
  }),
}, async () => ({ content: [] }));
`,
      ...asJs,
    },
    {
      name: "a limit held in a const is resolved; an unreadable one still counts as a bound",
      code: SDK_ZOD + `const MAX_NAME = 500;
declare const LIMITS: { note: number };
server.registerTool("send", {
  inputSchema: z.object({
    name: z.string().max(MAX_NAME),
    note: z.string().max(LIMITS.note),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "superRefine that rejects long values, and anchored alternatives",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    body: z.string().superRefine((s, ctx) => { if (s.length > 500) ctx.addIssue({ code: "custom", message: "too long" }); }),
    kind: z.string().regex(/^a$|^bc$/),
  }),
}, async () => ({ content: [] }));
`,
    },
  ],
  invalid: [
    {
      name: "v4: bare z.string()",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string(),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 9, endLine: 6, endColumn: 17,
          data: { where: 'field "to" of tool "send"', hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string().max(1000),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v4: .min() only is not a bound",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string().min(1),
    name: z.string().nonempty(),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 9, endLine: 6, endColumn: 17,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string().min(1).max(1000),
    name: z.string().nonempty(),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 7, column: 11, endLine: 7, endColumn: 19,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string().min(1),
    name: z.string().nonempty().max(1000),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v4: the suggestion goes after the last string method, before .optional()/.describe()",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    a: z.string().trim().min(1).optional().describe("a"),
    b: z.string().describe("b").optional(),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 8, endLine: 6, endColumn: 16,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    a: z.string().trim().min(1).max(1000).optional().describe("a"),
    b: z.string().describe("b").optional(),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 7, column: 8, endLine: 7, endColumn: 16,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    a: z.string().trim().min(1).optional().describe("a"),
    b: z.string().describe("b").max(1000).optional(),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v4: z.email() and z.url() are not bounds",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    email: z.email(),
    site: z.url(),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unboundedFormat", line: 6, column: 12, endLine: 6, endColumn: 19,
          data: { where: 'field "email" of tool "send"', format: "email", hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    email: z.email().max(1000),
    site: z.url(),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unboundedFormat", line: 7, column: 11, endLine: 7, endColumn: 16,
          data: { where: 'field "site" of tool "send"', format: "URL", hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    email: z.email(),
    site: z.url().max(1000),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v4: deprecated .email()/.url() methods",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    email: z.string().email(),
    site: z.string().url().optional(),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unboundedFormat", line: 6, column: 12, endLine: 6, endColumn: 20,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    email: z.string().email().max(1000),
    site: z.string().url().optional(),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unboundedFormat", line: 7, column: 11, endLine: 7, endColumn: 19,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    email: z.string().email(),
    site: z.string().url().max(1000).optional(),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v4: other unbounded formats",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    blob: z.base64(),
    token: z.jwt(),
    cuid: z.cuid(),
    cuid2: z.cuid2(),
    hex: z.hex(),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unboundedFormat", line: 6, column: 11, endLine: 6, endColumn: 19,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    blob: z.base64().max(1000),
    token: z.jwt(),
    cuid: z.cuid(),
    cuid2: z.cuid2(),
    hex: z.hex(),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unboundedFormat", line: 7, column: 12, endLine: 7, endColumn: 17,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    blob: z.base64(),
    token: z.jwt().max(1000),
    cuid: z.cuid(),
    cuid2: z.cuid2(),
    hex: z.hex(),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 8, column: 11, endLine: 8, endColumn: 17,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    blob: z.base64(),
    token: z.jwt(),
    cuid: z.cuid().max(1000),
    cuid2: z.cuid2(),
    hex: z.hex(),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 9, column: 12, endLine: 9, endColumn: 19,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    blob: z.base64(),
    token: z.jwt(),
    cuid: z.cuid(),
    cuid2: z.cuid2().max(1000),
    hex: z.hex(),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 10, column: 10, endLine: 10, endColumn: 15,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    blob: z.base64(),
    token: z.jwt(),
    cuid: z.cuid(),
    cuid2: z.cuid2(),
    hex: z.hex().max(1000),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v4: datetime and time without precision admit any number of fractional digits",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    at: z.iso.datetime(),
    clock: z.iso.time({ offset: true }),
    legacyAt: z.string().datetime(),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 9, endLine: 6, endColumn: 23,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    at: z.iso.datetime().max(1000),
    clock: z.iso.time({ offset: true }),
    legacyAt: z.string().datetime(),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 7, column: 12, endLine: 7, endColumn: 22,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    at: z.iso.datetime(),
    clock: z.iso.time({ offset: true }).max(1000),
    legacyAt: z.string().datetime(),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 8, column: 15, endLine: 8, endColumn: 23,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    at: z.iso.datetime(),
    clock: z.iso.time({ offset: true }),
    legacyAt: z.string().datetime().max(1000),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v4: open and unanchored regexes",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    slug: z.string().regex(/^[a-z]+$/),
    code: z.string().regex(/[0-9]{1,8}/),
    tail: z.string().regex(/^[a-z]{2,}$/),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unboundedFormat", line: 6, column: 11, endLine: 6, endColumn: 19,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    slug: z.string().regex(/^[a-z]+$/).max(1000),
    code: z.string().regex(/[0-9]{1,8}/),
    tail: z.string().regex(/^[a-z]{2,}$/),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unboundedFormat", line: 7, column: 11, endLine: 7, endColumn: 19,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    slug: z.string().regex(/^[a-z]+$/),
    code: z.string().regex(/[0-9]{1,8}/).max(1000),
    tail: z.string().regex(/^[a-z]{2,}$/),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unboundedFormat", line: 8, column: 11, endLine: 8, endColumn: 19,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    slug: z.string().regex(/^[a-z]+$/),
    code: z.string().regex(/[0-9]{1,8}/),
    tail: z.string().regex(/^[a-z]{2,}$/).max(1000),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v4: a refinement that does not check length",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    name: z.string().refine((s) => s.trim() !== ""),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 11, endLine: 6, endColumn: 19,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    name: z.string().max(1000).refine((s) => s.trim() !== ""),
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
    doc: z.string().max(200000),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "tooLarge", line: 6, column: 10, endLine: 6, endColumn: 18,
          data: { where: 'field "doc" of tool "send"', limit: "200000", ceiling: "100000" },
          suggestions: [],
        },
      ],
    },
    {
      name: "v4: .length() above the ceiling",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    doc: z.string().length(100001),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "tooLarge", line: 6, column: 10, endLine: 6, endColumn: 18,
          suggestions: [],
        },
      ],
    },
    {
      name: "a const limit above the ceiling",
      code: SDK_ZOD + `const MAX_DOC = 200_000;
server.registerTool("send", { inputSchema: z.object({ doc: z.string().max(MAX_DOC) }) }, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "tooLarge", line: 5, column: 60, endLine: 5, endColumn: 68,
          data: { where: 'field "doc" of tool "send"', limit: "200000", ceiling: "100000" },
          suggestions: [],
        },
      ],
    },
    {
      name: "a refinement on something else's .length is not a bound",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.string().refine((s) => s.split(",").length <= 5),
    name: z.string().refine((s) => s.trim().length <= 50),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 11, endLine: 6, endColumn: 19,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.string().max(1000).refine((s) => s.split(",").length <= 5),
    name: z.string().refine((s) => s.trim().length <= 50),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 7, column: 11, endLine: 7, endColumn: 19,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.string().refine((s) => s.split(",").length <= 5),
    name: z.string().max(1000).refine((s) => s.trim().length <= 50),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "a regex whose longest match is above the ceiling",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    blob: z.string().regex(/^.{0,200000}$/),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "tooLarge", line: 6, column: 11, endLine: 6, endColumn: 19,
          data: { where: 'field "blob" of tool "send"', limit: "200000", ceiling: "100000" },
          suggestions: [],
        },
      ],
    },
    {
      name: "option ceiling",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    doc: z.string().max(10000),
    ok: z.string().max(5000),
  }),
}, async () => ({ content: [] }));
`,
      options: [{"ceiling":5000}],
      errors: [
        {
          messageId: "tooLarge", line: 6, column: 10, endLine: 6, endColumn: 18,
          data: { where: 'field "doc" of tool "send"', limit: "10000", ceiling: "5000" },
          suggestions: [],
        },
      ],
    },
    {
      name: "option suggestedMaxLength",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string(),
  }),
}, async () => ({ content: [] }));
`,
      options: [{"suggestedMaxLength":256}],
      errors: [
        {
          messageId: "unbounded", line: 6, column: 9, endLine: 6, endColumn: 17,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string().max(256),
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
    recipient: z.object({ email: z.email(), name: z.string() }),
    email: z.email(),
  }),
}, async () => ({ content: [] }));
`,
      options: [{"allowFields":["recipient.email"]}],
      errors: [
        {
          messageId: "unbounded", line: 6, column: 51, endLine: 6, endColumn: 59,
          data: { where: 'field "recipient.name" of tool "send"', hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    recipient: z.object({ email: z.email(), name: z.string().max(1000) }),
    email: z.email(),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unboundedFormat", line: 7, column: 12, endLine: 7, endColumn: 19,
          data: { where: 'field "email" of tool "send"', format: "email", hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    recipient: z.object({ email: z.email(), name: z.string() }),
    email: z.email().max(1000),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "nested path",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    recipient: z.object({ address: z.object({ line1: z.string() }).optional() }),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 54, endLine: 6, endColumn: 62,
          data: { where: 'field "recipient.address.line1" of tool "send"', hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    recipient: z.object({ address: z.object({ line1: z.string().max(1000) }).optional() }),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "arrays of strings: the element is reported (z.array, .array(), z.set)",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string()).max(10),
    labels: z.string().array().max(5),
    ids: z.set(z.string()).max(5),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 19, endLine: 6, endColumn: 27,
          data: { where: 'field "tags[]" of tool "send"', hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string().max(1000)).max(10),
    labels: z.string().array().max(5),
    ids: z.set(z.string()).max(5),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 7, column: 13, endLine: 7, endColumn: 21,
          data: { where: 'field "labels[]" of tool "send"', hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string()).max(10),
    labels: z.string().max(1000).array().max(5),
    ids: z.set(z.string()).max(5),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 8, column: 16, endLine: 8, endColumn: 24,
          data: { where: 'field "ids[]" of tool "send"', hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    tags: z.array(z.string()).max(10),
    labels: z.string().array().max(5),
    ids: z.set(z.string().max(1000)).max(5),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "tuple members and union members",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    pair: z.tuple([z.string().max(5), z.string()]),
    value: z.union([z.number(), z.string()]),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 39, endLine: 6, endColumn: 47,
          data: { where: 'field "pair[1]" of tool "send"', hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    pair: z.tuple([z.string().max(5), z.string().max(1000)]),
    value: z.union([z.number(), z.string()]),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 7, column: 33, endLine: 7, endColumn: 41,
          data: { where: 'field "value" of tool "send"', hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    pair: z.tuple([z.string().max(5), z.string()]),
    value: z.union([z.number(), z.string().max(1000)]),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "tuple rest elements are input too",
      code: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    args: z.tuple([z.string().max(5)], z.string()),
    more: z.tuple([z.number()]).rest(z.string()),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 40, endLine: 6, endColumn: 48,
          data: { where: 'field "args[]" of tool "send"', hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    args: z.tuple([z.string().max(5)], z.string().max(1000)),
    more: z.tuple([z.number()]).rest(z.string()),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 7, column: 38, endLine: 7, endColumn: 46,
          data: { where: 'field "more[]" of tool "send"', hint: "add .max(n)" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    args: z.tuple([z.string().max(5)], z.string()),
    more: z.tuple([z.number()]).rest(z.string().max(1000)),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "a shared schema is reported once, where it is written",
      code: SDK_ZOD + `const Name = z.string().describe("a name");
server.registerTool("greet", { inputSchema: z.object({ name: Name }) }, async () => ({ content: [] }));
server.registerTool("wave", { inputSchema: z.object({ who: Name, other: Name.optional() }) }, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 4, column: 14, endLine: 4, endColumn: 22,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `const Name = z.string().describe("a name").max(1000);
server.registerTool("greet", { inputSchema: z.object({ name: Name }) }, async () => ({ content: [] }));
server.registerTool("wave", { inputSchema: z.object({ who: Name, other: Name.optional() }) }, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "raw shapes: registerTool and the deprecated server.tool()",
      code: SDK_ZOD + `server.registerTool("send", { inputSchema: { to: z.string() } }, async () => ({ content: [] }));
server.tool("ping", "Ping a host", { host: z.string() }, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 4, column: 50, endLine: 4, endColumn: 58,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", { inputSchema: { to: z.string().max(1000) } }, async () => ({ content: [] }));
server.tool("ping", "Ping a host", { host: z.string() }, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 5, column: 44, endLine: 5, endColumn: 52,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", { inputSchema: { to: z.string() } }, async () => ({ content: [] }));
server.tool("ping", "Ping a host", { host: z.string().max(1000) }, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "v3 (zod/v3): bare, .email(), .url(), .datetime(), .cuid(), open regex",
      code: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string(),
    email: z.string().email(),
    site: z.string().url(),
    at: z.string().datetime(),
    id: z.string().cuid(),
    slug: z.string().regex(/^[a-z-]+$/),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 9, endLine: 6, endColumn: 17,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string().max(1000),
    email: z.string().email(),
    site: z.string().url(),
    at: z.string().datetime(),
    id: z.string().cuid(),
    slug: z.string().regex(/^[a-z-]+$/),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unboundedFormat", line: 7, column: 12, endLine: 7, endColumn: 20,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string(),
    email: z.string().email().max(1000),
    site: z.string().url(),
    at: z.string().datetime(),
    id: z.string().cuid(),
    slug: z.string().regex(/^[a-z-]+$/),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unboundedFormat", line: 8, column: 11, endLine: 8, endColumn: 19,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string(),
    email: z.string().email(),
    site: z.string().url().max(1000),
    at: z.string().datetime(),
    id: z.string().cuid(),
    slug: z.string().regex(/^[a-z-]+$/),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 9, column: 9, endLine: 9, endColumn: 17,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string(),
    email: z.string().email(),
    site: z.string().url(),
    at: z.string().datetime().max(1000),
    id: z.string().cuid(),
    slug: z.string().regex(/^[a-z-]+$/),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 10, column: 9, endLine: 10, endColumn: 17,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string(),
    email: z.string().email(),
    site: z.string().url(),
    at: z.string().datetime(),
    id: z.string().cuid().max(1000),
    slug: z.string().regex(/^[a-z-]+$/),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unboundedFormat", line: 11, column: 11, endLine: 11, endColumn: 19,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_V3 + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string(),
    email: z.string().email(),
    site: z.string().url(),
    at: z.string().datetime(),
    id: z.string().cuid(),
    slug: z.string().regex(/^[a-z-]+$/).max(1000),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "mini: the suggestion writes .check(z.maxLength(n))",
      code: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string(),
    maybe: z.optional(z.string()),
    email: z.email(),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 9, endLine: 6, endColumn: 17,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string().check(z.maxLength(1000)),
    maybe: z.optional(z.string()),
    email: z.email(),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 7, column: 23, endLine: 7, endColumn: 31,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string(),
    maybe: z.optional(z.string().check(z.maxLength(1000))),
    email: z.email(),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unboundedFormat", line: 8, column: 12, endLine: 8, endColumn: 19,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string(),
    maybe: z.optional(z.string()),
    email: z.email().check(z.maxLength(1000)),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "mini: option suggestedMaxLength",
      code: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string().check(z.minLength(1)),
  }),
}, async () => ({ content: [] }));
`,
      options: [{"suggestedMaxLength":64}],
      errors: [
        {
          messageId: "unbounded", line: 6, column: 9, endLine: 6, endColumn: 17,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string().check(z.minLength(1)).check(z.maxLength(64)),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "mini: z.maxSize and z.size do not bound a string",
      code: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    a: z.string().check(z.maxSize(10)),
    b: z.string().check(z.size(10)),
  }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 8, endLine: 6, endColumn: 16,
          data: { where: 'field "a" of tool "send"', hint: "add .check(z.maxLength(n))" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    a: z.string().check(z.maxSize(10)).check(z.maxLength(1000)),
    b: z.string().check(z.size(10)),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
        {
          messageId: "unbounded", line: 7, column: 8, endLine: 7, endColumn: 16,
          data: { where: 'field "b" of tool "send"', hint: "add .check(z.maxLength(n))" },
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD_MINI + `server.registerTool("send", {
  inputSchema: z.object({
    a: z.string().check(z.maxSize(10)),
    b: z.string().check(z.size(10)).check(z.maxLength(1000)),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
    {
      name: "JSON Schema: the suggestion inserts maxLength after type",
      code: SDK_LOW_LEVEL + `server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "send",
    inputSchema: {
      type: "object",
      properties: {
        body: { type: "string", description: "text" },
        email: { type: "string", format: "email" },
        site: { type: "string", format: "uri" },
        slug: { type: "string", pattern: "^[a-z]+$" },
        doc: { type: "string", maxLength: 1000000 },
        blob: { type: "string", pattern: "^.{0,200000}$" },
      },
      additionalProperties: false,
    },
  }],
}));
`,
      errors: [
        {
          messageId: "unbounded", line: 10, column: 17, endLine: 10, endColumn: 31,
          suggestions: [
            { messageId: "addMax", output: SDK_LOW_LEVEL + `server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "send",
    inputSchema: {
      type: "object",
      properties: {
        body: { type: "string", maxLength: 1000, description: "text" },
        email: { type: "string", format: "email" },
        site: { type: "string", format: "uri" },
        slug: { type: "string", pattern: "^[a-z]+$" },
        doc: { type: "string", maxLength: 1000000 },
        blob: { type: "string", pattern: "^.{0,200000}$" },
      },
      additionalProperties: false,
    },
  }],
}));
` },
          ],
        },
        {
          messageId: "unboundedFormat", line: 11, column: 18, endLine: 11, endColumn: 32,
          suggestions: [
            { messageId: "addMax", output: SDK_LOW_LEVEL + `server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "send",
    inputSchema: {
      type: "object",
      properties: {
        body: { type: "string", description: "text" },
        email: { type: "string", maxLength: 1000, format: "email" },
        site: { type: "string", format: "uri" },
        slug: { type: "string", pattern: "^[a-z]+$" },
        doc: { type: "string", maxLength: 1000000 },
        blob: { type: "string", pattern: "^.{0,200000}$" },
      },
      additionalProperties: false,
    },
  }],
}));
` },
          ],
        },
        {
          messageId: "unboundedFormat", line: 12, column: 17, endLine: 12, endColumn: 31,
          suggestions: [
            { messageId: "addMax", output: SDK_LOW_LEVEL + `server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "send",
    inputSchema: {
      type: "object",
      properties: {
        body: { type: "string", description: "text" },
        email: { type: "string", format: "email" },
        site: { type: "string", maxLength: 1000, format: "uri" },
        slug: { type: "string", pattern: "^[a-z]+$" },
        doc: { type: "string", maxLength: 1000000 },
        blob: { type: "string", pattern: "^.{0,200000}$" },
      },
      additionalProperties: false,
    },
  }],
}));
` },
          ],
        },
        {
          messageId: "unboundedFormat", line: 13, column: 17, endLine: 13, endColumn: 31,
          suggestions: [
            { messageId: "addMax", output: SDK_LOW_LEVEL + `server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "send",
    inputSchema: {
      type: "object",
      properties: {
        body: { type: "string", description: "text" },
        email: { type: "string", format: "email" },
        site: { type: "string", format: "uri" },
        slug: { type: "string", maxLength: 1000, pattern: "^[a-z]+$" },
        doc: { type: "string", maxLength: 1000000 },
        blob: { type: "string", pattern: "^.{0,200000}$" },
      },
      additionalProperties: false,
    },
  }],
}));
` },
          ],
        },
        {
          messageId: "tooLarge", line: 14, column: 16, endLine: 14, endColumn: 30,
          suggestions: [],
        },
        {
          messageId: "tooLarge", line: 15, column: 17, endLine: 15, endColumn: 31,
          suggestions: [],
        },
      ],
    },
    {
      name: "JSON Schema through fromJsonSchema (SDK v2)",
      code: `import { McpServer, fromJsonSchema } from "@modelcontextprotocol/server";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("send", {
  inputSchema: fromJsonSchema({ type: "object", properties: { to: { type: "string" } }, additionalProperties: false }),
}, async () => ({ content: [] }));
`,
      errors: [
        {
          messageId: "unbounded", line: 4, column: 69, endLine: 4, endColumn: 83,
          suggestions: [
            { messageId: "addMax", output: `import { McpServer, fromJsonSchema } from "@modelcontextprotocol/server";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("send", {
  inputSchema: fromJsonSchema({ type: "object", properties: { to: { type: "string", maxLength: 1000 } }, additionalProperties: false }),
}, async () => ({ content: [] }));
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
  name: "send",
  parameters: z.object({ to: z.string() }),
  execute: async () => "ok",
});
`,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 30, endLine: 6, endColumn: 38,
          suggestions: [
            { messageId: "addMax", output: `import { FastMCP } from "fastmcp";
import { z } from "zod";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
server.addTool({
  name: "send",
  parameters: z.object({ to: z.string().max(1000) }),
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
    to: z.string(),
  }),
}, async () => ({ content: [] }));
`,
      ...asJs,
      errors: [
        {
          messageId: "unbounded", line: 6, column: 9, endLine: 6, endColumn: 17,
          suggestions: [
            { messageId: "addMax", output: SDK_ZOD + `server.registerTool("send", {
  inputSchema: z.object({
    to: z.string().max(1000),
  }),
}, async () => ({ content: [] }));
` },
          ],
        },
      ],
    },
  ],
});

describe("require-string-bounds options are validated", () => {
  const code = `${SDK_ZOD}server.registerTool("send", { inputSchema: z.object({ to: z.string() }) }, async () => ({ content: [] }));\n`;
  const lint = (options: unknown) => lintWithRuleOptions("require-string-bounds", code, options, "server.ts");

  it("accepts valid options", () => {
    expect(lint({ allowFields: ["to"], suggestedMaxLength: 10, ceiling: 20 })).toEqual([]);
  });
  // ESLint 10's flat config reports a bad rule option as `Key "rules": Key "<rule>": <reason>`
  // (eslintrc said "Configuration for rule ... is invalid").
  it.each([
    ["suggestedMaxLength: 0", { suggestedMaxLength: 0 }, /should be >= 1/],
    ["suggestedMaxLength: 1.5", { suggestedMaxLength: 1.5 }, /should be integer/],
    ["ceiling: -1", { ceiling: -1 }, /should be >= 1/],
    ["ceiling as a string", { ceiling: "1000" }, /should be integer/],
    ["an unknown key", { maxLength: 100 }, /Unexpected property "maxLength"/],
    ["allowFields with an empty name", { allowFields: [""] }, /should NOT be shorter than 1 characters/],
    ["allowFields as a string", { allowFields: "to" }, /should be array/],
  ])("throws a configuration error for %s", (_label, options, reason) => {
    expect(() => lint(options)).toThrow(/Key "rules": Key "mcp-guard\/require-string-bounds"/);
    expect(() => lint(options)).toThrow(reason);
  });
});

// Regression (real servers): a pattern held in a constant was called open-ended without being read, and an
// unreadable one was reported as if it were open. A constant is read; an unreadable pattern is a bound of
// unknown size.
const PATTERNS = `const CODE_RE = /^[A-Z]{2,6}$/;
const OPEN_RE = /^[a-z]+$/;
declare function makeRe(): RegExp;
`;
const patternsInConstants = SDK_ZOD + PATTERNS + `server.registerTool("send", {
  inputSchema: z.strictObject({
    code: z.string().regex(CODE_RE),
    dynamic: z.string().regex(makeRe()),
    slug: z.string().regex(OPEN_RE),
  }),
}, async () => ({ content: [] }));
`;

const jsonOpenConstant = SDK_LOW_LEVEL + `const SLUG = "^[a-z]+$";
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "send",
    inputSchema: { type: "object", properties: { slug: { type: "string", pattern: SLUG } }, additionalProperties: false },
  }],
}));
`;

ruleTester.run("require-string-bounds: patterns held in constants", rule, {
  valid: [
    {
      name: "mini: a closed pattern in a constant, and an unreadable one",
      code: SDK_ZOD_MINI + PATTERNS + `server.registerTool("send", {
  inputSchema: z.strictObject({
    code: z.string().check(z.regex(CODE_RE)),
    dynamic: z.string().check(z.regex(makeRe())),
  }),
}, async () => ({ content: [] }));
`,
    },
    {
      name: "JSON Schema: a closed pattern in a constant, and one that cannot be read",
      code: SDK_LOW_LEVEL + `const CODE = "^[A-Z]{2,6}$";
declare const IMPORTED: string;
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: "send",
    inputSchema: {
      type: "object",
      properties: { code: { type: "string", pattern: CODE }, other: { type: "string", pattern: IMPORTED } },
      additionalProperties: false,
    },
  }],
}));
`,
    },
  ],
  invalid: [
    {
      name: "v4: the closed constant and the unreadable pattern are bounds; the open constant is read as open",
      code: patternsInConstants,
      errors: [
        {
          messageId: "unboundedFormat", line: 11, column: 11, endLine: 11, endColumn: 19,
          suggestions: [{ messageId: "addMax", output: patternsInConstants.replace("regex(OPEN_RE)", "regex(OPEN_RE).max(1000)") }],
        },
      ],
    },
    {
      name: "JSON Schema: an open pattern in a constant is read as open",
      code: jsonOpenConstant,
      errors: [
        {
          messageId: "unboundedFormat", line: 8, column: 58, endLine: 8, endColumn: 72,
          suggestions: [{ messageId: "addMax", output: jsonOpenConstant.replace('type: "string", pattern: SLUG', 'type: "string", maxLength: 1000, pattern: SLUG') }],
        },
      ],
    },
  ],
});

// Regression (paypal agent-toolkit): shape keys computed from a const object of key names.
const computedKeys = (note: string): string => SDK_ZOD + `const keys = { note: "note", id: "subscription_id" } as const;
server.registerTool("update", {
  inputSchema: z.strictObject({ [keys.id]: z.string().max(40), [keys.note]: ${note} }),
}, async () => ({ content: [] }));
`;

ruleTester.run("require-string-bounds: computed shape keys", rule, {
  valid: [{ name: "every field behind a computed key is bounded", code: computedKeys("z.string().max(200)") }],
  invalid: [
    {
      name: "a field behind [keys.note] is judged and named by the key's text",
      code: computedKeys("z.string()"),
      errors: [{
        messageId: "unbounded", line: 6, column: 77, endLine: 6, endColumn: 85,
        data: { where: 'field "note" of tool "update"', hint: "add .max(n)" },
        suggestions: [{ messageId: "addMax", output: computedKeys("z.string().max(1000)") }],
      }],
    },
  ],
});
