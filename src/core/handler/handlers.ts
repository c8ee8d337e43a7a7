import type * as ts from "typescript";
import type { FunctionWithBody, Resolver } from "../resolve.js";
import type { CallToolHandler, Framework, ToolRegistration } from "../registrations/model.js";
import { unwrapExpression, type TS } from "../ts-utils.js";
import type { FieldAccesses } from "./argument-reads.js";

/** A function the framework calls with the model's arguments; what it returns or throws reaches the model. */
export interface Handler {
  kind: "tool" | "call-tool";
  framework: Framework;
  fn: FunctionWithBody;
  /** The tool's registration, for `kind: "tool"`. */
  registration: ToolRegistration | undefined;
  /** The registration or `setRequestHandler` call, for messages. */
  node: ts.Node;
  /** The model's arguments (`kind: "tool"`) or the request (`kind: "call-tool"`). */
  inputParameter: ts.ParameterDeclaration | undefined;
  /**
   * Where the arguments are in the input parameter: `[]` for a tool handler, `["params", "arguments"]` for a
   * `tools/call` handler, `[]` again once a `tools/call` handler has passed `request.params.arguments` on.
   */
  argumentsPath: readonly string[];
  /** `extra` / `ctx` / `context`: where the authenticated session lives. */
  contextParameter: ts.ParameterDeclaration | undefined;
  /** The field accesses of its body, listed on first use (argument-reads.ts). */
  fieldAccesses?: FieldAccesses;
}

/** A handler's function with the parameters that hold the model's input and the context. */
interface HandlerFunction {
  fn: FunctionWithBody;
  input: ts.ParameterDeclaration | undefined;
  context: ts.ParameterDeclaration | undefined;
  /** Where the arguments are in `input` (see Handler). */
  path: readonly string[];
}

/** How many forwarding functions (`(request) => handle(request)`) are followed to the one that does the work. */
const MAX_FORWARDS = 3;

/**
 * The function a handler hands its input to when that is all it does: `async (request) => handleCall(request)`,
 * or a body of one `return [await] handle(args, extra)`. The helper's parameters then hold the input and
 * the context, and its body is what the rules judge.
 */
function forwardedTo(t: TS, resolver: Resolver, handler: HandlerFunction): HandlerFunction {
  let current = handler;
  for (let step = 0; step < MAX_FORWARDS && current.input; step++) {
    const body = current.fn.body;
    if (!body) break;
    let forwarded: ts.Expression | undefined;
    if (!t.isBlock(body)) forwarded = body;
    else if (body.statements.length === 1) {
      const [statement] = body.statements;
      forwarded = statement && t.isReturnStatement(statement) ? statement.expression : undefined;
    }
    const value = forwarded && unwrapExpression(t, forwarded);
    const call = value && t.isAwaitExpression(value) ? unwrapExpression(t, value.expression) : value;
    if (!call || !t.isCallExpression(call)) break;
    const helper = resolver.functionOf(call.expression);
    if (!helper || helper === current.fn) break;
    const isParameter = (expression: ts.Expression, parameter: ts.ParameterDeclaration): boolean => {
      const value = unwrapExpression(t, expression);
      return t.isIdentifier(value) && resolver.declarationOf(value) === parameter;
    };
    const parameterFor = (parameter: ts.ParameterDeclaration | undefined): ts.ParameterDeclaration | undefined => {
      if (!parameter || !t.isIdentifier(parameter.name)) return undefined;
      const index = call.arguments.findIndex((argument) => isParameter(argument, parameter));
      return index >= 0 ? helper.parameters[index] : undefined;
    };
    const input = parameterFor(current.input);
    // `this.handleToolCall(request.params.name, request.params.arguments ?? {})`: the helper's parameter is the arguments.
    const argumentsIndex = input || !current.input ? -1 : call.arguments.findIndex((argument) => readsPath(t, argument, current.path, (base) => isParameter(base, current.input!)));
    const argumentsInput = argumentsIndex >= 0 ? helper.parameters[argumentsIndex] : undefined;
    const next = input ?? argumentsInput;
    if (!next || next.dotDotDotToken) break;
    current = { fn: helper, input: next, context: parameterFor(current.context), path: input ? current.path : [] };
  }
  return current;
}

export function collectHandlers(t: TS, resolver: Resolver, registrations: ToolRegistration[], callToolHandlers: CallToolHandler[]): Handler[] {
  const handlers: Handler[] = [];
  for (const registration of registrations) {
    const fn = resolver.functionOf(registration.handler);
    if (!fn) continue;
    // SDK v1 `tool()`/`registerTool()` without an input schema call the handler with (extra) only.
    const takesArguments = registration.api === "addTool" || registration.input !== undefined;
    const [first, second] = fn.parameters;
    // Agent frameworks and xmcp say where the input and the context are (LangChain's func: input, runManager, config).
    const positions = registration.handlerParameters;
    const worker = forwardedTo(t, resolver, {
      fn,
      input: positions ? fn.parameters[positions.input] : takesArguments ? first : undefined,
      context: positions ? fn.parameters[positions.context] : takesArguments ? second : first,
      path: [],
    });
    handlers.push({
      kind: "tool",
      framework: registration.framework,
      fn: worker.fn,
      registration,
      node: registration.node,
      inputParameter: worker.input,
      argumentsPath: worker.path,
      contextParameter: worker.context,
    });
  }
  for (const callTool of callToolHandlers) {
    const fn = resolver.functionOf(callTool.handler);
    if (!fn) continue;
    const [request, extra] = fn.parameters;
    const worker = forwardedTo(t, resolver, { fn, input: request, context: extra, path: ["params", "arguments"] });
    handlers.push({
      kind: "call-tool",
      framework: callTool.framework,
      fn: worker.fn,
      registration: undefined,
      node: callTool.node,
      inputParameter: worker.input,
      argumentsPath: worker.path,
      contextParameter: worker.context,
    });
  }
  return handlers;
}

/** `request.params.arguments` (also `?? {}` or `|| {}` after it) for the path `["params", "arguments"]`, with `isBase(request)`. */
function readsPath(t: TS, expression: ts.Expression, path: readonly string[], isBase: (base: ts.Expression) => boolean): boolean {
  let expr = unwrapExpression(t, expression);
  if (t.isBinaryExpression(expr) && (expr.operatorToken.kind === t.SyntaxKind.QuestionQuestionToken || expr.operatorToken.kind === t.SyntaxKind.BarBarToken)) expr = unwrapExpression(t, expr.left);
  for (let index = path.length - 1; index >= 0; index--) {
    if (!t.isPropertyAccessExpression(expr) || expr.name.text !== path[index]) return false;
    expr = unwrapExpression(t, expr.expression);
  }
  return path.length > 0 && isBase(expr);
}

/** Whether `node` sits lexically inside one of the handlers (nested callbacks included). */
export function enclosingHandler(handlers: readonly Handler[], node: ts.Node): Handler | undefined {
  for (let current: ts.Node | undefined = node; current; current = current.parent) {
    const handler = handlers.find((candidate) => candidate.fn === current);
    if (handler) return handler;
  }
  return undefined;
}
