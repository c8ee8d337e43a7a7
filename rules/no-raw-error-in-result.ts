import type * as ts from "typescript";
import { defineRule, type Suggestion } from "../src/core/rule.js";
import { caughtErrorName, isCaughtError } from "../src/core/handler/caught-errors.js";
import type { ResultSink, SinkKind } from "../src/core/handler/result-sinks.js";
import { extendPath, readsOf, type Flow } from "../src/core/flow/paths.js";
import { ValueFlow } from "../src/core/flow/value-flow.js";
import { calleeName, unwrapExpression, containsNode, type TS } from "../src/core/ts-utils.js";
import { isProgramSource, returnedExpressions } from "../src/core/resolve.js";
import type { FileFacts } from "../src/core/facts.js";
import { getOrCreate } from "../src/core/memo.js";
import { displayName, type Framework } from "../src/core/registrations/model.js";
import { enclosingHandler } from "../src/core/handler/handlers.js";
import type { Edit } from "../src/core/schema/model.js";

type MessageIds = "rawError" | "rawErrorInHelper" | "useFixedText";

export const SINK_LABELS: Record<SinkKind, string> = {
  "content-text": "the tool result's text",
  "structured-content": "the tool result's structuredContent",
  "returned-text": "the returned text, which fastmcp sends to the model",
  "forwarded-text": "the returned text, which the tool's handler puts into its result",
  "user-error": "a UserError, whose message fastmcp sends to the model",
  "thrown-message": "a thrown error's message, which the SDK forwards to the model",
  "helper-argument": "a helper that puts it into the tool result",
  "error-function-result": "the errorFunction's result, which OpenAI Agents sends to the model",
};

/** Who forwards a returned string or a thrown message, where it is not the MCP SDK. */
export const FRAMEWORK_SINK_LABELS: Partial<Record<Framework, Partial<Record<SinkKind, string>>>> = {
  "ai-sdk": {
    "returned-text": "the returned text, which the AI SDK sends to the model",
    "thrown-message": "a thrown error's message, which the AI SDK sends to the model",
  },
  "openai-agents": {
    "thrown-message": "a thrown error's message, which OpenAI Agents sends to the model",
  },
  mastra: { "thrown-message": "a thrown error's message, which reaches the model" },
  langchain: { "thrown-message": "a thrown error's message, which LangGraph's ToolNode sends to the model" },
};

function sinkLabel(sink: ResultSink): string {
  return (sink.framework && FRAMEWORK_SINK_LABELS[sink.framework]?.[sink.kind]) ?? SINK_LABELS[sink.kind];
}

const FIXED_TEXT = "The tool failed. The details are in the server log.";

/** Properties of an error that identify it without carrying its text. */
const DEFAULT_SAFE_PROPERTIES = ["name", "code", "status", "statusCode", "errno", "length"];

function rawPart(flow: Flow, safe: ReadonlySet<string>): string | undefined {
  // Array elements (`[]`) are no part of the error: `errors.map((e) => e.message)` shows each one's message.
  const reads = readsOf(flow.path).filter((segment) => segment !== "[]");
  const [first] = reads;
  if (first === undefined) return flow.stringified ? "text" : "object";
  if (safe.has(first) || safe.has(reads[reads.length - 1] ?? "")) return undefined;
  return first;
}

