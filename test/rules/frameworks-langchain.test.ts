/**
 * LangChain (`@langchain/core/tools`): `tool(fn, { name, schema })`, `new DynamicStructuredTool({ name, schema,
 * func })` and `class X extends StructuredTool { schema = …; async _call(input) {} }`, with zod or JSON Schema.
 * The identity source is `config.configurable`; LangGraph's ToolNode sends a thrown message to the model as
 * "Error: <message>". LangChain has no tool annotations.
 */
import { pluginRule, replaceOnce, ruleTester } from "./helpers.js";

const strictObjects = pluginRule<string>("require-strict-objects");
const identityInArgs = pluginRule<string>("no-identity-in-args");
const rawErrors = pluginRule<string>("no-raw-error-in-result");
const annotations = pluginRule<string>("require-tool-annotations");

/** LangChain with zod v4 classic. */
const LC = `import { tool, DynamicStructuredTool, StructuredTool } from "@langchain/core/tools";
import { z } from "zod";
const search = async (q: string) => q;
`;

const lcStrict = `${LC}export const searchTool = tool(async ({ q }) => search(q), {
  name: "search",
  description: "Search",
  schema: z.strictObject({ q: z.string().max(200) }),
});
`;
const lcOpen = `${LC}export const searchTool = tool(async ({ q }) => search(q), {
  name: "search",
  description: "Search",
  schema: z.object({ q: z.string().max(200) }),
});
`;
const lcDynamic = `${LC}export const searchTool = new DynamicStructuredTool({
  name: "search",
  description: "Search",
  schema: { type: "object", properties: { q: { type: "string", maxLength: 200 } } },
  func: async (input: any) => search(input.q),
});
`;
const lcClass = `${LC}export class SearchTool extends StructuredTool {
  name = "search";
  description = "Search";
  schema = z.object({ q: z.string().max(200) });
  async _call(input: { q: string }) {
    return search(input.q);
  }
}
`;
const lcClassStrict = `${LC}export class SearchTool extends StructuredTool {
  name = "search";
  description = "Search";
  schema = z.strictObject({ q: z.string().max(200) });
  async _call(input: { q: string }) {
    return search(input.q);
  }
}
`;
const lcLocalClass = `import { z } from "zod";
import type { RunnableConfig } from "@langchain/core/runnables";
class StructuredTool { schema = z.object({ q: z.string() }); }
export class SearchTool extends StructuredTool {}
`;
const lcIntermediate = `${LC}abstract class BaseTool extends StructuredTool {
  async _call(input: { q: string }) {
    return search(input.q);
  }
}
export class SearchTool extends BaseTool {
  name = "search";
  description = "Search";
  schema = z.object({ q: z.string().max(200) });
}
`;
const lcIntermediateLocal = `import { z } from "zod";
class StructuredTool {}
class BaseTool extends StructuredTool {}
export class SearchTool extends BaseTool { schema = z.object({ q: z.string() }); }
`;
const lcIdentity = `${LC}export const listDocs = tool(async ({ workspaceId }) => search(workspaceId), {
  name: "list_docs",
  description: "List documents",
  schema: z.strictObject({ workspaceId: z.string().max(40) }),
});
`;
const lcIdentityRead = `${LC}export const listDocs = new DynamicStructuredTool({
  name: "list_docs",
  description: "List documents",
  schema: z.strictObject({ folder: z.string().max(40) }),
  func: async (input: any) => search(input.apiKey),
});
`;
const lcConfigurable = `${LC}export const listDocs = tool(async ({ folder }, config: any) => search(config.configurable.workspaceId + folder), {
  name: "list_docs",
  description: "List documents",
  schema: z.strictObject({ folder: z.string().max(40) }),
});
`;
const lcThrown = `${LC}export class SearchTool extends StructuredTool {
  name = "search";
  description = "Search";
  schema = z.strictObject({ q: z.string().max(200) });
  async _call(input: { q: string }) {
    try {
      return await search(input.q);
    } catch (e) {
      throw new Error((e as Error).message);
    }
  }
}
`;

