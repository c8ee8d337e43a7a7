import type * as ts from "typescript";
import { unwrapExpression, walk, type TS } from "./ts-utils.js";

/**
 * Which `let` and `var` variables are assigned again after their declaration. Such a variable may hold
 * something other than its initializer where it is read (`schema = schema.strict()`), so the Resolver
 * does not read it as a constant. Each scope is walked once, for all the variables declared in it.
 */
export class Reassignments {
  private readonly byScope = new Map<ts.Node, Set<ts.Node>>();

  constructor(
    private readonly t: TS,
    private readonly declarationOf: (identifier: ts.Identifier) => ts.Node | undefined,
  ) {}

  has(declaration: ts.VariableDeclaration): boolean {
    const t = this.t;
    const flags = t.getCombinedNodeFlags(declaration);
    if ((flags & t.NodeFlags.Const) !== 0 || (flags & t.NodeFlags.Using) !== 0) return false;
    // A `let` is written only within its block; a `var` anywhere in its function.
    const scope = (flags & t.NodeFlags.Let) !== 0 ? declaration.parent.parent?.parent : enclosingFunction(t, declaration);
    if (!scope) return false;
    let written = this.byScope.get(scope);
    if (!written) {
      written = this.assignedIn(scope);
      this.byScope.set(scope, written);
    }
    return written.has(declaration);
  }

  private assignedIn(scope: ts.Node): Set<ts.Node> {
    const t = this.t;
    const written = new Set<ts.Node>();
    walk(scope, (node) => {
      if (!t.isBinaryExpression(node)) return;
      const operator = node.operatorToken.kind;
      if (operator < t.SyntaxKind.FirstAssignment || operator > t.SyntaxKind.LastAssignment) return;
      const target = unwrapExpression(t, node.left);
      const declaration = t.isIdentifier(target) ? this.declarationOf(target) : undefined;
      if (declaration) written.add(declaration);
    });
    return written;
  }
}

function enclosingFunction(t: TS, node: ts.Node): ts.Node | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (t.isFunctionLike(current) || t.isSourceFile(current)) return current;
  }
  return undefined;
}
