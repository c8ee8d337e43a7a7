/**
 * Declared class tools: `settings["mcp-guard"].registrations` entries of the form
 * `{ baseClass, name, schema, handler, annotations }` (member names). A concrete subclass of a base class
 * imported from a package the analysis cannot see into is a tool, without types and without an MCP import.
 */
import { Linter } from "eslint";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { mayHaveTools } from "../../src/core/facts.js";
import { Resolver } from "../../src/core/resolve.js";
import { findRegistrations } from "../../src/core/registrations/find.js";
import { readSettings, settingsKey, type DeclaredRegistration } from "../../src/core/settings.js";
import { FULL, SDK_ZOD, pluginRule, replaceOnce, ruleTester } from "./helpers.js";

const strictObjects = pluginRule<"zodObject" | "useStrictObject" | "appendStrict">("require-strict-objects");
const annotationsRule = pluginRule<"missingAnnotations" | "missingHints" | "insertDefaults">("require-tool-annotations");
const identity = pluginRule<"identityInSchema" | "identityRead">("no-identity-in-args");

const ENTRY = { baseClass: "ToolBase", name: "name", schema: "inputSchema", handler: "execute", annotations: "annotations" };
const SETTINGS = { "mcp-guard": { registrations: [ENTRY] } };
/** Without `annotations`: the base class may add them itself, so they are not judged. */
const NO_ANNOTATIONS = { "mcp-guard": { registrations: [{ baseClass: "ToolBase", name: "name", schema: "inputSchema", handler: "execute" }] } };

// Two lines: code after KIT starts on line 3. No MCP import: the file imports only the in-house kit.
const KIT = `import { ToolBase } from "@acme/kit";
import { z } from "zod";
`;

const subclass = `${KIT}export class SendInvoice extends ToolBase {
  name = "send_invoice";
  inputSchema = z.object({ to: z.string().max(50) });
  annotations = ${FULL};
  async execute(args: { to: string }) { return { content: [{ type: "text", text: args.to }] }; }
}
`;

