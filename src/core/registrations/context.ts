import type * as ts from "typescript";
import type { Evaluator } from "../evaluate/evaluator.js";
import type { Resolver } from "../resolve.js";
import { containsNode, findProperty, propertyNameText, propertyValue, stringValue, unwrapExpression, type TS } from "../ts-utils.js";
import type { Framework, ToolRegistration, UnreadSite } from "./model.js";

/** What every registration finder (one file per framework family) works with. */
export interface FinderContext {
  t: TS;
  sourceFile: ts.SourceFile;
  resolver: Resolver;
  checker: ts.TypeChecker | undefined;
  /** The one value evaluator (per program under typed analysis, per file without). */
  evaluator: Evaluator;
  frameworks: Set<Framework>;
  /** Decides whether an object literal handed to `server.tool()` is a raw shape (true) or annotations. */
  looksLikeShape: (literal: ts.ObjectLiteralExpression) => boolean;
  /**
   * Typed analysis only: the registrations another file writes before its wrappers are expanded, so that
   * a call of a wrapper defined there registers a tool here.
   */
  foreignRegistrations?: (file: ts.SourceFile) => readonly ToolRegistration[];
  /** Records a registration found but not turned into a tool (see UnreadSite); absent in tests that build a context by hand. */
  unread?: (site: UnreadSite) => void;
  /** How many unread sites were recorded so far (a reader that recorded none for a call left it silent). */
  unreadCount?: () => number;
  /** Every call of `sourceFile`, filled by the finder's walk before any call is read. */
  ownCalls?: readonly ts.CallExpression[];
}

/** Records an unread site, when the context collects them. */
export function reportUnread(context: FinderContext, site: UnreadSite): void {
  context.unread?.(site);
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

/**
 * A tool name written as a literal, held in a const of this file, or in a member of a const object
 * (`TOOLS.kv_list`); else the one text the evaluator finds it can be beside values it cannot read
 * (`toolName || "web_search"`): the tool keeps that candidate, and the name is recorded as partly unread.
 */
export function nameValue(context: FinderContext, expression: ts.Expression | undefined): string | undefined {
  if (!expression) return undefined;
  const value = constantValueOf(context, expression, 0);
  const written = value && stringValue(context.t, value);
  if (written !== undefined) return written;
  const { t } = context;
  const expr = unwrapExpression(t, expression);
  if (!t.isBinaryExpression(expr) && !t.isConditionalExpression(expr)) return undefined;
  const values = context.evaluator.values(expr);
  const texts = new Set(values.flatMap((candidate) => (candidate.kind === "text" ? [candidate.text] : [])));
  const [only] = texts;
  if (texts.size !== 1 || only === undefined) return undefined;
  if (values.some((candidate) => candidate.kind !== "text")) partlyReadNames.add(expression);
  return only;
}

/** Names read as their one known candidate while other values they may have are not read (see nameValue). */
const partlyReadNames = new WeakSet<ts.Expression>();

export function isPartlyReadName(expression: ts.Expression): boolean {
  return partlyReadNames.has(expression);
}

/** How many `TOOLS.group.name` member links are followed; a self-referencing object ends here too. */
const MAX_MEMBER_CHAIN = 8;

function constantValueOf(context: FinderContext, expression: ts.Expression, depth: number): ts.Expression | undefined {
  const { t, resolver } = context;
  const value = resolver.followConsts(expression);
  if (depth >= MAX_MEMBER_CHAIN) return value;
  if (!t.isPropertyAccessExpression(value) && !t.isElementAccessExpression(value)) return value;
  const key = t.isPropertyAccessExpression(value) ? value.name.text : stringValue(t, value.argumentExpression);
  if (key === undefined) return undefined;
  const owner = constantValueOf(context, value.expression, depth + 1);
  const member = owner && t.isObjectLiteralExpression(owner) ? writtenMember(t, owner, key) : undefined;
  return member && constantValueOf(context, member, depth + 1);
}

/**
 * The value an object literal ends up holding for `key`: the last property of that name wins, and a
 * spread, method or accessor after it may replace it, so the value is then unknown.
 */
function writtenMember(t: TS, literal: ts.ObjectLiteralExpression, key: string): ts.Expression | undefined {
  let member: ts.Expression | undefined;
  for (const property of literal.properties) {
    if (t.isSpreadAssignment(property)) member = undefined;
    else if (property.name && propertyNameText(t, property.name) === key) {
      member = t.isPropertyAssignment(property) || t.isShorthandPropertyAssignment(property) ? propertyValue(t, property) : undefined;
    }
  }
  return member;
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

