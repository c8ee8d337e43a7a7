/**
 * Typed facts of an entry file reach most files of a server, and each linted file runs every rule over them.
 * runRuleInFile runs a rule once per facts and options and hands each file the findings written in it
 * (mcp-server-circleci: the rules' own time 426 -> 181 ms).
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

function countingRule() {
  const check = vi.fn((_facts: FileFacts, options: { prefix: string }, report: (finding: { messageId: "found"; data: Record<string, string>; node: ts.Node }) => void) => {
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
  it("runs the rule once per facts and gives each file only its own findings", () => {
    const { rule, check } = countingRule();
    const facts = typedFacts();
    const inEntry = runRuleInFile(rule, [facts], { prefix: "x" }, entry);
    const inSchemas = runRuleInFile(rule, [facts], { prefix: "x" }, schemas);
    expect(check).toHaveBeenCalledTimes(1);
    expect(inEntry.map((finding) => finding.node.getSourceFile().fileName)).toEqual(["/c/entry.ts"]);
    expect(inSchemas.map((finding) => finding.range)).toEqual(declarations(schemas).map((node) => ({ start: node.getStart(), end: node.getEnd() })));
  });

  it("runs it again for other options, and for other facts", () => {
    const { rule, check } = countingRule();
    const facts = typedFacts();
    runRuleInFile(rule, [facts], { prefix: "x" }, entry);
    const other = runRuleInFile(rule, [facts], { prefix: "y" }, entry);
    runRuleInFile(rule, [typedFacts()], { prefix: "x" }, entry);
    expect(check).toHaveBeenCalledTimes(3);
    expect(other.map((finding) => finding.data.prefix)).toEqual(["y"]);
  });
});