function find(code: string, declared: readonly DeclaredRegistration[]) {
  const sourceFile = ts.createSourceFile("tools.ts", code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = findRegistrations(ts, sourceFile, new Resolver(ts, sourceFile, undefined), undefined, () => true, declared);
  return { registrations: found.registrations, text: (node: ts.Node | undefined) => node?.getText(sourceFile) };
}

describe("reading baseClass entries", () => {
  it("keeps well-formed entries next to callee entries", () => {
    const settings = readSettings({ registrations: [ENTRY, { baseClass: "Tool", handler: "run" }, { callee: "addTool", schema: 1 }] });
    expect(settings.registrations).toEqual([ENTRY, { baseClass: "Tool", handler: "run" }, { callee: "addTool", options: 0, schema: 1 }]);
  });

  it("reads the settings without their bad entries, each dropped whole (the editor plugin goes on with the rest)", () => {
    const settings = readSettings({
      registrations: [
        { baseClass: "", schema: "inputSchema" },
        { baseClass: "kit.ToolBase", schema: "inputSchema" },
        { baseClass: 1, schema: "inputSchema" },
        { baseClass: "ToolBase", schema: 1 },
        { baseClass: "ToolBase", schema: "" },
        { baseClass: "ToolBase", schema: "input schema" },
        { baseClass: "ToolBase", name: "name" },
        { baseClass: "ToolBase", options: 0, schema: "inputSchema" },
        { baseClass: "ToolBase", callee: "register", schema: "inputSchema" },
        { baseClass: "Ok", schema: "inputSchema" },
      ],
    });
    expect(settings.registrations).toEqual([{ baseClass: "Ok", schema: "inputSchema" }]);
  });

  it("is a configuration error in ESLint, naming the entry's bad field", () => {
    const verify = () => new Linter().verify(
      "export class A {}\n",
      [{ plugins: { "mcp-guard": plugin }, settings: { "mcp-guard": { registrations: [{ baseClass: "ToolBase", callee: "x", schema: "inputSchema" }] } }, rules: { "mcp-guard/require-strict-objects": "error" } }],
      "tools.js",
    );
    expect(verify).toThrow('settings["mcp-guard"].registrations[0].callee: unknown key; expected one of "baseClass", "name", "schema", "handler", "annotations", "strict"');
  });

  it("gives a different settings key per base class, so cached facts are not shared", () => {
    expect(settingsKey(readSettings({ registrations: [ENTRY] }))).not.toBe(settingsKey(readSettings({ registrations: [{ ...ENTRY, baseClass: "Other" }] })));
    expect(settingsKey(readSettings({ registrations: [ENTRY] }))).not.toBe(settingsKey(readSettings({})));
  });

  it("a file that only imports the declared base class passes the text test that decides whether it is analysed", () => {
    expect(mayHaveTools(subclass, "tools.ts", readSettings({ registrations: [ENTRY] }))).toBe(true);
    expect(mayHaveTools(subclass, "tools.ts", readSettings({}))).toBe(false);
  });
});

describe("declared class tools", () => {
  it("a concrete subclass is a tool with the declared members", () => {
    const { registrations, text } = find(subclass, readSettings({ registrations: [ENTRY] }).registrations);
    expect(registrations).toHaveLength(1);
    const [tool] = registrations;
    expect(tool?.toolName).toBe("send_invoice");
    expect(tool?.framework).toBe("mcp-sdk-v1");
    expect(text(tool?.input?.expression)).toBe("z.object({ to: z.string().max(50) })");
    expect(tool?.input?.form).toBe("schema-or-shape");
    expect(text(tool?.annotations)).toBe(FULL);
    expect(text(tool?.nameNode)).toBe("name");
    expect(tool?.handler && ts.isMethodDeclaration(tool.handler) ? tool.handler.name.getText() : undefined).toBe("execute");
    expect(tool?.ambiguous).toBeUndefined();
  });

  it("without a declared annotations member the tool's annotations are not judged", () => {
    const { registrations } = find(subclass, readSettings(NO_ANNOTATIONS["mcp-guard"]).registrations);
    expect(registrations.map((tool) => [tool.toolName, tool.ambiguous])).toEqual([["send_invoice", true]]);
  });

  it("a setting naming a class nobody extends finds nothing", () => {
    expect(find(subclass, readSettings({ registrations: [{ ...ENTRY, baseClass: "Unused" }] }).registrations).registrations).toEqual([]);
  });
});

ruleTester.run("require-strict-objects on declared class tools", strictObjects, {
  valid: [
    { name: "without the setting the imported base is unknown", code: subclass },
    { name: "a setting that names a class nobody extends", code: subclass, settings: { "mcp-guard": { registrations: [{ ...ENTRY, baseClass: "Unused" }] } } },
    {
      name: "an abstract subclass, and a subclass of another imported class",
      code: `${KIT}import { Widget } from "@acme/ui";
export abstract class Draft extends ToolBase { inputSchema = z.object({ a: z.string().max(5) }); }
export class Panel extends Widget { name = "panel"; inputSchema = z.object({ a: z.string().max(5) }); async execute() { return { content: [] }; } }
`,
      settings: SETTINGS,
    },
  ],
  invalid: [
    {
      name: "a concrete subclass of the declared base, in a file with no MCP import",
      code: subclass,
      settings: SETTINGS,
      errors: [{
        messageId: "zodObject", line: 5, column: 17, endLine: 5, endColumn: 25,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(subclass, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(subclass, "max(50) });", "max(50) }).strict();") },
        ],
      }],
    },
    {
      name: "renamed on import, through a namespace, and through an intermediate class: the leaves are tools",
      code: `import { ToolBase as Base } from "@acme/kit";
import * as kit from "@acme/kit";
import { z } from "zod";
abstract class ReadTool extends Base { annotations = ${FULL}; }
export class ListUsers extends ReadTool { name = "list_users"; inputSchema = z.object({ q: z.string() }); async execute() { return { content: [] }; } }
export class Search extends kit.ToolBase { name = "search"; inputSchema = z.object({ q: z.string() }); annotations = ${FULL}; async execute() { return { content: [] }; } }
`,
      settings: SETTINGS,
      errors: [
        {
          messageId: "zodObject", line: 5, column: 78, endLine: 5, endColumn: 86,
          suggestions: [
            { messageId: "useStrictObject", output: `import { ToolBase as Base } from "@acme/kit";
import * as kit from "@acme/kit";
import { z } from "zod";
abstract class ReadTool extends Base { annotations = ${FULL}; }
export class ListUsers extends ReadTool { name = "list_users"; inputSchema = z.strictObject({ q: z.string() }); async execute() { return { content: [] }; } }
export class Search extends kit.ToolBase { name = "search"; inputSchema = z.object({ q: z.string() }); annotations = ${FULL}; async execute() { return { content: [] }; } }
` },
            { messageId: "appendStrict", output: `import { ToolBase as Base } from "@acme/kit";
import * as kit from "@acme/kit";
import { z } from "zod";
abstract class ReadTool extends Base { annotations = ${FULL}; }
export class ListUsers extends ReadTool { name = "list_users"; inputSchema = z.object({ q: z.string() }).strict(); async execute() { return { content: [] }; } }
export class Search extends kit.ToolBase { name = "search"; inputSchema = z.object({ q: z.string() }); annotations = ${FULL}; async execute() { return { content: [] }; } }
` },
          ],
        },
        {
          messageId: "zodObject", line: 6, column: 75, endLine: 6, endColumn: 83,
          suggestions: [
            { messageId: "useStrictObject", output: `import { ToolBase as Base } from "@acme/kit";
import * as kit from "@acme/kit";
import { z } from "zod";
abstract class ReadTool extends Base { annotations = ${FULL}; }
export class ListUsers extends ReadTool { name = "list_users"; inputSchema = z.object({ q: z.string() }); async execute() { return { content: [] }; } }
export class Search extends kit.ToolBase { name = "search"; inputSchema = z.strictObject({ q: z.string() }); annotations = ${FULL}; async execute() { return { content: [] }; } }
` },
            { messageId: "appendStrict", output: `import { ToolBase as Base } from "@acme/kit";
import * as kit from "@acme/kit";
import { z } from "zod";
abstract class ReadTool extends Base { annotations = ${FULL}; }
export class ListUsers extends ReadTool { name = "list_users"; inputSchema = z.object({ q: z.string() }); async execute() { return { content: [] }; } }
export class Search extends kit.ToolBase { name = "search"; inputSchema = z.object({ q: z.string() }).strict(); annotations = ${FULL}; async execute() { return { content: [] }; } }
` },
          ],
        },
      ],
    },
    {
      name: "a base class of the file that both registers and is declared: one tool, reported once",
      code: `${SDK_ZOD}abstract class ToolBase {
  abstract name: string;
  abstract inputSchema: z.ZodObject;
  annotations = ${FULL};
  abstract execute(args: unknown): Promise<{ content: [] }>;
  register() { server.registerTool(this.name, { inputSchema: this.inputSchema, annotations: this.annotations }, (args) => this.execute(args)); }
}
class Send extends ToolBase { name = "send"; inputSchema = z.object({ q: z.string() }); async execute() { return { content: [] as [] }; } }
`,
      settings: SETTINGS,
      errors: [{
        messageId: "zodObject", line: 11, column: 60, endLine: 11, endColumn: 68,
        suggestions: [
          { messageId: "useStrictObject", output: `${SDK_ZOD}abstract class ToolBase {
  abstract name: string;
  abstract inputSchema: z.ZodObject;
  annotations = ${FULL};
  abstract execute(args: unknown): Promise<{ content: [] }>;
  register() { server.registerTool(this.name, { inputSchema: this.inputSchema, annotations: this.annotations }, (args) => this.execute(args)); }
}
class Send extends ToolBase { name = "send"; inputSchema = z.strictObject({ q: z.string() }); async execute() { return { content: [] as [] }; } }
` },
          { messageId: "appendStrict", output: `${SDK_ZOD}abstract class ToolBase {
  abstract name: string;
  abstract inputSchema: z.ZodObject;
  annotations = ${FULL};
  abstract execute(args: unknown): Promise<{ content: [] }>;
  register() { server.registerTool(this.name, { inputSchema: this.inputSchema, annotations: this.annotations }, (args) => this.execute(args)); }
}
class Send extends ToolBase { name = "send"; inputSchema = z.object({ q: z.string() }).strict(); async execute() { return { content: [] as [] }; } }
` },
        ],
      }],
    },
  ],
});

