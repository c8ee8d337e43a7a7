import type * as ts from "typescript";
import type { Resolver } from "../resolve.js";
import { containsNode, findProperty, propertyValue, stringValue, type TS } from "../ts-utils.js";
import type { Framework, ToolRegistration } from "./model.js";

/** What every registration finder (one file per framework family) works with. */
export interface FinderContext {
  t: TS;
  sourceFile: ts.SourceFile;
  resolver: Resolver;
  checker: ts.TypeChecker | undefined;
  frameworks: Set<Framework>;
  /** Decides whether an object literal handed to `server.tool()` is a raw shape (true) or annotations. */
  looksLikeShape: (literal: ts.ObjectLiteralExpression) => boolean;
  /**
   * Typed analysis only: the registrations another file writes before its wrappers are expanded, so that
   * a call of a wrapper defined there registers a tool here.
   */
  foreignRegistrations?: (file: ts.SourceFile) => readonly ToolRegistration[];
}

/**
 * Typed analysis only: the registrations written inside `container`, a function or class of another file
 * (before that file's wrappers were expanded). Empty for this file's own code and without a checker.
 */
export function registrationsWithin(context: FinderContext, container: ts.Node): readonly ToolRegistration[] {
  const file = container.getSourceFile();
  if (!context.foreignRegistrations || file === context.sourceFile) return [];
  return context.foreignRegistrations(file).filter((registration) => containsNode(container, registration.node));
}

/** A tool name written as a literal, or held in a const of this file. */
export function nameValue(context: FinderContext, expression: ts.Expression | undefined): string | undefined {
  return expression && stringValue(context.t, context.resolver.followConsts(expression));
}

export function literalOf(context: FinderContext, expression: ts.Expression): ts.ObjectLiteralExpression | undefined {
  return context.resolver.objectLiteralOf(expression);
}

export function arrayLiteralOf(context: FinderContext, expression: ts.Expression): ts.ArrayLiteralExpression | undefined {
  return context.resolver.arrayLiteralOf(expression);
}

export function literalProperty(context: FinderContext, literal: ts.ObjectLiteralExpression | undefined, name: string): ts.Expression | undefined {
  if (!literal) return undefined;
  const property = findProperty(context.t, literal, name);
  if (!property) return undefined;
  if (context.t.isMethodDeclaration(property)) return undefined;
  return propertyValue(context.t, property);
}

