import type * as ts from "typescript";
import type { Flow, ValueFlow } from "../flow/value-flow.js";
import type { FunctionWithBody } from "../resolve.js";
import { calleeName, findProperty, stringValue, unwrapExpression, walk, type TS } from "../ts-utils.js";
import { enclosingHandler, type Handler } from "./handlers.js";

export type SinkKind = "content-text" | "structured-content" | "returned-text" | "user-error" | "thrown-message" | "helper-argument";

/** A place whose value the model reads: a result's text, a thrown message the SDK forwards, a helper that builds either. */
export interface ResultSink {
  kind: SinkKind;
  expression: ts.Expression;
  /** For `helper-argument`: how the helper reads and shows its parameter (`e.message` → ["message"]). */
  via: Flow[] | undefined;
}

const THROWN_ERRORS = new Set(["Error", "TypeError", "RangeError", "McpError", "UserError", "ToolError", "ProtocolError"]);
const MAX_ROUNDS = 5;

/**
 * Finds every result sink in a file. Result-shaped literals (`{ type: "text", text }`,
 * `structuredContent`) count wherever they are written; throws and returned strings count inside
 * handlers. A function of the file whose parameter reaches a sink turns its call sites into sinks,
 * found to a fixed point so that helpers calling helpers are followed.
 */
export function findResultSinks(t: TS, sourceFile: ts.SourceFile, flow: ValueFlow, handlers: readonly Handler[]): ResultSink[] {
  const direct: ResultSink[] = [];
  walk(sourceFile, (node) => {
    if (t.isObjectLiteralExpression(node)) {
      const typeProperty = findProperty(t, node, "type");
      const typeValue = typeProperty && t.isPropertyAssignment(typeProperty) ? stringValue(t, typeProperty.initializer) : undefined;
      const text = findProperty(t, node, "text");
      if (typeValue === "text" && text && t.isPropertyAssignment(text)) direct.push({ kind: "content-text", expression: text.initializer, via: undefined });
      const structured = findProperty(t, node, "structuredContent");
      if (structured && t.isPropertyAssignment(structured)) direct.push({ kind: "structured-content", expression: structured.initializer, via: undefined });
    } else if (t.isNewExpression(node)) {
      const name = constructorName(t, node);
      const handler = enclosingHandler(handlers, node);
      // McpError (SDK v1) and ProtocolError (SDK v2) take the code first, then the message.
      const message = name === "McpError" || name === "ProtocolError" ? node.arguments?.[1] : node.arguments?.[0];
      if (name === "UserError" && message) direct.push({ kind: "user-error", expression: message, via: undefined });
      else if (name && THROWN_ERRORS.has(name) && message && handler && isThrown(t, node)) direct.push({ kind: "thrown-message", expression: message, via: undefined });
    } else if (t.isReturnStatement(node) && node.expression) {
      const handler = enclosingHandler(handlers, node);
      // fastmcp sends a returned string to the model as text.
      if (handler?.framework === "fastmcp" && ownerFunction(t, node) === handler.fn) direct.push({ kind: "returned-text", expression: node.expression, via: undefined });
    } else if (t.isArrowFunction(node) && !t.isBlock(node.body)) {
      const handler = handlers.find((candidate) => candidate.fn === node);
      if (handler?.framework === "fastmcp") direct.push({ kind: "returned-text", expression: node.body, via: undefined });
    }
  });

  const sinks = [...direct];
  const helperParameters = new Map<ts.ParameterDeclaration, Flow[]>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let changed = false;
    for (const sink of sinks) {
      const fn = ownerFunction(t, sink.expression);
      if (!fn || handlers.some((handler) => handler.fn === fn)) continue;
      for (const reaching of flow.flowsInto(sink.expression)) {
        const parameter = fn.parameters.find((candidate) => candidate === reaching.source);
        if (!parameter) continue;
        const throughHelper = sink.via ?? [{ source: parameter, path: [], stringified: false }];
        const combined = throughHelper.map((inner) => ({ source: parameter, path: [...reaching.path, ...inner.path], stringified: reaching.stringified || inner.stringified }));
        const known = helperParameters.get(parameter) ?? [];
        const fresh = combined.filter((candidate) => !known.some((existing) => samePath(existing, candidate)));
        if (fresh.length > 0) {
          helperParameters.set(parameter, [...known, ...fresh]);
          changed = true;
        }
      }
    }
    if (!changed) break;
    sinks.splice(direct.length, sinks.length - direct.length, ...helperCallSinks(t, sourceFile, flow, helperParameters));
  }
  return sinks;
}

function helperCallSinks(t: TS, sourceFile: ts.SourceFile, flow: ValueFlow, helperParameters: Map<ts.ParameterDeclaration, Flow[]>): ResultSink[] {
  const sinks: ResultSink[] = [];
  walk(sourceFile, (node) => {
    if (t.isCallExpression(node)) {
      const fn = flow.functionOf(node.expression);
      fn?.parameters.forEach((parameter, index) => {
        const via = helperParameters.get(parameter);
        const argument = node.arguments[index];
        if (via && argument) sinks.push({ kind: "helper-argument", expression: argument, via });
      });
    }
  });
  return sinks;
}

function samePath(a: Flow, b: Flow): boolean {
  return a.stringified === b.stringified && a.path.length === b.path.length && a.path.every((segment, index) => b.path[index] === segment);
}

function constructorName(t: TS, node: ts.NewExpression): string | undefined {
  const expr = unwrapExpression(t, node.expression);
  if (t.isIdentifier(expr)) return expr.text;
  if (t.isPropertyAccessExpression(expr)) return expr.name.text;
  return undefined;
}

/** `throw new Error(...)`, or an error built into a variable that is thrown: both reach the SDK. */
function isThrown(t: TS, node: ts.NewExpression): boolean {
  let current: ts.Node = node;
  while (t.isParenthesizedExpression(current.parent) || t.isAsExpression(current.parent)) current = current.parent;
  return t.isThrowStatement(current.parent) || (t.isCallExpression(current.parent) && calleeName(t, current.parent) === "reject");
}

export function ownerFunction(t: TS, node: ts.Node): FunctionWithBody | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (t.isArrowFunction(current) || t.isFunctionExpression(current) || t.isFunctionDeclaration(current) || t.isMethodDeclaration(current)) return current;
  }
  return undefined;
}

