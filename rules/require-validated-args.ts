import type * as ts from "typescript";
import { defineRule } from "../src/core/rule.js";
import { argumentReads, isArgumentsFlow, type ArgumentRead } from "../src/core/handler/argument-reads.js";
import type { Handler } from "../src/core/handler/handlers.js";
import type { ValueFlow } from "../src/core/flow/value-flow.js";
import { calleeName, unwrapExpression, walk, containsNode, type TS } from "../src/core/ts-utils.js";
import type { Resolver } from "../src/core/resolve.js";

type MessageIds = "unvalidatedRead" | "keysOnlyRead";

const DEFAULT_VALIDATORS = ["parse", "safeParse", "parseAsync", "safeParseAsync", "validate", "assert", "Check", "Decode", "is"];

/** Calls in the handler that validate the arguments (or a value read from them). */
/** A function made by AJV (`ajv.compile(schema)`, `ajv.getSchema(id)`), whatever its name. */
function isCompiledValidator(t: TS, resolver: Resolver, call: ts.CallExpression): boolean {
  if (!t.isIdentifier(unwrapExpression(t, call.expression))) return false;
  const made = resolver.followConsts(call.expression);
  return t.isCallExpression(made) && ["compile", "getSchema", "compileAsync"].includes(calleeName(t, made) ?? "");
}

function validationCalls(t: TS, flow: ValueFlow, resolver: Resolver, handler: Handler, validators: ReadonlySet<string>): ts.CallExpression[] {
  const calls: ts.CallExpression[] = [];
  if (handler.fn.body) walk(handler.fn.body, (node) => {
    if (t.isCallExpression(node)) {
      const name = calleeName(t, node);
      if (name && (validators.has(name) || isCompiledValidator(t, resolver, node)) && node.arguments.some((argument) => flow.flowsInto(argument).some((candidate) => candidate.source === handler.inputParameter))) {
        calls.push(node);
      }
    }
  });
  return calls;
}

/** The block a validation sits in: reads later in it (or in blocks nested in it) come after the check. */
function scopeOf(t: TS, node: ts.Node): ts.Node {
  for (let current = node.parent; current; current = current.parent) {
    if (t.isBlock(current) || t.isCaseClause(current) || t.isDefaultClause(current) || t.isSourceFile(current)) return current;
  }
  return node.getSourceFile();
}

/** `request.params.name === "search"`: one branch of a dispatcher written as an if chain. */
function isNameTest(t: TS, flow: ValueFlow, handler: Handler, condition: ts.Expression): boolean {
  const test = unwrapExpression(t, condition);
  if (!t.isBinaryExpression(test)) return false;
  const operator = test.operatorToken.kind;
  if (operator !== t.SyntaxKind.EqualsEqualsEqualsToken && operator !== t.SyntaxKind.EqualsEqualsToken) return false;
  const [literal, other] = t.isStringLiteralLike(test.right) ? [test.right, test.left] : [test.left, test.right];
  // `args.mode === "fast"` branches on an argument, not on the tool.
  return t.isStringLiteralLike(literal) && !flow.flowsInto(other).some((candidate) => candidate.source === handler.inputParameter && candidate.path[1] === "arguments");
}

/**
 * The part of a handler a read belongs to: the outermost `case` of a switch, or branch of an
 * `if (name === "…")` chain, that holds it; otherwise the whole handler. Each part is one tool's code.
 */
function unitOf(t: TS, flow: ValueFlow, handler: Handler, node: ts.Node): ts.Node {
  let unit: ts.Node = handler.fn;
  for (let current = node.parent; current && current !== handler.fn; current = current.parent) {
    if (t.isCaseClause(current) || t.isDefaultClause(current)) unit = current;
    else {
      const parent = current.parent;
      // The `else if (name === "b")` link of a chain is not a unit: its own branches are.
      const link = t.isIfStatement(current) && isNameTest(t, flow, handler, current.expression);
      if (parent && t.isIfStatement(parent) && parent.expression !== current && !link && isNameTest(t, flow, handler, parent.expression)) unit = current;
    }
  }
  return unit;
}

const KEY_LISTS = new Set(["keys", "entries", "getOwnPropertyNames"]);

/** `Object.keys(args)` (or a `for (k in args)`) before the read in a block around it: the keys were checked, the types not. */
function keysCheckedBefore(t: TS, flow: ValueFlow, handler: Handler, read: ArgumentRead): boolean {
  let found = false;
  const isArguments = (expression: ts.Expression): boolean => flow.flowsInto(expression).some((candidate) => isArgumentsFlow(handler, candidate));
  if (handler.fn.body) walk(handler.fn.body, (node) => {
    if (found || node.getStart() >= read.node.getStart()) return;
    let listed: ts.Expression | undefined;
    if (t.isCallExpression(node) && node.arguments[0] && KEY_LISTS.has(calleeName(t, node) ?? "")) {
      const callee = unwrapExpression(t, node.expression);
      if (t.isPropertyAccessExpression(callee) && t.isIdentifier(callee.expression) && callee.expression.text === "Object") listed = node.arguments[0];
    } else if (t.isForInStatement(node)) listed = node.expression;
    if (listed && isArguments(listed) && containsNode(scopeOf(t, node), read.node)) found = true;
  });
  return found;
}

export default defineRule<{ validators: string[] }, MessageIds>({
  name: "require-validated-args",
  meta: {
    description: "Require low-level tools/call handlers to validate request.params.arguments before reading them",
    config: "recommended",
    security: { cwe: [20], severity: 7.3 },
    hasSuggestions: false,
    messages: {
      unvalidatedRead: 'The tools/call handler reads "{{field}}" from request.params.arguments unvalidated. Parse them first (Schema.safeParse) and read the result.',
      keysOnlyRead: 'The tools/call handler checks the keys of request.params.arguments but not their types before reading "{{field}}". Parse them (Schema.safeParse).',
    },
    optionsSchema: {
      type: "object",
      properties: {
        validators: {
          type: "array",
          items: { type: "string", minLength: 1 },
          uniqueItems: true,
          description: "More function or method names that validate their argument.",
        },
      },
      additionalProperties: false,
    },
    defaultOptions: { validators: [] },
  },
  check(facts, options, report) {
    const t = facts.ts;
    const validators = new Set([...DEFAULT_VALIDATORS, ...options.validators]);
    for (const handler of facts.handlers) {
      if (handler.kind !== "call-tool") continue;
      const validations = validationCalls(t, facts.flow, facts.resolver, handler, validators);
      // One finding per handler, or per tool of a dispatcher, at its first unvalidated read: one missing check, however many fields.
      const reported = new Set<ts.Node>();
      const reads = [...argumentReads(t, facts.flow, handler)].sort((a, b) => a.node.getStart() - b.node.getStart());
      for (const read of reads) {
        // Fine: inside the validation call, read off its result (`Schema.parse(args).x`, `const { x } = Schema.parse(args)`),
        // or after it in the same block.
        const validated = validations.some(
          (call) =>
            containsNode(call, read.node) ||
            (read.from !== undefined && containsNode(read.from, call)) ||
            (call.getEnd() <= read.node.getStart() && containsNode(scopeOf(t, call), read.node)),
        );
        if (validated) continue;
        const unit = unitOf(t, facts.flow, handler, read.node);
        if (reported.has(unit)) continue;
        reported.add(unit);
        const messageId = keysCheckedBefore(t, facts.flow, handler, read) ? "keysOnlyRead" : "unvalidatedRead";
        report({ messageId, data: { field: read.field }, node: read.node });
      }
    }
  },
});
