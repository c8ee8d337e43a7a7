import type * as ts from "typescript";
import { ROOT_ENV, type Env } from "../evaluate/env.js";
import { propertyWrites } from "../evaluate/members.js";
import type { Reason, Value } from "../evaluate/value.js";
import { containsNode, findProperty, propertyValue, unwrapExpression, type TS } from "../ts-utils.js";
import type { FinderContext } from "./context.js";
import type { ToolRegistration } from "./model.js";

// Registrations read through the evaluator: arguments that are loop elements, consts, spreads, factory
// results and members of definition objects, each settled to the node where it is written.

/** How many loop elements (over all enclosing loops) one registration call is read for. */
const MAX_FRAMES = 64;

/**
 * The frames a call runs in: one per element of each enclosing `for…of` loop or `forEach`/`map` callback
 * (within the call's function), each loop variable bound to one element. `[ROOT_ENV]` outside loops, or
 * when a loop's collection cannot be read (the call is then read as written).
 */
export function loopFrames(context: FinderContext, call: ts.Node): Env[] {
  const { t, evaluator } = context;
  const loops: { declaration: ts.Node; collection: ts.Expression }[] = [];
  for (let node: ts.Node | undefined = call.parent; node && !t.isSourceFile(node); node = node.parent) {
    if (t.isForOfStatement(node) && containsNode(node.statement, call) && t.isVariableDeclarationList(node.initializer)) {
      const [declaration] = node.initializer.declarations;
      if (declaration) loops.unshift({ declaration, collection: node.expression });
    } else if (t.isArrowFunction(node) || t.isFunctionExpression(node)) {
      const parent: ts.Node = node.parent;
      const [parameter] = node.parameters;
      if (parameter && t.isCallExpression(parent) && parent.arguments[0] === node && t.isPropertyAccessExpression(parent.expression) && LOOP_METHODS.has(parent.expression.name.text)) {
        loops.unshift({ declaration: parameter, collection: parent.expression.expression });
      } else break;
    } else if (t.isFunctionLike(node) || t.isClassLike(node)) break;
  }
  let frames: Env[] = [ROOT_ENV];
  for (const loop of loops) {
    const next: Env[] = [];
    for (const frame of frames) {
      const elements = evaluator.elementsOf(evaluator.values(loop.collection, frame), loop.collection).filter((element) => element.kind !== "unknown");
      for (const element of elements) if (next.length < MAX_FRAMES) next.push(frame.withLoop(loop.declaration, element));
    }
    if (next.length > 0) frames = next;
  }
  return frames;
}

const LOOP_METHODS: ReadonlySet<string> = new Set(["forEach", "map", "flatMap"]);

/** Where an expression read in `frame` is written: the expression itself when it reads the same without the frame. */
export function settle(context: FinderContext, expression: ts.Expression, frame: Env): { nodes: ts.Expression[]; reason?: Reason } {
  const { t, evaluator } = context;
  if (!needsEvaluation(context, expression, frame)) return { nodes: [expression] };
  const nodes: ts.Expression[] = [];
  let reason: Reason | undefined;
  for (const value of evaluator.values(expression, frame)) {
    const node = nodeOf(t, value);
    if (node && !nodes.includes(node)) nodes.push(node);
    else if (value.kind === "unknown") reason ??= value.reason;
  }
  return { nodes, reason };
}

function nodeOf(t: TS, value: Value): ts.Expression | undefined {
  if (value.kind === "unknown") return undefined;
  if (value.via) return value.via;
  if (value.kind === "record") return undefined;
  const node = value.node;
  return t.isExpression(node) ? node : undefined;
}

/**
 * Whether the value is not where it is written: a loop element, a parameter bound in the frame, a
 * member of a definition object or a conditional. Calls stay as written: the schema readers follow
 * factories themselves.
 */
function needsEvaluation(context: FinderContext, expression: ts.Expression, frame: Env): boolean {
  const { t, evaluator } = context;
  const expr = unwrapExpression(t, expression);
  if (t.isConditionalExpression(expr) || t.isAwaitExpression(expr)) return true;
  if (t.isBinaryExpression(expr)) return expr.operatorToken.kind === t.SyntaxKind.BarBarToken || expr.operatorToken.kind === t.SyntaxKind.QuestionQuestionToken;
  if (t.isPropertyAccessExpression(expr) || t.isElementAccessExpression(expr)) {
    return rootIsValue(context, expr.expression, frame);
  }
  if (!t.isIdentifier(expr)) return false;
  const declaration = evaluator.declarationOf(expr);
  if (!declaration) return false;
  if (frame.lookup(declaration)) return true;
  return t.isBindingElement(declaration) || (t.isVariableDeclaration(declaration) && t.isForOfStatement(declaration.parent.parent));
}

