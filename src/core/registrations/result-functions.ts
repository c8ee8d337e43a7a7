import type * as ts from "typescript";
import type { Env } from "../evaluate/env.js";
import { ARGUMENT_STRINGIFIERS } from "../flow/value-flow.js";
import { functionOf } from "../evaluate/syntax.js";
import { isProgramSource, type FunctionWithBody, type Resolver } from "../resolve.js";
import { calleeName, propertyNameText, unwrapExpression, walk, type TS } from "../ts-utils.js";
import type { FinderContext } from "./context.js";

/** Calls whose result one handler may put into its text, beyond which the handler is not scanned further. */
const MAX_FORWARDED = 4;

/**
 * The functions of other definitions whose returned value a handler writes into its result's text:
 * `const result = await tool.cb(args); return { content: [{ type: "text", text: JSON.stringify(result) }] }`,
 * where `tool.cb` is read in the registration's frame (a loop element's definition; outside a frame a member
 * call names no definition of its own). Their own returns are
 * then the tool's text, judged where they are written. Calls the file's value flow already follows (a
 * function of the file called by name) are left to it.
 */
export function forwardedResultFunctions(context: FinderContext, handler: FunctionWithBody, frame: Env): FunctionWithBody[] {
  const { t, evaluator } = context;
  const found: FunctionWithBody[] = [];
  for (const call of textResultCalls(t, context.resolver, handler)) {
    const values = evaluator.values(unwrapExpression(t, call.expression), frame);
    const [only] = values;
    const fn = values.length === 1 && only?.kind === "syntax" ? functionOf(t, only.node) : undefined;
    if (fn && fn !== handler && isProgramSource(fn.getSourceFile()) && !found.includes(fn)) found.push(fn);
  }
  return found;
}

/** The handler read last: a registration in a loop asks once per element. */
let lastScanned: { fn: FunctionWithBody; calls: ts.CallExpression[] } | undefined;

/**
 * Calls of a member (`tool.cb(…)`, not `this.…` and not a function the file resolves) whose result the function
 * writes into a result's text: directly (`text: await def.run(args)`), or through the variable it is stored in
 * (`const result = await …`, `result = await …`), also stringified or in a template. One walk per function.
 */
export function textResultCalls(t: TS, resolver: Resolver, fn: FunctionWithBody): ts.CallExpression[] {
  if (lastScanned?.fn === fn) return lastScanned.calls;
  // Most handlers never write a `text`: their body is not walked.
  const mentionsText = fn.body !== undefined && indexWithin(fn.getSourceFile().text, "text", fn.body.pos, fn.body.end);
  const memberCalls: { call: ts.CallExpression; value: ts.Node }[] = [];
  const writtenAsText = new Set<ts.Node>();
  if (fn.body && t.isBlock(fn.body) && mentionsText) {
    walk(fn.body, (node) => {
      if (t.isIdentifier(node) && isWrittenAsText(t, node)) {
        const declaration = resolver.declarationOf(node);
        if (declaration) writtenAsText.add(declaration);
      } else if (t.isCallExpression(node) && memberCalls.length < MAX_FORWARDED * 4) {
        const callee = unwrapExpression(t, node.expression);
        if (t.isPropertyAccessExpression(callee) && callee.expression.kind !== t.SyntaxKind.ThisKeyword && !resolver.functionOf(node.expression) && !isNested(t, node, fn)) {
          let value: ts.Node = node;
          while (t.isAwaitExpression(value.parent) || t.isParenthesizedExpression(value.parent) || t.isAsExpression(value.parent) || t.isNonNullExpression(value.parent)) value = value.parent;
          memberCalls.push({ call: node, value });
        }
      }
      return true;
    });
  }
  const calls: ts.CallExpression[] = [];
  for (const { call, value } of memberCalls) {
    if (calls.length >= MAX_FORWARDED) break;
    const holder = value.parent;
    let declaration: ts.Node | undefined;
    if (t.isVariableDeclaration(holder) && holder.initializer === value) declaration = holder;
    else if (t.isBinaryExpression(holder) && holder.right === value && holder.operatorToken.kind === t.SyntaxKind.EqualsToken && t.isIdentifier(holder.left)) declaration = resolver.declarationOf(holder.left);
    if (isWrittenAsText(t, value) || (declaration && writtenAsText.has(declaration))) calls.push(call);
  }
  lastScanned = { fn, calls };
  return calls;
}

function indexWithin(text: string, word: string, start: number, end: number): boolean {
  const at = text.indexOf(word, start);
  return at >= 0 && at < end;
}

/** Whether `node` sits in a function nested in `fn` (a callback runs at another time, or not at all). */
function isNested(t: TS, node: ts.Node, fn: ts.Node): boolean {
  for (let current = node.parent; current && current !== fn; current = current.parent) if (t.isFunctionLike(current)) return true;
  return false;
}

/** Whether an expression is (part of) the value of a `text` property: `text: x`, `text: JSON.stringify(x)`, `` text: `…${x}` ``. */
function isWrittenAsText(t: TS, expression: ts.Node): boolean {
  let node = expression;
  for (let depth = 0; depth < 8; depth++) {
    const parent = node.parent;
    if (!parent) return false;
    if (t.isPropertyAssignment(parent) && parent.initializer === node) return propertyNameText(t, parent.name) === "text";
    if (t.isShorthandPropertyAssignment(parent)) return parent.name.text === "text";
    const carries =
      t.isParenthesizedExpression(parent) || t.isAsExpression(parent) || t.isNonNullExpression(parent) || t.isTemplateSpan(parent) || t.isTemplateExpression(parent) ||
      (t.isBinaryExpression(parent) && [t.SyntaxKind.PlusToken, t.SyntaxKind.BarBarToken, t.SyntaxKind.QuestionQuestionToken].includes(parent.operatorToken.kind)) ||
      (t.isConditionalExpression(parent) && parent.condition !== node) ||
      (t.isCallExpression(parent) && parent.arguments.includes(node as ts.Expression) && ARGUMENT_STRINGIFIERS.has(calleeName(t, parent) ?? ""));
    if (!carries) return false;
    node = parent;
  }
  return false;
}
