/**
 * Wrapper functions (src/core/registrations/wrappers.ts): a function of the file whose parameters reach
 * a registration registers one tool per call, judged where the call writes it.
 */
import { SDK_ZOD, pluginRule, replaceOnce, ruleTester } from "./helpers.js";

const strictObjects = pluginRule<"zodObject" | "rawShape" | "rawShapeTool" | "useStrictObject" | "appendStrict" | "wrapStrictObject">("require-strict-objects");
const annotations = pluginRule<"missingAnnotations" | "missingHints" | "destructiveNameNotDestructive" | "insertDefaults">("require-tool-annotations");
const identity = pluginRule<"identityRead" | "identityInSchema">("no-identity-in-args");
const stringBounds = pluginRule<"unbounded" | "addMax">("require-string-bounds");

const RO = "const RO = { readOnlyHint: true, destructiveHint: false, openWorldHint: false };\n";
const DEFAULTS = "readOnlyHint: false, destructiveHint: true, openWorldHint: true";

// Sources shared by a case and its suggestion outputs. Code after SDK_ZOD starts on line 4.

const positional = `${SDK_ZOD}function accountTool(name: string, description: string, schema: z.ZodRawShape, handler: any) {
  server.registerTool(name, { description, inputSchema: schema }, handler);
}
accountTool("send_invoice", "Send an invoice", { to: z.string().max(100) }, async () => ({ content: [] }));
`;
const optionsObject = `${SDK_ZOD}function defineTool(def) {
  server.registerTool(def.name, { inputSchema: def.schema, annotations: def.annotations }, def.handler);
}
defineTool({ name: "purge", schema: z.object({ q: z.string().max(9) }), handler: async () => ({ content: [] }) });
`;
const transitive = `${SDK_ZOD}${RO}const register = ({ name, shape, annotations = RO }) => server.registerTool(name, { inputSchema: shape, annotations }, async () => ({ content: [] }));
function accountTool(name: string, shape: z.ZodRawShape) {
  register({ name, shape: { accountRef: z.string().max(9), ...shape } });
}
const forward = (d) => register({ ...d });
accountTool("lookup", { id: z.string().max(9) });
forward({ name: "fwd", shape: z.strictObject({ a: z.string().max(1) }), annotations: { readOnlyHint: true } });
`;
const methods = `${SDK_ZOD}${RO}class Toolkit {
  add(name: string, shape: z.ZodRawShape, cb: any) {
    server.registerTool(name, { inputSchema: shape, annotations: RO }, cb);
  }
  init() {
    this.add("m1", { a: z.string().max(1) }, async () => ({ content: [] }));
  }
}
const kit = new Toolkit();
kit.add("m2", { b: z.string().max(1) }, async () => ({ content: [] }));
`;
const legacyTool = `${SDK_ZOD}${RO}function legacy(name: string, description: string, shape: z.ZodRawShape, cb: any) {
  server.tool(name, description, shape, RO, cb);
}
legacy("m3", "Legacy", { c: z.string().max(1) }, async ({ accountId }) => ({ content: [] }));
`;

ruleTester.run("require-strict-objects through wrappers", strictObjects, {
  valid: [
    {
      name: "a strict schema passed to a wrapper",
      code: `${SDK_ZOD}function accountTool(name: string, schema: z.ZodTypeAny) {
  server.registerTool(name, { inputSchema: schema }, async () => ({ content: [] }));
}
accountTool("send", z.strictObject({ to: z.string().max(5) }));
`,
    },
    {
      name: "the registration inside a wrapper whose schema is a parameter stays silent when nothing here calls it",
      code: `${SDK_ZOD}export function accountTool(name: string, schema: z.ZodRawShape, handler: any) {
  server.registerTool(name, { inputSchema: schema }, handler);
}
`,
    },
    {
      name: "a function whose parameters are only logged is no wrapper: its call's object is not a schema",
      code: `${SDK_ZOD}function logged(name: string, extra: object) {
  console.log(name, extra);
  server.registerTool("fixed", { inputSchema: z.strictObject({ a: z.string().max(1) }) }, async () => ({ content: [] }));
}
logged("x", { a: z.object({}) });
`,
    },
    {
      name: "a wrapper that calls itself defines no tool at the recursive call",
      code: `${SDK_ZOD}function recurse(name: string, schema: z.ZodTypeAny) {
  server.registerTool(name, { inputSchema: schema }, async () => ({ content: [] }));
  if (name.length < 3) recurse(name + "x", z.object({ c: z.string() }));
}
`,
    },
    {
      name: "an unrelated defineTool in a file without an MCP import is not a wrapper",
      code: `import { z } from "zod";
function defineTool(def) {
  registry.registerTool(def.name, { inputSchema: def.schema }, def.handler);
}
defineTool({ name: "x", schema: z.object({ a: z.string() }), handler: () => 1 });
`,
    },
    {
      name: "a spread of an unknown value at the call site leaves the schema opaque",
      code: `${SDK_ZOD}function defineTool(def) {
  server.registerTool(def.name, { inputSchema: def.schema }, def.handler);
}
defineTool({ ...imported, name: "x" });
`,
    },
  ],
  invalid: [
    {
      name: "positional wrapper: the raw shape is reported at the call site, with the fix there",
      code: positional,
      errors: [{
        messageId: "rawShape", line: 7, column: 48, endLine: 7, endColumn: 75,
        suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(positional, "{ to: z.string().max(100) }", "z.strictObject({ to: z.string().max(100) })") }],
      }],
    },
    {
      name: "options-object wrapper: def.schema is the call site's schema property",
      code: optionsObject,
      errors: [{
        messageId: "zodObject", line: 7, column: 37, endLine: 7, endColumn: 45,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(optionsObject, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(optionsObject, "z.string().max(9) })", "z.string().max(9) }).strict()") },
        ],
      }],
    },
    {
      name: "a wrapper of a wrapper: the shape written in the outer wrapper is reported once, where it is written",
      code: transitive,
      errors: [{
        messageId: "rawShape", line: 7, column: 27, endLine: 7, endColumn: 70,
        suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(transitive, "{ accountRef: z.string().max(9), ...shape }", "z.strictObject({ accountRef: z.string().max(9), ...shape })") }],
      }],
    },
    {
      name: "method wrappers: this.add(...) and kit.add(...) on an instance of the class",
      code: methods,
      errors: [
        {
          messageId: "rawShape", line: 10, column: 20, endLine: 10, endColumn: 44,
          suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(methods, "{ a: z.string().max(1) }", "z.strictObject({ a: z.string().max(1) })") }],
        },
        {
          messageId: "rawShape", line: 14, column: 15, endLine: 14, endColumn: 39,
          suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(methods, "{ b: z.string().max(1) }", "z.strictObject({ b: z.string().max(1) })") }],
        },
      ],
    },
    {
      name: "a wrapper of the deprecated server.tool() with a string description parameter takes a shape only",
      code: legacyTool,
      errors: [{ messageId: "rawShapeTool", line: 8, column: 24, endLine: 8, endColumn: 48, suggestions: [] }],
    },
  ],
});

