/**
 * Class-based tools (src/core/registrations/classes.ts): a base class, or a loop over instances, whose
 * registration reads the tool's members; each concrete class is one tool, reported where its members are written.
 */
import { FULL, SDK_ZOD, pluginRule, replaceOnce, ruleTester } from "./helpers.js";
import { HEADER, fastmcpClass, instanceLoop, staticClasses, strictAtRegistration, subclassField } from "./class-tool-sources.js";

const strictObjects = pluginRule<"zodObject" | "rawShape" | "useStrictObject" | "appendStrict" | "wrapStrictObject">("require-strict-objects");
const stringBounds = pluginRule<"unbounded" | "addMax", [{ ceiling?: number }]>("require-string-bounds");
const annotationsRule = pluginRule<"missingAnnotations" | "missingHints" | "insertDefaults">("require-tool-annotations");
const identity = pluginRule<"identityInSchema" | "identityRead">("no-identity-in-args");



const inherited = `${HEADER}class ReadTool extends ToolBase {
  inputSchema = z.strictObject({});
}
class ListUsers extends ReadTool {
  name = "list_users";
  constructor() {
    super();
    this.inputSchema = z.object({ q: z.string().max(5) });
  }
  async execute() { return { content: [] as [] }; }
}
`;

ruleTester.run("require-strict-objects on class tools", strictObjects, {
  valid: [
    {
      name: "a class with an inputSchema field that no registration reads is not a tool",
      code: `${SDK_ZOD}class Orphan { name = "orphan"; inputSchema = z.object({ a: z.string().max(5) }); async execute() {} }
server.registerTool("ok", { inputSchema: z.strictObject({ a: z.string().max(5) }) }, async () => ({ content: [] }));
`,
    },
    {
      name: "a subclass of an unrelated base, or of an imported base, is not a tool",
      code: `${HEADER}import { ImportedBase } from "./base.js";
class Unrelated { register() {} }
class Other extends Unrelated { name = "other"; inputSchema = z.object({ a: z.string().max(5) }); async execute() { return { content: [] as [] }; } }
class Elsewhere extends ImportedBase { name = "elsewhere"; inputSchema = z.object({ a: z.string().max(5) }); async execute() { return { content: [] as [] }; } }
`,
    },
    {
      name: "strict class schemas: a strict field, a getter returning z.strictObject; the abstract base is not a tool",
      code: `${HEADER}class A extends ToolBase { name = "a"; inputSchema = z.object({ a: z.string().max(5) }).strict(); async execute() { return { content: [] as [] }; } }
class B extends ToolBase { name = "b"; get inputSchema() { return z.strictObject({ b: z.string().max(5) }); } async execute() { return { content: [] as [] }; } }
`,
    },
    {
      name: "a registration inside a function expression: its this is not the class's",
      code: `${SDK_ZOD}class Holder {
  name = "h";
  inputSchema = z.object({ a: z.string().max(5) });
  install() {
    return function (this: { name: string; inputSchema: never }) { server.registerTool(this.name, { inputSchema: this.inputSchema }, async () => ({ content: [] })); };
  }
}
`,
    },
  ],
  invalid: [
    {
      name: "a subclass's inputSchema field, registered by its base class, is reported where it is written",
      code: subclassField,
      errors: [{
        messageId: "zodObject", line: 16, column: 17, endLine: 16, endColumn: 25,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(subclassField, "inputSchema = z.object(", "inputSchema = z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(subclassField, "z.string().max(50) });", "z.string().max(50) }).strict();") },
        ],
      }],
    },
    {
      name: "a loop over instances: the class's raw-shape field",
      code: instanceLoop,
      errors: [{
        messageId: "rawShape", line: 6, column: 21, endLine: 6, endColumn: 47,
        suggestions: [{ messageId: "wrapStrictObject", output: replaceOnce(instanceLoop, "schema = { to: z.string().max(50) };", "schema = z.strictObject({ to: z.string().max(50) });") }],
      }],
    },
    {
      name: "an array of classes: static members",
      code: staticClasses,
      errors: [{
        messageId: "zodObject", line: 6, column: 19, endLine: 6, endColumn: 27,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(staticClasses, "static schema = z.object(", "static schema = z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(staticClasses, "z.string().max(50) });", "z.string().max(50) }).strict();") },
        ],
      }],
    },
    {
      name: "a member assigned in the constructor overrides the base's field; the intermediate class is not a tool",
      code: inherited,
      errors: [{
        messageId: "zodObject", line: 21, column: 24, endLine: 21, endColumn: 32,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(inherited, "this.inputSchema = z.object(", "this.inputSchema = z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(inherited, "z.string().max(5) });", "z.string().max(5) }).strict();") },
        ],
      }],
    },
    {
      name: "this.schema.strict() at the registration closes the top level of each class's getter schema, not nested objects",
      code: strictAtRegistration,
      errors: [{
        messageId: "zodObject", line: 14, column: 66, endLine: 14, endColumn: 74,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(strictAtRegistration, "meta: z.object(", "meta: z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(strictAtRegistration, "z.string().max(5) })", "z.string().max(5) }).strict()") },
        ],
      }],
    },
    {
      name: "fastmcp: addTool({ parameters: this.parameters }) inside the tool class",
      code: fastmcpClass,
      errors: [{
        messageId: "zodObject", line: 6, column: 16, endLine: 6, endColumn: 24,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(fastmcpClass, "parameters = z.object(", "parameters = z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(fastmcpClass, "z.string().max(20) });", "z.string().max(20) }).strict();") },
        ],
      }],
    },
  ],
});

