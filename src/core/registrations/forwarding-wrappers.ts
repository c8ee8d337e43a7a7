import type * as ts from "typescript";
import type { Env } from "../evaluate/env.js";
import { functionOf } from "../evaluate/syntax.js";
import { containsNode, unwrapExpression, walk, type TS } from "../ts-utils.js";
import type { FinderContext } from "./context.js";

/**
 * The handler a decorating wrapper forwards to: `server.tool(name, desc, shape, withTelemetry(name, handler))`,
 * where `withTelemetry` returns `async (args, extra) => { …; return await handler(args, extra); }`. The
 * function the SDK calls is the wrapper's, but the work (and every result the model reads) is the wrapped
 * handler's, read here in the registration's frame (`CCI_HANDLERS[tool.name]` for each tool of a loop).
 *
 * Only a wrapper that lets errors through is looked through: one whose `catch` clauses all rethrow. A
 * wrapper that catches and answers for itself is the handler (its own results are what the model sees).
 */
export function forwardedHandler(context: FinderContext, expression: ts.Expression, frame: Env): ts.Expression | ts.FunctionDeclaration | undefined {
  const { t, evaluator } = context;
  const expr = unwrapExpression(t, expression);
  // A function written at the registration is the handler itself.
  if (t.isArrowFunction(expr) || t.isFunctionExpression(expr)) return undefined;
  const values = evaluator.values(expression, frame);
  const [only] = values;
  if (values.length !== 1 || only?.kind !== "syntax") return undefined;
  const wrapper = functionOf(t, only.node);
  // The wrapper's returned function is bound in a frame of its own: the call that made it.
  if (!wrapper || only.env === frame || !wrapper.body || !t.isArrowFunction(wrapper) && !t.isFunctionExpression(wrapper)) return undefined;
  if (!rethrowsEveryError(t, wrapper.body)) return undefined;
  const [input] = wrapper.parameters;
  if (!input || !t.isIdentifier(input.name)) return undefined;
  const inputName = input.name.text;
  let target: ts.Expression | ts.FunctionDeclaration | undefined;
  let ambiguous = false;
  walk(wrapper.body, (node) => {
    if (!t.isCallExpression(node) || !t.isIdentifier(node.expression)) return !t.isFunctionLike(node);
    const declaration = evaluator.declarationOf(node.expression);
    // The callee is a parameter of the function that built the wrapper, and the call passes the model's input on.
    if (!declaration || !t.isParameter(declaration) || declaration.parent === wrapper || !containsNode(declaration.parent, wrapper)) return true;
    // `fn(args, extra)`, or `fn(...args)` from a rest parameter.
    const passesInput = node.arguments.some((argument) => {
      const value = unwrapExpression(t, t.isSpreadElement(argument) ? argument.expression : argument);
      return t.isIdentifier(value) && value.text === inputName;
    });
    if (!passesInput) return true;
    const bound = only.env.lookup(declaration) ?? [];
    for (const value of bound) {
      if (value.kind !== "syntax" || !functionOf(t, value.node)) {
        ambiguous = true;
        continue;
      }
      // The function itself, not the name it was read through (`const handler = HANDLERS[tool.name]`).
      const written = value.node;
      const found = t.isFunctionDeclaration(written) || t.isArrowFunction(written) || t.isFunctionExpression(written) ? written : undefined;
      if (!found || (target && target !== found)) ambiguous = true;
      else target = found;
    }
    return true;
  });
  return ambiguous ? undefined : target;
}

/** Whether every `catch` in the wrapper's own body ends by throwing (what it catches still reaches the SDK). */
function rethrowsEveryError(t: TS, body: ts.ConciseBody): boolean {
  let rethrows = true;
  walk(body, (node) => {
    if (t.isCatchClause(node)) {
      const last = node.block.statements[node.block.statements.length - 1];
      if (!last || !t.isThrowStatement(last)) rethrows = false;
    }
    return !t.isFunctionLike(node);
  });
  return rethrows;
}
