/**
 * findRegistrations indexes the file's calls, object literals, returns and concise arrows in one walk, which
 * skips tokens and type nodes. The readers are handed that index as "all of the file's calls": nothing that
 * can hold one may be skipped. Decorators, heritage clauses and the expressions of `as`/`satisfies` sit next
 * to types and must stay in it.
 */
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { Resolver } from "../../src/core/resolve.js";
import { findRegistrations } from "../../src/core/registrations/find.js";

const code = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
type Shape = { a: string; f(): void };
interface Config extends Base<string> { run(x: number): Shape }
declare function decorate(o: object): (target: unknown) => void;
@decorate({ tag: decorator() })
class Kit extends mixin(McpServer) {
  method(): Shape { return helper() as Shape; }
}
const config = { name: build() } satisfies Record<string, unknown>;
const arrow = (x: Array<number>) => make<Shape>(x);
export const server = new Kit(options());
`;

describe("the node index of findRegistrations", () => {
  it("holds every call, object literal, return and concise arrow outside types", () => {
    const sourceFile = ts.createSourceFile("server.ts", code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const { nodes } = findRegistrations(ts, sourceFile, new Resolver(ts, sourceFile, undefined), undefined, () => true);
    const text = (list: readonly ts.Node[]) => list.map((node) => node.getText(sourceFile));
    expect(text(nodes.calls)).toEqual(["decorate({ tag: decorator() })", "decorator()", "mixin(McpServer)", "helper()", "build()", "make<Shape>(x)", "options()"]);
    expect(text(nodes.objectLiterals)).toEqual(["{ tag: decorator() }", "{ name: build() }"]);
    expect(text(nodes.returns)).toEqual(["return helper() as Shape;"]);
    expect(text(nodes.conciseArrows)).toEqual(["(x: Array<number>) => make<Shape>(x)"]);
    expect(text(nodes.newExpressions)).toEqual(["new Kit(options())"]);
  });
});
