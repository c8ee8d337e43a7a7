import type * as ts from "typescript";
import type { Flow } from "../flow/paths.js";
import type { ValueFlow } from "../flow/value-flow.js";
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
  return handler.argumentsPath;
}

export function isArgumentsFlow(handler: Handler, flow: Flow): boolean {
  const prefix = argumentsDepth(handler);
  return flow.source === handler.inputParameter && flow.path.length === prefix.length && prefix.every((segment, index) => flow.path[index] === segment);
}

/**
 * Every read of a named field of the arguments in a handler, through aliases and destructuring; with
 * `wanted`, those of the fields it accepts. The handler's field accesses are listed once, and whether one
 * reads the arguments (the costly flow question) is asked once per accessed expression: a handler is checked
 * again for every file its tool reaches (firebase-tools walked 45 functions 1,936 times), and a rule that
 * wants a few names asks only about those.
 */
export function argumentReads(t: TS, flow: ValueFlow, handler: Handler, wanted?: (field: string) => boolean): ArgumentRead[] {
  const accesses = (handler.fieldAccesses ??= fieldAccessesOf(t, handler));
  const reads: ArgumentRead[] = [];
  for (const access of accesses.list) {
    if (wanted && !wanted(access.field)) continue;
    if (access.from !== undefined && !readsArguments(flow, handler, accesses.answers, access.from)) continue;
    reads.push({ handler, field: access.field, node: access.node, from: access.from });
  }
  return reads;
}

/** A handler's field accesses (`x.f`, `x["f"]`, `const { f } = x`), and per accessed expression whether it is the arguments. */
export interface FieldAccesses {
  list: { field: string; node: ts.Node; /** Undefined for the handler's own parameter pattern, which is the arguments. */ from: ts.Expression | undefined }[];
  answers: Map<ts.Expression, boolean>;
}

function readsArguments(flow: ValueFlow, handler: Handler, answers: Map<ts.Expression, boolean>, expression: ts.Expression): boolean {
  let answer = answers.get(expression);
  if (answer === undefined) {
    answer = flow.flowsInto(expression).some((candidate) => isArgumentsFlow(handler, candidate));
    answers.set(expression, answer);
  }
  return answer;
}

function fieldAccessesOf(t: TS, handler: Handler): FieldAccesses {
  const accesses: FieldAccesses = { list: [], answers: new Map() };
  const parameter = handler.inputParameter;
  if (!parameter) return accesses;
  const readPattern = (pattern: ts.BindingName, from: ts.Expression | undefined): void => {
    if (!t.isObjectBindingPattern(pattern)) return;
    for (const element of pattern.elements) {
      const key = element.propertyName ?? element.name;
      const field = t.isIdentifier(key) || t.isStringLiteral(key) ? key.text : t.isPropertyName(key) ? propertyNameText(t, key) : undefined;
      if (field !== undefined && !element.dotDotDotToken) accesses.list.push({ field, node: element.propertyName ?? element.name, from });
    }
  };
  // `({ orgId }) => …` in a tool handler reads fields right in the parameter list.
  if (handler.argumentsPath.length === 0) readPattern(parameter.name, undefined);
  if (handler.fn.body) walk(handler.fn.body, (node) => {
    if (t.isPropertyAccessExpression(node)) {
      accesses.list.push({ field: node.name.text, node, from: node.expression });
    } else if (t.isElementAccessExpression(node) && t.isStringLiteralLike(node.argumentExpression)) {
      accesses.list.push({ field: node.argumentExpression.text, node, from: node.expression });
    } else if (t.isVariableDeclaration(node) && node.initializer) {
      readPattern(node.name, node.initializer);
    }
  });
  return accesses;
}