/** Whether a member access's receiver is a value the program builds (not a package's namespace such as `z`). */
function rootIsValue(context: FinderContext, receiver: ts.Expression, frame: Env): boolean {
  const { t, evaluator } = context;
  let root = unwrapExpression(t, receiver);
  while (t.isPropertyAccessExpression(root) || t.isElementAccessExpression(root) || t.isCallExpression(root)) root = unwrapExpression(t, root.expression);
  if (root.kind === t.SyntaxKind.ThisKeyword) return true;
  if (!t.isIdentifier(root)) return false;
  const declaration = evaluator.declarationOf(root);
  if (!declaration) return false;
  if (frame.lookup(declaration)) return true;
  return t.isVariableDeclaration(declaration) || t.isBindingElement(declaration) || t.isParameter(declaration) || t.isPropertyAssignment(declaration) || t.isExportAssignment(declaration);
}

/** The object literals a non-literal options argument can be (a const, a factory's result, a loop element). */
export function optionObjects(context: FinderContext, expression: ts.Expression, frame: Env): { objects: ts.ObjectLiteralExpression[]; envs: Env[]; reason?: Reason } {
  const { t, evaluator } = context;
  const objects: ts.ObjectLiteralExpression[] = [];
  const envs: Env[] = [];
  let reason: Reason | undefined;
  for (const value of evaluator.values(expression, frame)) {
    if (value.kind === "syntax" && t.isObjectLiteralExpression(value.node)) {
      objects.push(value.node);
      envs.push(value.env);
    } else if (value.kind === "unknown") reason ??= value.reason;
  }
  return { objects, envs, reason };
}

/**
 * `key` of an options object: the property written in it, or, when it has spreads (`{ ...defs.search,
 * execute }`) or is read in a frame, what the evaluator finds, settled to where it is written.
 */
export function optionField(context: FinderContext, literal: ts.ObjectLiteralExpression, key: string, env: Env = ROOT_ENV): ts.Expression | undefined {
  const { t, evaluator } = context;
  const property = findProperty(t, literal, key);
  if (property && !t.isMethodDeclaration(property)) {
    const value = propertyValue(t, property);
    const last = literal.properties[literal.properties.length - 1];
    if (value && (last === property || !literal.properties.some((p) => t.isSpreadAssignment(p) && p.pos > property.pos))) return env === ROOT_ENV ? value : settle(context, value, env).nodes[0];
  }
  if (!literal.properties.some((p) => t.isSpreadAssignment(p)) && env === ROOT_ENV) return undefined;
  for (const write of propertyWrites(evaluator, literal, key, env)) {
    if (write.kind === "expression") return settle(context, write.expression, write.env).nodes[0];
    const node = nodeOf(t, write.value);
    if (node) return node;
  }
  return undefined;
}

/** The registration read in one loop frame: its name, input, annotations and handler settled where written. */
export function inFrame(context: FinderContext, registration: ToolRegistration, frame: Env, nameExpression: ts.Expression | undefined): ToolRegistration {
  const { t } = context;
  const one = (expression: ts.Expression | undefined): ts.Expression | undefined => (expression ? settle(context, expression, frame).nodes[0] : undefined);
  const name = nameExpression ? one(nameExpression) : undefined;
  const text = name && (t.isStringLiteralLike(name) ? name.text : undefined);
  const input = registration.input && one(registration.input.expression);
  const handler = registration.handler && !t.isMethodDeclaration(registration.handler) && !t.isFunctionDeclaration(registration.handler) ? one(registration.handler) : registration.handler;
  return {
    ...registration,
    toolName: text ?? registration.toolName,
    nameNode: name && !containsNode(registration.node, name) ? name : registration.nameNode,
    input: input && registration.input ? { ...registration.input, expression: input } : registration.input,
    annotations: registration.annotations && one(registration.annotations),
    handler,
  };
}

/** Whether `key` of an options object may be set by a spread the analysis cannot read. */
export function fieldHidden(context: FinderContext, literal: ts.ObjectLiteralExpression, key: string, env: Env = ROOT_ENV): boolean {
  const { t, evaluator } = context;
  if (!literal.properties.some((p) => t.isSpreadAssignment(p))) return false;
  const writes = propertyWrites(evaluator, literal, key, env);
  return writes.length > 0 && writes.every((write) => write.kind === "value" && write.value.kind === "unknown");
}

/** A reason in words, with where it was met when that is another file: `a parameter … (in ./tools.ts:12)`. */
export function describeReason(context: FinderContext, reason: Reason): string {
  const file = reason.node.getSourceFile();
  const text = reason.node.getText(file).replace(/\s+/g, " ");
  const shown = text.length > 40 ? `${text.slice(0, 37)}...` : text;
  const where = file === context.sourceFile ? "" : ` in ${file.fileName.split(/[\\/]/).pop() ?? file.fileName}`;
  const line = file.getLineAndCharacterOfPosition(reason.node.getStart(file)).line + 1;
  return `\`${shown}\`${where} (line ${line}): ${reason.text}`;
}
