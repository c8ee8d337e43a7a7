/**
 * xmcp's file convention: each file under `src/tools/` is a tool, with `export const schema = { … }` (a raw
 * shape, handed to the SDK's registerTool, which wraps it in a stripping z.object()), `export const metadata =
 * { name, description, annotations }` and a default-exported handler `(args, extra)`. A file importing
 * "xmcp" counts wherever it is. The tool's name is `metadata.name`, else the file's name; the identity
 * source is `extra.authInfo`.
 */
import { pluginRule, replaceOnce, ruleTester } from "./helpers.js";

const strictObjects = pluginRule<string>("require-strict-objects");
const identityInArgs = pluginRule<string>("no-identity-in-args");
const annotations = pluginRule<string>("require-tool-annotations");
const rawErrors = pluginRule<string>("no-raw-error-in-result");

/** An xmcp tool file with zod v4 classic. */
const XM = `import { z } from "zod";
import { type InferSchema, type ToolMetadata } from "xmcp";
const greetings = { say: async (name: string) => name };
`;

const xmShape = `${XM}export const schema = {
  name: z.string().max(80).describe("Who to greet"),
};
export const metadata: ToolMetadata = {
  name: "greet",
  description: "Greet the user",
  annotations: { title: "Greet", readOnlyHint: true, destructiveHint: false, openWorldHint: false },
};
export default async function greet({ name }: InferSchema<typeof schema>) {
  return { content: [{ type: "text", text: await greetings.say(name) }] };
}
`;
const xmStrict = `${XM}export const schema = z.strictObject({
  name: z.string().max(80).describe("Who to greet"),
});
export const metadata: ToolMetadata = {
  name: "greet",
  description: "Greet the user",
  annotations: { title: "Greet", readOnlyHint: true, destructiveHint: false, openWorldHint: false },
};
export default async function greet({ name }: InferSchema<typeof schema>) {
  return { content: [{ type: "text", text: await greetings.say(name) }] };
}
`;
const xmNoAnnotations = `${XM}export const schema = z.strictObject({ name: z.string().max(80) });
export const metadata: ToolMetadata = {
  name: "greet",
  description: "Greet the user",
};
export default async ({ name }: InferSchema<typeof schema>) => ({ content: [{ type: "text", text: name }] });
`;
const xmNoMetadata = `import { z } from "zod";
export const schema = { name: z.string().max(80) };
export default async function ({ name }: { name: string }) {
  return \`Hello, \${name}\`;
}
`;
const xmIdentity = `${XM}export const schema = z.strictObject({ name: z.string().max(80), accountId: z.string().max(40) });
export const metadata: ToolMetadata = {
  name: "greet",
  description: "Greet the user",
  annotations: { title: "Greet", readOnlyHint: true, destructiveHint: false, openWorldHint: false },
};
export default async function greet({ name }: InferSchema<typeof schema>) {
  return { content: [{ type: "text", text: name }] };
}
`;
const xmExtraAuth = `${XM}export const schema = z.strictObject({ name: z.string().max(80) });
export const metadata: ToolMetadata = {
  name: "greet",
  description: "Greet the user",
  annotations: { title: "Greet", readOnlyHint: true, destructiveHint: false, openWorldHint: false },
};
export default async function greet({ name }: InferSchema<typeof schema>, extra: any) {
  return { content: [{ type: "text", text: name + extra.authInfo.clientId }] };
}
`;
const xmThrown = `${XM}export const schema = z.strictObject({ name: z.string().max(80) });
export const metadata: ToolMetadata = {
  name: "greet",
  description: "Greet the user",
  annotations: { title: "Greet", readOnlyHint: true, destructiveHint: false, openWorldHint: false },
};
export default async function greet({ name }: InferSchema<typeof schema>) {
  try {
    return { content: [{ type: "text", text: await greetings.say(name) }] };
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: \`Failed: \${error}\` }] };
  }
}
`;

