import type * as ts from "typescript";
import { unwrapExpression, type TS } from "../ts-utils.js";

const LENGTH_CEILING = /\.length\s*<=?\s*\d|\d[\d_]*\s*>=?\s*[\w$.?]+\.length\b/;

/** A refinement such as `.refine((s) => s.length <= 500)` bounds the length of what it accepts. */
export function refinementChecksLength(t: TS, fn: ts.Expression): boolean {
  const inner = unwrapExpression(t, fn);
  if (!t.isArrowFunction(inner) && !t.isFunctionExpression(inner)) return false;
  return LENGTH_CEILING.test(inner.body.getText());
}
