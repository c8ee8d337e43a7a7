import type * as ts from "typescript";
import { calleeName, type TS } from "../ts-utils.js";

/**
 * Whether a flow source holds a caught error: a `catch (e)` variable, the parameter of a
 * `.catch(e => …)` callback, or of the rejection callback of `.then(ok, e => …)`.
 */
export function isCaughtError(t: TS, source: ts.Node): boolean {
  if (t.isVariableDeclaration(source)) return t.isCatchClause(source.parent);
  if (!t.isParameter(source)) return false;
  const fn = source.parent;
  if (!(t.isArrowFunction(fn) || t.isFunctionExpression(fn)) || fn.parameters[0] !== source) return false;
  let callback: ts.Node = fn;
  while (t.isParenthesizedExpression(callback.parent)) callback = callback.parent;
  const call = callback.parent;
  if (!t.isCallExpression(call)) return false;
  const index = call.arguments.indexOf(callback as ts.Expression);
  const name = calleeName(t, call);
  return (name === "catch" && index === 0) || (name === "then" && index === 1);
}

/** The name to log a caught error by, when it is a plain identifier. */
export function caughtErrorName(t: TS, source: ts.Node): string | undefined {
  if ((t.isVariableDeclaration(source) || t.isParameter(source)) && t.isIdentifier(source.name)) return source.name.text;
  return undefined;
}
