import type * as ts from "typescript";
import type { Flow, ValueFlow } from "../flow/value-flow.js";
import { propertyNameText, walk, type TS } from "../ts-utils.js";
import type { Handler } from "./handlers.js";

/** A read of one field of the model's arguments inside a handler. */
export interface ArgumentRead {
  handler: Handler;
  field: string;
  /** The syntax that reads it: `args.orgId`, the `orgId` of `{ orgId }`, `arguments.orgId`. */
  node: ts.Node;
  /** The expression the field is read from (`args`, or the initializer of a destructuring). */
  from: ts.Expression | undefined;
}

/**
 * Where a handler's arguments are: the parameter itself for tool handlers, and
 * `request.params.arguments` for low-level `tools/call` handlers.
 */
function argumentsDepth(handler: Handler): readonly string[] {
  return handler.kind === "tool" ? [] : ["params", "arguments"];
}

export function isArgumentsFlow(handler: Handler, flow: Flow): boolean {
  const prefix = argumentsDepth(handler);
  return flow.source === handler.inputParameter && flow.path.length === prefix.length && prefix.every((segment, index) => flow.path[index] === segment);
}

/**
 * Every read of a named field of the arguments in a handler, through aliases and destructuring; with
 * `wanted`, those of the fields it accepts. Collected once per handler: a handler is checked again for every
 * file its tool reaches (firebase-tools' shared handlers were walked 1,936 times for 45 functions).
 */
export function argumentReads(t: TS, flow: ValueFlow, handler: Handler, wanted?: (field: string) => boolean): ArgumentRead[] {
  const all = (handler.allArgumentReads ??= collectArgumentReads(t, flow, handler));
  return wanted ? all.filter((read) => wanted(read.field)) : all;
}

function collectArgumentReads(t: TS, flow: ValueFlow, handler: Handler): ArgumentRead[] {
  const parameter = handler.inputParameter;
  if (!parameter) return [];
  const reads: ArgumentRead[] = [];
  const fromArguments = (expression: ts.Expression): boolean => flow.flowsInto(expression).some((candidate) => isArgumentsFlow(handler, candidate));
  const readPattern = (pattern: ts.BindingName, from: ts.Expression | undefined, container: () => boolean): void => {
    if (!t.isObjectBindingPattern(pattern)) return;
    const fields: { field: string; node: ts.Node }[] = [];
    for (const element of pattern.elements) {
      const key = element.propertyName ?? element.name;
      const field = t.isIdentifier(key) || t.isStringLiteral(key) ? key.text : t.isPropertyName(key) ? propertyNameText(t, key) : undefined;
      if (field !== undefined && !element.dotDotDotToken) fields.push({ field, node: element.propertyName ?? element.name });
    }
    if (fields.length === 0 || !container()) return;
    for (const { field, node } of fields) reads.push({ handler, field, node, from });
  };
  // `({ orgId }) => …` in a tool handler reads fields right in the parameter list.
  if (handler.kind === "tool") readPattern(parameter.name, undefined, () => true);
  if (handler.fn.body) walk(handler.fn.body, (node) => {
    if (t.isPropertyAccessExpression(node) && fromArguments(node.expression)) {
      reads.push({ handler, field: node.name.text, node, from: node.expression });
    } else if (t.isElementAccessExpression(node) && t.isStringLiteralLike(node.argumentExpression) && fromArguments(node.expression)) {
      reads.push({ handler, field: node.argumentExpression.text, node, from: node.expression });
    } else if (t.isVariableDeclaration(node) && node.initializer) {
      const initializer = node.initializer;
      readPattern(node.name, initializer, () => fromArguments(initializer));
    }
  });
  return reads;
}
