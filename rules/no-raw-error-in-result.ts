import type * as ts from "typescript";
import { defineRule, type Suggestion } from "../src/core/rule.js";
import { caughtErrorName, isCaughtError } from "../src/core/handler/caught-errors.js";
import type { ResultSink, SinkKind } from "../src/core/handler/result-sinks.js";
import { ValueFlow, type Flow } from "../src/core/flow/value-flow.js";
import { calleeName, walk, type TS } from "../src/core/ts-utils.js";
import type { FileFacts } from "../src/core/facts.js";
import type { Edit } from "../src/core/schema/model.js";

type MessageIds = "rawError" | "useFixedText";

const SINK_LABELS: Record<SinkKind, string> = {
  "content-text": "the tool result's text",
  "structured-content": "the tool result's structuredContent",
  "returned-text": "the returned text, which fastmcp sends to the model",
  "user-error": "a UserError, whose message fastmcp sends to the model",
  "thrown-message": "a thrown error's message, which the SDK forwards to the model",
  "helper-argument": "a helper that puts it into the tool result",
};

const FIXED_TEXT = "The tool failed. The details are in the server log.";

/** Properties of an error that identify it without carrying its text. */
const DEFAULT_SAFE_PROPERTIES = ["name", "code", "status", "statusCode", "errno", "length"];

function rawPart(flow: Flow, safe: ReadonlySet<string>): string | undefined {
  const [first] = flow.path;
  if (first === undefined) return flow.stringified ? "text" : "object";
  if (safe.has(first) || safe.has(flow.path[flow.path.length - 1] ?? "")) return undefined;
  return first;
}

/** Replaces the raw text and logs the error just before the statement that returns or throws it. */
function fixedTextSuggestion(facts: FileFacts, sink: ResultSink, errorName: string | undefined): Suggestion<MessageIds>[] {
  const t = facts.ts;
  if (sink.kind === "helper-argument" || !errorName) return [];
  const statement = enclosingStatement(t, sink.expression);
  if (!statement) return [];
  const text = facts.sourceFile.text;
  const start = statement.getStart(facts.sourceFile);
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, start))?.[0] ?? "";
  const logger = usesLogger(t, facts.sourceFile) ? "logger" : "console";
  const edits: Edit[] = [
    { start, end: start, text: `${logger}.error(${errorName});\n${indent}` },
    { start: sink.expression.getStart(facts.sourceFile), end: sink.expression.getEnd(), text: JSON.stringify(FIXED_TEXT) },
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

const loggerCache = new WeakMap<ts.SourceFile, boolean>();

/** A file that already calls `logger.error(...)` has an obvious logger to keep the detail in. */
function usesLogger(t: TS, sourceFile: ts.SourceFile): boolean {
  const cached = loggerCache.get(sourceFile);
  if (cached !== undefined) return cached;
  let found = false;
  walk(sourceFile, (node) => {
    if (found) return false;
    if (t.isCallExpression(node) && calleeName(t, node) === "error" && t.isPropertyAccessExpression(node.expression) && t.isIdentifier(node.expression.expression) && node.expression.expression.text === "logger") found = true;
    return !found;
  });
  loggerCache.set(sourceFile, found);
  return found;
}

export default defineRule<{ sanitizers: string[]; safeProperties: string[] }, MessageIds>({
  name: "no-raw-error-in-result",
  meta: {
    description: "Disallow returning a caught error's message, stack or text to the model",
    config: "recommended",
    hasSuggestions: true,
    messages: {
      rawError:
        "The caught error's {{part}} reaches {{sink}}. Error text carries stack traces, SQL, file paths and upstream responses; the model reads it, and injected text can make a tool fail on purpose to exfiltrate it. Return a fixed message and log the detail on the server.",
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
    for (const sink of facts.resultSinks()) {
      const reaching = flow.flowsInto(sink.expression).flatMap((argumentFlow) =>
        (sink.via ?? [{ source: argumentFlow.source, path: [], stringified: false }]).map((inner) => ({
          source: argumentFlow.source,
          path: [...argumentFlow.path, ...inner.path],
          stringified: argumentFlow.stringified || inner.stringified,
        })),
      );
      const raw = reaching.find((candidate) => isCaughtError(t, candidate.source) && rawPart(candidate, safe) !== undefined);
      if (!raw) continue;
      const part = rawPart(raw, safe) ?? "text";
      report({
        messageId: "rawError",
        data: { part: part === "object" || part === "text" ? "text" : part, sink: SINK_LABELS[sink.kind] },
        node: sink.expression,
        suggestions: fixedTextSuggestion(facts, sink, caughtErrorName(t, raw.source)),
      });
    }
  },
});