ruleTester.run("require-strict-objects", strictObjects, {
  valid: [
    { name: "a z.strictObject() as the schema", code: xmStrict, filename: "src/tools/greet.ts" },
    { name: "outside src/tools and without an xmcp import, the exports are no tool", code: xmNoMetadata, filename: "src/lib/greet.ts" },
  ],
  invalid: [
    {
      name: "the raw shape in src/tools/greet.ts",
      code: xmShape,
      filename: "src/tools/greet.ts",
      errors: [
        {
          messageId: "rawShape", line: 4, column: 23, endLine: 6, endColumn: 2,
          data: { others: "", tool: "greet" },
          suggestions: [
            { messageId: "wrapStrictObject", output: replaceOnce(xmShape, "{\n  name: z.string().max(80).describe(\"Who to greet\"),\n}", "z.strictObject({\n  name: z.string().max(80).describe(\"Who to greet\"),\n})") },
          ],
        },
      ],
    },
    {
      name: "a file importing xmcp counts wherever it is",
      code: xmShape,
      errors: [
        {
          messageId: "rawShape", line: 4, column: 23, endLine: 6, endColumn: 2,
          suggestions: [
            { messageId: "wrapStrictObject", output: replaceOnce(xmShape, "{\n  name: z.string().max(80).describe(\"Who to greet\"),\n}", "z.strictObject({\n  name: z.string().max(80).describe(\"Who to greet\"),\n})") },
          ],
        },
      ],
    },
    {
      name: "a file in src/tools without metadata or an xmcp import: the tool is named after the file",
      code: xmNoMetadata,
      filename: "src/tools/hello.ts",
      errors: [
        {
          messageId: "rawShape", line: 2, column: 23, endLine: 2, endColumn: 51,
          data: { others: "", tool: "hello" },
          suggestions: [
            { messageId: "wrapStrictObject", output: replaceOnce(xmNoMetadata, "{ name: z.string().max(80) }", "z.strictObject({ name: z.string().max(80) })") },
          ],
        },
      ],
    },
  ],
});

ruleTester.run("no-identity-in-args", identityInArgs, {
  valid: [
    { name: "the caller read from extra.authInfo", code: xmExtraAuth, filename: "src/tools/greet.ts" },
  ],
  invalid: [
    {
      name: "an account id in the schema names extra.authInfo",
      code: xmIdentity,
      filename: "src/tools/greet.ts",
      errors: [
        {
          messageId: "identityInSchema", line: 4, column: 66, endLine: 4, endColumn: 75,
          data: { others: "", tool: "greet", kind: "identity", field: "accountId", source: "extra.authInfo" },
          suggestions: [],
        },
      ],
    },
  ],
});

ruleTester.run("require-tool-annotations", annotations, {
  valid: [
    { name: "metadata.annotations with every hint", code: xmStrict, filename: "src/tools/greet.ts" },
  ],
  invalid: [
    {
      name: "metadata without annotations: the suggestion adds them to metadata",
      code: xmNoAnnotations,
      filename: "src/tools/greet.ts",
      errors: [
        {
          messageId: "missingAnnotations", line: 6, column: 3, endLine: 6, endColumn: 16,
          suggestions: [
            { messageId: "insertDefaults", data: { defaults: "readOnlyHint: false, destructiveHint: true, openWorldHint: true" }, output: replaceOnce(xmNoAnnotations, "er\",\n};\n", "er\", annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },\n};\n") },
          ],
        },
      ],
    },
    {
      name: "no metadata: reported at the handler, without a suggestion",
      code: xmNoMetadata,
      filename: "src/tools/hello.ts",
      errors: [
        {
          messageId: "missingAnnotations", line: 3, column: 8, endLine: 3, endColumn: 15,
          suggestions: [],
        },
      ],
    },
  ],
});

ruleTester.run("no-raw-error-in-result", rawErrors, {
  valid: [
    { name: "no caught error in the result", code: xmStrict, filename: "src/tools/greet.ts" },
  ],
  invalid: [
    {
      name: "the caught error in the result's text",
      code: xmThrown,
      filename: "src/tools/greet.ts",
      errors: [
        {
          messageId: "rawError", line: 14, column: 61, endLine: 14, endColumn: 79,
          data: { part: "text", sink: "the tool result's text" },
          suggestions: [
            { messageId: "useFixedText", output: replaceOnce(xmThrown, "return { isError: true, content: [{ type: \"text\", text: `Failed: ${error}`", "console.error(error);\n    return { isError: true, content: [{ type: \"text\", text: \"The tool failed. The details are in the server log.\"") },
          ],
        },
      ],
    },
  ],
});
