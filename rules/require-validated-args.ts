import type * as ts from "typescript";
import { defineRule } from "../src/core/rule.js";
import { argumentReads } from "../src/core/handler/argument-reads.js";
import type { Handler } from "../src/core/handler/handlers.js";
import type { ValueFlow } from "../src/core/flow/value-flow.js";
import { calleeName, unwrapExpression, walk, containsNode, type TS } from "../src/core/ts-utils.js";
import type { Resolver } from "../src/core/resolve.js";

type MessageIds = "unvalidatedRead";

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


export default defineRule<{ validators: string[] }, MessageIds>({
  name: "require-validated-args",
  meta: {
    description: "Require low-level tools/call handlers to validate request.params.arguments before reading them",
    config: "recommended",
    security: { cwe: [20], severity: 7.3 },
    hasSuggestions: false,
    messages: {
      unvalidatedRead: 'The tools/call handler reads "{{field}}" from request.params.arguments unvalidated. Parse them first (Schema.safeParse) and read the result.',
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
      for (const read of argumentReads(t, facts.flow, handler)) {
        // Fine: inside the validation call, read off its result (`Schema.parse(args).x`, `const { x } = Schema.parse(args)`),
        // or after it in the same block.
        const validated = validations.some(
          (call) =>
            containsNode(call, read.node) ||
            (read.from !== undefined && containsNode(read.from, call)) ||
            (call.getEnd() <= read.node.getStart() && containsNode(scopeOf(t, call), read.node)),
        );
        if (!validated) report({ messageId: "unvalidatedRead", data: { field: read.field }, node: read.node });
      }
    }
  },
});
