import type * as ts from "typescript";
import { isDeclaredClass, type DeclaredCall, type DeclaredRegistration } from "../settings.js";
import { findProperty, propertyValue, unwrapExpression } from "../ts-utils.js";
import { nameValue, reportUnread, type FinderContext } from "./context.js";
import { describeValue, quote } from "./unread-reasons.js";
import type { FoundRegistrations, Framework, ToolRegistration } from "./model.js";

/**
 * Registrations declared in `settings["mcp-guard"].registrations`: calls of in-house helpers that no
 * analysis of this file can see into (an import from another package, a method of an injected object).
 * They count in any file: the user declared them, and the file that calls an in-house helper often
 * imports no MCP package itself.
 */
export function declaredRegistrations(context: FinderContext, calls: readonly ts.CallExpression[], declared: readonly DeclaredRegistration[]): ToolRegistration[] {
  const byName = new Map<string, DeclaredCall[]>();
  for (const entry of declared) {
    if (isDeclaredClass(entry)) continue;
    const last = lastName(entry.callee);
    byName.set(last, [...(byName.get(last) ?? []), entry]);
  }
  const registrations: ToolRegistration[] = [];
  for (const call of calls) {
    const path = calleePath(context, call);
    const entries = path && byName.get(path[path.length - 1]);
    if (!path || !entries) continue;
    for (const entry of entries) {
      const wanted = entry.callee.split(".");
      if (wanted.length > path.length || wanted.some((name, index) => path[path.length - wanted.length + index] !== name)) continue;
      const registration = registrationOf(context, call, entry);
      if (registration) registrations.push(registration);
    }
  }
  return registrations;
}

/**
 * The last name of each declared callee, and each declared base class (classes.ts): a cheap text test
 * before the file is walked.
 */
export function declaredNames(declared: readonly DeclaredRegistration[]): string[] {
  return declared.map((entry) => (isDeclaredClass(entry) ? entry.baseClass : lastName(entry.callee)));
}

function lastName(callee: string): string {
  return callee.slice(callee.lastIndexOf(".") + 1);
}

/** `a.b.add(...)` gives ["a", "b", "add"], `this.kit.add(...)` gives ["this", "kit", "add"]; other callees give undefined. */
function calleePath(context: FinderContext, call: ts.CallExpression): string[] | undefined {
  const { t } = context;
  const path: string[] = [];
  let expr = unwrapExpression(t, call.expression);
  while (t.isPropertyAccessExpression(expr)) {
    path.unshift(expr.name.text);
    expr = unwrapExpression(t, expr.expression);
  }
  if (t.isIdentifier(expr)) path.unshift(expr.text);
  else if (expr.kind === t.SyntaxKind.ThisKeyword) path.unshift("this");
  return path.length > 0 ? path : undefined;
}

function registrationOf(context: FinderContext, call: ts.CallExpression, entry: DeclaredCall): ToolRegistration | undefined {
  const { t, resolver } = context;
  const framework = fileFramework(context.frameworks);
  // A spread argument moves every index after it.
  const spread = call.arguments.find((argument) => t.isSpreadElement(argument));
  if (spread) {
    reportUnread(context, { node: call, framework, api: "wrapper", reason: `the arguments spread ${quote(t, spread)}, so the declared positions do not apply` });
    return undefined;
  }
  const optionsArgument = call.arguments[entry.options];
  const options = optionsArgument && resolver.objectLiteralOf(optionsArgument);
  const field = (spec: number | string | undefined): ts.Expression | ts.MethodDeclaration | undefined => {
    if (typeof spec === "number") return call.arguments[spec];
    if (spec === undefined || !options) return undefined;
    const property = findProperty(t, options, spec);
    return property && (t.isMethodDeclaration(property) ? property : propertyValue(t, property));
  };
  const asExpression = (value: ts.Expression | ts.MethodDeclaration | undefined): ts.Expression | undefined => (value && !t.isMethodDeclaration(value) ? value : undefined);
  const name = asExpression(field(entry.name));
  const schema = asExpression(field(entry.schema));
  const handler = field(entry.handler);
  const annotations = asExpression(field(entry.annotations));
  if (!schema && !handler) {
    if (optionsArgument && !options) reportUnread(context, { node: call, framework, api: "wrapper", reason: describeValue(t, resolver, optionsArgument, "the options"), toolName: nameValue(context, name) });
    return undefined;
  }
  const key = entry.annotations;
  const canInsert = typeof key === "string" && !annotations && options !== undefined && options.parent === call;
  return {
    framework,
    api: "wrapper",
    toolName: nameValue(context, name),
    node: call,
    input: schema ? { expression: schema, form: "schema-or-shape" } : undefined,
    handler,
    annotations,
    nameNode: name ?? call.expression,
    // Without a declared annotations field the helper may add them itself: not judged.
    ambiguous: entry.annotations === undefined ? true : undefined,
    annotationsContainer: canInsert ? { literal: options, wrap: (text) => `${key}: ${text}` } : undefined,
    topLevelClosedBy: entry.strict ? call : undefined,
    declared: true,
  };
}

/**
 * A declaration takes precedence over what the analysis inferred: a call of a declared helper that the
 * analysis also reads as a wrapper's call (or a class both declared and derived from a base class's
 * template) is the declared registration only, and what could not be read there is not reported.
 */
export function preferDeclared(found: Pick<FoundRegistrations, "registrations" | "unreadSites">): void {
  const declaredAt = new Set(found.registrations.filter((registration) => registration.declared).map((registration) => registration.node));
  if (declaredAt.size === 0) return;
  found.registrations = found.registrations.filter((registration) => registration.declared || !declaredAt.has(registration.node));
  found.unreadSites = found.unreadSites.filter((site) => !declaredAt.has(site.node));
}

/** The file's MCP framework, as for a `registerTool` call; SDK v1 when the file imports none. */
export function fileFramework(frameworks: ReadonlySet<Framework>): Framework {
  for (const framework of ["cloudflare-agents", "mcp-sdk-v1", "mcp-sdk-v2", "fastmcp"] as const) {
    if (frameworks.has(framework)) return framework;
  }
  return "mcp-sdk-v1";
}
