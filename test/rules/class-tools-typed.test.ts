/**
 * Class-based tools across files (typed): a subclass of a base class written in another file
 * (test/fixtures/typed/tool-base.ts) whose `register()` reads its members, and a loop in one file
 * (tool-loop.ts) over instances of classes written in another (tool-classes.ts). Each tool is reported
 * in the class, where its schema is written.
 */
import { readFileSync } from "node:fs";
import { pluginRule, replaceOnce, ruleTester } from "./helpers.js";
import { typedRuleTester } from "./typed-helpers.js";

const strictObjects = pluginRule<"zodObject" | "useStrictObject" | "appendStrict">("require-strict-objects");
const stringBounds = pluginRule<"unbounded" | "addMax", [{ ceiling?: number }]>("require-string-bounds");
const annotationsRule = pluginRule<"missingAnnotations" | "missingHints" | "insertDefaults">("require-tool-annotations");
const identity = pluginRule<"identityInSchema" | "identityRead">("no-identity-in-args");

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/typed/${name}`, import.meta.url), "utf8");
const toolBase = fixture("tool-base.ts");
const toolClasses = fixture("tool-classes.ts");
const toolLoop = fixture("tool-loop.ts");

// Three lines: code after HEADER starts on line 4.
const HEADER = `import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { Plain, ToolBase } from "./tool-base.js";
`;
const EXECUTE = `async execute(): Promise<CallToolResult> { return { content: [] }; }`;

/** A subclass of the imported ToolBase, with an open schema: a tool here, through the template in tool-base.ts. */
const subclass = `${HEADER}export class SendInvoice extends ToolBase {
  name = "send_invoice";
  inputSchema = z.object({ to: z.string().max(50) });
  ${EXECUTE}
}
`;
/** Through an intermediate class of this file: only the leaf is a tool. */
const intermediate = `${HEADER}abstract class ReadTool extends ToolBase {
  override annotations = { readOnlyHint: true, destructiveHint: false, openWorldHint: false };
}
export class ListUsers extends ReadTool {
  name = "list_users";
  inputSchema = z.strictObject({ q: z.string() });
  ${EXECUTE}
}
`;
/** tool-classes.ts with ListUsers's schema open: ListUsers is a tool only through the loop in tool-loop.ts. */
const openListUsers = replaceOnce(toolClasses, "inputSchema = z.strictObject({ q: z.string().max(50) });", "inputSchema = z.object({ q: z.string().max(50) });");
/** tool-classes.ts with SendInvoice's schema open: a tool through ToolBase and through the loop; reported once. */
const openSendInvoice = replaceOnce(toolClasses, "inputSchema = z.strictObject({ to: z.string().max(50) });", "inputSchema = z.object({ to: z.string().max(50) });");

typedRuleTester.run("require-strict-objects on class tools across files (typed)", strictObjects, {
  valid: [
    { name: "the base class's own file: its registration reads members of classes written elsewhere", filename: "tool-base.ts", code: toolBase },
    { name: "the tool classes as on disk: strict", filename: "tool-classes.ts", code: toolClasses },
    { name: "the loop file: the classes' schemas are written in tool-classes.ts", filename: "tool-loop.ts", code: toolLoop },
    {
      name: "a subclass of an imported class that registers nothing is not a tool",
      filename: "file.ts",
      code: `${HEADER}export class Other extends Plain { inputSchema = z.object({ a: z.string().max(5) }); ${EXECUTE} }\n`,
    },
    {
      name: "an abstract subclass of the imported base is not a tool",
      filename: "file.ts",
      code: `${HEADER}export abstract class Draft extends ToolBase { inputSchema = z.object({ a: z.string().max(5) }); }\n`,
    },
    {
      name: "a subclass of a class exported by tool-classes.ts that no registration of its file reads",
      filename: "file.ts",
      code: `${HEADER}import { ListUsers } from "./tool-classes.js";\nexport class More extends ListUsers { override inputSchema = z.object({ q: z.string().max(50) }); }\n`,
    },
  ],
  invalid: [
    {
      name: "a subclass of the imported ToolBase is a tool, reported at its schema field",
      filename: "file.ts",
      code: subclass,
      errors: [{
        messageId: "zodObject", line: 6, column: 17, endLine: 6, endColumn: 25,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(subclass, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(subclass, "max(50) });", "max(50) }).strict();") },
        ],
      }],
    },
    {
      name: "a class walked by the loop in tool-loop.ts is reported in its own file",
      filename: "tool-classes.ts",
      code: openListUsers,
      errors: [{
        messageId: "zodObject", line: 18, column: 17, endLine: 18, endColumn: 25,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(openListUsers, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(openListUsers, "q: z.string().max(50) });", "q: z.string().max(50) }).strict();") },
        ],
      }],
    },
    {
      name: "a tool both of ToolBase and of the loop is reported once",
      filename: "tool-classes.ts",
      code: openSendInvoice,
      errors: [{
        messageId: "zodObject", line: 10, column: 17, endLine: 10, endColumn: 25,
        suggestions: [
          { messageId: "useStrictObject", output: replaceOnce(openSendInvoice, "z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: replaceOnce(openSendInvoice, "to: z.string().max(50) });", "to: z.string().max(50) }).strict();") },
        ],
      }],
    },
  ],
});

ruleTester.run("require-strict-objects on a subclass of an imported base (untyped: not followed)", strictObjects, {
  valid: [{ name: "without types the imported base is unknown, so the subclass is not a tool", filename: "file.ts", code: subclass }],
  invalid: [],
});

typedRuleTester.run("require-string-bounds on class tools across files (typed)", stringBounds, {
  valid: [],
  invalid: [{
    name: "the leaf of an intermediate class of this file, whose base is imported",
    filename: "file.ts",
    code: intermediate,
    errors: [{
      messageId: "unbounded", line: 9, column: 37, endLine: 9, endColumn: 45,
      suggestions: [{ messageId: "addMax", output: replaceOnce(intermediate, "q: z.string() }", "q: z.string().max(1000) }") }],
    }],
  }],
});

typedRuleTester.run("require-tool-annotations on class tools across files (typed)", annotationsRule, {
  valid: [
    { name: "the annotations the imported base writes", filename: "file.ts", code: subclass },
    { name: "annotations of an intermediate class", filename: "file.ts", code: intermediate },
  ],
  invalid: [{
    name: "a subclass's annotations that leave out hints",
    filename: "file.ts",
    code: replaceOnce(subclass, `name = "send_invoice";`, `name = "send_invoice";\n  override annotations = { readOnlyHint: false, destructiveHint: true };`),
    errors: [{
      messageId: "missingHints", line: 6, column: 26, endLine: 6, endColumn: 72,
      suggestions: [{
        messageId: "insertDefaults",
        output: replaceOnce(subclass, `name = "send_invoice";`, `name = "send_invoice";\n  override annotations = { readOnlyHint: false, destructiveHint: true, openWorldHint: true };`),
      }],
    }],
  }],
});

typedRuleTester.run("no-identity-in-args on class tools across files (typed)", identity, {
  valid: [],
  invalid: [{
    name: "the subclass's execute method is the handler the imported base forwards to",
    filename: "file.ts",
    code: `${HEADER}export class Whoami extends ToolBase {
  name = "whoami";
  inputSchema = z.strictObject({ q: z.string().max(5) });
  async execute(args: { tenantId: string }): Promise<CallToolResult> { return { content: [{ type: "text", text: args.tenantId }] }; }
}
`,
    errors: [{ messageId: "identityRead", line: 7, column: 113, endLine: 7, endColumn: 126 }],
  }],
});
