import type * as ts from "typescript";
import { unwrapExpression, walk, type TS } from "./ts-utils.js";
import { getOrCreate } from "./memo.js";

/**
 * A value written to a variable after its declaration: `x = v` (assign), `x += v` (append, which makes
 * text of v), another compound assignment (`x ??= v`, `x -= v`), or `x.push(v)` / `x.unshift(v)` (push,
 * which adds v to the array x holds without changing what x is).
 */
export interface VariableWrite {
  value: ts.Expression;
  how: "assign" | "append" | "compound" | "push";
  /** `x.push(...items)`: the value's elements are added, not the value. */
  spread?: boolean;
}

/** Calls that add their arguments to the array they are called on. */
const ARRAY_APPENDS = new Set(["push", "unshift"]);

/**
 * The writes to each variable of a file, found once per scope for all the variables declared in it. The
 * Resolver reads a `let` that is assigned again as unknown (`schema = schema.strict()`); value flow
 * follows what is assigned or pushed (`text = e.message`, `errors.push(e.message)`).
 */
export class VariableWrites {
  private readonly byScope = new Map<ts.Node, Map<ts.Node, VariableWrite[]>>();

  constructor(
    private readonly t: TS,
    private readonly declarationOf: (identifier: ts.Identifier) => ts.Node | undefined,
  ) {}

  of(declaration: ts.VariableDeclaration): readonly VariableWrite[] {
    const t = this.t;
    if (!t.isIdentifier(declaration.name)) return [];
    const flags = t.getCombinedNodeFlags(declaration);
    const fixed = (flags & t.NodeFlags.Const) !== 0 || (flags & t.NodeFlags.Using) !== 0;
    // A const is written to only by pushing onto the array it holds: most consts need no look at all.
    if (fixed && !(declaration.initializer && t.isArrayLiteralExpression(unwrapExpression(t, declaration.initializer)))) return [];
    // A `let` or `const` is written only within its block; a `var` anywhere in its function.
    const scope = (flags & t.NodeFlags.BlockScoped) !== 0 ? declaration.parent.parent?.parent : enclosingFunction(t, declaration);
    if (!scope) return [];
    return getOrCreate(this.byScope, scope, () => this.writesIn(scope)).get(declaration) ?? [];
  }

  /** Whether the variable is assigned again, so that it may hold something other than its initializer. */
  isReassigned(declaration: ts.VariableDeclaration): boolean {
    return this.of(declaration).some((write) => write.how !== "push");
  }

  private writesIn(scope: ts.Node): Map<ts.Node, VariableWrite[]> {
    const t = this.t;
    const writes = new Map<ts.Node, VariableWrite[]>();
    const add = (target: ts.Expression, write: VariableWrite): void => {
      const name = unwrapExpression(t, target);
      const declaration = t.isIdentifier(name) ? this.declarationOf(name) : undefined;
      if (!declaration || !t.isVariableDeclaration(declaration)) return;
      const list = writes.get(declaration);
      if (list) list.push(write);
      else writes.set(declaration, [write]);
    };
    walk(scope, (node) => {
      if (t.isBinaryExpression(node)) {
        const operator = node.operatorToken.kind;
        if (operator < t.SyntaxKind.FirstAssignment || operator > t.SyntaxKind.LastAssignment) return;
        const how = operator === t.SyntaxKind.EqualsToken ? "assign" : operator === t.SyntaxKind.PlusEqualsToken ? "append" : "compound";
        add(node.left, { value: node.right, how });
      } else if (t.isCallExpression(node) && t.isPropertyAccessExpression(node.expression) && ARRAY_APPENDS.has(node.expression.name.text)) {
        for (const argument of node.arguments) add(node.expression.expression, t.isSpreadElement(argument) ? { value: argument.expression, how: "push", spread: true } : { value: argument, how: "push" });
      }
    });
    return writes;
  }
}

function enclosingFunction(t: TS, node: ts.Node): ts.Node | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (t.isFunctionLike(current) || t.isSourceFile(current)) return current;
  }
  return undefined;
}
