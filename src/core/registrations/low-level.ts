import type * as ts from "typescript";
import { returnedExpressions } from "../resolve.js";
import { containsNode, findProperty, stringValue, unwrapExpression, walk, type TS } from "../ts-utils.js";
import { arrayLiteralOf, literalOf, literalProperty, nameValue, reportUnread, type FinderContext } from "./context.js";
import type { CallToolHandler, Framework, ToolRegistration } from "./model.js";
import { describeValue } from "./unread-reasons.js";
import { ROOT_ENV, type Env } from "../evaluate/env.js";
import { functionOf } from "../evaluate/evaluator.js";
import { firstReason, type Reason } from "../evaluate/value.js";
import { describeReason, fieldHidden, optionField, optionFieldIn } from "./evaluated.js";

/** Records what a `tools/list` handler holds that is not a tool object the analysis can read. */
type Unread = (node: ts.Node, reason: string) => void;

// The low-level server API: tools listed by a `tools/list` handler as JSON Schema, called through one
// `tools/call` handler.

/** `setRequestHandler(CallToolRequestSchema | "tools/call", handler)`. */
export function callToolHandler(context: FinderContext, call: ts.CallExpression, frameworkOf: (call: ts.CallExpression, method: string) => Framework | undefined): CallToolHandler | undefined {
  const { t } = context;
  const [requestArg, handler] = call.arguments;
  if (!requestArg || !handler) return undefined;
  const request = unwrapExpression(t, requestArg);
  const isV2 = stringValue(t, request) === "tools/call";
  const isV1 =
    (t.isIdentifier(request) && request.text === "CallToolRequestSchema") ||
    (t.isPropertyAccessExpression(request) && request.name.text === "CallToolRequestSchema");
  if (!isV1 && !isV2) return undefined;
  const framework = frameworkOf(call, "setRequestHandler");
  if (!framework) return undefined;
  return { framework: isV2 ? "mcp-sdk-v2" : framework, node: call, handler };
}

/**
 * Whether a `setRequestHandler` call handles `tools/list`, by its first argument as written: the finder asks this
 * before it asks what the receiver is (a test's MCP Client answering `roots/list` cost half a second of checker).
 */
export function handlesListTools(t: TS, call: ts.CallExpression): boolean {
  const [requestArg] = call.arguments;
  if (!requestArg) return false;
  const request = unwrapExpression(t, requestArg);
  return (
    (t.isIdentifier(request) && request.text === "ListToolsRequestSchema") ||
    (t.isPropertyAccessExpression(request) && request.name.text === "ListToolsRequestSchema") ||
    stringValue(t, request) === "tools/list"
  );
}

