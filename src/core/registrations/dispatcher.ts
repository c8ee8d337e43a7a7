import type * as ts from "typescript";
import { calleeName, containsNode, findProperty, propertyNameText, propertyValue, unwrapExpression } from "../ts-utils.js";
import { literalProperty, nameValue, type FinderContext } from "./context.js";
import type { CallToolHandler, ToolRegistration } from "./model.js";
import { elementProperties } from "../tool-definitions.js";
import { ZOD_TO_JSON } from "../schema/converted-validation.js";
import { unknownKeyCheckIn } from "./unknown-key-checks.js";

/**
 * Central validation. A low-level `tools/call` handler often looks the tool up in a collection of this
 * file and validates for all of them at once: `tools[req.params.name].schema.strict().parse(args)`.
 * Each entry of that collection is a tool whose input is the schema validated there. A `.strict()` (or
 * `z.strictObject(S.shape)`) applied there closes the top level of every tool it serves, but not their
 * nested objects, which keep their own mode.
 */

const PARSE_METHODS = new Set(["parse", "safeParse", "parseAsync", "safeParseAsync", "spa"]);
const LOOKUP_METHODS = new Set(["get", "find"]);

interface Validation {
  /** The schema validated: `tool.schema`, `SendSchema`. */
  schema: ts.Expression;
  /** The `.strict()` or `z.strictObject(…)` that closes its top level, if any. */
  closedBy: ts.Node | undefined;
}

/**
 * Tools served by central dispatchers, and the top-level closing of registrations found elsewhere
 * (`registrations` is updated in place): tools listed by `tools/list` and validated strictly in
 * `tools/call`, and loops that register `def.schema.strict()`.
 */
export function dispatchedTools(
  context: FinderContext,
  registrations: readonly ToolRegistration[],
  callToolHandlers: readonly CallToolHandler[],
  calls: readonly ts.CallExpression[],
): ToolRegistration[] {
  for (const registration of registrations) closeStrictLoop(context, registration);
  if (callToolHandlers.length === 0) return [];
  closeCheckedLists(context, registrations, callToolHandlers);
  const served: ToolRegistration[] = [];
  const byEntry = new Map<ts.ObjectLiteralExpression, ToolRegistration>();
  const closed = new Map<ts.Node, ts.Node>();
  for (const callTool of callToolHandlers) {
    const fn = context.resolver.functionOf(callTool.handler);
    if (!fn) continue;
    const inside = calls.filter((call) => containsNode(fn, call));
    for (const call of inside) {
      const validation = validationOf(context, call);
      if (!validation) continue;
      const lookup = lookupOf(context, validation.schema);
      if (!lookup) {
        if (validation.closedBy) closed.set(context.resolver.followConsts(validation.schema), validation.closedBy);
        continue;
      }
      const handlerMember = calledMember(context, inside, lookup.tool, lookup.member);
      for (const entry of entriesOf(context, lookup.collection)) {
        const schema = literalProperty(context, entry.literal, lookup.member);
        if (!schema) continue;
        if (validation.closedBy) closed.set(context.resolver.followConsts(schema), validation.closedBy);
        if (byEntry.has(entry.literal)) continue;
        const registration = servedTool(context, callTool, entry, schema, handlerMember);
        byEntry.set(entry.literal, registration);
        served.push(registration);
      }
    }
  }
  if (closed.size === 0) return served;
  for (const registration of [...registrations, ...served]) {
    const sources = inputSources(context, registration);
    const closers = sources.map((source) => closed.get(source));
    const [first] = closers;
    if (first && closers.every((closer) => closer !== undefined)) registration.topLevelClosedBy ??= first;
  }
  // A tool the dispatcher serves that is also registered elsewhere (a tools/list entry) is that tool.
  const listed = new Set(registrations.flatMap((registration) => inputSources(context, registration)));
  return served.filter((registration) => !inputSources(context, registration).every((source) => listed.has(source)));
}

/**
 * The tools a `tools/list` handler lists, when the same server's `tools/call` handler passes the arguments to a
 * check that rejects keys the tool does not declare (unknown-key-checks.ts): their top level is closed there.
 */