const forwarded = replaceOnce(transitive, 'accountTool("lookup", { id: z.string().max(9) });', 'accountTool("lookup", { id: z.string().max(9) });\nforward({ name: "g", shape: z.strictObject({ g: z.string() }) });');

ruleTester.run("require-string-bounds through wrappers", stringBounds, {
  valid: [{ name: "a bounded field passed positionally", code: positional }],
  invalid: [
    {
      name: "a schema passed through `{ ...d }` to a wrapper with a destructured parameter",
      code: forwarded,
      errors: [{
        messageId: "unbounded", line: 11, column: 49, endLine: 11, endColumn: 57,
        suggestions: [{ messageId: "addMax", output: replaceOnce(forwarded, "g: z.string() }", "g: z.string().max(1000) }") }],
      }],
    },
  ],
});

ruleTester.run("require-tool-annotations through wrappers", annotations, {
  valid: [
    {
      name: "annotations from a parameter's default, from the wrapper's body, and a partial set passed through",
      code: `${SDK_ZOD}${RO}function withDefault(name: string, annotations = RO) {
  server.registerTool(name, { annotations }, async () => ({ content: [] }));
}
withDefault("a");
function fixed(name: string) {
  server.registerTool(name, { annotations: RO }, async () => ({ content: [] }));
}
fixed("b");
`,
    },
    {
      name: "annotations the call site passes as an unknown value are present, so not judged",
      code: `${SDK_ZOD}import { HINTS } from "./hints.js";
function defineTool(def) {
  server.registerTool(def.name, { annotations: def.annotations }, def.handler);
}
defineTool({ name: "a", annotations: HINTS, handler: async () => ({ content: [] }) });
`,
    },
  ],
  invalid: [
    {
      name: "positional wrapper without annotations: reported at the call's name, no place to insert them",
      code: positional,
      errors: [{ messageId: "missingAnnotations", line: 7, column: 13, endLine: 7, endColumn: 27, suggestions: [] }],
    },
    {
      name: "options-object wrapper: the defaults go into the call site's options, under the property the wrapper reads",
      code: optionsObject,
      errors: [{
        messageId: "missingAnnotations", line: 7, column: 20, endLine: 7, endColumn: 27,
        suggestions: [{ messageId: "insertDefaults", output: replaceOnce(optionsObject, "handler: async () => ({ content: [] }) }", `handler: async () => ({ content: [] }), annotations: { ${DEFAULTS} } }`) }],
      }],
    },
    {
      name: "a partial annotations object passed through two wrappers is judged at the call site",
      code: transitive,
      errors: [{
        messageId: "missingHints", line: 11, column: 86, endLine: 11, endColumn: 108,
        suggestions: [{ messageId: "insertDefaults", output: replaceOnce(transitive, "{ readOnlyHint: true }", "{ readOnlyHint: true, openWorldHint: true }") }],
      }],
    },
  ],
});

ruleTester.run("no-identity-in-args through wrappers", identity, {
  valid: [],
  invalid: [
    {
      name: "the handler a call site passes is the tool's handler",
      code: legacyTool,
      errors: [{ messageId: "identityRead", line: 8, column: 59, endLine: 8, endColumn: 68 }],
    },
  ],
});
