import type * as ts from "typescript";
import { defineRule } from "../src/core/rule.js";
import type { Resolver } from "../src/core/resolve.js";
import { calleeName, findProperty, propertyValue, unwrapExpression, type TS } from "../src/core/ts-utils.js";

type MessageIds = "envPassthrough";

function isProcessEnv(t: TS, expression: ts.Expression): boolean {
  const expr = unwrapExpression(t, expression);
  return t.isPropertyAccessExpression(expr) && expr.name.text === "env" && t.isIdentifier(expr.expression) && expr.expression.text === "process";
}

/** `process.env`, `{ ...process.env }`, `Object.assign({}, process.env)`, or a const holding one of them. */
function passesWholeEnvironment(t: TS, resolver: Resolver, expression: ts.Expression, depth = 0): boolean {
  if (depth > 20) return false; // `const env = { ...env }` must not loop
  const expr = resolver.followConsts(expression);
  if (isProcessEnv(t, expr)) return true;
  if (t.isObjectLiteralExpression(expr)) {
    return expr.properties.some((property) => t.isSpreadAssignment(property) && passesWholeEnvironment(t, resolver, property.expression, depth + 1));
  }
  if (t.isCallExpression(expr) && calleeName(t, expr) === "assign" && t.isPropertyAccessExpression(expr.expression) && t.isIdentifier(expr.expression.expression) && expr.expression.expression.text === "Object") {
    return expr.arguments.some((argument) => passesWholeEnvironment(t, resolver, argument, depth + 1));
  }
  return false;
}

export default defineRule<Record<string, never>, MessageIds>({
  name: "no-env-passthrough",
  meta: {
    description: "Disallow starting an MCP server process with the client's whole environment",
    config: "recommended",
    security: { cwe: [200], severity: 7.5 },
    hasSuggestions: false,
    messages: {
      envPassthrough: "This transport gives the MCP server the whole environment. Pass only what it needs: { ...getDefaultEnvironment(), NAME: process.env.NAME }.",
    },
    optionsSchema: { type: "object", properties: {}, additionalProperties: false },
    defaultOptions: {},
  },
  check(facts, _options, report) {
    const t = facts.ts;
    for (const transport of facts.clientTransports) {
      const [options] = transport.arguments ?? [];
      if (!options) continue;
      const literal = facts.resolver.objectLiteralOf(options);
      if (!literal) continue;
      const env = findProperty(t, literal, "env");
      const value = env && propertyValue(t, env);
      if (value && passesWholeEnvironment(t, facts.resolver, value)) report({ messageId: "envPassthrough", data: {}, node: value });
    }
  },
});
