import type * as ts from "typescript";
import { returnedExpressions } from "../resolve.js";
import { stringValue, unwrapExpression, walk } from "../ts-utils.js";
import { arrayLiteralOf, literalOf, literalProperty, nameValue, type FinderContext } from "./context.js";
import type { CallToolHandler, Framework, ToolRegistration } from "./model.js";
import type { Env } from "../evaluate/env.js";
import { functionOf } from "../evaluate/evaluator.js";
import { firstReason, type Reason } from "../evaluate/value.js";
import { describeReason, optionField } from "./evaluated.js";

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

/** Low-level `setRequestHandler(ListToolsRequestSchema | "tools/list", () => ({ tools: [...] }))`. */
export function listToolsHandler(context: FinderContext, call: ts.CallExpression, framework: Framework): ToolRegistration[] {
  const { t } = context;
  const [requestArg, handlerArg] = call.arguments;
  if (!requestArg || !handlerArg) return [];
  const request = unwrapExpression(t, requestArg);
  const isListTools =
    (t.isIdentifier(request) && request.text === "ListToolsRequestSchema") ||
    (t.isPropertyAccessExpression(request) && request.name.text === "ListToolsRequestSchema") ||
    stringValue(t, request) === "tools/list";
  if (!isListTools) return [];
  const handler = context.resolver.functionOf(handlerArg);
  const resolvedFramework: Framework = stringValue(t, request) === "tools/list" ? "mcp-sdk-v2" : framework;
  const toolObjects = new Set<ts.ObjectLiteralExpression>();
  for (const returned of handler ? returnedExpressions(t, handler) : []) {
    const result = literalOf(context, t.isAwaitExpression(returned) ? returned.expression : returned);
    const tools = literalProperty(context, result, "tools");
    if (tools) collectToolObjects(context, tools, toolObjects);
  }
  // The evaluator reads what the literal walk cannot: tools computed in other files, mapped, filtered,
  // chosen by a condition, or a handler wrapped in a higher-order function (`withTiming(async () => …)`).
  const evaluated = evaluatedToolObjects(context, handlerArg, call);
  const envs = new Map<ts.ObjectLiteralExpression, Env>();
  for (const { literal, env } of evaluated.tools) {
    if (toolObjects.has(literal)) continue;
    toolObjects.add(literal);
    envs.set(literal, env);
  }
  if (toolObjects.size === 0 && evaluated.reason) {
    context.unreadSites?.push({ node: call, framework: resolvedFramework, api: "tools/list", reason: `the tools come from ${describeReason(context, evaluated.reason)}` });
  }
  return [...toolObjects].map((tool) => {
    const env = envs.get(tool);
    const field = (key: string): ts.Expression | undefined => (env ? optionField(context, tool, key, env) : literalProperty(context, tool, key));
    const name = field("name");
    const inputSchema = field("inputSchema");
    return {
      framework: resolvedFramework,
      api: "tools/list" as const,
      toolName: nameValue(context, name),
      node: tool,
      input: inputSchema ? { expression: inputSchema, form: "json" as const } : undefined,
      handler: undefined,
      annotations: field("annotations"),
      options: tool,
    };
  });
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
function collectToolObjects(context: FinderContext, expression: ts.Expression, into: Set<ts.ObjectLiteralExpression>, depth = 0): void {
  const { t } = context;
  if (depth > 20) return;
  const expr = unwrapExpression(t, expression);
  const array = arrayLiteralOf(context, expr);
  if (array) {
    for (const element of array.elements) {
      if (t.isSpreadElement(element)) collectToolObjects(context, element.expression, into, depth + 1);
      else {
        const literal = literalOf(context, element);
        if (literal) into.add(literal);
      }
    }
  } else {
    collectDerivedToolObjects(context, context.resolver.followConsts(expr), into, depth);
  }
  if (t.isIdentifier(expr)) {
    for (const pushed of pushedValues(context, expr.text)) {
      const literal = literalOf(context, pushed);
      if (literal) into.add(literal);
    }
  }
}

/**
 * Servers that let a client or config switch tools off list `allTools.filter(...)`: a tool that may be
 * dropped is still one the server can serve, so every element of the receiver counts. `map` is left
 * out because its callback may return anything.
 */
const ELEMENT_KEEPING_METHODS: ReadonlySet<string> = new Set(["filter", "slice", "sort", "toSorted", "reverse", "toReversed", "concat"]);

function collectDerivedToolObjects(context: FinderContext, expr: ts.Expression, into: Set<ts.ObjectLiteralExpression>, depth: number): void {
  const { t } = context;
  if (!t.isCallExpression(expr)) return;
  const callee = unwrapExpression(t, expr.expression);
  if (!t.isPropertyAccessExpression(callee) || !ELEMENT_KEEPING_METHODS.has(callee.name.text)) return;
  collectToolObjects(context, callee.expression, into, depth + 1);
  if (callee.name.text !== "concat") return;
  for (const argument of expr.arguments) {
    // `concat(tool)` appends a non-array value as one element; `concat(...lists)` cannot be read.
    if (t.isSpreadElement(argument)) continue;
    const literal = literalOf(context, argument);
    if (literal) into.add(literal);
    else collectToolObjects(context, argument, into, depth + 1);
  }
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

