import type * as ts from "typescript";
import type { FileFacts } from "./facts.js";
import { readAnnotations } from "./handler/annotations.js";
import { isProgramSource, type Resolver } from "./resolve.js";
import { FRAMEWORKS_WITH_ANNOTATIONS, type Framework, type RegistrationApi, type ToolRegistration, type UnreadPart } from "./registrations/model.js";
import { declarableHelper, describeValue, placeOf, quote } from "./registrations/unread-reasons.js";
import { nameExpressionOf } from "./registrations/wrappers.js";
import { isPartlyReadName } from "./registrations/context.js";
import type { SchemaNode } from "./schema/model.js";
import { elementProperties } from "./tool-definitions.js";
import { containsNode, unwrapExpression, type TS } from "./ts-utils.js";

/**
 * What the analysis found but could not read, one list for every front end: `no-unanalyzed-tool` reports
 * it and `mcp-guard inventory` lists it, so the two never disagree.
 */
export interface UnreadEntry {
  /**
   * Where it is reported: where the registration is written (a call, a tool object, an element of a tools
   * array), or, when every part that could not be read is written in the wrapper or base class the tool is
   * registered through, that wrapper's or base class's registration: one cause, reported once for all its tools.
   */
  node: ts.Node;
  /** Where the tool is registered (the call, the class, the tools/list entry), for the inventory. */
  registeredAt: ts.Node;
  framework: Framework;
  api: RegistrationApi;
  /** The tool's name when it could be read; `(unnamed: toolName)` with the expression that names it, when known. */
  tool: string | undefined;
  /** The parts of a built tool that could not be read; undefined when no tool could be built at all. */
  parts: readonly UnreadPart["part"][] | undefined;
  /** Why, in words a user understands; several parts' reasons joined by "; ". */
  reason: string;
  /** Set when only some of the tools a registration registers over a collection could not be read. */
  elements?: { unread: number; total: number };
  /** A helper whose parameters hold what could not be read: declared in the settings, its calls are read instead. */
  helper?: string;
}

const PART_ORDER: readonly UnreadPart["part"][] = ["name", "input", "annotations", "handler"];

/** Every unread site and every tool with unread parts in the facts, in source order. */
export function unreadEntries(facts: FileFacts): UnreadEntry[] {
  const t = facts.ts;
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
    entries.push({ node: site.node, registeredAt: site.node, framework: site.framework, api: site.api, tool: site.toolName, parts: undefined, reason: site.reason, ...(site.elements ? { elements: site.elements } : {}) });
  }
  for (const registration of facts.registrations) {
    const unread = registration.unread;
    if (!unread || unread.length === 0) continue;
    const parts = PART_ORDER.filter((part) => unread.some((entry) => entry.part === part));
    // Reported in the file that registers the tool: a tool object of another file, at the handler listing it.
    const registeredAt = registration.site && registration.node.getSourceFile() !== registration.site.getSourceFile() ? registration.site : registration.node;
    const stopped = whereStopped(t, facts.resolver, registration, unread);
    const helper = registrationHelper(t, facts.resolver, registration, stopped.parts);
    const node = stopped.site ?? registeredAt;
    entries.push({
      node,
      registeredAt,
      framework: registration.framework,
      api: registration.api,
      tool: registration.toolName ?? unnamedTool(t, registration),
      parts,
      // A place the reason gives is left out where it is the line reported.
      reason: joinReasons(stopped.parts).split(` (${placeOf(node)})`).join(""),
      ...(helper ? { helper } : {}),
    });
  }
  return entries.sort((a, b) => a.node.getStart() - b.node.getStart());
}

/**
 * The helper to declare in the settings: a named function whose parameter holds a part that could not be read
 * and that registers the tool itself (the registration, or the one it goes through, is in its body). A
 * declared call is a registration, so a function that only builds a tools/list entry is no remedy.
 */
function registrationHelper(t: TS, resolver: Resolver, registration: ToolRegistration, parts: readonly UnreadPart[]): string | undefined {
  if (registration.api === "tools/list" || registration.api === "tools/call" || registration.api === "xmcp-file") return undefined;
  const registers: ts.Node[] = [];
  for (let base: ToolRegistration | undefined = registration, depth = 0; base && depth < 8; base = base.wraps, depth++) registers.push(base.node);
  for (const part of parts) {
    const helper = declarableHelper(t, resolver, part.node);
    if (helper && registers.some((node) => containsNode(helper.fn, node))) return helper.name;
  }
  return undefined;
}