/** Low-level `setRequestHandler(ListToolsRequestSchema | "tools/list", () => ({ tools: [...] }))`. */
export function listToolsHandler(context: FinderContext, call: ts.CallExpression, framework: Framework): ToolRegistration[] {
  const { t } = context;
  const [requestArg, handlerArg] = call.arguments;
  if (!requestArg || !handlerArg || !handlesListTools(t, call)) return [];
  const request = unwrapExpression(t, requestArg);
  const resolvedFramework: Framework = stringValue(t, request) === "tools/list" ? "mcp-sdk-v2" : framework;
  // What the literal walk cannot read is reported only when the evaluator cannot read it either.
  const literalUnread: { node: ts.Node; reason: string }[] = [];
  const unread: Unread = (node, reason) => literalUnread.push({ node, reason });
  const describe = (expression: ts.Expression, subject: string): string => describeValue(t, context.resolver, expression, subject);
  const handler = context.resolver.functionOf(handlerArg);
  const toolObjects = new Set<ts.ObjectLiteralExpression>();
  if (!handler) unread(call, describe(handlerArg, "the handler"));
  for (const returned of handler ? returnedExpressions(t, handler) : []) {
    const value = t.isAwaitExpression(returned) ? returned.expression : returned;
    const result = literalOf(context, value);
    const tools = literalProperty(context, result, "tools");
    if (tools) collectToolObjects(context, tools, toolObjects, unread);
    else if (!result) unread(value, describe(value, "the handler's result"));
    else if (result.properties.some((property) => t.isSpreadAssignment(property) || (property.name !== undefined && t.isComputedPropertyName(property.name)))) {
      unread(value, describe(result, "the handler's result"));
    }
  }
  // The evaluator reads what the literal walk cannot: tools computed in other files, mapped, filtered,
  // chosen by a condition, or a handler wrapped in a higher-order function (`withTiming(async () => …)`).
  const evaluated = evaluatedToolObjects(context, handlerArg, call);
  // One tool per object and frame: `tools.map((tool) => ({ name: tool.metadata.name, … }))` over four
  // modules is four tools written by one literal, each read with its element.
  const listed: { literal: ts.ObjectLiteralExpression; env: Env | undefined }[] = [];
  const readByEvaluator = new Set<ts.ObjectLiteralExpression>();
  let added = 0;
  for (const { literal, env } of evaluated.tools) {
    if (listed.some((entry) => entry.literal === literal && entry.env === env)) continue;
    if (!toolObjects.has(literal)) added++;
    listed.push({ literal, env });
    readByEvaluator.add(literal);
  }
  for (const literal of toolObjects) if (!readByEvaluator.has(literal)) listed.push({ literal, env: undefined });
  const site = (node: ts.Node, reason: string): void => reportUnread(context, { node, framework: resolvedFramework, api: "tools/list", reason });
  if (added === 0) literalUnread.forEach(({ node, reason }) => site(node, reason));
  else if (evaluated.reason) site(literalUnread[0]?.node ?? call, `some of the tools come from ${describeReason(context, evaluated.reason)}`);
  if (listed.length === 0 && literalUnread.length === 0 && evaluated.reason) site(call, `the tools come from ${describeReason(context, evaluated.reason)}`);
  const registrations = listed.map(({ literal: tool, env }) => {
    const field = (key: string): ts.Expression | undefined => (env ? optionField(context, tool, key, env) : literalProperty(context, tool, key));
    const name = field("name");
    const folded = env && !nameValue(context, name) ? nameIn(context, tool, env) : undefined;
    const input = env ? optionFieldIn(context, tool, "inputSchema", env) : undefined;
    const inputSchema = input?.expression ?? field("inputSchema");
    return {
      framework: resolvedFramework,
      api: "tools/list" as const,
      // `name: \`${feature}_${tool.mcp.name}\`` read for one element: the text it folds to there.
      toolName: nameValue(context, name) ?? folded?.text,
      node: tool,
      // `name: tool.metadata.name` read for one element: the tool is named where its definition writes the name.
      ...(name && context.t.isStringLiteralLike(name) && !containsNode(tool, name) ? { nameNode: name } : folded?.literal ? { nameNode: folded.literal } : {}),
      input: inputSchema ? { expression: inputSchema, form: "json" as const, ...(input && input.env !== ROOT_ENV ? { env: input.env } : {}) } : undefined,
      handler: undefined,
      // `annotations: tool.annotations` over an element the analysis cannot read: present, but not seen.
      annotations: field("annotations") ?? (env ? unreadAnnotations(context, tool, env) : undefined),
      // `{ ...t.mcp, _meta }` over an element the analysis cannot read: its annotations may be in the spread.
      ...(env && fieldHidden(context, tool, "annotations", env) ? { ambiguous: true } : {}),
      options: tool,
      listedBy: call,
      // A tool object written in another file (`getPublicFields(tool)` in ./utils.ts) is reported at the handler.
      ...(tool.getSourceFile() !== context.sourceFile ? { site: call } : {}),
    };
  });
  // A handler that returns each definition in more than one shape (`isApps ? t.mcp : { ...t.mcp, _meta }`) lists one tool per name.
  const names = new Set<string>();
  return registrations.filter(({ toolName }) => toolName === undefined || (!names.has(toolName) && names.add(toolName) !== undefined));
}

/** `annotations: tool.annotations` read for an element the analysis cannot read (not one that has none): the expression as written. */
function unreadAnnotations(context: FinderContext, tool: ts.ObjectLiteralExpression, env: Env): ts.Expression | undefined {
  const property = findProperty(context.t, tool, "annotations");
  const value = property && context.t.isPropertyAssignment(property) ? property.initializer : undefined;
  return value && context.evaluator.values(value, env).some((candidate) => candidate.kind === "unknown") ? value : undefined;
}

/**
 * The one text a tool object's `name` has in its frame, if it has one, and where it is written: for
 * `${feature}_${tool.mcp.name}`, the definition's `name: "login"`; for an enum member, the definition's read of it.
 */
function nameIn(context: FinderContext, tool: ts.ObjectLiteralExpression, env: Env): { text: string; literal?: ts.Node } | undefined {
  const { t, evaluator } = context;
  const names = evaluator.member([{ kind: "syntax", node: tool, env }], "name", tool, env);
  const [only] = names;
  if (names.length !== 1 || only?.kind !== "text") return undefined;
  if (t.isStringLiteralLike(only.node)) return { text: only.text, literal: only.node };
  // `name: HelperTools.ACTOR_ADD` in the definition: the tool is named where the enum member is read, not in the enum.
  if (t.isPropertyAccessExpression(only.node) && !containsNode(tool, only.node)) return { text: only.text, literal: only.node };
  const written = optionFieldIn(context, tool, "name", env);
  const template = written && unwrapExpression(t, written.expression);
  if (!template || !t.isTemplateExpression(template)) return { text: only.text };
  for (const span of [...template.templateSpans].reverse()) {
    const parts = evaluator.values(span.expression, written.env);
    const [part] = parts;
    if (parts.length === 1 && part?.kind === "text" && t.isStringLiteralLike(part.node) && !containsNode(tool, part.node)) return { text: only.text, literal: part.node };
  }
  return { text: only.text };
}

