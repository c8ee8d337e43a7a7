import type * as ts from "typescript";
import type { FileFacts } from "./facts.js";
import { readAnnotations } from "./handler/annotations.js";
import type { Resolver } from "./resolve.js";
import { FRAMEWORKS_WITH_ANNOTATIONS, type Framework, type RegistrationApi, type ToolRegistration, type UnreadPart } from "./registrations/model.js";
import { describeValue, quote } from "./registrations/unread-reasons.js";
import { nameExpressionOf } from "./registrations/wrappers.js";
import { isPartlyReadName } from "./registrations/context.js";
import type { SchemaNode } from "./schema/model.js";
import { elementProperties } from "./tool-definitions.js";
import { unwrapExpression, type TS } from "./ts-utils.js";

/**
 * What the analysis found but could not read, one list for every front end: `no-unanalyzed-tool` reports
 * it and `mcp-guard inventory` lists it, so the two never disagree.
 */
export interface UnreadEntry {
  /** Where the registration is written (a call, a tool object, an element of a tools array). */
  node: ts.Node;
  framework: Framework;
  api: RegistrationApi;
  /** The tool's name when it could be read. */
  tool: string | undefined;
  /** The parts of a built tool that could not be read; undefined when no tool could be built at all. */
  parts: readonly UnreadPart["part"][] | undefined;
  /** Why, in words a user understands; several parts' reasons joined by "; ". */
  reason: string;
  /** Set when only some of the tools a registration registers over a collection could not be read. */
  elements?: { unread: number; total: number };
}

const PART_ORDER: readonly UnreadPart["part"][] = ["name", "input", "annotations", "handler"];

