import type * as ts from "typescript";
import { functionOf } from "../evaluate/syntax.js";
import { propertyNameText, unwrapExpression, walk, type TS } from "../ts-utils.js";
import type { FinderContext } from "./context.js";

// A hand-written check of the arguments against the tool's declared properties, applied by a `tools/call`
// handler before it dispatches: `const unknown = Object.keys(args).filter((k) => !allowed.has(k)); if
// (unknown.length) throw …`. The server then rejects unknown top-level keys whatever the published schema
// says, as a central `.strict().parse(args)` does (dispatcher.ts).

const MEMBERSHIP_METHODS = new Set(["has", "includes", "hasOwnProperty", "hasOwn"]);
const KEY_LISTS = new Set(["keys", "entries", "getOwnPropertyNames"]);

/**
 * The call in a `tools/call` handler that passes the request's arguments to a function of the program that
 * throws when they hold a key outside a list it checks them against; undefined when there is none.
 */
export function unknownKeyCheckIn(context: FinderContext, handler: ts.Expression): ts.CallExpression | undefined {
  const { t, evaluator } = context;
  const fn = context.resolver.functionOf(handler);
  const request = fn?.parameters[0];
  if (!fn || !request || !t.isIdentifier(request.name)) return undefined;
  let found: ts.CallExpression | undefined;
  walk(fn, (node) => {
    if (found) return false;
    if (!t.isCallExpression(node)) return true;
    const index = node.arguments.findIndex((arg) => isRequestArguments(context, arg, request));
    if (index === -1) return true;
    for (const value of evaluator.values(node.expression)) {
      const callee = value.kind === "syntax" ? functionOf(t, value.node) : undefined;
      const parameter = callee?.parameters[index];
      if (callee && parameter && t.isIdentifier(parameter.name) && rejectsUnknownKeys(t, callee, parameter.name)) {
        found = node;
        return false;
      }
    }
    return true;
  });
  return found;
}

/** `request.params.arguments`, or a name bound to it (`const { arguments: args } = request.params`). */
function isRequestArguments(context: FinderContext, expression: ts.Expression, request: ts.ParameterDeclaration): boolean {
  const { t, resolver } = context;
  const expr = unwrapExpression(t, expression);
  if (t.isPropertyAccessExpression(expr) && expr.name.text === "arguments") return isRequestParams(context, expr.expression, request);
  if (!t.isIdentifier(expr)) return false;
  const declaration = resolver.declarationOf(expr);
  if (declaration && t.isBindingElement(declaration) && declaration.propertyName && propertyNameText(t, declaration.propertyName) === "arguments") {
    const holder = declaration.parent.parent;
    return t.isVariableDeclaration(holder) && holder.initializer !== undefined && isRequestParams(context, holder.initializer, request);
  }
  if (declaration && t.isVariableDeclaration(declaration) && declaration.initializer) return isRequestArguments(context, declaration.initializer, request);
  return false;
}

function isRequestParams(context: FinderContext, expression: ts.Expression, request: ts.ParameterDeclaration): boolean {
  const { t, resolver } = context;
  const expr = unwrapExpression(t, expression);
  if (!t.isPropertyAccessExpression(expr) || expr.name.text !== "params") return false;
  const base = unwrapExpression(t, expr.expression);
  return t.isIdentifier(base) && resolver.declarationOf(base) === request;
}

/**
 * Whether `fn` throws when `parameter` holds a key its list does not: it lists the parameter's keys
 * (`Object.keys(p)`, `for (k in p)`), tests a key's membership in something negated or with `every`, and throws.
 */
function rejectsUnknownKeys(t: TS, fn: ts.FunctionLikeDeclaration, parameter: ts.Identifier): boolean {
  let listsKeys = false;
  let testsMembership = false;
  let throws = false;
  const isParameter = (node: ts.Expression | undefined): boolean => {
    const expr = node && unwrapExpression(t, node);
    return expr !== undefined && t.isIdentifier(expr) && expr.text === parameter.text;
  };
  walk(fn.body ?? fn, (node) => {
    if (t.isThrowStatement(node)) throws = true;
    else if (t.isForInStatement(node) && isParameter(node.expression)) listsKeys = true;
    else if (t.isCallExpression(node)) {
      const callee = unwrapExpression(t, node.expression);
      if (t.isPropertyAccessExpression(callee) && KEY_LISTS.has(callee.name.text) && t.isIdentifier(callee.expression) && callee.expression.text === "Object" && isParameter(node.arguments[0])) listsKeys = true;
      if (t.isPropertyAccessExpression(callee) && MEMBERSHIP_METHODS.has(callee.name.text) && (negated(t, node) || inEvery(t, node))) testsMembership = true;
    } else if (t.isBinaryExpression(node) && node.operatorToken.kind === t.SyntaxKind.InKeyword && (negated(t, node) || inEvery(t, node))) testsMembership = true;
    return true;
  });
  return listsKeys && testsMembership && throws;
}

/** `!x.has(k)`, `!(k in x)`. */
function negated(t: TS, node: ts.Expression): boolean {
  let parent = node.parent;
  while (t.isParenthesizedExpression(parent)) parent = parent.parent;
  return t.isPrefixUnaryExpression(parent) && parent.operator === t.SyntaxKind.ExclamationToken;
}

/** The membership test is what an `every` callback returns: `keys.every((k) => allowed.has(k))`. */
function inEvery(t: TS, node: ts.Expression): boolean {
  for (let current: ts.Node = node.parent; !t.isSourceFile(current); current = current.parent) {
    if (t.isArrowFunction(current) || t.isFunctionExpression(current)) {
      const call = current.parent;
      return t.isCallExpression(call) && t.isPropertyAccessExpression(call.expression) && call.expression.name.text === "every";
    }
  }
  return false;
}
