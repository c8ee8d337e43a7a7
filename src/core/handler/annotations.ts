import type * as ts from "typescript";
import type { Resolver } from "../resolve.js";
import type { ToolRegistration } from "../registrations/model.js";
import { propertyNameText, unwrapExpression, type TS } from "../ts-utils.js";

export const HINT_NAMES = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;
export type HintName = (typeof HINT_NAMES)[number];

/** The MCP specification's value for each hint a tool leaves out. */
export const SPEC_DEFAULTS: Record<HintName, boolean> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

export type AnnotationsView =
  | { kind: "missing" }
  /** A value we cannot read (a call, an import, a spread of one): present, so not judged. */
  | { kind: "opaque" }
  | {
      kind: "literal";
      literal: ts.ObjectLiteralExpression;
      /** Hints written out, with their value when it is a boolean literal. */
      hints: Map<HintName, { node: ts.PropertyAssignment | ts.ShorthandPropertyAssignment; value: boolean | undefined }>;
    };

/** Reads a registration's annotations: an object literal (through consts and spreads of literals) or opaque. */
export function readAnnotations(t: TS, resolver: Resolver, registration: ToolRegistration): AnnotationsView {
  if (registration.ambiguous) return { kind: "opaque" };
  if (!registration.annotations) return { kind: "missing" };
  const literal = resolver.objectLiteralOf(registration.annotations);
  if (!literal) return { kind: "opaque" };
  const hints = new Map<HintName, { node: ts.PropertyAssignment | ts.ShorthandPropertyAssignment; value: boolean | undefined }>();
  if (!collectHints(t, resolver, literal, hints, 0)) return { kind: "opaque" };
  return { kind: "literal", literal, hints };
}

/** False when a spread or computed key hides what the object holds. */
function collectHints(
  t: TS,
  resolver: Resolver,
  literal: ts.ObjectLiteralExpression,
  into: Map<HintName, { node: ts.PropertyAssignment | ts.ShorthandPropertyAssignment; value: boolean | undefined }>,
  depth: number,
): boolean {
  for (const property of literal.properties) {
    if (t.isSpreadAssignment(property)) {
      const spread = resolver.objectLiteralOf(property.expression);
      if (!spread || depth > 20 || !collectHints(t, resolver, spread, into, depth + 1)) return false;
      continue;
    }
    if (!t.isPropertyAssignment(property) && !t.isShorthandPropertyAssignment(property)) continue;
    const name = propertyNameText(t, property.name);
    if (name === undefined) return false;
    if (!(HINT_NAMES as readonly string[]).includes(name)) continue;
    const value = t.isPropertyAssignment(property) ? unwrapExpression(t, property.initializer) : undefined;
    const literalValue = value?.kind === t.SyntaxKind.TrueKeyword ? true : value?.kind === t.SyntaxKind.FalseKeyword ? false : undefined;
    into.set(name as HintName, { node: property, value: literalValue });
  }
  return true;
}
