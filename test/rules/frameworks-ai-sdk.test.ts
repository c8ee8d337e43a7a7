/**
 * The Vercel AI SDK (`ai`): `tool({ description, inputSchema, execute })` and `dynamicTool(...)`, with zod or
 * `jsonSchema(json)` input. A tool is named by its key in `tools: { … }` or by the const holding it. The
 * identity source is `options.context`; a returned string and a thrown message both reach the model. The AI
 * SDK has no tool annotations.
 */
import { pluginRule, replaceOnce, ruleTester } from "./helpers.js";

const strictObjects = pluginRule<string>("require-strict-objects");
const stringBounds = pluginRule<string>("require-string-bounds");
const identityInArgs = pluginRule<string>("no-identity-in-args");
const rawErrors = pluginRule<string>("no-raw-error-in-result");
const annotations = pluginRule<string>("require-tool-annotations");

/** The AI SDK with zod v4 classic. */
const AI = `import { tool, dynamicTool, jsonSchema } from "ai";
import { z } from "zod";
const searchIndex = async (q: string) => q;
`;

const aiStrict = `${AI}export const tools = {
  search: tool({
    description: "Search the index",
    inputSchema: z.strictObject({ q: z.string().max(200) }),
    execute: async ({ q }) => searchIndex(q),
  }),
};
`;
const aiOpenObject = `${AI}export const tools = {
  search: tool({
    description: "Search the index",
    inputSchema: z.object({ q: z.string().max(200) }),
    execute: async ({ q }) => searchIndex(q),
  }),
};
`;
const aiV4Parameters = `${AI}export const search = tool({
  description: "AI SDK 4 names the schema parameters",
  parameters: z.object({ q: z.string().max(200) }),
  execute: async ({ q }) => searchIndex(q),
});
`;
const aiJsonSchema = `${AI}export const lookup = dynamicTool({
  description: "Look a record up",
  inputSchema: jsonSchema({ type: "object", properties: { id: { type: "string", maxLength: 40 } } }),
  execute: async (input) => input,
});
`;
const aiNamespace = `import * as ai from "ai";
import { z } from "zod";
export const search = ai.tool({ description: "d", inputSchema: z.object({ q: z.string().max(200) }), execute: async () => "ok" });
`;
const aiLocalTool = `import { generateText } from "ai";
import { z } from "zod";
const tool = (options: unknown) => options;
export const search = tool({ description: "a local helper, not the AI SDK's tool()", inputSchema: z.object({ q: z.string() }) });
`;
const aiUnbounded = `${AI}export const tools = {
  note: dynamicTool({ description: "Save a note", inputSchema: z.strictObject({ body: z.string() }), execute: async () => "saved" }),
};
`;
const aiIdentity = `${AI}export const tools = {
  listInvoices: tool({
    description: "List invoices",
    inputSchema: z.strictObject({ tenantId: z.string().max(40), status: z.enum(["open", "paid"]) }),
    execute: async ({ tenantId, status }) => [tenantId, status],
  }),
};
`;
const aiIdentityRead = `${AI}export const run = dynamicTool({
  description: "Run a report",
  inputSchema: jsonSchema({ type: "object", properties: {}, additionalProperties: false }),
  execute: async (input: any, options) => {
    const { userId } = input;
    return userId;
  },
});
`;
const aiContextIdentity = `${AI}export const whoami = tool({
  description: "The caller's own profile",
  inputSchema: z.strictObject({}),
  execute: async (_input, options: any) => options.context.userId,
});
`;
const aiReturnedError = `${AI}export const search = tool({
  description: "Search",
  inputSchema: z.strictObject({ q: z.string().max(200) }),
  execute: async ({ q }) => {
    try {
      return await searchIndex(q);
    } catch (e) {
      return \`Search failed: \${(e as Error).message}\`;
    }
  },
});
`;
const aiThrownError = `${AI}export const search = tool({
  description: "Search",
  inputSchema: z.strictObject({ q: z.string().max(200) }),
  execute: async ({ q }) => {
    try {
      return await searchIndex(q);
    } catch (err) {
      throw new Error(String(err));
    }
  },
});
`;
const aiFixedError = `${AI}export const search = tool({
  description: "Search",
  inputSchema: z.strictObject({ q: z.string().max(200) }),
  execute: async ({ q }) => {
    try {
      return await searchIndex(q);
    } catch (e) {
      console.error(e);
      return "Search failed. The details are in the server log.";
    }
  },
});
`;

