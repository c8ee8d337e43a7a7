/**
 * Types as written (src/core/registrations/written-types.ts): the finder reads a tool parameter's own
 * declared type before asking the checker, whose first look at a generic tool type resolves zod's shapes.
 * Every "does not tell" answer sends the question on to the checker, so these must never guess.
 */
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { writtenMember, writtenMemberIsString } from "../../src/core/registrations/written-types.js";

const source = `
type Conditional<A> = A extends string ? { name: string; description: string; tool: (c: C) => void } : { name: string; description?: string | undefined; tool: (c: C) => void };
type OneBranchLacks<A> = A extends string ? { description: string } : { other: number };
type Generic<T> = { description: T };
type Literal = { description: "fixed" | null };
interface Own { description: string; run(): void }
interface Extended extends Base { description: string }
type Numbered = { description: number };
declare const conditional: Conditional<number>;
declare const oneBranchLacks: OneBranchLacks<number>;
declare const generic: Generic<string>;
declare const literal: Literal;
declare const own: Own;
declare const extended: Extended;
declare const numbered: Numbered;
declare const imported: Imported;
`;
const file = ts.createSourceFile("/w/types.ts", source, ts.ScriptTarget.ES2022, true);

function typeOf(name: string): ts.TypeNode {
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const declaration = statement.declarationList.declarations[0];
    if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.type) return declaration.type;
  }
  throw new Error(`no ${name}`);
}

describe("writtenMemberIsString", () => {
  it.each(["conditional", "literal", "own"])("reads %s's description as a string", (name) => {
    expect(writtenMemberIsString(ts, file, typeOf(name), "description")).toBe(true);
  });

  it.each(["oneBranchLacks", "generic", "extended", "numbered", "imported"])("does not tell for %s (the checker is asked)", (name) => {
    expect(writtenMemberIsString(ts, file, typeOf(name), "description")).toBe(false);
  });
});

describe("writtenMember", () => {
  it("finds a member of a conditional type's first branch, as the checker names it first", () => {
    const member = writtenMember(ts, file, typeOf("conditional"), "tool");
    expect(member && ts.isPropertySignature(member) ? member.getStart() : undefined).toBe(source.indexOf("tool: (c: C) => void"));
  });

  it("finds an interface's own method", () => {
    expect(writtenMember(ts, file, typeOf("own"), "run")?.kind).toBe(ts.SyntaxKind.MethodSignature);
  });

  it("does not tell for an interface that extends another, or a type of another file", () => {
    expect(writtenMember(ts, file, typeOf("extended"), "description")).toBeUndefined();
    expect(writtenMember(ts, file, typeOf("imported"), "description")).toBeUndefined();
  });
});