const stringField = `${HEADER}class Search extends ToolBase {
  name = "search";
  inputSchema = z.strictObject({ q: z.string() });
  async execute() { return { content: [] as [] }; }
}
`;

ruleTester.run("require-string-bounds on class tools", stringBounds, {
  valid: [{ name: "a bounded string in a subclass field", code: `${HEADER}class Search extends ToolBase { name = "s"; inputSchema = z.strictObject({ q: z.string().max(9) }); async execute() { return { content: [] as [] }; } }\n` }],
  invalid: [{
    name: "an unbounded string in a subclass field",
    code: stringField,
    errors: [{
      messageId: "unbounded", line: 16, column: 37, endLine: 16, endColumn: 45,
      suggestions: [{ messageId: "addMax", output: replaceOnce(stringField, "q: z.string() })", "q: z.string().max(1000) })") }],
    }],
  }],
});

const annotationsBase = `${SDK_ZOD}abstract class Tool {
  abstract name: string;
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; openWorldHint?: boolean };
  register() { server.registerTool(this.name, { inputSchema: z.strictObject({}), annotations: this.annotations }, async () => ({ content: [] })); }
}
`;
const partialAnnotations = `${annotationsBase}class Lookup extends Tool { name = "lookup"; annotations = { readOnlyHint: true }; }
`;

ruleTester.run("require-tool-annotations on class tools", annotationsRule, {
  valid: [
    { name: "annotations in a field of the class (and the base's template registration is not judged)", code: `${annotationsBase}class Lookup extends Tool { name = "lookup"; annotations = ${FULL}; }\n` },
    { name: "annotations inherited from the base's field", code: subclassField },
  ],
  invalid: [
    {
      name: "a class without an annotations member: reported at its name field, with no place to insert them",
      code: `${annotationsBase}class Ping extends Tool { name = "ping"; }\n`,
      errors: [{ messageId: "missingAnnotations", line: 9, column: 27, endLine: 9, endColumn: 31, suggestions: [] }],
    },
    {
      name: "an annotations field that leaves out hints",
      code: partialAnnotations,
      errors: [{
        messageId: "missingHints", line: 9, column: 60, endLine: 9, endColumn: 82,
        suggestions: [{ messageId: "insertDefaults", output: replaceOnce(partialAnnotations, "{ readOnlyHint: true }", "{ readOnlyHint: true, openWorldHint: true }") }],
      }],
    },
  ],
});

const identityBase = `${SDK_ZOD}abstract class Tool {
  abstract name: string;
  abstract inputSchema: z.ZodObject;
  register() {
    server.registerTool(this.name, { inputSchema: this.inputSchema, annotations: ${FULL} }, async (args, extra) => {
      try { return await this.execute(extra, args); } catch { return { content: [], isError: true }; }
    });
  }
  abstract execute(extra: unknown, args: unknown): Promise<{ content: { type: "text"; text: string }[] }>;
}
`;

ruleTester.run("no-identity-in-args on class tools", identity, {
  valid: [{
    name: "the method's first parameter is the context when the base forwards (extra, args)",
    code: `${identityBase}class Whoami extends Tool { name = "whoami"; inputSchema = z.strictObject({ q: z.string().max(5) }); async execute(extra: { tenantId: string }, args: { q: string }) { return { content: [{ type: "text" as const, text: extra.tenantId + args.q }] }; } }\n`,
  }],
  invalid: [
    {
      name: "the handler method reads an identity field from its arguments, forwarded by the base as its second parameter",
      code: `${identityBase}class Whoami extends Tool { name = "whoami"; inputSchema = z.strictObject({ q: z.string().max(5) }); async execute(extra: unknown, args: { tenantId: string }) { return { content: [{ type: "text" as const, text: args.tenantId }] }; } }\n`,
      errors: [{ messageId: "identityRead", line: 14, column: 212, endLine: 14, endColumn: 225 }],
    },
    {
      name: "the base forwards inside an arrow callback it hands to a runner: (args, extra) => runner.run(() => this.execute(extra, args))",
      code: `${identityBase.replace("try { return await this.execute(extra, args); } catch { return { content: [], isError: true }; }", "return runner.run(() => this.execute(extra, args));")}class Whoami extends Tool { name = "whoami"; inputSchema = z.strictObject({ q: z.string().max(5) }); async execute(extra: unknown, args: { tenantId: string }) { return { content: [{ type: "text" as const, text: args.tenantId }] }; } }\n`,
      errors: [{ messageId: "identityRead", line: 14, column: 212, endLine: 14, endColumn: 225 }],
    },
    {
      name: "a loop over instances with a bound method",
      code: `${SDK_ZOD}class Whoami { name = "whoami"; schema = z.strictObject({ q: z.string().max(5) }); async run(args: { tenantId: string }) { return { content: [{ type: "text" as const, text: args.tenantId }] }; } }
const tools = [new Whoami()];
for (const tool of tools) server.registerTool(tool.name, { inputSchema: tool.schema, annotations: ${FULL} }, tool.run.bind(tool));
`,
      errors: [{ messageId: "identityRead", line: 4, column: 174, endLine: 4, endColumn: 187 }],
    },
  ],
});