ruleTester.run("require-strict-objects", strictObjects, {
  valid: [
    { name: "tool() with z.strictObject()", code: aiStrict },
    { name: "a local function named tool is not the AI SDK's", code: aiLocalTool },
    { name: "jsonSchema() with additionalProperties: false", code: aiIdentityRead },
  ],
  invalid: [
    {
      name: "tool() with z.object(): the key in tools names the tool",
      code: aiOpenObject,
      errors: [
        {
          messageId: "zodObject", line: 7, column: 18, endLine: 7, endColumn: 26,
          data: { where: "the input of tool \"search\"" },
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(aiOpenObject, "z.object", "z.strictObject") },
            { messageId: "appendStrict", output: replaceOnce(aiOpenObject, ") }),\n  ", ") }).strict(),\n  ") },
          ],
        },
      ],
    },
    {
      name: "AI SDK 4: the schema under parameters, named by its const",
      code: aiV4Parameters,
      errors: [
        {
          messageId: "zodObject", line: 6, column: 15, endLine: 6, endColumn: 23,
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(aiV4Parameters, "z.object", "z.strictObject") },
            { messageId: "appendStrict", output: replaceOnce(aiV4Parameters, ") }),\n  ", ") }).strict(),\n  ") },
          ],
        },
      ],
    },
    {
      name: "dynamicTool() with jsonSchema() of an open object",
      code: aiJsonSchema,
      errors: [
        {
          messageId: "jsonMissing", line: 6, column: 29, endLine: 6, endColumn: 43,
          suggestions: [
            { messageId: "setAdditionalFalse", output: replaceOnce(aiJsonSchema, " } } }),", " } }, additionalProperties: false }),") },
          ],
        },
      ],
    },
    {
      name: "tool() through a namespace import",
      code: aiNamespace,
      errors: [
        {
          messageId: "zodObject", line: 3, column: 64, endLine: 3, endColumn: 72,
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(aiNamespace, "z.object", "z.strictObject") },
            { messageId: "appendStrict", output: replaceOnce(aiNamespace, ") }), ex", ") }).strict(), ex") },
          ],
        },
      ],
    },
  ],
});

ruleTester.run("require-string-bounds", stringBounds, {
  valid: [
    { name: "bounded strings in a tool() schema", code: aiStrict },
  ],
  invalid: [
    {
      name: "an unbounded string in a dynamicTool() schema",
      code: aiUnbounded,
      errors: [
        {
          messageId: "unbounded", line: 5, column: 87, endLine: 5, endColumn: 95,
          suggestions: [
            { messageId: "addMax", data: { limit: 1000 }, output: replaceOnce(aiUnbounded, "ng() }),", "ng().max(1000) }),") },
          ],
        },
      ],
    },
  ],
});

ruleTester.run("no-identity-in-args", identityInArgs, {
  valid: [
    { name: "the identity read from options.context", code: aiContextIdentity },
    { name: "no identity field", code: aiStrict },
  ],
  invalid: [
    {
      name: "a tenant id declared in the schema names options.context",
      code: aiIdentity,
      errors: [
        {
          messageId: "identityInSchema", line: 7, column: 35, endLine: 7, endColumn: 43,
          data: { others: "", tool: "listInvoices", kind: "identity", field: "tenantId", source: "options.context" },
          suggestions: [],
        },
      ],
    },
    {
      name: "a user id read from the input of execute",
      code: aiIdentityRead,
      errors: [
        {
          messageId: "identityRead", line: 8, column: 13, endLine: 8, endColumn: 19,
          data: { subject: "The handler of tool \"run\"", kind: "identity", field: "userId", source: "options.context" },
          suggestions: [],
        },
      ],
    },
  ],
});

ruleTester.run("no-raw-error-in-result", rawErrors, {
  valid: [
    { name: "a fixed message returned, the error logged", code: aiFixedError },
  ],
  invalid: [
    {
      name: "a returned string carries the error message",
      code: aiReturnedError,
      errors: [
        {
          messageId: "rawError", line: 11, column: 14, endLine: 11, endColumn: 54,
          data: { part: "message", sink: "the returned text, which the AI SDK sends to the model" },
          suggestions: [
            { messageId: "useFixedText", output: replaceOnce(aiReturnedError, "return `Search failed: ${(e as Error).message}`", "console.error(e);\n      return \"The tool failed. The details are in the server log.\"") },
          ],
        },
      ],
    },
    {
      name: "a thrown message carries the error text",
      code: aiThrownError,
      errors: [
        {
          messageId: "rawError", line: 11, column: 23, endLine: 11, endColumn: 34,
          data: { part: "text", sink: "a thrown error's message, which the AI SDK sends to the model" },
          suggestions: [
            { messageId: "useFixedText", output: replaceOnce(aiThrownError, "throw new Error(String(err)", "console.error(err);\n      throw new Error(\"The tool failed. The details are in the server log.\"") },
          ],
        },
      ],
    },
  ],
});

ruleTester.run("require-tool-annotations", annotations, {
  valid: [
    { name: "AI SDK tools have no annotations: tool()", code: aiStrict },
    { name: "AI SDK tools have no annotations: dynamicTool()", code: aiJsonSchema },
  ],
  invalid: [
  ],
});