function closeCheckedLists(context: FinderContext, registrations: readonly ToolRegistration[], callToolHandlers: readonly CallToolHandler[]): void {
  const { t } = context;
  const receiver = (call: ts.CallExpression): string | undefined => {
    const callee = unwrapExpression(t, call.expression);
    return t.isPropertyAccessExpression(callee) ? callee.expression.getText() : undefined;
  };
  for (const callTool of callToolHandlers) {
    const listed = registrations.filter((registration) => registration.listedBy && registration.listedBy.getSourceFile() === callTool.node.getSourceFile() && receiver(registration.listedBy) === receiver(callTool.node));
    if (listed.length === 0) continue;
    const check = unknownKeyCheckIn(context, callTool.handler);
    if (check) for (const registration of listed) registration.topLevelClosedBy ??= check;
  }
}

/** `X.strict().parse(a)`, `z.strictObject(X.shape).safeParse(a)`, `X.parse(a)`, also through a const holding the strict schema. */
function validationOf(context: FinderContext, call: ts.CallExpression): Validation | undefined {
  const { t, resolver } = context;
  const callee = unwrapExpression(t, call.expression);
  if (!t.isPropertyAccessExpression(callee) || !PARSE_METHODS.has(callee.name.text)) return undefined;
  const receiver = resolver.followConsts(callee.expression);
  if (t.isCallExpression(receiver)) {
    const inner = unwrapExpression(t, receiver.expression);
    if (t.isPropertyAccessExpression(inner) && inner.name.text === "strict" && receiver.arguments.length === 0) return { schema: inner.expression, closedBy: receiver };
    const [shape] = receiver.arguments;
    const shapeAccess = shape && unwrapExpression(t, shape);
    if (calleeName(t, receiver) === "strictObject" && shapeAccess && t.isPropertyAccessExpression(shapeAccess) && shapeAccess.name.text === "shape") {
      return { schema: shapeAccess.expression, closedBy: receiver };
    }
  }
  return { schema: receiver, closedBy: undefined };
}