/** Every unread site and every tool with unread parts in the facts, in source order. */
export function unreadEntries(facts: FileFacts): UnreadEntry[] {
  const entries: UnreadEntry[] = [];
  const seen = new Set<string>();
  // A call the finder could not read as a registration but that another reader built a tool from (a
  // wrapper's call, a class template's): that tool's entry speaks for it.
  const built = new Set<ts.Node>(facts.registrations.map((registration) => registration.node));
  for (const site of facts.unreadSites) {
    // Elements of a collection that could not be read are not spoken for by the tools built from the others.
    if (built.has(site.node) && !site.elements) continue;
    const key = `${site.node.pos}:${site.node.end}:${site.reason}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push({ node: site.node, framework: site.framework, api: site.api, tool: site.toolName, parts: undefined, reason: site.reason, ...(site.elements ? { elements: site.elements } : {}) });
  }
  for (const registration of facts.registrations) {
    const unread = registration.unread;
    if (!unread || unread.length === 0) continue;
    const parts = PART_ORDER.filter((part) => unread.some((entry) => entry.part === part));
    const reasons = [...new Set(unread.map((entry) => entry.reason))];
    // Reported in the file that registers the tool: a tool object of another file, at the handler listing it.
    const node = registration.site && registration.node.getSourceFile() !== registration.site.getSourceFile() ? registration.site : registration.node;
    entries.push({ node, framework: registration.framework, api: registration.api, tool: registration.toolName, parts, reason: reasons.join("; ") });
  }
  return entries.sort((a, b) => a.node.getStart() - b.node.getStart());
}

/**
 * The parts of a built tool the readers could not read: a name that is not a literal, an input whose schema
 * is opaque (or whose fields are partly hidden by a spread), annotations that are present but not a readable
 * object, a handler that is not a function of the program. `inputRoot` is what the schema reader made of
 * the input. Parts already recorded by the finder are kept.
 */
export function unreadPartsOf(t: TS, resolver: Resolver, registration: ToolRegistration, inputRoot: SchemaNode | undefined): UnreadPart[] {
  const parts: UnreadPart[] = [...(registration.unread ?? [])];
  if (registration.classTemplate) {
    // Its tools are the classes it reaches, each judged as a tool of its own: here (ambiguous), or, typed,
    // in the classes' files. Untyped with no class here, they vanish: say so once.
    if (registration.ambiguous || resolver.typeChecker) return parts;
    const member = registration.input?.expression ?? nameExpressionOf({ t }, registration) ?? registration.node;
    return [{ part: "input", node: member, reason: `it reads ${quote(t, member)} from tool classes that are not in this file; only typed linting follows other files` }];
  }
  const add = (part: UnreadPart["part"], node: ts.Node, reason: string): void => {
    if (!parts.some((existing) => existing.part === part)) parts.push({ part, node, reason });
  };
  const call = registration.node;
  if (registration.toolName === undefined) {
    // A wrapper's call names the tool through the wrapper's own registration when no argument holds the name.
    const written = nameExpressionOf({ t }, registration);
    const callee = t.isCallExpression(call) ? call.expression : undefined;
    const name = written === callee && registration.wraps ? nameExpressionOf({ t }, registration.wraps) : written;
    // `tool.name` over a list of tool definitions: each element's name (tool-definitions.ts reads them).
    const perElement = name && t.isPropertyAccessExpression(unwrapExpression(t, name)) && elementProperties(t, resolver, unwrapExpression(t, name) as ts.PropertyAccessExpression).length > 0;
    if (name && !perElement) add("name", name, describeValue(t, resolver, name, "the name"));
  } else {
    const written = nameExpressionOf({ t }, registration);
    if (written && isPartlyReadName(written)) add("name", written, `${describeValue(t, resolver, written, "the name")}, read as "${registration.toolName}"`);
  }
  if (registration.ambiguous && registration.api === "tool" && t.isCallExpression(call) && call.arguments[1]) {
    // server.tool(name, value, …, cb) where `value` could be the description or the shape.
    const reason = `the overload cannot be told: ${quote(t, call.arguments[1])} may be the description or the input shape`;
    add("input", call.arguments[1], reason);
    add("annotations", call.arguments[1], reason);
  }
  if (registration.input && inputRoot) {
    if (inputRoot.kind === "opaque") add("input", inputRoot.site, describeValue(t, resolver, inputRoot.site as ts.Expression, "the input"));
    else if (inputRoot.kind === "object" && !inputRoot.propertiesComplete) {
      const spread = hiddenFields(t, resolver, inputRoot.site);
      const input = registration.input.expression;
      if (spread) add("input", spread, describeValue(t, resolver, spread.expression, "some input fields come from a spread that"));
      // Untyped `Imported.shape` and the like: the fields are somewhere the analysis cannot read. (Typed, an
      // object known from declarations only has its strictness read from its type: analysed as far as types go.)
      else if (!resolver.typeChecker) add("input", input, describeValue(t, resolver, input, inputRoot.properties.length > 0 ? "some input fields come from a value that" : "the input"));
    }
  } else if (!registration.input && registration.options) {
    const hidden = registration.options.properties.find((property) => t.isSpreadAssignment(property) || (property.name !== undefined && t.isComputedPropertyName(property.name)));
    if (hidden) add("input", hidden, `the input may be in ${quote(t, hidden)}, which the analysis does not read`);
  }
  if (registration.annotations && !registration.ambiguous && FRAMEWORKS_WITH_ANNOTATIONS.has(registration.framework) && readAnnotations(t, resolver, registration).kind === "opaque") {
    add("annotations", registration.annotations, describeValue(t, resolver, registration.annotations, "the annotations"));
  }
  const handler = registration.handler;
  if (handler && !t.isMethodDeclaration(handler) && !t.isFunctionDeclaration(handler) && !resolver.functionOf(handler)) {
    const handlers = resolver.objectLiteralOf(handler);
    // registerToolTask's `{ createTask, getTask, getTaskResult }`: functions the handler rules do not read yet.
    const names = handlers?.properties.flatMap((property) => (property.name && t.isIdentifier(property.name) ? [property.name.text] : [])).join(", ");
    add("handler", handler, handlers ? `the handler is an object of functions ({ ${names} }), which the analysis does not read` : describeValue(t, resolver, handler, "the handler"));
  }
  return parts;
}

/** The spread that hides some of an object schema's fields: in `{ ...base }` or `z.object({ ...base })`. */
function hiddenFields(t: TS, resolver: Resolver, site: ts.Node): ts.SpreadAssignment | undefined {
  // A zod object's site is its factory's name (`z.object`): the call holds the shape.
  const start = t.isCallExpression(site.parent) && site.parent.expression === site ? site.parent : site;
  let expr = t.isExpression(start) ? resolver.followConsts(start) : start;
  for (let depth = 0; depth < 4 && t.isCallExpression(expr); depth++) {
    const callee = unwrapExpression(t, expr.expression);
    const [first] = expr.arguments;
    // `z.object({...})` holds the shape; `.strict()` and the like hold their receiver.
    expr = first && t.isObjectLiteralExpression(resolver.followConsts(first)) ? resolver.followConsts(first) : t.isPropertyAccessExpression(callee) ? callee.expression : expr;
  }
  if (!t.isObjectLiteralExpression(expr)) return undefined;
  return expr.properties.find((property): property is ts.SpreadAssignment => t.isSpreadAssignment(property) && resolver.objectLiteralOf(property.expression) === undefined);
}