/** The tool objects a `tools/list` handler returns, read by the evaluator: each with the frame it is read in. */
function evaluatedToolObjects(context: FinderContext, handlerArg: ts.Expression, call: ts.CallExpression): { tools: { literal: ts.ObjectLiteralExpression; env: Env }[]; reason?: Reason } {
  const { t, evaluator } = context;
  const tools: { literal: ts.ObjectLiteralExpression; env: Env }[] = [];
  let reason: Reason | undefined;
  for (const handlerValue of evaluator.values(handlerArg)) {
    const fn = handlerValue.kind === "syntax" ? functionOf(t, handlerValue.node) : undefined;
    if (!fn || handlerValue.kind !== "syntax") {
      if (handlerValue.kind === "unknown") reason ??= handlerValue.reason;
      continue;
    }
    const results = evaluator.invoke(fn, [], undefined, handlerValue.env, call);
    const lists = evaluator.member(results, "tools", call, handlerValue.env);
    for (const element of evaluator.elementsOf(lists, call)) {
      if (element.kind === "syntax" && t.isObjectLiteralExpression(element.node)) tools.push({ literal: element.node, env: element.env });
      else if (element.kind === "unknown") reason ??= element.reason;
    }
    reason ??= firstReason(results) ?? firstReason(lists);
  }
  return { tools, reason };
}

/**
 * Tool objects in a `tools` array: literal elements, spreads of arrays, `tools.push(...)` calls in the
 * file, and the receiver's elements through methods that only drop, reorder or add elements.
 */
function collectToolObjects(context: FinderContext, expression: ts.Expression, into: Set<ts.ObjectLiteralExpression>, unread: Unread, depth = 0): void {
  const { t } = context;
  if (depth > 20) return;
  const expr = unwrapExpression(t, expression);
  const addTool = (value: ts.Expression): void => {
    if (t.isSpreadElement(value)) return collectToolObjects(context, value.expression, into, unread, depth + 1);
    if (t.isOmittedExpression(value)) return;
    const literal = literalOf(context, value);
    if (literal) into.add(literal);
    else unread(value, describeValue(t, context.resolver, value, "the tool"));
  };
  const array = arrayLiteralOf(context, expr);
  const pushed = t.isIdentifier(expr) ? pushedValues(context, expr.text) : [];
  if (array) array.elements.forEach(addTool);
  else if (!collectDerivedToolObjects(context, context.resolver.followConsts(expr), into, unread, depth) && pushed.length === 0) {
    unread(expr, describeValue(t, context.resolver, expr, "the tools array"));
  }
  pushed.forEach(addTool);
}

/**
 * Servers that let a client or config switch tools off list `allTools.filter(...)`: a tool that may be
 * dropped is still one the server can serve, so every element of the receiver counts. `map` is left
 * out because its callback may return anything.
 */
const ELEMENT_KEEPING_METHODS: ReadonlySet<string> = new Set(["filter", "slice", "sort", "toSorted", "reverse", "toReversed", "concat"]);

/** Whether `expr` is an element-keeping method call, whose tools are then collected. */
function collectDerivedToolObjects(context: FinderContext, expr: ts.Expression, into: Set<ts.ObjectLiteralExpression>, unread: Unread, depth: number): boolean {
  const { t } = context;
  if (!t.isCallExpression(expr)) return false;
  const callee = unwrapExpression(t, expr.expression);
  if (!t.isPropertyAccessExpression(callee) || !ELEMENT_KEEPING_METHODS.has(callee.name.text)) return false;
  collectToolObjects(context, callee.expression, into, unread, depth + 1);
  if (callee.name.text !== "concat") return true;
  for (const argument of expr.arguments) {
    // `concat(tool)` appends a non-array value as one element; `concat(...lists)` cannot be read.
    if (t.isSpreadElement(argument)) {
      unread(argument, describeValue(t, context.resolver, argument.expression, "the tools array"));
      continue;
    }
    const literal = literalOf(context, argument);
    if (literal) into.add(literal);
    else collectToolObjects(context, argument, into, unread, depth + 1);
  }
  return true;
}

function pushedValues(context: FinderContext, arrayName: string): ts.Expression[] {
  const { t, sourceFile } = context;
  if (!sourceFile.text.includes(`${arrayName}.push(`)) return [];
  const values: ts.Expression[] = [];
  walk(sourceFile, (node) => {
    if (
      t.isCallExpression(node) &&
      t.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "push" &&
      t.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === arrayName
    ) {
      values.push(...node.arguments);
    }
  });
  return values;
}