/** `tool.schema` where `tool = tools[name]` (or `tools.get(name)`, `tools.find(…)`), and `const { schema } = tools[name]`. */
function lookupOf(context: FinderContext, schema: ts.Expression): { collection: ts.Expression; member: string; tool: ts.Node } | undefined {
  const { t, resolver } = context;
  const expr = unwrapExpression(t, schema);
  if (t.isPropertyAccessExpression(expr)) {
    const owner = unwrapExpression(t, expr.expression);
    const direct = collectionOf(context, owner);
    if (direct) return { collection: direct, member: expr.name.text, tool: owner };
    if (!t.isIdentifier(owner)) return undefined;
    const declaration = resolver.declarationOf(owner);
    if (!declaration || !t.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
    const collection = collectionOf(context, unwrapExpression(t, declaration.initializer));
    return collection ? { collection, member: expr.name.text, tool: declaration } : undefined;
  }
  if (!t.isIdentifier(expr)) return undefined;
  const declaration = resolver.declarationOf(expr);
  if (!declaration || !t.isBindingElement(declaration)) return undefined;
  const pattern = declaration.parent;
  const variable = pattern.parent;
  if (!t.isObjectBindingPattern(pattern) || !t.isVariableDeclaration(variable) || !variable.initializer) return undefined;
  const key = declaration.propertyName ?? declaration.name;
  const member = t.isIdentifier(key) ? key.text : undefined;
  const collection = collectionOf(context, unwrapExpression(t, variable.initializer));
  return collection && member ? { collection, member, tool: pattern } : undefined;
}

function collectionOf(context: FinderContext, expression: ts.Expression): ts.Expression | undefined {
  const { t } = context;
  if (t.isElementAccessExpression(expression)) return expression.expression;
  if (t.isCallExpression(expression)) {
    const callee = unwrapExpression(t, expression.expression);
    if (t.isPropertyAccessExpression(callee) && LOOKUP_METHODS.has(callee.name.text)) return callee.expression;
  }
  return undefined;
}

interface Entry {
  literal: ts.ObjectLiteralExpression;
  name: string | undefined;
  nameNode: ts.Node | undefined;
}

/** The tools of a record (`{ send: {…} }`, named by key or `name`) or an array of tool objects, written in this file. */
function entriesOf(context: FinderContext, collection: ts.Expression): Entry[] {
  const { t, resolver } = context;
  const named = (literal: ts.ObjectLiteralExpression, key?: { name: string | undefined; node: ts.Node }): Entry => {
    const nameProperty = findProperty(t, literal, "name");
    const written = nameValue(context, nameProperty && propertyValue(t, nameProperty));
    return { literal, name: written ?? key?.name, nameNode: nameProperty ?? key?.node };
  };
  const record = resolver.objectLiteralOf(collection);
  if (record) {
    return record.properties.flatMap((property) => {
      if (!t.isPropertyAssignment(property)) return [];
      const literal = resolver.objectLiteralOf(property.initializer);
      return literal ? [named(literal, { name: propertyNameText(t, property.name), node: property.name })] : [];
    });
  }
  const array = resolver.arrayLiteralOf(collection);
  if (!array) return [];
  return array.elements.flatMap((element) => {
    const literal = resolver.objectLiteralOf(element);
    return literal ? [named(literal)] : [];
  });
}

/** The member the dispatcher calls on the tool it looked up: `tool.handler(args)`, or a destructured `handler(args)`. */
function calledMember(context: FinderContext, calls: readonly ts.CallExpression[], tool: ts.Node, schemaMember: string): string | undefined {
  const { t, resolver } = context;
  if (t.isObjectBindingPattern(tool)) {
    for (const element of tool.elements) {
      const key = element.propertyName ?? element.name;
      if (!t.isIdentifier(element.name) || !t.isIdentifier(key) || key.text === schemaMember) continue;
      const local = element.name.text;
      if (calls.some((call) => t.isIdentifier(call.expression) && call.expression.text === local && resolver.declarationOf(call.expression) === element)) return key.text;
    }
    return undefined;
  }
  for (const call of calls) {
    const callee = unwrapExpression(t, call.expression);
    if (!t.isPropertyAccessExpression(callee) || callee.name.text === schemaMember) continue;
    const owner = unwrapExpression(t, callee.expression);
    const isTool = owner === tool || (t.isIdentifier(owner) && t.isVariableDeclaration(tool) && resolver.declarationOf(owner) === tool);
    if (isTool) return callee.name.text;
  }
  return undefined;
}

function servedTool(context: FinderContext, callTool: CallToolHandler, entry: Entry, schema: ts.Expression, handlerMember: string | undefined): ToolRegistration {
  const { t } = context;
  const handlerProperty = handlerMember ? findProperty(t, entry.literal, handlerMember) : undefined;
  const handler = handlerProperty && (t.isMethodDeclaration(handlerProperty) ? handlerProperty : propertyValue(t, handlerProperty));
  const annotations = literalProperty(context, entry.literal, "annotations");
  return {
    framework: callTool.framework,
    api: "tools/call",
    toolName: entry.name,
    node: entry.literal,
    nameNode: entry.nameNode,
    input: { expression: schema, form: "schema" },
    handler,
    annotations,
    options: entry.literal,
    // tools/list publishes the annotations; without them on the entry, they cannot be judged here.
    ambiguous: annotations === undefined,
  };
}

/** The schema expressions a registration's input comes from: through `zodToJsonSchema(X)` and consts, one per element of a loop. */
function inputSources(context: FinderContext, registration: ToolRegistration): ts.Expression[] {
  const { t, resolver } = context;
  if (!registration.input) return [];
  let expr = unwrapExpression(t, registration.input.expression);
  const [first] = t.isCallExpression(expr) ? expr.arguments : [];
  if (t.isCallExpression(expr) && first && ZOD_TO_JSON.has(calleeName(t, expr) ?? "")) expr = unwrapExpression(t, first);
  if (t.isPropertyAccessExpression(expr)) {
    const values = elementProperties(t, resolver, expr);
    if (values.length > 0) return values.map((value) => resolver.followConsts(value));
  }
  return [resolver.followConsts(expr)];
}

/**
 * `for (const def of defs) server.registerTool(def.name, { inputSchema: def.schema.strict() }, …)`: the
 * input is each definition's schema, closed at the top level where it is registered.
 */
function closeStrictLoop(context: FinderContext, registration: ToolRegistration): void {
  const { t, resolver } = context;
  if (!registration.input) return;
  const expr = unwrapExpression(t, registration.input.expression);
  if (!t.isCallExpression(expr) || expr.arguments.length > 0) return;
  const callee = unwrapExpression(t, expr.expression);
  if (!t.isPropertyAccessExpression(callee) || callee.name.text !== "strict") return;
  const receiver = unwrapExpression(t, callee.expression);
  if (!t.isPropertyAccessExpression(receiver) || elementProperties(t, resolver, receiver).length === 0) return;
  registration.input = { expression: receiver, form: registration.input.form };
  registration.topLevelClosedBy = expr;
}
