/**
 * `settings["mcp-guard"].registrations`: in-house registration helpers declared by the user
 * (src/core/registrations/declared.ts), and how the settings are read (src/core/settings.ts).
 *
 * The first cases run the registration finder directly; the RuleTester cases at the end go through the
 * rules, with the settings given as a user would.
 */
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { Resolver } from "../../src/core/resolve.js";
import { findRegistrations } from "../../src/core/registrations/find.js";
import type { ToolRegistration } from "../../src/core/registrations/model.js";
import { readSettings, settingsKey, type DeclaredRegistration } from "../../src/core/settings.js";
import { pluginRule, ruleTester } from "./helpers.js";

function find(code: string, declared: readonly DeclaredRegistration[]): { registrations: ToolRegistration[]; text: (node: ts.Node | undefined) => string | undefined } {
  const sourceFile = ts.createSourceFile("server.ts", code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = findRegistrations(ts, sourceFile, new Resolver(ts, sourceFile, undefined), undefined, () => true, declared);
  return { registrations: found.registrations, text: (node) => node?.getText(sourceFile) };
}

const ADD_TOOL: DeclaredRegistration = { callee: "registerAccountTool", options: 0, name: 0, schema: 1, handler: 2, annotations: 3 };

describe("reading settings.registrations", () => {
  it("keeps well-formed entries, with options defaulting to argument 0", () => {
    const settings = readSettings({
      registrations: [
        { callee: "registerAccountTool", name: 0, schema: 1, handler: 2, annotations: 3 },
        { callee: "toolkit.add", options: 1, name: "id", schema: "input", handler: "run" },
      ],
    });
    expect(settings.registrations).toEqual([
      { callee: "registerAccountTool", options: 0, name: 0, schema: 1, handler: 2, annotations: 3 },
      { callee: "toolkit.add", options: 1, name: "id", schema: "input", handler: "run" },
    ]);
  });

  it("reads the settings without entries of a bad shape (settings.test.ts has the problems each one is)", () => {
    const settings = readSettings({
      registrations: [
        null,
        "registerAccountTool",
        { callee: "", schema: 1 },
        { callee: "a b", schema: 1 },
        { callee: "f", schema: -1 },
        { callee: "f", schema: 1.5 },
        { callee: "f", schema: true },
        { callee: "f", schema: "" },
        { callee: "f", options: "0", schema: "input" },
        { callee: "f", name: 0 },
        { callee: "ok", schema: 1 },
      ],
    });
    expect(settings.registrations).toEqual([{ callee: "ok", options: 0, schema: 1 }]);
    expect(readSettings({ registrations: { callee: "f", schema: 1 } }).registrations).toEqual([]);
  });

  it("gives different settings keys for different registrations, so cached facts are not shared", () => {
    const one = readSettings({ registrations: [{ callee: "f", schema: 1 }] });
    const other = readSettings({ registrations: [{ callee: "g", schema: 1 }] });
    expect(settingsKey(one)).not.toBe(settingsKey(other));
    expect(settingsKey(readSettings({}))).not.toBe(settingsKey(one));
  });
});

describe("declared registrations", () => {
  it("a declared positional helper is a registration in a file that imports no MCP package", () => {
    const { registrations, text } = find(
      `import { registerAccountTool } from "@acme/tools";
import { z } from "zod";
registerAccountTool("send_invoice", { to: z.string() }, async (args) => ({ content: [] }));
`,
      [ADD_TOOL],
    );
    expect(registrations).toHaveLength(1);
    const [registration] = registrations;
    expect(registration?.framework).toBe("mcp-sdk-v1");
    expect(registration?.api).toBe("wrapper");
    expect(registration?.toolName).toBe("send_invoice");
    expect(registration?.input?.form).toBe("schema-or-shape");
    expect(text(registration?.input?.expression)).toBe("{ to: z.string() }");
    expect(text(registration?.handler)).toBe("async (args) => ({ content: [] })");
    expect(registration?.annotations).toBeUndefined();
    expect(registration?.ambiguous).toBeUndefined();
  });

  it("an options-object helper with a dotted callee matches this.toolkit.add(...) but not set.add(...)", () => {
    const { registrations, text } = find(
      `import { FastMCP } from "fastmcp";
class Server {
  init() {
    this.toolkit.add("ignored", { id: "lookup", input: schema, run: handler });
    set.add(1, { id: "no", input: other, run: handler });
  }
}
`,
      [{ callee: "toolkit.add", options: 1, name: "id", schema: "input", handler: "run", annotations: "hints" }],
    );
    expect(registrations.map((registration) => registration.toolName)).toEqual(["lookup"]);
    const [registration] = registrations;
    expect(registration?.framework).toBe("fastmcp");
    expect(text(registration?.input?.expression)).toBe("schema");
    // The missing `hints` property can be added to the call's own options literal.
    expect(registration?.annotationsContainer?.wrap("{ readOnlyHint: true }")).toBe("hints: { readOnlyHint: true }");
    expect(text(registration?.annotationsContainer?.literal)).toBe('{ id: "lookup", input: schema, run: handler }');
  });

  it("without a declared annotations field the helper's annotations are unknown, so not judged", () => {
    const { registrations } = find(`addTool({ name: "a", input: {} });\n`, [{ callee: "addTool", options: 0, name: "name", schema: "input" }]);
    expect(registrations).toHaveLength(1);
    expect(registrations[0]?.ambiguous).toBe(true);
  });

  it("a function that passes its parameters to a declared helper is a wrapper: its calls are the tools", () => {
    const { registrations, text } = find(
      `import { registerAccountTool } from "@acme/tools";
function billingTool(name: string, shape: object) {
  registerAccountTool(name, shape, async () => ({ content: [] }), { readOnlyHint: true });
}
billingTool("refund", { amount: z.number() });
`,
      [ADD_TOOL],
    );
    expect(registrations.map((registration) => [registration.toolName, text(registration.input?.expression), text(registration.node)])).toEqual([
      ["refund", "{ amount: z.number() }", 'billingTool("refund", { amount: z.number() })'],
    ]);
  });

  it("a call whose arguments are spread, or that passes neither schema nor handler, is not a registration", () => {
    const { registrations } = find(
      `registerAccountTool(...args);
registerAccountTool("only-a-name");
`,
      [ADD_TOOL],
    );
    expect(registrations).toEqual([]);
  });

  it("a declaration with a bad shape is ignored", () => {
    const settings = readSettings({ registrations: [{ callee: "registerAccountTool", schema: "1" , options: -1 }] });
    const { registrations } = find(`registerAccountTool("a", { to: z.string() }, async () => ({ content: [] }));\n`, settings.registrations);
    expect(registrations).toEqual([]);
  });
});

const DECLARED_SETTINGS = {
  "mcp-guard": {
    registrations: [
      { callee: "registerAccountTool", name: 0, schema: 1, handler: 2, annotations: 3 },
      { callee: "toolkit.add", options: 1, name: "id", schema: "input", handler: "run", annotations: "hints" },
    ],
  },
};

/** A file that imports only the in-house helper, as such files usually do: no MCP import at all. */
const HELPER_ONLY = `import { registerAccountTool } from "@acme/mcp-kit";
import { z } from "zod";
`;

ruleTester.run("declared registrations through the rules", pluginRule<string>("require-strict-objects"), {
  valid: [
    // Without the setting, the helper is an unknown function of another package.
    { code: `${HELPER_ONLY}registerAccountTool("send", z.object({ to: z.string().max(5) }), async () => ({ content: [] }));\n` },
    // A call of another function with the same shape is not a registration.
    { code: `${HELPER_ONLY}registerOther("send", z.object({ to: z.string().max(5) }), async () => ({ content: [] }));\n`, settings: DECLARED_SETTINGS },
  ],
  invalid: [
    {
      code: `${HELPER_ONLY}registerAccountTool("send", z.object({ to: z.string().max(5) }), async () => ({ content: [] }));\n`,
      settings: DECLARED_SETTINGS,
      errors: [
        {
          messageId: "zodObject", line: 3, column: 29, endLine: 3, endColumn: 37,
          suggestions: [
            { messageId: "useStrictObject", output: `${HELPER_ONLY}registerAccountTool("send", z.strictObject({ to: z.string().max(5) }), async () => ({ content: [] }));\n` },
            { messageId: "appendStrict", output: `${HELPER_ONLY}registerAccountTool("send", z.object({ to: z.string().max(5) }).strict(), async () => ({ content: [] }));\n` },
          ],
        },
      ],
    },
    {
      // A method tail with an options object: `this.toolkit.add(server, { id, input, run })`.
      code: `${HELPER_ONLY}class Tools { toolkit = { add(..._a: unknown[]) {} }; init(server: unknown) { this.toolkit.add(server, { id: "send", input: z.object({ q: z.string() }), run: async () => ({ content: [] }) }); } }\n`,
      settings: DECLARED_SETTINGS,
      errors: [
        {
          messageId: "zodObject", line: 3, column: 125, endLine: 3, endColumn: 133,
          suggestions: [
            { messageId: "useStrictObject", output: `${HELPER_ONLY}class Tools { toolkit = { add(..._a: unknown[]) {} }; init(server: unknown) { this.toolkit.add(server, { id: "send", input: z.strictObject({ q: z.string() }), run: async () => ({ content: [] }) }); } }\n` },
            { messageId: "appendStrict", output: `${HELPER_ONLY}class Tools { toolkit = { add(..._a: unknown[]) {} }; init(server: unknown) { this.toolkit.add(server, { id: "send", input: z.object({ q: z.string() }).strict(), run: async () => ({ content: [] }) }); } }\n` },
          ],
        },
      ],
    },
  ],
});

ruleTester.run("declared registrations: string bounds", pluginRule<string>("require-string-bounds"), {
  valid: [{ code: `${HELPER_ONLY}registerAccountTool("send", z.strictObject({ to: z.string() }), async () => ({ content: [] }));\n` }],
  invalid: [
    {
      code: `${HELPER_ONLY}registerAccountTool("send", z.strictObject({ to: z.string() }), async () => ({ content: [] }));\n`,
      settings: DECLARED_SETTINGS,
      errors: [
        {
          messageId: "unbounded", line: 3, column: 50, endLine: 3, endColumn: 58,
          suggestions: [{ messageId: "addMax", output: `${HELPER_ONLY}registerAccountTool("send", z.strictObject({ to: z.string().max(1000) }), async () => ({ content: [] }));\n` }],
        },
      ],
    },
  ],
});

// Regression (mongodb-mcp-server): a helper or base class that validates strictly itself had no way to
// say so, and every raw shape it takes was reported as open. `strict: true` declares it; nested objects
// keep their own mode.
const STRICT_SETTINGS = { "mcp-guard": { registrations: [{ callee: "registerAccountTool", name: 0, schema: 1, handler: 2, annotations: 3, strict: true }] } };
const nestedOpen = `${HELPER_ONLY}registerAccountTool("send", { to: z.object({ a: z.string().max(5) }) }, async () => ({ content: [] }));\n`;

ruleTester.run("declared registrations that validate strictly themselves", pluginRule<string>("require-strict-objects"), {
  valid: [
    { name: "a raw shape", code: `${HELPER_ONLY}registerAccountTool("send", { to: z.string().max(5) }, async () => ({ content: [] }));\n`, settings: STRICT_SETTINGS },
    { name: "a stripping z.object at the top", code: `${HELPER_ONLY}registerAccountTool("send", z.object({ to: z.string().max(5) }), async () => ({ content: [] }));\n`, settings: STRICT_SETTINGS },
  ],
  invalid: [
    {
      name: "a nested object keeps its own mode",
      code: nestedOpen,
      settings: STRICT_SETTINGS,
      errors: [{
        messageId: "zodObject", line: 3, column: 35, endLine: 3, endColumn: 43,
        suggestions: [
          { messageId: "useStrictObject", output: nestedOpen.replace("z.object(", "z.strictObject(") },
          { messageId: "appendStrict", output: nestedOpen.replace("max(5) })", "max(5) }).strict()") },
        ],
      }],
    },
  ],
});

describe("reading strict", () => {
  it("keeps a boolean and drops an entry whose strict is anything else", () => {
    const settings = readSettings({ registrations: [{ callee: "a", schema: 1, strict: true }, { callee: "b", schema: 1, strict: "yes" }, { baseClass: "C", schema: "s", strict: false }] });
    expect(settings.registrations).toEqual([{ callee: "a", options: 0, schema: 1, strict: true }, { baseClass: "C", schema: "s", strict: false }]);
  });
});

// A declaration takes precedence over what the analysis infers at the same call or class (declared.ts:
// preferDeclared): before, a helper the analysis also read as a wrapper gave two tools per call, the
// inferred one unread, and a declared base class was ignored for a class a template already derived.
const WRAPPED = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "s", version: "1" });
const EXTRA = { trace: z.string().max(20) };
export function addAccountTool(name: string, config: { description: string; inputSchema: z.ZodRawShape }, cb: () => Promise<{ content: [] }>) {
  const merged = { ...config.inputSchema, ...EXTRA };
  server.registerTool(name, { description: config.description, inputSchema: merged, annotations: { readOnlyHint: true, openWorldHint: false } }, cb);
}
addAccountTool("one", { description: "d", inputSchema: { q: z.string().max(9) } }, async () => ({ content: [] }));
`;
const WRAPPED_UNREAD = WRAPPED.replace('addAccountTool("one", { description: "d", inputSchema: { q: z.string().max(9) } }', 'declare function loadConfig(): { description: string; inputSchema: z.ZodRawShape };\naddAccountTool("one", loadConfig()');
const UNREAD_DATA = { tool: "one", others: "", parts: "input", reason: "the config it passes comes from loadConfig(), a call the analysis does not follow.", remedy: "" };
const ADD_TOOL_DECLARED: DeclaredRegistration = { callee: "addAccountTool", name: 0, options: 1, schema: "inputSchema", handler: 2 };

describe("a declaration takes precedence over what the analysis infers", () => {
  it("a declared helper that the file also has as a wrapper: each call is the declared registration only", () => {
    const inferred = find(WRAPPED, []);
    expect(inferred.registrations.map((registration) => [registration.toolName, inferred.text(registration.input?.expression), registration.declared])).toEqual([["one", "merged", undefined]]);
    const declared = find(WRAPPED, [ADD_TOOL_DECLARED]);
    expect(declared.registrations.map((registration) => [registration.toolName, declared.text(registration.input?.expression), registration.declared])).toEqual([["one", "{ q: z.string().max(9) }", true]]);
  });

  it("a declared base class gives its subclasses their declared members where a template of the file derives them too", () => {
    const code = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "s", version: "1" });
export abstract class ToolBase {
  abstract name: string;
  schema = z.strictObject({});
  parameters: z.ZodRawShape = {};
  register() { server.registerTool(this.name, { inputSchema: this.schema }, async () => ({ content: [] })); }
}
class Search extends ToolBase { name = "search"; parameters = { q: z.string() }; }
`;
    const inferred = find(code, []).registrations.filter((registration) => registration.toolName === "search");
    expect(inferred.map((registration) => registration.input?.expression.getText())).toEqual(["z.strictObject({})"]);
    const declared = find(code, [{ baseClass: "ToolBase", name: "name", schema: "parameters" }]).registrations.filter((registration) => registration.toolName === "search");
    expect(declared.map((registration) => [registration.input?.expression.getText(), registration.declared])).toEqual([["{ q: z.string() }", true]]);
  });
});