const noAnnotations = replaceOnce(subclass, `  annotations = ${FULL};\n`, "");
const partial = replaceOnce(subclass, FULL, "{ readOnlyHint: true }");

ruleTester.run("require-tool-annotations on declared class tools", annotationsRule, {
  valid: [
    { name: "the subclass's annotations", code: subclass, settings: SETTINGS },
    { name: "no annotations member declared: the base may add them, not judged", code: noAnnotations, settings: NO_ANNOTATIONS },
  ],
  invalid: [
    {
      name: "annotations declared, the subclass has none: reported at its name field, without a suggestion",
      code: noAnnotations,
      settings: SETTINGS,
      errors: [{ messageId: "missingAnnotations", line: 4, column: 3, endLine: 4, endColumn: 7, suggestions: [] }],
    },
    {
      name: "annotations that leave out hints",
      code: partial,
      settings: SETTINGS,
      errors: [{
        messageId: "missingHints", line: 6, column: 17, endLine: 6, endColumn: 39,
        suggestions: [{ messageId: "insertDefaults", output: replaceOnce(partial, "{ readOnlyHint: true }", "{ readOnlyHint: true, openWorldHint: true }") }],
      }],
    },
  ],
});

ruleTester.run("no-identity-in-args on declared class tools", identity, {
  valid: [],
  invalid: [{
    name: "the declared handler method reads an identity field from its arguments",
    code: `${KIT}export class Whoami extends ToolBase {
  name = "whoami";
  inputSchema = z.strictObject({ q: z.string().max(5) });
  annotations = ${FULL};
  async execute(args: { tenantId: string }) { return { content: [{ type: "text", text: args.tenantId }] }; }
}
`,
    settings: SETTINGS,
    errors: [{ messageId: "identityRead", line: 7, column: 88, endLine: 7, endColumn: 101 }],
  }],
});

// `strict: true`: the declared base class validates the top level strictly itself (mongodb-mcp-server's ToolBase).
const STRICT = { "mcp-guard": { registrations: [{ ...ENTRY, strict: true }] } };
const nestedInSubclass = replaceOnce(subclass, "z.object({ to: z.string().max(50) })", "z.object({ to: z.object({ a: z.string().max(5) }) })");

ruleTester.run("require-strict-objects on declared class tools whose base validates strictly", strictObjects, {
  valid: [{ name: "the top level of the subclass's schema", code: subclass, settings: STRICT }],
  invalid: [
    {
      name: "a nested object keeps its own mode",
      code: nestedInSubclass,
      settings: STRICT,
      errors: [{
        messageId: "zodObject", line: 5, column: 32, endLine: 5, endColumn: 40,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(nestedInSubclass, "to: z.object(", "to: z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(nestedInSubclass, "max(5) })", "max(5) }).strict()") },
        ],
      }],
    },
  ],
});
