/**
 * Genkit (`genkit`): `ai.defineTool({ name, description, inputSchema }, fn)`, with the zod that Genkit re-exports
 * (`import { z } from "genkit"`) or `inputJsonSchema`. Genkit passes unknown keys through to the tool
 * function, so a non-strict object is reported as such. The identity source is the action context
 * (`context.auth`). Genkit has no tool annotations, and a thrown error fails the generate() call rather
 * than reaching the model.
 */
import { pluginRule, replaceOnce, ruleTester } from "./helpers.js";

const strictObjects = pluginRule<string>("require-strict-objects");
const identityInArgs = pluginRule<string>("no-identity-in-args");
const rawErrors = pluginRule<string>("no-raw-error-in-result");
const annotations = pluginRule<string>("require-tool-annotations");

/** Genkit, with the zod it re-exports. */
const GK = `import { genkit, z } from "genkit";
const ai = genkit({ plugins: [] });
const lookup = async (q: string) => q;
`;

const gkStrict = `${GK}export const lookupTool = ai.defineTool(
  { name: "lookup", description: "Look up", inputSchema: z.object({ q: z.string().max(80) }).strict() },
  async ({ q }) => lookup(q),
);
`;
const gkOpen = `${GK}export const lookupTool = ai.defineTool(
  { name: "lookup", description: "Look up", inputSchema: z.object({ q: z.string().max(80) }) },
  async ({ q }) => lookup(q),
);
`;
// Genkit hands the caller's object on as it came, so even an empty z.object() lets every key through.
const gkEmpty = `${GK}export const pingTool = ai.defineTool({ name: "ping", description: "Ping", inputSchema: z.object({}) }, async () => "ok");
`;
const gkJson = `${GK}export const lookupTool = ai.defineTool(
  { name: "lookup", description: "Look up", inputJsonSchema: { type: "object", properties: { q: { type: "string", maxLength: 80 } } } },
  async (input: any) => lookup(input.q),
);
`;
const gkIdentity = `${GK}export const lookupTool = ai.defineTool(
  { name: "lookup", description: "Look up", inputSchema: z.object({ q: z.string().max(80), tenantId: z.string().max(40) }).strict() },
  async ({ q }) => lookup(q),
);
`;
const gkContext = `${GK}export const lookupTool = ai.defineTool(
  { name: "lookup", description: "Look up", inputSchema: z.object({ q: z.string().max(80) }).strict() },
  async ({ q }, { context }: any) => lookup(q + context.auth.uid),
);
`;
const gkThrown = `${GK}export const lookupTool = ai.defineTool(
  { name: "lookup", description: "Look up", inputSchema: z.object({ q: z.string().max(80) }).strict() },
  async ({ q }) => {
    try {
      return await lookup(q);
    } catch (e) {
      throw new Error(String(e));
    }
  },
);
`;
const gkNoGenkit = `import { z } from "zod";
const registry = { defineTool: (options: unknown, fn: unknown) => [options, fn] };
export const t = registry.defineTool({ name: "t", inputSchema: z.object({ q: z.string() }) }, async () => "ok");
`;

ruleTester.run("require-strict-objects", strictObjects, {
  valid: [
    { name: "z.object().strict() from genkit's zod", code: gkStrict },
    { name: "defineTool in a file that does not import genkit", code: gkNoGenkit },
  ],
  invalid: [
    {
      name: "a z.object() passes unknown keys through in Genkit",
      code: gkOpen,
      errors: [
        {
          messageId: "genkitObject", line: 5, column: 58, endLine: 5, endColumn: 66,
          data: { call: "z.object()", where: "the input of tool \"lookup\"" },
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(gkOpen, "z.object", "z.strictObject") },
            { messageId: "appendStrict", output: replaceOnce(gkOpen, ") }) },\n", ") }).strict() },\n") },
          ],
        },
      ],
    },
    {
      name: "an empty z.object() is still reported in Genkit, which does not strip",
      code: gkEmpty,
      errors: [{
        messageId: "genkitObject", line: 4, column: 89, endLine: 4, endColumn: 97,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(gkEmpty, "z.object({})", "z.strictObject({})") },
          { messageId: "appendStrict", output: replaceOnce(gkEmpty, "z.object({})", "z.object({}).strict()") },
        ],
      }],
    },
    {
      name: "inputJsonSchema without additionalProperties: false",
      code: gkJson,
      errors: [
        {
          messageId: "jsonMissing", line: 5, column: 64, endLine: 5, endColumn: 78,
          suggestions: [
            { messageId: "setAdditionalFalse", output: replaceOnce(gkJson, " } } } }", " } }, additionalProperties: false } }") },
          ],
        },
      ],
    },
  ],
});

ruleTester.run("no-identity-in-args", identityInArgs, {
  valid: [
    { name: "the caller read from the action context", code: gkContext },
  ],
  invalid: [
    {
      name: "a tenant id in the schema names context.auth",
      code: gkIdentity,
      errors: [
        {
          messageId: "identityInSchema", line: 5, column: 92, endLine: 5, endColumn: 100,
          data: { others: "", tool: "lookup", kind: "identity", field: "tenantId", source: "context.auth" },
          suggestions: [],
        },
      ],
    },
  ],
});

ruleTester.run("no-raw-error-in-result", rawErrors, {
  valid: [
    { name: "a thrown error fails generate() and does not reach the model", code: gkThrown },
  ],
  invalid: [
  ],
});

ruleTester.run("require-tool-annotations", annotations, {
  valid: [
    { name: "Genkit tools have no annotations", code: gkOpen },
  ],
  invalid: [
  ],
});