ruleTester.run("a declared helper: no-unanalyzed-tool has nothing left to report", pluginRule<string>("no-unanalyzed-tool"), {
  valid: [
    { name: "declared: the call is read where it is written, and the helper's own registration is its template", code: WRAPPED, settings: { "mcp-guard": { registrations: [ADD_TOOL_DECLARED] } } },
    // Issue 28: the helper's spread of `config.inputSchema` is read with the call's arguments.
    { name: "not declared: the helper is read with its call's arguments, so nothing is unread", code: WRAPPED },
  ],
  invalid: [
    {
      name: "not declared, and the call passes a config the analysis cannot read: reported at that call, as what it passes",
      code: WRAPPED_UNREAD,
      errors: [{ messageId: "unreadParts", line: 10, column: 1, endLine: 10, endColumn: 15, data: UNREAD_DATA }],
    },
  ],
});

ruleTester.run("a declared helper: its calls are judged as declared", pluginRule<string>("require-strict-objects"), {
  valid: [],
  invalid: [{
    name: "the declared schema position, a raw shape at the call",
    code: WRAPPED,
    settings: { "mcp-guard": { registrations: [ADD_TOOL_DECLARED] } },
    // Only where the declaration says: the fields the helper adds itself are its own business, as for a helper of a package.
    errors: [{
      messageId: "rawShape", line: 9, column: 56, endLine: 9, endColumn: 80,
      suggestions: [{ messageId: "wrapStrictObject", output: WRAPPED.replace("inputSchema: { q: z.string().max(9) } }", "inputSchema: z.strictObject({ q: z.string().max(9) }) }") }],
    }],
  }],
});
