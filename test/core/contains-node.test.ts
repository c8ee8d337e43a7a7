// containsNode: typed analysis reads nodes of several files, whose offsets can coincide (a regression:
// chrome-devtools-mcp's tool name in memory.ts was taken for a node inside index.ts's registration call).
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { containsNode } from "../../src/core/ts-utils.js";

const parse = (name: string, text: string): ts.SourceFile => ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true);
const firstCall = (file: ts.SourceFile): ts.CallExpression => {
  let found: ts.CallExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (!found && ts.isCallExpression(node)) found = node;
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!found) throw new Error("no call");
  return found;
};

describe("containsNode", () => {
  it("holds for a node within another of the same file, and for a node itself", () => {
    const file = parse("a.ts", 'server.registerTool("a", {}, () => 1);\n');
    const call = firstCall(file);
    expect(containsNode(call, call.arguments[0])).toBe(true);
    expect(containsNode(call, call)).toBe(true);
    expect(containsNode(call.arguments[0], call)).toBe(false);
  });

  it("does not hold for a node of another file at the same offsets", () => {
    const a = parse("a.ts", 'server.registerTool("a", {}, () => 1);\n');
    const b = parse("b.ts", 'server.registerTool("b", {}, () => 1);\n');
    const inB = firstCall(b).arguments[0];
    expect(inB.pos >= firstCall(a).pos && inB.end <= firstCall(a).end).toBe(true);
    expect(containsNode(firstCall(a), inB)).toBe(false);
  });
});
