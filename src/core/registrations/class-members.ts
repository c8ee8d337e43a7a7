import type * as ts from "typescript";
import { returnedExpressions } from "../resolve.js";
import { propertyNameText, unwrapExpression } from "../ts-utils.js";
import type { FinderContext } from "./context.js";

// Class hierarchies and members, for class-based tools: which classes a class extends (within the file,
// or across files with the checker), and where a member's value is written.

/** How many `extends` links are followed; a cycle ends here too. */
export const MAX_CHAIN = 10;

export interface MemberValue {
  value?: ts.Expression;
  method?: ts.MethodDeclaration;
  nameNode: ts.Node;
}

/** The classes `cls` extends, nearest first, as far as they resolve (within the file, or across files with the checker). */
export function ancestorsOf(context: FinderContext, cls: ts.ClassLikeDeclaration): ts.ClassLikeDeclaration[] {
  const ancestors: ts.ClassLikeDeclaration[] = [];
  let current = baseClassOf(context, cls);
  for (let depth = 0; current && depth < MAX_CHAIN && !ancestors.includes(current); depth++) {
    ancestors.push(current);
    current = baseClassOf(context, current);
  }
  return ancestors;
}

/** `ToolBase`, `kit.ToolBase`, and for an import the name it is exported by (`import { ToolBase as Base }`). */
export function heritageNames(context: FinderContext, heritage: ts.Expression): string[] {
  const { t, resolver } = context;
  const expr = unwrapExpression(t, heritage);
  if (t.isPropertyAccessExpression(expr)) return [expr.name.text];
  if (!t.isIdentifier(expr)) return [];
  const binding = resolver.resolve(expr);
  return binding.kind === "import" ? [expr.text, binding.importedName] : [expr.text];
}

/** The class whose `this` this is: through arrow functions, not through function expressions. */
export function enclosingClassOfThis(context: FinderContext, node: ts.Node): ts.ClassLikeDeclaration | undefined {
  const { t } = context;
  for (let current = node.parent; current; current = current.parent) {
    if (t.isFunctionExpression(current) || t.isFunctionDeclaration(current)) return undefined;
    if (t.isClassLike(current)) return current;
  }
  return undefined;
}

/** A class of this file, or with the checker of another source file of the program (Resolver.classOf). */
export function classOf(context: FinderContext, expression: ts.Expression): ts.ClassLikeDeclaration | undefined {
  return context.resolver.classOf(expression);
}

export function extendsExpression(context: FinderContext, cls: ts.ClassLikeDeclaration): ts.Expression | undefined {
  const { t } = context;
  return cls.heritageClauses?.find((clause) => clause.token === t.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
}

export function baseClassOf(context: FinderContext, cls: ts.ClassLikeDeclaration): ts.ClassLikeDeclaration | undefined {
  const heritage = extendsExpression(context, cls);
  return heritage ? classOf(context, heritage) : undefined;
}

export function extendsClass(context: FinderContext, cls: ts.ClassLikeDeclaration, base: ts.ClassLikeDeclaration): boolean {
  let current = baseClassOf(context, cls);
  for (let depth = 0; current && depth < MAX_CHAIN; depth++) {
    if (current === base) return true;
    current = baseClassOf(context, current);
  }
  return false;
}

export function isAbstract(context: FinderContext, cls: ts.ClassLikeDeclaration): boolean {
  return cls.modifiers?.some((modifier) => modifier.kind === context.t.SyntaxKind.AbstractKeyword) ?? false;
}

function isStaticMember(context: FinderContext, member: ts.ClassElement): boolean {
  return (context.t.canHaveModifiers(member) && context.t.getModifiers(member)?.some((modifier) => modifier.kind === context.t.SyntaxKind.StaticKeyword)) ?? false;
}

/** A member's value where the class (or the nearest base in this file) defines it: field, getter, method, or `this.x = …` in the constructor. */
export function memberValue(context: FinderContext, cls: ts.ClassLikeDeclaration, name: string, isStatic: boolean): MemberValue | undefined {
  const { t } = context;
  let current: ts.ClassLikeDeclaration | undefined = cls;
  for (let depth = 0; current && depth < MAX_CHAIN; depth++, current = baseClassOf(context, current)) {
    for (const member of current.members) {
      if (!member.name || propertyNameText(t, member.name) !== name || isStaticMember(context, member) !== isStatic) continue;
      if (t.isPropertyDeclaration(member) && member.initializer) return { value: member.initializer, nameNode: member.name };
      if (t.isMethodDeclaration(member) && member.body) return { method: member, nameNode: member.name };
      if (t.isGetAccessorDeclaration(member) && member.body) {
        const returned = returnedExpressions(t, member as unknown as ts.FunctionDeclaration);
        return { value: returned.length === 1 ? returned[0] : undefined, nameNode: member.name };
      }
    }
    if (!isStatic) {
      const assigned = constructorAssignment(context, current, name);
      if (assigned) return assigned;
    }
  }
  return undefined;
}

function constructorAssignment(context: FinderContext, cls: ts.ClassLikeDeclaration, name: string): MemberValue | undefined {
  const { t } = context;
  const constructor = cls.members.find((member): member is ts.ConstructorDeclaration => t.isConstructorDeclaration(member) && member.body !== undefined);
  for (const statement of constructor?.body?.statements ?? []) {
    if (!t.isExpressionStatement(statement) || !t.isBinaryExpression(statement.expression) || statement.expression.operatorToken.kind !== t.SyntaxKind.EqualsToken) continue;
    const target = statement.expression.left;
    if (t.isPropertyAccessExpression(target) && target.expression.kind === t.SyntaxKind.ThisKeyword && target.name.text === name) {
      return { value: statement.expression.right, nameNode: target.name };
    }
  }
  return undefined;
}