/** Replaces the raw text and logs the error just before the statement that returns or throws it. */
function fixedTextSuggestion(facts: FileFacts, sink: ResultSink, written: ts.Expression, raw: Flow, usesLogger: () => boolean): Suggestion<MessageIds>[] {
  const t = facts.ts;
  const errorName = caughtErrorName(t, raw.source);
  // A helper expects the error itself; an object (structuredContent) cannot become a string.
  if (sink.kind === "helper-argument" || !errorName || t.isObjectLiteralExpression(unwrapExpression(t, written))) return [];
  // structuredContent must stay an object: only a value inside it may become a string.
  if (sink.kind === "structured-content" && unwrapExpression(t, written) === unwrapExpression(t, sink.expression)) return [];
  const statement = enclosingStatement(t, written);
  // The log call must see the error: the statement sits inside the catch block or callback that declares it.
  if (!statement || !containsNode(raw.source.parent, statement)) return [];
  // The statement may sit in a helper of another file (typed analysis): positions are that file's.
  const text = statement.getSourceFile().text;
  const start = statement.getStart();
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, start))?.[0] ?? "";
  const logger = usesLogger() ? "logger" : "console";
  // `{ type: "text", text }`: the shorthand becomes `text: "…"`.
  const shorthand = t.isShorthandPropertyAssignment(written.parent) && written.parent.name === written;
  const fixed = shorthand ? `${written.getText()}: ${JSON.stringify(FIXED_TEXT)}` : JSON.stringify(FIXED_TEXT);
  const edits: Edit[] = [
    { start, end: start, text: `${logger}.error(${errorName});\n${indent}` },
    { start: written.getStart(), end: written.getEnd(), text: fixed },
  ];
  return [{ messageId: "useFixedText", edits }];
}

/**
 * The statement to log before: the one holding the sink, directly in a block. A statement in a
 * brace-less `if`/`else`/loop body has no such place (a log before the `if` would run on every path).
 */
function enclosingStatement(t: TS, node: ts.Node): ts.Statement | undefined {
  for (let current: ts.Node = node; current.parent; current = current.parent) {
    if (t.isFunctionLike(current)) return undefined;
    const parent = current.parent;
    const inBlock = t.isBlock(parent) || t.isCaseClause(parent) || t.isDefaultClause(parent) || t.isSourceFile(parent);
    if (t.isStatement(current)) return inBlock ? current : undefined;
  }
  return undefined;
}

/**
 * The sub-expression where the raw text is written: into an object's property, a promise callback's
 * returned value, a branch of a conditional or of `&&`/`||`/`??`. That is where the fix belongs.
 */
function whereWritten(t: TS, expression: ts.Expression, carriesRaw: (expression: ts.Expression) => boolean): ts.Expression {
  let current = expression;
  for (let steps = 0; steps < 50; steps++) {
    const inner = unwrapExpression(t, current);
    const next = rawChildren(t, inner).find(carriesRaw);
    if (!next) return inner;
    current = next;
  }
  return current;
}

function rawChildren(t: TS, expression: ts.Expression): ts.Expression[] {
  if (t.isAwaitExpression(expression)) return [expression.expression];
  if (t.isObjectLiteralExpression(expression)) {
    return expression.properties.flatMap((property) =>
      t.isPropertyAssignment(property) ? [property.initializer] : t.isSpreadAssignment(property) ? [property.expression] : t.isShorthandPropertyAssignment(property) ? [property.name] : [],
    );
  }
  if (t.isConditionalExpression(expression)) return [expression.whenTrue, expression.whenFalse];
  // `JSON.stringify({ success: false, error: e.message })`: the text is written in the object's property.
  if (t.isCallExpression(expression) && calleeName(t, expression) === "stringify" && expression.arguments[0] && t.isObjectLiteralExpression(unwrapExpression(t, expression.arguments[0]))) return expression.arguments.slice(0, 1);
  if (t.isBinaryExpression(expression) && [t.SyntaxKind.AmpersandAmpersandToken, t.SyntaxKind.BarBarToken, t.SyntaxKind.QuestionQuestionToken].includes(expression.operatorToken.kind)) {
    return [expression.left, expression.right];
  }
  if (t.isCallExpression(expression) && t.isPropertyAccessExpression(expression.expression) && ["then", "catch"].includes(expression.expression.name.text)) {
    return expression.arguments.flatMap((argument) => {
      const fn = unwrapExpression(t, argument);
      return t.isArrowFunction(fn) || t.isFunctionExpression(fn) ? returnedExpressions(t, fn) : [];
    });
  }
  return [];
}

