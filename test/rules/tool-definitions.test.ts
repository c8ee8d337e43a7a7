/**
 * Tool-definition objects (Resolver.elementProperties): `defineTool({...})`-style helpers, consts holding
 * them, arrays, `Object.values` and `Object.entries` of maps, registered in a loop.
 */
import { SDK_ZOD, pluginRule, replaceOnce, ruleTester } from "./helpers.js";

const strictObjects = pluginRule<"zodObject" | "useStrictObject" | "appendStrict" | "rawShape" | "wrapStrictObject">("require-strict-objects");
const unconstrained = pluginRule<"anyValue">("no-unconstrained-input");
const stringBounds = pluginRule<"unbounded" | "addMax">("require-string-bounds");

const identityHelper = `${SDK_ZOD}function defineTool<T>(def: T): T { return def; }
const spreadTool = (def) => ({ ...def, kind: "tool" });
const sendTool = defineTool({ name: "send", inputSchema: z.object({ to: z.string().max(5) }), handler: async () => ({ content: [] }) });
const listTool = spreadTool({ name: "list", inputSchema: z.strictObject({ q: z.string().max(5) }), handler: async () => ({ content: [] }) });
for (const t of [sendTool, listTool]) server.registerTool(t.name, { inputSchema: t.inputSchema }, t.handler);
`;
const objectValues = `${SDK_ZOD}import { defineTool as define } from "@acme/mcp-kit";
const tools = { pkg: define({ name: "pkg", inputSchema: z.strictObject({ p: z.any() }) }) };
Object.values(tools).forEach((t) => server.registerTool(t.name, { inputSchema: t.inputSchema }, async () => ({ content: [] })));
`;
const objectEntries = `${SDK_ZOD}const map = { e: { name: "e", inputSchema: z.strictObject({ e: z.string() }) } };
for (const [key, def] of Object.entries(map)) server.registerTool(key, { inputSchema: def.inputSchema }, async () => ({ content: [] }));
Object.entries(map).forEach(([key, def]) => server.registerTool(key, { inputSchema: def.inputSchema }, async () => ({ content: [] })));
`;
const single = `${SDK_ZOD}function defineTool(def) { return def; }
const one = defineTool({ name: "one", inputSchema: z.strictObject({ s: z.string() }) });
server.registerTool(one.name, { inputSchema: one.inputSchema }, async () => ({ content: [] }));
`;

const rawShapeElements = `${SDK_ZOD}const tools = [{ name: "x", schema: { q: z.string().max(5) } }, { name: "y", schema: z.strictObject({ q: z.string().max(5) }) }];
for (const t of tools) server.registerTool(t.name, { inputSchema: t.schema }, async () => ({ content: [] }));
`;

ruleTester.run("require-strict-objects on tool definitions", strictObjects, {
  valid: [
    {
      name: "a helper that overrides the schema it is asked for is not identity-like: opaque",
      code: `${SDK_ZOD}function defineTool(def) { return { ...def, inputSchema: def.inputSchema.strict() }; }
const tools = [defineTool({ name: "a", inputSchema: z.object({ a: z.string().max(1) }) })];
for (const t of tools) server.registerTool(t.name, { inputSchema: t.inputSchema }, async () => ({ content: [] }));
`,
    },
    {
      name: "an imported helper whose name says nothing of tools may reshape its argument: opaque",
      code: `${SDK_ZOD}import { makeThing } from "@acme/kit";
const tools = [makeThing({ name: "a", inputSchema: z.object({ a: z.string().max(1) }) })];
for (const t of tools) server.registerTool(t.name, { inputSchema: t.inputSchema }, async () => ({ content: [] }));
`,
    },
    {
      name: "an identity defineTool in a file without an MCP import registers nothing",
      code: `import { z } from "zod";
function defineTool(def) { return def; }
const tools = [defineTool({ name: "a", inputSchema: z.object({ a: z.string() }) })];
for (const t of tools) registry.registerTool(t.name, { inputSchema: t.inputSchema }, async () => 1);
`,
    },
  ],
  invalid: [
    {
      // Regression: a raw shape in a definition registered through `t.schema` was read as an opaque zod value.
      name: "a raw shape in one element of a definitions array, the SDK wraps it in a stripping object",
      code: rawShapeElements,
      errors: [{
        messageId: "rawShape", line: 4, column: 37, endLine: 4, endColumn: 61,
        suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(rawShapeElements, "schema: { q: z.string().max(5) } }", "schema: z.strictObject({ q: z.string().max(5) }) }") }],
      }],
    },
    {
      name: "consts holding identity and spreading helpers, registered in a for-of loop",
      code: identityHelper,
      errors: [{
        messageId: "zodObject", line: 6, column: 58, endLine: 6, endColumn: 66,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(identityHelper, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(identityHelper, "to: z.string().max(5) })", "to: z.string().max(5) }).strict()") },
        ],
      }],
    },
  ],
});

ruleTester.run("no-unconstrained-input on tool definitions", unconstrained, {
  valid: [
    {
      // Untyped, nothing says the package's function hands its options back (its name is no evidence): the
      // tool is reported by no-unanalyzed-tool instead (test/reach/package-definitions.test.ts, typed and not).
      name: "Object.values of a map of an unknown package's define(...) calls, untyped: not judged",
      code: objectValues,
    },
  ],
  invalid: [
    {
      name: "Object.values of a map of a same-file identity helper's calls, iterated with forEach",
      code: objectValues.replace('import { defineTool as define } from "@acme/mcp-kit";', "function define<T>(def: T): T { return def; }"),
      errors: [{ messageId: "anyValue", line: 5, column: 77, endLine: 5, endColumn: 82 }],
    },
  ],
});

ruleTester.run("require-string-bounds on tool definitions", stringBounds, {
  valid: [],
  invalid: [
    {
      name: "Object.entries of a map, destructured in for-of and in forEach, is reported once",
      code: objectEntries,
      errors: [{
        messageId: "unbounded", line: 4, column: 64, endLine: 4, endColumn: 72,
        suggestions: [{ messageId: "addMax", output: replaceOnce(objectEntries, "e: z.string() }", "e: z.string().max(1000) }") }],
      }],
    },
    {
      name: "one definition held in a const and registered through its properties",
      code: single,
      errors: [{
        messageId: "unbounded", line: 5, column: 72, endLine: 5, endColumn: 80,
        suggestions: [{ messageId: "addMax", output: replaceOnce(single, "s: z.string() }", "s: z.string().max(1000) }") }],
      }],
    },
  ],
});