/**
 * Where the analysis stopped reading a tool, and why, as a user can act on it:
 * - every part that could not be read is written in the body of the wrapper (or base class) the tool is
 *   registered through, and the tool's call passes what those parts read written out (a literal, a function):
 *   the analysis stops in the wrapper, for every tool it registers alike, so it is reported there, at the
 *   wrapper's registration, once (shared-findings.ts counts the tools);
 * - the tool's call passes a value of its own that cannot be read (a parameter, an import) for a part: that
 *   value is the cause, described as the call passes it, and the tool is reported at its call.
 */
function whereStopped(t: TS, resolver: Resolver, registration: ToolRegistration, unread: readonly UnreadPart[]): { site: ts.Node | undefined; parts: readonly UnreadPart[] } {
  let site: ts.Node | undefined;
  let current = registration;
  for (let base = registration.wraps, depth = 0; base && depth < 8; current = base, base = base.wraps, depth++) {
    const body = enclosingBody(t, base.node);
    // A helper in a package (node_modules, a .d.ts) is linted by no one: its tools are reported where they are registered.
    if (!body || !isProgramSource(base.node.getSourceFile()) || !unread.every((part) => containsNode(body, part.node))) break;
    const passed = unread.map((part) => passedValue(t, resolver, current.node, body, part.node));
    if (passed.some((value) => value !== undefined && !writtenOut(t, resolver, value.argument))) {
      // At the first hop, what this call passes is what could not be read.
      if (depth > 0) break;
      const parts = unread.map((part, index) => {
        const value = passed[index];
        if (!value || writtenOut(t, resolver, value.argument)) return part;
        // `the shape it passes is "imported" imported from "./shapes.js", …`: one reason for the parts it holds.
        return { ...part, reason: describeValue(t, resolver, value.argument, `the ${value.parameter} it passes`, registration.node), node: value.argument };
      });
      return { site: undefined, parts };
    }
    site = base.node;
  }
  return { site, parts: unread };
}

/** What `call` passes for the parameter of `fn` that `node` reads, if it reads one, and the parameter's name. */
function passedValue(t: TS, resolver: Resolver, call: ts.Node, fn: ts.Node, node: ts.Node): { argument: ts.Expression; parameter: string } | undefined {
  let root: ts.Node = node;
  for (let depth = 0; depth < 8; depth++) {
    if (t.isSpreadAssignment(root) || t.isSpreadElement(root)) root = root.expression;
    else if (t.isExpression(root) && unwrapExpression(t, root) !== root) root = unwrapExpression(t, root);
    else if (t.isPropertyAccessExpression(root) || t.isElementAccessExpression(root)) root = root.expression;
    else if (t.isCallExpression(root) && root.arguments.length === 1 && root.arguments[0]) root = root.arguments[0];
    else break;
  }
  if (!t.isIdentifier(root) || !t.isCallExpression(call) || !t.isFunctionLike(fn)) return undefined;
  const declaration = resolver.declarationOf(root);
  if (!declaration || !t.isParameter(declaration) || declaration.parent !== fn) return undefined;
  const argument = call.arguments[fn.parameters.indexOf(declaration)];
  return argument && { argument, parameter: root.text };
}

/** A value written out where it is passed: a literal or a function, also through a const. */
function writtenOut(t: TS, resolver: Resolver, expression: ts.Expression): boolean {
  const value = resolver.followConsts(expression);
  return t.isObjectLiteralExpression(value) || t.isArrayLiteralExpression(value) || t.isStringLiteralLike(value) || t.isNumericLiteral(value) || t.isArrowFunction(value) || t.isFunctionExpression(value);
}

/** The function or class a template registration is written in. */
function enclosingBody(t: TS, node: ts.Node): ts.Node | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (t.isFunctionLike(current) || t.isClassLike(current)) return current;
  }
  return undefined;
}

/** `(unnamed: scrapeToolName)`: a tool whose name could not be read, by the expression that names it. */
function unnamedTool(t: TS, registration: ToolRegistration): string {
  const written = nameExpressionOf({ t }, registration);
  const callee = t.isCallExpression(registration.node) ? registration.node.expression : undefined;
  // A wrapper's call names the tool through the wrapper's own registration when no argument holds the name.
  const name = written === callee && registration.wraps ? nameExpressionOf({ t }, registration.wraps) : written;
  // The message quotes the tool's name: the expression's own quotes become single ones.
  return name && name !== callee && !t.isStringLiteralLike(name) ? `(unnamed: ${quote(t, name).replace(/"/g, "'")})` : "(unnamed)";
}

/**
 * The parts' reasons, once each. Parts whose values all come from one module that only typed linting follows
 * share that one cause: `the input and handler come from "./search.js", which only typed linting follows`.
 */
