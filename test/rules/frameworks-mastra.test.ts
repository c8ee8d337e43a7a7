/**
 * Mastra (`@mastra/core/tools`): `createTool({ id, description, inputSchema, execute, mcp: { annotations } })`
 * and `new Tool({ … })`, with a zod schema or a JSON Schema object. The tool is named by its `id`; the identity
 * source is `context.requestContext`; annotations live under `mcp.annotations`, and the suggestions write them
 * there.
 */
import { pluginRule, replaceOnce, ruleTester } from "./helpers.js";

const strictObjects = pluginRule<string>("require-strict-objects");
const identityInArgs = pluginRule<string>("no-identity-in-args");
const annotations = pluginRule<string>("require-tool-annotations");
const rawErrors = pluginRule<string>("no-raw-error-in-result");

/** Mastra with zod v4 classic. */
const MA = `import { createTool, Tool } from "@mastra/core/tools";
import { z } from "zod";
const db = { users: { remove: async (id: string) => id, find: async (q: string) => q } };
`;

const maStrict = `${MA}export const findUser = createTool({
  id: "find-user",
  description: "Find a user",
  inputSchema: z.strictObject({ q: z.string().max(80) }),
  mcp: { annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } },
  execute: async (inputData) => db.users.find(inputData.q),
});
`;
const maOpen = `${MA}export const findUser = createTool({
  id: "find-user",
  description: "Find a user",
  inputSchema: z.object({ q: z.string().max(80) }),
  mcp: { annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } },
  execute: async (inputData) => db.users.find(inputData.q),
});
`;
const maNewToolJson = `${MA}export const findUser = new Tool({
  id: "find-user",
  description: "Find a user",
  inputSchema: { type: "object", properties: { q: { type: "string", maxLength: 80 } } },
  mcp: { annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } },
  execute: async (inputData: any) => db.users.find(inputData.q),
});
`;
const maIdentity = `${MA}export const removeMember = createTool({
  id: "remove-member",
  description: "Remove a member from the organisation",
  inputSchema: z.strictObject({ memberId: z.string().max(40), organizationId: z.string().max(40) }),
  mcp: { annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false } },
  execute: async ({ memberId }) => db.users.remove(memberId),
});
`;
const maContext = `${MA}export const removeMember = createTool({
  id: "remove-member",
  description: "Remove a member from the caller's organisation",
  inputSchema: z.strictObject({ memberId: z.string().max(40) }),
  mcp: { annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false } },
  execute: async ({ memberId }, context: any) => [memberId, context.requestContext.get("organizationId")],
});
`;
const maNoAnnotations = `${MA}export const removeUser = createTool({
  id: "remove-user",
  description: "Remove a user",
  inputSchema: z.strictObject({ id: z.string().max(40) }),
  execute: async ({ id }) => db.users.remove(id),
});
`;
const maMcpWithoutAnnotations = `${MA}export const removeUser = new Tool({
  id: "remove-user",
  description: "Remove a user",
  inputSchema: z.strictObject({ id: z.string().max(40) }),
  mcp: { toolType: "action" },
  execute: async ({ id }) => db.users.remove(id),
});
`;
const maPartial = `${MA}export const findUser = createTool({
  id: "find-user",
  description: "Find a user",
  inputSchema: z.strictObject({ q: z.string().max(80) }),
  mcp: { annotations: { readOnlyHint: true } },
  execute: async (inputData) => db.users.find(inputData.q),
});
`;
const maDeleteNotDestructive = `${MA}export const deleteUser = createTool({
  id: "delete-user",
  description: "Delete a user",
  inputSchema: z.strictObject({ id: z.string().max(40) }),
  mcp: { annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } },
  execute: async ({ id }) => db.users.remove(id),
});
`;
const maThrown = `${MA}export const findUser = createTool({
  id: "find-user",
  description: "Find a user",
  inputSchema: z.strictObject({ q: z.string().max(80) }),
  mcp: { annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } },
  execute: async (inputData) => {
    try {
      return await db.users.find(inputData.q);
    } catch (error) {
      throw new Error(\`Lookup failed: \${(error as Error).stack}\`);
    }
  },
});
`;

