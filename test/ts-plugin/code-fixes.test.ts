/**
 * Quick fixes: each fix and suggestion of a finding is offered where the finding is, applies cleanly,
 * and the finding is gone afterwards. TypeScript's own fixes are unaffected.
 */
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { defineRule } from "../../src/core/rule.js";
import { ruleDefinitions } from "../../src/rules.js";
import { codeForRule } from "../../src/ts-plugin/codes.js";
import { applyCodeFix, compilerOptionsFor, createProject, guardDiagnostics, only, virtualPath, type Project } from "./harness.js";

const HEADER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "fixture", version: "1.0.0" });
`;
const FILE = virtualPath("fixes.ts");
const STRING_BOUNDS = codeForRule("require-string-bounds");
const STRICT_OBJECTS = codeForRule("require-strict-objects");
const ARRAY_BOUNDS = codeForRule("require-array-bounds");
const config = only("require-string-bounds", "require-array-bounds", "require-strict-objects");

function fixesFor(project: Project, code: number, snippet: string, cursorOnly = false) {
  const text = project.text(FILE);
  const diagnostic = guardDiagnostics(project, FILE).find((d) => d.code === code && text.slice(d.start, d.start! + d.length!) === snippet);
  if (!diagnostic) throw new Error(`no ${code} diagnostic on ${snippet}`);
  const start = diagnostic.start! + (cursorOnly ? 1 : 0);
  const end = cursorOnly ? start : diagnostic.start! + diagnostic.length!;
  return project.service.getCodeFixesAtPosition(FILE, start, end, [code], {}, {});
}

/** Applies the fix, updates the file as an editor would, and returns the new text. */
function apply(project: Project, fix: ts.CodeFixAction): string {
  const next = applyCodeFix(project.text(FILE), fix);
  project.update(FILE, next);
  return next;
}

describe("quick fixes", () => {
  it("add a bound, and the finding is gone", () => {
    const project = createProject(ts, { files: { [FILE]: `${HEADER}server.registerTool("a", { inputSchema: z.strictObject({ s: z.string(), l: z.array(z.enum(["x"])) }) }, async () => ({ content: [] }));\n` }, config });
    const [bound, disable] = fixesFor(project, STRING_BOUNDS, "z.string");
    expect(bound).toMatchObject({ fixName: "mcp-guard/require-string-bounds", description: "Limit the length to 1000 characters." });
    expect(disable).toMatchObject({ fixName: "mcp-guard/disable", description: "Disable mcp-guard/require-string-bounds for this line" });
    expect(apply(project, bound)).toContain("z.strictObject({ s: z.string().max(1000), l:");
    expect(guardDiagnostics(project, FILE).map((d) => d.code)).toEqual([ARRAY_BOUNDS]);
    const [items] = fixesFor(project, ARRAY_BOUNDS, "z.array", true);
    expect(apply(project, items)).toContain(`l: z.array(z.enum(["x"])).max(100) })`);
    expect(guardDiagnostics(project, FILE)).toEqual([]);
  });

  it("offer every suggestion of a finding, in the rule's order", () => {
    const project = createProject(ts, { files: { [FILE]: `${HEADER}server.registerTool("a", { inputSchema: z.object({ s: z.enum(["x"]) }) }, async () => ({ content: [] }));\n` }, config });
    const fixes = fixesFor(project, STRICT_OBJECTS, "z.object");
    expect(fixes.map((fix) => fix.description)).toEqual([
      "Use z.strictObject() to reject unknown keys.",
      "Append .strict() to reject unknown keys.",
      "Disable mcp-guard/require-strict-objects for this line",
    ]);
    expect(applyCodeFix(project.text(FILE), fixes[1])).toContain(`inputSchema: z.object({ s: z.enum(["x"]) }).strict() }`);
    expect(apply(project, fixes[0])).toContain(`inputSchema: z.strictObject({ s: z.enum(["x"]) }) }`);
    expect(guardDiagnostics(project, FILE)).toEqual([]);
  });

  it("apply multi-edit suggestions (wrapping a raw shape)", () => {
    const project = createProject(ts, { files: { [FILE]: `${HEADER}server.registerTool("a", { inputSchema: { q: z.enum(["x"]) } }, async () => ({ content: [] }));\n` }, config });
    const [wrap] = fixesFor(project, STRICT_OBJECTS, `{ q: z.enum(["x"]) }`);
    expect(wrap.changes[0].textChanges).toHaveLength(2);
    expect(apply(project, wrap)).toContain(`{ inputSchema: z.strictObject({ q: z.enum(["x"]) }) }`);
    expect(guardDiagnostics(project, FILE)).toEqual([]);
  });

  it("write an eslint-disable-next-line comment at the line's indentation", () => {
    const project = createProject(ts, { files: { [FILE]: `${HEADER}server.registerTool("a", {\n\tinputSchema: z.strictObject({\n\t\ts: z.string(),\n\t}),\n}, async () => ({ content: [] }));\n` }, config });
    const disable = fixesFor(project, STRING_BOUNDS, "z.string").find((fix) => fix.fixName === "mcp-guard/disable")!;
    expect(apply(project, disable)).toContain("\t\t// eslint-disable-next-line mcp-guard/require-string-bounds\n\t\ts: z.string(),");
    expect(guardDiagnostics(project, FILE)).toEqual([]);
  });

  it("turn a rule's automatic fix into a code fix", () => {
    const fixing = defineRule<Record<string, never>, "named">({
      name: "require-string-bounds",
      meta: { description: "test", config: "recommended", security: { cwe: [], severity: 1 }, hasSuggestions: false, messages: { named: "Tool {{tool}}." }, optionsSchema: { type: "object" }, defaultOptions: {} },
      check(facts, _options, report) {
        for (const registration of facts.registrations) {
          const end = registration.node.getEnd();
          report({ messageId: "named", data: { tool: registration.toolName ?? "?" }, node: registration.node, fix: [{ start: end, end, text: " /* fixed */" }] });
        }
      },
    });
    const code = `${HEADER}server.registerTool("a", { inputSchema: z.strictObject({}) }, async () => ({ content: [] }));\n`;
    const project = createProject(ts, { files: { [FILE]: code }, factory: { definitions: [fixing] } });
    const [diagnostic] = guardDiagnostics(project, FILE);
    expect(diagnostic.messageText).toBe("mcp-guard/require-string-bounds: Tool a.");
    const [fix] = project.service.getCodeFixesAtPosition(FILE, diagnostic.start!, diagnostic.start!, [STRING_BOUNDS], {}, {});
    expect(fix.description).toBe("Fix this mcp-guard/require-string-bounds problem");
    expect(applyCodeFix(code, fix)).toContain("async () => ({ content: [] })) /* fixed */;");
  });

  it("leave TypeScript's own fixes alone, also in a mixed request", () => {
    const code = `${HEADER}const unused = 1;\nserver.registerTool("a", { inputSchema: z.strictObject({ s: z.string() }) }, async () => ({ content: [] }));\n`;
    const project = createProject(ts, { files: { [FILE]: code }, config, compilerOptions: { ...compilerOptionsFor(ts), noUnusedLocals: true } });
    const start = code.indexOf("unused");
    const own = project.base.getCodeFixesAtPosition(FILE, start, start + 6, [6133], {}, {});
    expect(own.length).toBeGreaterThan(0);
    const mixed = project.service.getCodeFixesAtPosition(FILE, start, start + 6, [6133, STRING_BOUNDS], {}, {});
    expect(mixed.map((fix) => fix.description)).toEqual(own.map((fix) => fix.description));
  });

  it("are announced: the codes are supported, with and without a file", () => {
    const project = createProject(ts, { files: { [FILE]: HEADER }, config });
    const codes = ruleDefinitions.map((definition) => String(codeForRule(definition.name)));
    expect(project.service.getSupportedCodeFixes()).toEqual(expect.arrayContaining(codes));
    expect(project.service.getSupportedCodeFixes(FILE)).toEqual(expect.arrayContaining(codes));
    // What tsserver answers to `getSupportedCodeFixes` without arguments, as VS Code asks.
    expect(ts.getSupportedCodeFixes()).toEqual(expect.arrayContaining(codes));
  });
});
