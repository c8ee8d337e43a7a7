import type * as ts from "typescript";
import type typescriptModule from "typescript";

/** The `typescript` module in use. Injected so that tsserver can hand over its own copy. */
export type TS = typeof typescriptModule;

/** Strips syntax that does not change a value: parentheses, casts, `satisfies`, `!`. */
export function unwrapExpression(t: TS, expr: ts.Expression): ts.Expression {
  const kinds = transparentKinds(t);
  let current = expr;
  // Every kind in the set has an `expression` it wraps.
  while (kinds.has(current.kind)) current = (current as ts.ParenthesizedExpression).expression;
  return current;
}

let transparentFor: TS | undefined;
let transparentSet: ReadonlySet<ts.SyntaxKind> = new Set();

/** The wrapper kinds of the `typescript` in use (SyntaxKind numbers differ between versions); asked on every unwrap. */
function transparentKinds(t: TS): ReadonlySet<ts.SyntaxKind> {
  if (transparentFor !== t) {
    const k = t.SyntaxKind;
    transparentSet = new Set([k.ParenthesizedExpression, k.AsExpression, k.SatisfiesExpression, k.NonNullExpression, k.TypeAssertionExpression]);
    transparentFor = t;
  }
  return transparentSet;
}

/** The static name of a property, or undefined when it is computed from a value. */
export function propertyNameText(t: TS, name: ts.PropertyName | ts.MemberName): string | undefined {
  if (t.isIdentifier(name) || t.isPrivateIdentifier(name)) return name.text;
  if (t.isStringLiteralLike(name) || t.isNumericLiteral(name)) return name.text;
  if (t.isComputedPropertyName(name)) {
    const inner = unwrapExpression(t, name.expression);
    if (t.isStringLiteralLike(inner) || t.isNumericLiteral(inner)) return inner.text;
  }
  return undefined;
}

/** Static text of a string literal or a template without substitutions. */
export function stringValue(t: TS, expr: ts.Expression): string | undefined {
  const inner = unwrapExpression(t, expr);
  if (t.isStringLiteralLike(inner)) return inner.text;
  return undefined;
}

export function numberValue(t: TS, expr: ts.Expression | undefined): number | undefined {
  if (!expr) return undefined;
  const inner = unwrapExpression(t, expr);
  if (t.isNumericLiteral(inner)) return Number(inner.text.replace(/_/g, ""));
  if (t.isPrefixUnaryExpression(inner) && inner.operator === t.SyntaxKind.MinusToken && t.isNumericLiteral(inner.operand)) {
    return -Number(inner.operand.text.replace(/_/g, ""));
  }
  return undefined;
}

/** Finds a property assignment (or shorthand) of an object literal by name. */
export function findProperty(
  t: TS,
  literal: ts.ObjectLiteralExpression,
  name: string,
): ts.PropertyAssignment | ts.ShorthandPropertyAssignment | ts.MethodDeclaration | undefined {
  for (const property of literal.properties) {
    if (
      (t.isPropertyAssignment(property) || t.isShorthandPropertyAssignment(property) || t.isMethodDeclaration(property)) &&
      propertyNameText(t, property.name) === name
    ) {
      return property;
    }
  }
  return undefined;
}

/** The value expression of a property, treating `{ name }` as `{ name: name }`. */
export function propertyValue(
  t: TS,
  property: ts.PropertyAssignment | ts.ShorthandPropertyAssignment | ts.MethodDeclaration,
): ts.Expression | undefined {
  if (t.isPropertyAssignment(property)) return property.initializer;
  if (t.isShorthandPropertyAssignment(property)) return property.name;
  return undefined;
}

export function isFunctionExpressionLike(t: TS, node: ts.Node): node is ts.ArrowFunction | ts.FunctionExpression {
  return t.isArrowFunction(node) || t.isFunctionExpression(node);
}

/** The callee's final name: `a.b.registerTool(...)` gives `registerTool`, `tool(...)` gives `tool`. */
export function calleeName(t: TS, call: ts.CallExpression): string | undefined {
  const callee = unwrapExpression(t, call.expression);
  if (t.isPropertyAccessExpression(callee)) return callee.name.text;
  if (t.isIdentifier(callee)) return callee.text;
  if (t.isElementAccessExpression(callee)) return stringValue(t, callee.argumentExpression);
  return undefined;
}

/** Whether `inner` lies within `outer`'s text (a node contains itself). */
export function containsNode(outer: ts.Node, inner: ts.Node): boolean {
  // Typed analysis reads nodes of several files, whose offsets can coincide: the files are compared last, as it costs a walk up.
  return inner.pos >= outer.pos && inner.end <= outer.end && (inner === outer || inner.getSourceFile() === outer.getSourceFile());
}

/** Deeper than this, `walk` switches from recursion to an explicit stack. */
const RECURSION_LIMIT = 400;

/**
 * Visits `root` and its descendants in source order. `visit` returns false to skip a node's children.
 * Ordinary trees are walked recursively, which is fastest; below RECURSION_LIMIT levels the walk goes
 * on with an explicit stack, so a 2,000-link method chain cannot overflow the call stack.
 */
export function walk(root: ts.Node, visit: (node: ts.Node) => boolean | void): void {
  // One callback for the whole walk (not one closure per node): this runs over every node of every file.
  let depth = 0;
  const recurse = (node: ts.Node): undefined => {
    if (visit(node) === false) return undefined;
    if (depth >= RECURSION_LIMIT) {
      node.forEachChild((child) => walkIteratively(child, visit));
      return undefined;
    }
    depth++;
    node.forEachChild(recurse);
    depth--;
    return undefined;
  };
  recurse(root);
}

function walkIteratively(root: ts.Node, visit: (node: ts.Node) => boolean | void): void {
  const stack: ts.Node[] = [root];
  const children: ts.Node[] = [];
  while (stack.length > 0) {
    const node = stack.pop() as ts.Node;
    if (visit(node) === false) continue;
    children.length = 0;
    node.forEachChild((child) => {
      children.push(child);
    });
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
  }
}

/** The class whose `this` a node sees: through arrow functions, not through function expressions or declarations. */
export function enclosingClassOfThis(t: TS, node: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (t.isFunctionExpression(current) || t.isFunctionDeclaration(current)) return undefined;
    if (t.isClassLike(current)) return current;
  }
  return undefined;
}
