import type * as ts from "typescript";
import { extendPath, type Flow } from "../flow/paths.js";
import type { ValueFlow } from "../flow/value-flow.js";
import type { FunctionWithBody } from "../resolve.js";
import type { Framework, NodeIndex } from "../registrations/model.js";
import { getOrCreate } from "../memo.js";
import { calleeName, findProperty, stringValue, unwrapExpression, walk, type TS } from "../ts-utils.js";
import { enclosingHandler, type Handler } from "./handlers.js";

export type SinkKind = "content-text" | "structured-content" | "returned-text" | "forwarded-text" | "user-error" | "thrown-message" | "helper-argument" | "error-function-result";

/** A place whose value the model reads: a result's text, a thrown message the SDK forwards, a helper that builds either. */
export interface ResultSink {
  kind: SinkKind;
  expression: ts.Expression;
  /** For `helper-argument`: how the helper reads and shows its parameter (`e.message` → ["message"]). */
  via: Flow[] | undefined;
  /** For returned text and thrown messages: the framework whose handler it is, which decides who sees it. */
  framework?: Framework;
  /**
   * For `helper-argument`: every sink inside the (innermost) helper where the parameter is written, with how
   * the parameter reaches it: a helper that writes its parameter in two places leaks in both.
   */
  origins?: readonly SinkOrigin[];
}

/** A sink inside a helper, and how the helper's parameter reaches it (`e.message` → ["message"]). */
export interface SinkOrigin {
  sink: ResultSink;
  via: Flow[];
}

/** Frameworks that send a handler's returned string to the model as the tool's text. */
const RETURNED_TEXT_FRAMEWORKS: ReadonlySet<Framework> = new Set<Framework>(["fastmcp", "ai-sdk"]);

/**
 * Whether a message thrown in this handler reaches the model. Genkit lets a tool's error fail the
 * generate() call; OpenAI Agents sends `errorFunction`'s result instead when one is given (the
 * default one answers "An error occurred while running the tool. Please try again. Error: <error>",
 * and `errorFunction: null` rethrows).
 */
function thrownReachesModel(handler: Handler): boolean {
  if (handler.framework === "genkit") return false;
  if (handler.framework === "openai-agents") return handler.registration?.errorFunction === undefined;
  return true;
}

const THROWN_ERRORS = new Set(["Error", "TypeError", "RangeError", "McpError", "UserError", "ToolError", "ProtocolError"]);
const MAX_ROUNDS = 5;

/**
 * Finds every result sink in a file. Result-shaped literals (`{ type: "text", text }`,
 * `structuredContent`) count wherever they are written; throws and returned strings count inside
 * handlers. A function of the file whose parameter reaches a sink turns its call sites into sinks,
 * found to a fixed point so that helpers calling helpers are followed.
 */