ruleTester.run("require-strict-objects", strictObjects, {
  valid: [
    { name: "tool() with z.strictObject()", code: lcStrict },
    { name: "a StructuredTool subclass with z.strictObject()", code: lcClassStrict },
    { name: "a local class named StructuredTool is not LangChain's", code: lcLocalClass },
    { name: "an in-house base over a local StructuredTool is not LangChain's either", code: lcIntermediateLocal },
  ],
  invalid: [
    {
      name: "tool() with z.object()",
      code: lcOpen,
      errors: [
        {
          messageId: "zodObject", line: 7, column: 11, endLine: 7, endColumn: 19,
          data: { where: "the input of tool \"search\"" },
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(lcOpen, "z.object", "z.strictObject") },
            { messageId: "appendStrict", output: replaceOnce(lcOpen, ") }),\n})", ") }).strict(),\n})") },
          ],
        },
      ],
    },
    {
      name: "DynamicStructuredTool with an open JSON Schema object",
      code: lcDynamic,
      errors: [
        {
          messageId: "jsonMissing", line: 7, column: 13, endLine: 7, endColumn: 27,
          suggestions: [
            { messageId: "setAdditionalFalse", output: replaceOnce(lcDynamic, " } } },\n", " } }, additionalProperties: false },\n") },
          ],
        },
      ],
    },
    {
      name: "a StructuredTool subclass whose schema field is a z.object()",
      code: lcClass,
      errors: [
        {
          messageId: "zodObject", line: 7, column: 12, endLine: 7, endColumn: 20,
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(lcClass, "z.object", "z.strictObject") },
            { messageId: "appendStrict", output: replaceOnce(lcClass, ") });\n  ", ") }).strict();\n  ") },
          ],
        },
      ],
    },
    {
      // Regression: a tool class extending an in-house base over StructuredTool was not recognised.
      name: "a subclass of an in-house base class that extends StructuredTool",
      code: lcIntermediate,
      errors: [
        {
          messageId: "zodObject", line: 12, column: 12, endLine: 12, endColumn: 20,
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(lcIntermediate, "z.object", "z.strictObject") },
            { messageId: "appendStrict", output: replaceOnce(lcIntermediate, ") });\n}", ") }).strict();\n}") },
          ],
        },
      ],
    },
  ],
});

ruleTester.run("no-identity-in-args", identityInArgs, {
  valid: [
    { name: "the workspace read from config.configurable", code: lcConfigurable },
  ],
  invalid: [
    {
      name: "a workspace id in the schema names config.configurable",
      code: lcIdentity,
      errors: [
        {
          messageId: "identityInSchema", line: 7, column: 28, endLine: 7, endColumn: 39,
          data: { others: "", tool: "list_docs", kind: "identity", field: "workspaceId", source: "config.configurable" },
          suggestions: [],
        },
      ],
    },
    {
      name: "an API key read from the input of func",
      code: lcIdentityRead,
      errors: [
        {
          messageId: "identityRead", line: 8, column: 38, endLine: 8, endColumn: 50,
          data: { subject: "The handler of tool \"list_docs\"", kind: "credential", field: "apiKey", source: "config.configurable" },
          suggestions: [],
        },
      ],
    },
  ],
});

ruleTester.run("no-raw-error-in-result", rawErrors, {
  valid: [
    { name: "no caught error in the result", code: lcClassStrict },
  ],
  invalid: [
    {
      name: "_call rethrows the error's message",
      code: lcThrown,
      errors: [
        {
          messageId: "rawError", line: 12, column: 23, endLine: 12, endColumn: 43,
          data: { part: "message", sink: "a thrown error's message, which LangGraph's ToolNode sends to the model" },
          suggestions: [
            { messageId: "useFixedText", output: replaceOnce(lcThrown, "throw new Error((e as Error).message", "console.error(e);\n      throw new Error(\"The tool failed. The details are in the server log.\"") },
          ],
        },
      ],
    },
  ],
});

ruleTester.run("require-tool-annotations", annotations, {
  valid: [
    { name: "LangChain tools have no annotations: tool()", code: lcStrict },
    { name: "LangChain tools have no annotations: a StructuredTool subclass", code: lcClass },
  ],
  invalid: [
  ],
});
