import type * as ts from "typescript";
import type { FunctionWithBody, Resolver } from "../resolve.js";
import type { CallToolHandler, Framework, ToolRegistration } from "../registrations/model.js";
import type { TS } from "../ts-utils.js";

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
  /** `extra` / `ctx` / `context`: where the authenticated session lives. */
  contextParameter: ts.ParameterDeclaration | undefined;
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
    handlers.push({
      kind: "tool",
      framework: registration.framework,
      fn,
      registration,
      node: registration.node,
      inputParameter: positions ? fn.parameters[positions.input] : takesArguments ? first : undefined,
      contextParameter: positions ? fn.parameters[positions.context] : takesArguments ? second : first,
    });
  }
  for (const callTool of callToolHandlers) {
    const fn = resolver.functionOf(callTool.handler);
    if (!fn) continue;
    const [request, extra] = fn.parameters;
    handlers.push({
      kind: "call-tool",
      framework: callTool.framework,
      fn,
      registration: undefined,
      node: callTool.node,
      inputParameter: request,
      contextParameter: extra,
    });
  }
  return handlers;
}

/** Whether `node` sits lexically inside one of the handlers (nested callbacks included). */
export function enclosingHandler(handlers: readonly Handler[], node: ts.Node): Handler | undefined {
  for (let current: ts.Node | undefined = node; current; current = current.parent) {
    const handler = handlers.find((candidate) => candidate.fn === current);
    if (handler) return handler;
  }
  return undefined;
}
