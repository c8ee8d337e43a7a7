import type * as ts from "typescript";
import { propertyNameText, unwrapExpression } from "../ts-utils.js";
import type { FinderContext } from "./context.js";
import { functionOf } from "../evaluate/syntax.js";

// How a call reaches a wrapper: the name a function is called by, and the function a call runs.

/** The name a function is called by: a declaration's, a const's holding it, or a method's; else undefined. */
export function callableName(context: FinderContext, fn: ts.Node): string | undefined {
  const { t } = context;
  if ((t.isFunctionDeclaration(fn) || t.isMethodDeclaration(fn)) && fn.body && fn.name) return propertyNameText(t, fn.name);
  if (!t.isArrowFunction(fn) && !t.isFunctionExpression(fn)) return undefined;
  const holder = fn.parent;
  if (t.isVariableDeclaration(holder) && t.isIdentifier(holder.name)) return holder.name.text;
  if ((t.isPropertyAssignment(holder) || t.isPropertyDeclaration(holder)) && holder.initializer === fn) return propertyNameText(t, holder.name);
  return undefined;
}

/**
 * A function a factory returns (`createRegisterTool(server)` returning `(tool) => server.tool(…)`): it has
 * no name of its own, and its calls are found through what their callee evaluates to.
 */
export function isReturnedFunction(context: FinderContext, fn: ts.Node): boolean {
  const { t } = context;
  if (!t.isArrowFunction(fn) && !t.isFunctionExpression(fn)) return false;
  const holder = fn.parent;
  return t.isReturnStatement(holder) || (t.isArrowFunction(holder) && holder.body === fn);
}

/** Typed or not: the function the evaluator finds a call's callee to be, when it is exactly one. */
export function evaluatedCallee(context: FinderContext, call: ts.CallExpression): ts.Node | undefined {
  const { t } = context;
  const callee = unwrapExpression(t, call.expression);
  if (!t.isIdentifier(callee) && !t.isPropertyAccessExpression(callee)) return undefined;
  const values = context.evaluator.values(callee);
  const [only] = values;
  return values.length === 1 && only?.kind === "syntax" && (t.isArrowFunction(only.node) || t.isFunctionExpression(only.node)) ? only.node : undefined;
}

/** The function a call runs: through the resolver for names, `this.method`, or a method of a const or `new` instance of this file. */
export function calledFunction(context: FinderContext, call: ts.CallExpression): ts.Node | undefined {
  const { t, resolver } = context;
  const callee = unwrapExpression(t, call.expression);
  if (t.isIdentifier(callee)) return resolver.functionOf(callee);
  if (!t.isPropertyAccessExpression(callee)) return undefined;
  // `wrappers.accountTool(…)` through a namespace import (typed analysis).
  const imported = resolver.functionOf(callee);
  if (imported) return imported;
  const member = callee.name.text;
  const receiver = unwrapExpression(t, callee.expression);
  if (receiver.kind === t.SyntaxKind.ThisKeyword) {
    let scope: ts.Node | undefined = callee.parent;
    while (scope && !t.isClassLike(scope)) scope = scope.parent;
    return scope ? methodOf(context, scope.members, member) : undefined;
  }
  const value = resolver.followConsts(receiver);
  if (t.isObjectLiteralExpression(value)) return methodOf(context, value.properties, member);
  if (t.isNewExpression(value) && t.isIdentifier(value.expression)) {
    const declaration = resolver.declarationOf(value.expression);
    return declaration && t.isClassLike(declaration) ? methodOf(context, declaration.members, member) : undefined;
  }
  return parameterMember(context, callee);
}

/**
 * `ctx.scopedTool(…)` on a parameter: the method of what the callers pass (an object literal implementing the
 * parameter's interface, in another file), when the evaluator finds exactly one function of the program.
 */
export function parameterMember(context: FinderContext, callee: ts.PropertyAccessExpression): ts.Node | undefined {
  const { t, resolver } = context;
  const receiver = unwrapExpression(t, callee.expression);
  const declaration = t.isIdentifier(receiver) ? resolver.declarationOf(receiver) : undefined;
  if (!declaration || !t.isParameter(declaration)) return undefined;
  const functions = new Set<ts.Node>();
  for (const value of context.evaluator.values(callee)) {
    if (value.kind !== "syntax") return undefined;
    const fn = functionOf(t, value.node);
    if (!fn) return undefined;
    functions.add(fn);
  }
  const [only] = functions;
  return functions.size === 1 ? only : undefined;
}

/**
 * The name a wrapper is exported under when this call uses another one: `import { accountTool as add }`
 * or a default import. Calls are matched to wrappers by name first, so a renamed import needs this.
 */
export function importedName(context: FinderContext, call: ts.CallExpression): string | undefined {
  const { t, resolver } = context;
  const callee = unwrapExpression(t, call.expression);
  if (!t.isIdentifier(callee)) return undefined;
  const declaration = resolver.declarationOf(callee);
  if (!declaration) return undefined;
  if (t.isImportSpecifier(declaration)) return declaration.propertyName && t.isIdentifier(declaration.propertyName) ? declaration.propertyName.text : undefined;
  if (!t.isImportClause(declaration)) return undefined;
  const fn = resolver.functionOf(callee);
  return fn ? callableName(context, fn) : undefined;
}

function methodOf(context: FinderContext, members: ts.NodeArray<ts.ClassElement | ts.ObjectLiteralElementLike>, name: string): ts.Node | undefined {
  const { t } = context;
  for (const member of members) {
    if (!member.name || propertyNameText(t, member.name) !== name) continue;
    if (t.isMethodDeclaration(member)) return member;
    if ((t.isPropertyAssignment(member) || t.isPropertyDeclaration(member)) && member.initializer) return context.resolver.functionOf(member.initializer);
  }
  return undefined;
}