/**
 * Typed: per facts, whether the file calls `logger.error(...)`, since an entry file's facts are checked again
 * for every file they reach. Untyped facts are one file's, and a WeakMap key would keep its tree (facts.ts).
 */
const callsLoggerErrorByFacts = new WeakMap<FileFacts, boolean>();

/** A file that already calls `logger.error(...)` has an obvious logger to keep the detail in. */
function callsLoggerError(facts: FileFacts): boolean {
  if (!facts.resolver.typeChecker) return scanForLoggerError(facts);
  return getOrCreate(callsLoggerErrorByFacts, facts, () => scanForLoggerError(facts));
}

function scanForLoggerError(facts: FileFacts): boolean {
  const t = facts.ts;
  return facts.nodes.calls.some(
    (call) => t.isPropertyAccessExpression(call.expression) && call.expression.name.text === "error" && t.isIdentifier(call.expression.expression) && call.expression.expression.text === "logger",
  );
}

export default defineRule<{ sanitizers: string[]; safeProperties: string[] }, MessageIds>({
  name: "no-raw-error-in-result",
  meta: {
    description: "Disallow returning a caught error's message, stack or text to the model",
    config: "recommended",
    security: { cwe: [209], severity: 5.3 },
    hasSuggestions: true,
    messages: {
      rawError: "The caught error's {{part}} reaches {{sink}}. Return a fixed message and log the error.",
      rawErrorInHelper: 'This helper puts a caught error\'s {{part}} into the result of tool "{{tool}}"{{others}}. Return a fixed message and log the error.',
      useFixedText: "Use a fixed message and log the error.",
    },
    optionsSchema: {
      type: "object",
      properties: {
        sanitizers: {
          type: "array",
          items: { type: "string", minLength: 1 },
          uniqueItems: true,
          description: "Functions whose result is safe to show the model (called with the error).",
        },
        safeProperties: {
          type: "array",
          items: { type: "string", minLength: 1 },
          uniqueItems: true,
          description: "Error properties that identify an error without carrying its text.",
        },
      },
      additionalProperties: false,
    },
    defaultOptions: { sanitizers: [], safeProperties: DEFAULT_SAFE_PROPERTIES },
  },
  check(facts, options, report) {
    const t = facts.ts;
    const safe = new Set(options.safeProperties);
    const sanitizers = new Set(options.sanitizers);
    const flow = sanitizers.size === 0
      ? facts.flow
      : new ValueFlow(t, facts.resolver, (call) => {
          const name = calleeName(t, call);
          return name !== undefined && sanitizers.has(name);
        });
    let loggerInFile: boolean | undefined;
    const usesLogger = (): boolean => (loggerInFile ??= callsLoggerError(facts));
    const reportedInCallees = new Set<ts.Node>();
    for (const sink of facts.resultSinks()) {
      const flows = flow.flowsInto(sink.expression);
      // Most sinks are the returned or thrown value itself; only a helper's argument goes on along `via`.
      const through = (via: readonly Flow[] | undefined): Flow[] =>
        via
          ? flows.flatMap((argumentFlow) =>
              via.flatMap((inner) => {
                const path = extendPath(argumentFlow.path, inner.path);
                return path ? [{ ...argumentFlow, path, stringified: argumentFlow.stringified || inner.stringified }] : [];
              }),
            )
          : flows;
      const rawOf = (reaching: readonly Flow[]): Flow | undefined =>
        reaching.find((candidate) => (isCaughtError(t, candidate.source) || facts.caughtErrorSources.has(candidate.source)) && rawPart(candidate, safe) !== undefined);
      const via = sink.via;
      const raw = rawOf(through(via));
      if (!raw) continue;
      const part = rawPart(raw, safe) ?? "text";
      const carriesRaw = (expression: ts.Expression): boolean => flow.flowsInto(expression).some((candidate) => candidate.source === raw.source && rawPart(candidate, safe) !== undefined);
      const data = { part: part === "object" || part === "text" ? "text" : part, sink: sinkLabel(sink) };
      // A helper that writes its parameter as it is (`errorOutput(text)` → `{ type: "text", text }`) only converts
      // text: what leaks is the caller's argument (`errorOutput(\`failed: ${e.message}\`)`), reported here.
      const verbatim = (inner: readonly Flow[]): boolean => inner.every((flowed) => flowed.path.length === 0 && !flowed.stringified);
      // A caller that writes the text itself (`mcpError(\`Login failed: ${e.message}\`)`) leaks it here, whatever the helper adds.
      const composedHere = composesText(t, facts.resolver, sink.expression);
      // A helper in another file (typed): reported once per place in the helper where the text is written,
      // whichever tools call it. (A call written in another file itself, such as a base class's safeExecute,
      // is reported at its argument there.)
      const inHelpers = sink.kind === "helper-argument" && !(via !== undefined && composedHere)
        ? (sink.origins ?? []).filter((origin) => origin.sink.expression.getSourceFile() !== sink.expression.getSourceFile() && !verbatim(origin.via))
        : [];
      const leaking = inHelpers.flatMap((origin) => {
        const originRaw = rawOf(through(origin.via));
        const originPart = originRaw && rawPart(originRaw, safe);
        return originPart ? [{ origin, part: originPart === "object" || originPart === "text" ? "text" : originPart }] : [];
      });
      if (leaking.length > 0) {
        // The call may sit in a function of this file between the handler and the helper: name a tool of the file then.
        const handler = enclosingHandler(facts.handlers, sink.expression) ?? facts.handlers.find((candidate) => candidate.registration);
        const tool = handler?.registration ? displayName(handler.registration) : "tools/call";
        const fromParameter = (expression: ts.Expression): boolean => flow.flowsInto(expression).some((candidate) => t.isParameter(candidate.source));
        for (const { origin, part: originPart } of leaking) {
          report({ messageId: "rawErrorInHelper", data: { part: originPart, tool }, node: whereWritten(t, origin.sink.expression, fromParameter) });
        }
        // The helper's other places leak only what the caller passes as it is: nothing more to say here.
        if ((sink.origins ?? []).every((origin) => inHelpers.includes(origin) || !rawOf(through(origin.via)))) continue;
      }
      // A callee that catches for itself and returns the text (`return { error: \`failed: ${e.message}\` }`), which the
      // handler only passes on: reported once, in the callee, where the text is written.
      // (When the callee returns the bare message and the caller makes it text, the caller composes it: reported there.)
      const passedOn = raw.writtenAsText === true || !raw.stringified;
      if (raw.writtenAt && passedOn && isProgramSource(raw.writtenAt.getSourceFile()) && !composedHere) {
        const inCallee = whereWritten(t, raw.writtenAt, carriesRaw);
        if (!reportedInCallees.has(inCallee)) {
          reportedInCallees.add(inCallee);
          report({ messageId: "rawError", data, node: inCallee, suggestions: fixedTextSuggestion(facts, sink, inCallee, raw, usesLogger) });
        }
        continue;
      }
      const written = sink.kind === "helper-argument" ? sink.expression : whereWritten(t, sink.expression, carriesRaw);
      report({
        messageId: "rawError",
        data,
        node: written,
        suggestions: fixedTextSuggestion(facts, sink, written, raw, usesLogger),
      });
    }
  },
});

/** Text the caller composes around the error (`\`Login failed: ${e.message}\``, `"failed: " + e`), also through a const. */
function composesText(t: TS, resolver: FileFacts["resolver"], expression: ts.Expression, depth = 0): boolean {
  const expr = unwrapExpression(t, expression);
  if (t.isTemplateExpression(expr)) return true;
  if (t.isBinaryExpression(expr)) return expr.operatorToken.kind === t.SyntaxKind.PlusToken;
  if (!t.isIdentifier(expr) || depth > 0) return false;
  const declaration = resolver.declarationOf(expr);
  return declaration !== undefined && t.isVariableDeclaration(declaration) && declaration.initializer !== undefined && composesText(t, resolver, declaration.initializer, depth + 1);
}