function joinReasons(unread: readonly UnreadPart[]): string {
  const reasons = [...new Set(unread.map((entry) => entry.reason))];
  const imported = / imported from ("[^"]+"), which only typed linting follows$/;
  const modules = new Set(reasons.map((reason) => imported.exec(reason)?.[1]));
  const [module] = modules;
  if (reasons.length < 2 || modules.size !== 1 || module === undefined) return reasons.join("; ");
  const parts = PART_ORDER.filter((part) => unread.some((entry) => entry.part === part));
  return `the ${listWords(parts)} come from ${module}, which only typed linting follows`;
}

/** `name and input`, `name, input and handler`. */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/**
 * The parts of a built tool the readers could not read: a name that is not a literal, an input whose schema
 * is opaque (or whose fields are partly hidden by a spread), annotations that are present but not a readable
 * object, a handler that is not a function of the program. `inputRoot` is what the schema reader made of
 * the input. Parts already recorded by the finder are kept.
 */
export function unreadPartsOf(t: TS, resolver: Resolver, registration: ToolRegistration, inputRoot: SchemaNode | undefined, declaredHelpers: ReadonlySet<string> = new Set()): UnreadPart[] {
  const parts = allUnreadPartsOf(t, resolver, registration, inputRoot);
  // The registration inside a helper declared in the settings is its template: what it takes from the helper's
  // parameters is read at each call, where the declaration says it is (declared.ts), so it is not unread here.
  return declaredHelpers.size === 0 ? parts : parts.filter((part) => !declaredHelpers.has(declarableHelper(t, resolver, part.node)?.name ?? ""));
}

function allUnreadPartsOf(t: TS, resolver: Resolver, registration: ToolRegistration, inputRoot: SchemaNode | undefined): UnreadPart[] {
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
    if (name && !perElement) add("name", name, describeValue(t, resolver, name, "the name", call));
  } else {
    const written = nameExpressionOf({ t }, registration);
    if (written && isPartlyReadName(written)) add("name", written, `${describeValue(t, resolver, written, "the name", call)}, read as "${registration.toolName}"`);
  }
  if (registration.ambiguous && registration.api === "tool" && t.isCallExpression(call) && call.arguments[1]) {
    // server.tool(name, value, …, cb) where `value` could be the description or the shape: an import untyped, or a value it cannot read.
    const value = call.arguments[1];
    const reason = !resolver.typeChecker && t.isIdentifier(value) && resolver.declarationOf(value) && resolver.resolve(value).kind === "import"
      ? describeValue(t, resolver, value, "the description or input shape", call)
      : `the overload cannot be told: ${quote(t, value)} may be the description or the input shape`;
    add("input", call.arguments[1], reason);
    add("annotations", call.arguments[1], reason);
  }
  if (registration.input && inputRoot) {
    if (inputRoot.kind === "opaque") add("input", inputRoot.site, describeValue(t, resolver, inputRoot.site as ts.Expression, "the input", call));
    else if (inputRoot.kind === "object" && !inputRoot.propertiesComplete) {
      const spread = hiddenFields(t, resolver, inputRoot.site);
      const input = registration.input.expression;
      if (spread) add("input", spread, describeValue(t, resolver, spread.expression, "a spread in the input", call));
      // Untyped `Imported.shape` and the like: the fields are somewhere the analysis cannot read. (Typed, an
      // object known from declarations only has its strictness read from its type: analysed as far as types go.)
      else if (!resolver.typeChecker) add("input", input, describeValue(t, resolver, input, inputRoot.properties.length > 0 ? "some input fields come from a value that" : "the input", call));
    }
  } else if (!registration.input && registration.options) {
    const hidden = registration.options.properties.find((property) => t.isSpreadAssignment(property) || (property.name !== undefined && t.isComputedPropertyName(property.name)));
    if (hidden) add("input", hidden, `the input may be in ${quote(t, hidden)}, which the analysis does not read`);
  }
  if (registration.annotations && !registration.ambiguous && FRAMEWORKS_WITH_ANNOTATIONS.has(registration.framework) && readAnnotations(t, resolver, registration).kind === "opaque") {
    add("annotations", registration.annotations, describeValue(t, resolver, registration.annotations, "the annotations", call));
  }
  const handler = registration.handler;
  if (handler && !t.isMethodDeclaration(handler) && !t.isFunctionDeclaration(handler) && !resolver.functionOf(handler)) {
    const handlers = resolver.objectLiteralOf(handler);
    // registerToolTask's `{ createTask, getTask, getTaskResult }`: functions the handler rules do not read yet.
    const names = handlers?.properties.flatMap((property) => (property.name && t.isIdentifier(property.name) ? [property.name.text] : [])).join(", ");
    add("handler", handler, handlers ? `the handler is an object of functions ({ ${names} }), which the analysis does not read` : describeValue(t, resolver, handler, "the handler", call));
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
