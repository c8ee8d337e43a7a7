import type * as ts from "typescript";
import { walk } from "../ts-utils.js";
import { ROOT_ENV } from "./env.js";
import { callerFiles } from "./call-sites.js";
import type { Evaluator } from "./evaluator.js";
import type { Value } from "./value.js";

// Dependency injection (tsyringe): a constructor parameter decorated `@injectAll(TOKEN)` holds every value
// registered under TOKEN (`container.register(TOKEN, { useValue })`); `@inject(TOKEN)` holds one of them.

const MULTI = new Set(["injectAll", "multiInject"]);
const SINGLE = new Set(["inject"]);

/**
 * What the container injects into `parameter`, when a decorator names a token whose registrations are
 * written in the parameter's file or the token's; undefined when it is not injected or none is found.
 */
export function injectedValues(evaluator: Evaluator, parameter: ts.ParameterDeclaration): Value[] | undefined {
  const t = evaluator.t;
  const decorators = t.canHaveDecorators(parameter) ? (t.getDecorators(parameter) ?? []) : [];
  for (const decorator of decorators) {
    const call = decorator.expression;
    if (!t.isCallExpression(call) || !t.isIdentifier(call.expression)) continue;
    const kind = call.expression.text;
    const [token] = call.arguments;
    if ((!MULTI.has(kind) && !SINGLE.has(kind)) || !token || !t.isIdentifier(token)) continue;
    const declaration = evaluator.declarationOf(token);
    if (!declaration) continue;
    // Registrations under the token can be written wherever its name can be seen: its file and, typed, its importers.
    const values = registeredValues(evaluator, declaration, [parameter.getSourceFile(), ...callerFiles(t, evaluator.checker, declaration.getSourceFile())]);
    if (values.length === 0) return undefined;
    return MULTI.has(kind) ? [{ kind: "array", elements: values, node: parameter }] : values;
  }
  return undefined;
}

/** Per token declaration (one program each): the files are walked once. */
const byToken = new WeakMap<ts.Node, Value[]>();

/** `x.register(TOKEN, { useValue: v })` in these files (that mention `register(` at all), for the token declared at `token`. */
function registeredValues(evaluator: Evaluator, token: ts.Node, files: readonly ts.SourceFile[]): Value[] {
  const cached = byToken.get(token);
  if (cached) return cached;
  const t = evaluator.t;
  const values: Value[] = [];
  byToken.set(token, values);
  for (const file of new Set(files)) {
    if (!file.text.includes("register(")) continue;
    walk(file, (node) => {
      if (!t.isCallExpression(node) || !t.isPropertyAccessExpression(node.expression) || node.expression.name.text !== "register") return true;
      const [first, provider] = node.arguments;
      if (!first || !t.isIdentifier(first) || !provider || !t.isObjectLiteralExpression(provider) || evaluator.declarationOf(first) !== token) return true;
      for (const property of provider.properties) {
        if (t.isPropertyAssignment(property) && t.isIdentifier(property.name) && property.name.text === "useValue") values.push(...evaluator.ev(property.initializer, ROOT_ENV));
      }
      return true;
    });
  }
  return values;
}
