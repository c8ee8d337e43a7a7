import type * as ts from "typescript";
import { unwrapExpression, type TS } from "../ts-utils.js";

/**
 * A refinement that checks the length of its own argument bounds what it accepts:
 * `.refine((s) => s.length <= 500)` keeps short values, and
 * `.superRefine((s, ctx) => { if (s.length > 500) ctx.addIssue(...) })` rejects long ones.
 * Only the parameter's own `.length` counts: `s.split(",").length` or `s.trim().length` does not.
 */
export function refinementChecksLength(t: TS, fn: ts.Expression, kind: "refine" | "superRefine"): boolean {
  const inner = unwrapExpression(t, fn);
  if (!t.isArrowFunction(inner) && !t.isFunctionExpression(inner)) return false;
  const [parameter] = inner.parameters;
  if (!parameter || !t.isIdentifier(parameter.name)) return false;
  const name = parameter.name.text.replace(/[$]/g, "\\$");
  const length = `(?<![\\w$.])${name}\\.length`;
  const number = "[\\d_]+|[A-Z_][A-Z0-9_]*";
  const keeps = new RegExp(`${length}\\s*<=?\\s*(?:${number})|(?:${number})\\s*>=?\\s*${length}`);
  const rejects = new RegExp(`${length}\\s*>=?\\s*(?:${number})|(?:${number})\\s*<=?\\s*${length}`);
  return (kind === "refine" ? keeps : rejects).test(inner.body.getText());
}
