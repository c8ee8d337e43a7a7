import type * as ts from "typescript";
import type { FunctionWithBody } from "../resolve.js";
import { unwrapExpression } from "../ts-utils.js";
import type { Env } from "./env.js";
import type { Evaluator } from "./evaluator.js";

// `if (typeof definition === "function") { … return wrap(definition) } return definition;`: which returns a
// call can reach, decided from the `typeof` of what its parameters are bound to. Anything else is reachable.

/** Whether the return of `expression` can run for this call: no `typeof` guard the frame decides excludes it. */
export function reachableIn(evaluator: Evaluator, fn: FunctionWithBody, expression: ts.Expression, frame: Env): boolean {
  const t = evaluator.t;
  for (let node: ts.Node = expression; node.parent && node !== fn; node = node.parent) {
    const parent: ts.Node = node.parent;
    if (t.isIfStatement(parent) && node !== parent.expression) {
      const guard = isFunctionGuard(evaluator, parent.expression, frame);
      if (guard !== undefined && (node === parent.thenStatement) !== guard) return false;
    }
    // A statement after `if (guard) { …; return … }` runs only when the guard is false.
    if (t.isBlock(parent) || t.isSourceFile(parent)) {
      for (const statement of parent.statements) {
        if (statement === node) break;
        if (!t.isIfStatement(statement) || statement.elseStatement || !endsInReturn(t, statement.thenStatement)) continue;
        if (isFunctionGuard(evaluator, statement.expression, frame) === true) return false;
      }
    }
  }
  return true;
}

/**
 * Whether a registration call can run for one loop element: `if (annotations) server.tool(…, annotations, cb)
 * else server.tool(…, cb)` runs one branch per element, decided by what the condition is in the frame.
 */
export function callReachableIn(evaluator: Evaluator, call: ts.Node, frame: Env): boolean {
  const t = evaluator.t;
  for (let node: ts.Node = call; node.parent && !t.isSourceFile(node.parent); node = node.parent) {
    const parent: ts.Node = node.parent;
    if (!t.isIfStatement(parent) || node === parent.expression) continue;
    const decided = isFunctionGuard(evaluator, parent.expression, frame) ?? truthiness(evaluator, parent.expression, frame);
    if (decided !== undefined && (node === parent.thenStatement) !== decided) return false;
  }
  return true;
}

/** `if (x)` / `if (!x)`: true or false when every value `x` has in the frame decides it (absent is false). */
function truthiness(evaluator: Evaluator, condition: ts.Expression, frame: Env): boolean | undefined {
  const t = evaluator.t;
  const expr = unwrapExpression(t, condition);
  if (isNot(t, expr)) return not(truthiness(evaluator, expr.operand, frame));
  if (!t.isIdentifier(expr) && !t.isPropertyAccessExpression(expr)) return undefined;
  const values = evaluator.values(expr, frame);
  if (values.length === 0) return false;
  let truthy = 0;
  for (const value of values) {
    if (value.kind === "unknown") return undefined;
    if (value.kind === "array" || value.kind === "instance" || value.kind === "record" || (value.kind === "text" && value.text !== "")) truthy++;
    else if (value.kind === "syntax" && (t.isObjectLiteralExpression(value.node) || t.isArrayLiteralExpression(value.node) || t.isArrowFunction(value.node) || t.isFunctionExpression(value.node))) truthy++;
    else if (!(value.kind === "syntax" && t.isIdentifier(value.node) && value.node.text === "undefined")) return undefined;
  }
  return truthy === values.length ? true : truthy === 0 ? false : undefined;
}

function isNot(t: Evaluator["t"], expr: ts.Expression): expr is ts.PrefixUnaryExpression {
  return t.isPrefixUnaryExpression(expr) && expr.operator === t.SyntaxKind.ExclamationToken;
}

function not(decided: boolean | undefined): boolean | undefined {
  return decided === undefined ? undefined : !decided;
}

function endsInReturn(t: Evaluator["t"], statement: ts.Statement): boolean {
  if (t.isReturnStatement(statement)) return true;
  if (!t.isBlock(statement)) return false;
  const last = statement.statements[statement.statements.length - 1];
  return last !== undefined && t.isReturnStatement(last);
}

/** `typeof x === "function"` (or `!==`, `!`): true or false when every value `x` has in the frame decides it. */
function isFunctionGuard(evaluator: Evaluator, condition: ts.Expression, frame: Env): boolean | undefined {
  const t = evaluator.t;
  const expr = unwrapExpression(t, condition);
  if (isNot(t, expr)) return not(isFunctionGuard(evaluator, expr.operand, frame));
  if (!t.isBinaryExpression(expr)) return undefined;
  const op = expr.operatorToken.kind;
  const negated = op === t.SyntaxKind.ExclamationEqualsEqualsToken || op === t.SyntaxKind.ExclamationEqualsToken;
  if (!negated && op !== t.SyntaxKind.EqualsEqualsEqualsToken && op !== t.SyntaxKind.EqualsEqualsToken) return undefined;
  const [typeOf, literal] = t.isTypeOfExpression(expr.left) ? [expr.left, expr.right] : [expr.right, expr.left];
  if (!t.isTypeOfExpression(typeOf) || !t.isStringLiteralLike(literal) || literal.text !== "function") return undefined;
  const operand = unwrapExpression(t, typeOf.expression);
  if (!t.isIdentifier(operand)) return undefined;
  const declaration = evaluator.declarationOf(operand);
  const bound = declaration && frame.lookup(declaration);
  if (!bound || bound.length === 0) return undefined;
  let functions = 0;
  for (const value of bound) {
    if (value.kind === "unknown") return undefined;
    if (value.kind === "syntax" && (t.isArrowFunction(value.node) || t.isFunctionExpression(value.node) || t.isFunctionDeclaration(value.node))) functions++;
    else if (!(value.kind === "syntax" && (t.isObjectLiteralExpression(value.node) || t.isArrayLiteralExpression(value.node))) && value.kind !== "array" && value.kind !== "instance" && value.kind !== "text") return undefined;
  }
  const isFunction = functions === bound.length ? true : functions === 0 ? false : undefined;
  return isFunction === undefined ? undefined : isFunction !== negated;
}