ruleTester.run("require-strict-objects", strictObjects, {
  valid: [
    { name: "createTool() with z.strictObject()", code: maStrict },
  ],
  invalid: [
    {
      name: "createTool() with z.object(): the tool is named by its id",
      code: maOpen,
      errors: [
        {
          messageId: "zodObject", line: 7, column: 16, endLine: 7, endColumn: 24,
          data: { where: "the input of tool \"find-user\"" },
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(maOpen, "z.object", "z.strictObject") },
            { messageId: "appendStrict", output: replaceOnce(maOpen, ") }),\n  ", ") }).strict(),\n  ") },
          ],
        },
      ],
    },
    {
      name: "new Tool() with a JSON Schema object without additionalProperties: false",
      code: maNewToolJson,
      errors: [
        {
          messageId: "jsonMissing", line: 7, column: 18, endLine: 7, endColumn: 32,
          suggestions: [
            { messageId: "setAdditionalFalse", output: replaceOnce(maNewToolJson, " } } },\n", " } }, additionalProperties: false },\n") },
          ],
        },
      ],
    },
  ],
});

ruleTester.run("no-identity-in-args", identityInArgs, {
  valid: [
    { name: "the organisation read from context.requestContext", code: maContext },
  ],
  invalid: [
    {
      name: "an organisation id in the schema names context.requestContext",
      code: maIdentity,
      errors: [
        {
          messageId: "identityInSchema", line: 7, column: 63, endLine: 7, endColumn: 77,
          data: { others: "", tool: "remove-member", kind: "identity", field: "organizationId", source: "context.requestContext" },
          suggestions: [],
        },
      ],
    },
  ],
});

ruleTester.run("require-tool-annotations", annotations, {
  valid: [
    { name: "mcp.annotations with every hint", code: maStrict },
    { name: "new Tool() with mcp.annotations", code: maNewToolJson },
  ],
  invalid: [
    {
      name: "no mcp property: the suggestion adds mcp: { annotations }",
      code: maNoAnnotations,
      errors: [
        {
          messageId: "missingAnnotations", line: 5, column: 3, endLine: 5, endColumn: 20,
          suggestions: [
            { messageId: "insertDefaults", data: { defaults: "readOnlyHint: false, destructiveHint: true, openWorldHint: true" }, output: replaceOnce(maNoAnnotations, "id),\n});", "id), mcp: { annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true } },\n});") },
          ],
        },
      ],
    },
    {
      name: "mcp without annotations: the suggestion adds them inside mcp",
      code: maMcpWithoutAnnotations,
      errors: [
        {
          messageId: "missingAnnotations", line: 5, column: 3, endLine: 5, endColumn: 20,
          suggestions: [
            { messageId: "insertDefaults", data: { defaults: "readOnlyHint: false, destructiveHint: true, openWorldHint: true" }, output: replaceOnce(maMcpWithoutAnnotations, "ion\" },\n", "ion\", annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true } },\n") },
          ],
        },
      ],
    },
    {
      name: "mcp.annotations of a read-only tool without openWorldHint",
      code: maPartial,
      errors: [
        {
          messageId: "missingHints", line: 8, column: 23, endLine: 8, endColumn: 45,
          suggestions: [
            { messageId: "insertDefaults", data: { defaults: "openWorldHint: true" }, output: replaceOnce(maPartial, ": true }", ": true, openWorldHint: true }") },
          ],
        },
      ],
    },
    {
      name: "a delete tool marked non-destructive",
      code: maDeleteNotDestructive,
      errors: [
        {
          messageId: "destructiveNameNotDestructive", line: 8, column: 46, endLine: 8, endColumn: 68,
          suggestions: [],
        },
      ],
    },
  ],
});

ruleTester.run("no-raw-error-in-result", rawErrors, {
  valid: [
    { name: "no caught error in the result", code: maStrict },
  ],
  invalid: [
    {
      name: "a thrown message carries the stack",
      code: maThrown,
      errors: [
        {
          messageId: "rawError", line: 13, column: 23, endLine: 13, endColumn: 65,
          data: { part: "stack", sink: "a thrown error's message, which reaches the model" },
          suggestions: [
            { messageId: "useFixedText", output: replaceOnce(maThrown, "throw new Error(`Lookup failed: ${(error as Error).stack}`", "console.error(error);\n      throw new Error(\"The tool failed. The details are in the server log.\"") },
          ],
        },
      ],
    },
  ],
});