export function findResultSinks(t: TS, nodes: NodeIndex, flow: ValueFlow, handlers: readonly Handler[], errorFunctions: readonly FunctionWithBody[] = [], resultFunctions: ReadonlySet<FunctionWithBody> = new Set()): ResultSink[] {
  const direct: ResultSink[] = [];
  // OpenAI Agents sends what an errorFunction returns to the model as the tool's output.
  for (const fn of errorFunctions) {
    if (fn.body && !t.isBlock(fn.body)) direct.push({ kind: "error-function-result", expression: fn.body, via: undefined, framework: "openai-agents" });
    else if (fn.body) {
      walk(fn.body, (node) => {
        if (t.isReturnStatement(node) && node.expression) direct.push({ kind: "error-function-result", expression: node.expression, via: undefined, framework: "openai-agents" });
        return !t.isFunctionLike(node);
      });
    }
  }
  for (const node of nodes.objectLiterals) {
    const typeProperty = findProperty(t, node, "type");
    const typeValue = typeProperty && t.isPropertyAssignment(typeProperty) ? stringValue(t, typeProperty.initializer) : undefined;
    const text = findProperty(t, node, "text");
    const textValue = text && t.isPropertyAssignment(text) ? text.initializer : text && t.isShorthandPropertyAssignment(text) ? text.name : undefined;
    if (typeValue === "text" && textValue && !isPromptMessageContent(t, node)) direct.push({ kind: "content-text", expression: textValue, via: undefined });
    const structured = findProperty(t, node, "structuredContent");
    if (structured && t.isPropertyAssignment(structured)) direct.push({ kind: "structured-content", expression: structured.initializer, via: undefined });
  }
  for (const node of nodes.newExpressions) {
    const name = constructorName(t, node);
    const handler = enclosingHandler(handlers, node);
    // McpError (SDK v1) and ProtocolError (SDK v2) take the code first, then the message.
    const message = name === "McpError" || name === "ProtocolError" ? node.arguments?.[1] : node.arguments?.[0];
    if (name === "UserError" && message) direct.push({ kind: "user-error", expression: message, via: undefined });
    else if (name && THROWN_ERRORS.has(name) && message && handler && isThrown(t, node) && thrownReachesModel(handler)) direct.push({ kind: "thrown-message", expression: message, via: undefined, framework: handler.framework });
  }
  for (const node of nodes.returns) {
    if (!node.expression) continue;
    // A definition's function whose returned value the tool's handler writes into the result's text.
    if (resultFunctions.size > 0 && resultFunctions.has(ownerFunction(t, node) as FunctionWithBody) && !isContentResult(t, node.expression)) {
      direct.push({ kind: "forwarded-text", expression: node.expression, via: undefined });
      continue;
    }
    const handler = enclosingHandler(handlers, node);
    // fastmcp and the AI SDK send a returned string to the model as text.
    if (handler && RETURNED_TEXT_FRAMEWORKS.has(handler.framework) && ownerFunction(t, node) === handler.fn && !isContentResult(t, node.expression)) {
      direct.push({ kind: "returned-text", expression: node.expression, via: undefined, framework: handler.framework });
    }
  }
  for (const node of nodes.conciseArrows) {
    if (resultFunctions.has(node) && !isContentResult(t, node.body as ts.Expression)) {
      direct.push({ kind: "forwarded-text", expression: node.body as ts.Expression, via: undefined });
      continue;
    }
    const handler = handlers.find((candidate) => candidate.fn === node);
    if (handler && RETURNED_TEXT_FRAMEWORKS.has(handler.framework) && !isContentResult(t, node.body as ts.Expression)) {
      direct.push({ kind: "returned-text", expression: node.body as ts.Expression, via: undefined, framework: handler.framework });
    }
  }

  const sinks = [...direct];
  const helperParameters = new Map<ts.ParameterDeclaration, Flow[]>();
  /** Per helper parameter, each innermost sink it reaches and how. */
  const origins = new Map<ts.ParameterDeclaration, Map<ResultSink, Flow[]>>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let changed = false;
    for (const sink of sinks) {
      const fn = ownerFunction(t, sink.expression);
      if (!fn || handlers.some((handler) => handler.fn === fn) || errorFunctions.includes(fn)) continue;
      for (const reaching of flow.flowsInto(sink.expression)) {
        const parameter = fn.parameters.find((candidate) => candidate === reaching.source);
        if (!parameter) continue;
        const through = (via: readonly Flow[] | undefined): Flow[] =>
          (via ?? [{ source: parameter, path: [], stringified: false }]).flatMap((inner) => {
            const path = extendPath(reaching.path, inner.path);
            return path ? [{ source: parameter, path, stringified: reaching.stringified || inner.stringified }] : [];
          });
        if (addFresh(helperParameters, parameter, through(sink.via))) changed = true;
        const byOrigin = getOrCreate(origins, parameter, () => new Map<ResultSink, Flow[]>());
        for (const origin of sink.origins ?? [{ sink, via: sink.via ?? [] }]) {
          if (addFresh(byOrigin, origin.sink, through(sink.origins ? origin.via : sink.via))) changed = true;
        }
      }
    }
    if (!changed) break;
    sinks.splice(direct.length, sinks.length - direct.length, ...helperCallSinks(nodes.calls, flow, helperParameters, origins));
  }
  return sinks;
}

/**
 * `{ role, content: { type: "text", text } }`: a prompt's message (prompts/get, registerPrompt), which is
 * not a tool result. A tool result's `content` is an array.
 */
function isPromptMessageContent(t: TS, node: ts.ObjectLiteralExpression): boolean {
  const property = node.parent;
  if (!t.isPropertyAssignment(property) || !t.isIdentifier(property.name) || property.name.text !== "content") return false;
  return t.isObjectLiteralExpression(property.parent) && findProperty(t, property.parent, "role") !== undefined;
}

/**
 * A returned `{ content: [...] }` or `{ type: "text", text }`: its text parts are content-text sinks of
 * their own, reported where the text is written, so the object as a whole is not returned text too.
 */
function isContentResult(t: TS, expression: ts.Expression): boolean {
  const value = unwrapExpression(t, expression);
  return t.isObjectLiteralExpression(value) && (findProperty(t, value, "content") !== undefined || findProperty(t, value, "type") !== undefined);
}

/** Adds the flows `key` does not have yet; whether any was new. */
function addFresh<K>(map: Map<K, Flow[]>, key: K, flows: readonly Flow[]): boolean {
  const known = map.get(key) ?? [];
  const fresh = flows.filter((candidate) => !known.some((existing) => samePath(existing, candidate)));
  if (fresh.length === 0 && map.has(key)) return false;
  map.set(key, [...known, ...fresh]);
  return true;
}

function helperCallSinks(calls: readonly ts.CallExpression[], flow: ValueFlow, helperParameters: Map<ts.ParameterDeclaration, Flow[]>, origins: Map<ts.ParameterDeclaration, Map<ResultSink, Flow[]>>): ResultSink[] {
  const sinks: ResultSink[] = [];
  for (const call of calls) {
    const fn = flow.functionOf(call.expression);
    fn?.parameters.forEach((parameter, index) => {
      const via = helperParameters.get(parameter);
      const argument = call.arguments[index];
      const reached = [...(origins.get(parameter) ?? [])].map(([sink, originVia]) => ({ sink, via: originVia }));
      if (via && argument) sinks.push({ kind: "helper-argument", expression: argument, via, origins: reached });
    });
  }
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

