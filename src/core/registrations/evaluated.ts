import type * as ts from "typescript";
import { ROOT_ENV, type Env } from "../evaluate/env.js";
import { propertyWrites } from "../evaluate/members.js";
import { frameOf, type Reason, type Value } from "../evaluate/value.js";
import { containsNode, findProperty, propertyValue, unwrapExpression, walk, type TS } from "../ts-utils.js";
import { callableName } from "./wrapper-calls.js";
import { nameValue, type FinderContext } from "./context.js";
import type { ToolRegistration, UnreadPart } from "./model.js";

// Registrations read through the evaluator: arguments that are loop elements, consts, spreads, factory
// results and members of definition objects, each settled to the node where it is written.

/** How many loop elements (over all enclosing loops) one registration call is read for. */
const MAX_FRAMES = 128;

/**
 * The frames a call runs in: one per element of each enclosing `for…of` loop or `forEach`/`map` callback
 * (within the call's function), each loop variable bound to one element. `[ROOT_ENV]` outside loops, or
 * when a loop's collection cannot be read (the call is then read as written).
 */
export function loopFrames(context: FinderContext, call: ts.Node, missed?: MissedElements): Env[] {
  const { t } = context;
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
      } else if (t.isVariableDeclaration(parent) && parent.initializer === node) {
        // `const register = (server, tools) => …`: a function of this file, like a declaration.
        return withCallers(context, node, call, loops, missed);
      } else if (!(node.parameters.length === 0 && t.isCallExpression(parent) && parent.arguments.includes(node))) break;
      // A callback without parameters (`tryCatch(() => server.registerTool(…))`) runs in its function's frame.
    } else if (t.isFunctionLike(node) || t.isClassLike(node)) {
      return withCallers(context, node, call, loops, missed);
    }
  }
  return framesFor(context, [ROOT_ENV], loops, missed);
}

/**
 * What a loop's collection holds that no frame reads: elements the evaluator could not read (with its
 * reason), and elements past MAX_FRAMES. Reported at the registration when other elements were read.
 */
export interface MissedElements {
  /** Elements of the collections that can be tools, read or not, over every enclosing loop and caller. */
  total: number;
  unread: Reason[];
  /** Tool-like elements left out because the frames were full. */
  dropped: number;
  /** The collection the first unread element comes from. */
  collection?: ts.Expression;
}

/** Calls of one function whose callers are followed (a wrapper called from a loop). */
const MAX_CALLERS = 8;

/**
 * A registration inside a function of this file that is called from loops (`for (const tool of tools)
 * registerTool(tool)`): one frame per element, the function's parameters bound to what each call passes.
 * Other functions are wrappers (wrappers.ts), expanded at their call sites.
 */
function withCallers(context: FinderContext, fn: ts.Node, call: ts.Node, loops: readonly { declaration: ts.Node; collection: ts.Expression }[], missed?: MissedElements): Env[] {
  const { t, evaluator } = context;
  const name = callableName(context, fn);
  const parameters = (fn as ts.SignatureDeclaration).parameters;
  const text = call.getText();
  if (!name || !parameters || parameters.length === 0 || !parameters.some((parameter) => t.isIdentifier(parameter.name) && text.includes(parameter.name.text))) return framesFor(context, [ROOT_ENV], loops, missed);
  const callers = callsByName(context, fn.getSourceFile()).get(name) ?? [];
  if (callers.length === 0 || callers.length > MAX_CALLERS || !callers.every((caller) => isInLoop(t, caller))) return framesFor(context, [ROOT_ENV], loops, missed);
  const frames: Env[] = [];
  // What the registration reads besides its handler: a parameter the handler alone uses (a request, a
  // logger) may be unknown without making the tool unreadable.
  const read = t.isCallExpression(call) ? call.arguments.filter((arg) => !t.isArrowFunction(arg) && !t.isFunctionExpression(arg)).map((arg) => arg.getText()).join("\n") : text;
  for (const caller of callers) {
    if (caller.arguments.some((arg) => t.isSpreadElement(arg)) || evaluator.values(caller.expression).every((value) => value.kind !== "syntax" || value.node !== fn)) continue;
    for (const outer of loopFrames(context, caller, missed)) {
      const bindings = new Map<ts.Node, Value[]>();
      let readable = true;
      parameters.forEach((parameter, index) => {
        const arg = caller.arguments[index];
        if (!arg) return;
        const values = evaluator.values(arg, outer);
        if (values.every((value) => value.kind === "unknown") && t.isIdentifier(parameter.name) && read.includes(parameter.name.text)) readable = false;
        bindings.set(parameter, values);
      });
      // A call passing what cannot be read is left to the wrapper expansion, which keeps it opaque.
      if (readable && frames.length < MAX_FRAMES) frames.push(outer.bind(bindings));
    }
  }
  return framesFor(context, frames.length > 0 ? frames : [ROOT_ENV], loops, missed);
}

function isInLoop(t: TS, node: ts.Node): boolean {
  for (let current: ts.Node | undefined = node.parent; current && !t.isSourceFile(current); current = current.parent) {
    if (t.isForOfStatement(current)) return true;
    if ((t.isArrowFunction(current) || t.isFunctionExpression(current)) && t.isCallExpression(current.parent) && t.isPropertyAccessExpression(current.parent.expression) && LOOP_METHODS.has(current.parent.expression.name.text)) return true;
    if (t.isFunctionLike(current)) return false;
  }
  return false;
}

/**
 * The calls of plain names in the file read last, by name (built when a wrapper's callers are first asked for).
 * One file, not a WeakMap over files: see facts.ts on WeakMaps keyed by syntax.
 */
let callIndex: { file: ts.SourceFile; byName: Map<string, ts.CallExpression[]> } | undefined;

function callsByName(context: FinderContext, file: ts.SourceFile): Map<string, ts.CallExpression[]> {
  const { t } = context;
  if (callIndex?.file === file) return callIndex.byName;
  const byName = new Map<string, ts.CallExpression[]>();
  const add = (node: ts.Node): void => {
    if (!t.isCallExpression(node) || !t.isIdentifier(node.expression)) return;
    const list = byName.get(node.expression.text);
    if (list) list.push(node);
    else byName.set(node.expression.text, [node]);
  };
  // The finder has indexed its own file's calls already; another file (typed) is walked once.
  if (file === context.sourceFile && context.ownCalls) context.ownCalls.forEach(add);
  else walk(file, add);
  callIndex = { file, byName };
  return byName;
}

/** Elements that can be a tool: an object, an instance, a definition call; not code the analysis cannot read. */
function isToolLike(t: TS, value: Value): boolean {
  if (value.kind === "unknown" || value.kind === "text") return false;
  if (value.kind !== "syntax") return true;
  const node = value.node;
  return t.isObjectLiteralExpression(node) || (t.isCallExpression(node) && node.arguments.length === 1 && t.isObjectLiteralExpression(unwrapExpression(t, node.arguments[0])));
}

function framesFor(context: FinderContext, start: Env[], loops: readonly { declaration: ts.Node; collection: ts.Expression }[], missed?: MissedElements): Env[] {
  const { t, evaluator } = context;
  let frames: Env[] = start;
  for (const loop of loops) {
    const next: Env[] = [];
    const unread: Reason[] = [];
    let total = 0;
    let dropped = 0;
    for (const frame of frames) {
      for (const element of evaluator.elementsOf(evaluator.values(loop.collection, frame), loop.collection)) {
        // One unread element met along several paths (both branches of a `typeof` test) counts once.
        if (element.kind === "unknown") {
          if (!unread.some((reason) => reason.node === element.reason.node)) unread.push(element.reason);
          continue;
        }
        if (!isToolLike(t, element)) continue;
        total++;
        if (next.length < MAX_FRAMES) next.push(frame.withLoop(loop.declaration, element));
        else dropped++;
      }
    }
    if (next.length > 0) {
      frames = next;
      // Only a collection of which some elements were read says which others were not; one read as a
      // whole is the call read as written, whose parts say why.
      if (missed && (unread.length > 0 || dropped > 0)) {
        missed.total += total + unread.length;
        missed.dropped += dropped;
        missed.unread.push(...unread);
        missed.collection ??= loop.collection;
      }
    }
  }
  return frames;
}

const LOOP_METHODS: ReadonlySet<string> = new Set(["forEach", "map", "flatMap"]);

/** Where an expression read in `frame` is written: the expression itself when it reads the same without the frame. */
export function settle(context: FinderContext, expression: ts.Expression, frame: Env, callbackConsts = false): { nodes: ts.Expression[]; envs?: Env[]; reason?: Reason; shapeOf?: boolean } {
  const { t, evaluator } = context;
  if (!needsEvaluation(context, expression, frame, callbackConsts)) return { nodes: [expression] };
  const nodes: ts.Expression[] = [];
  // The frame each node is read in: what its parameters and `this` are for this registration.
  const envs: Env[] = [];
  let reason: Reason | undefined;
  let shapeOf = false;
  for (const value of evaluator.values(expression, frame)) {
    const shapeOwner = value.kind === "syntax" && value.node === unwrapExpression(t, expression) ? shapeOwnerOf(context, value.node, frame) : undefined;
    if (shapeOwner) {
      if (!nodes.includes(shapeOwner)) {
        nodes.push(shapeOwner);
        envs.push(ROOT_ENV);
      }
      shapeOf = true;
      continue;
    }
    const node = nodeOf(t, value);
    if (node && !nodes.includes(node)) {
      nodes.push(node);
      envs.push(frameOf(value));
    } else if (value.kind === "unknown") reason ??= value.reason;
  }
  return shapeOf ? { nodes, envs, reason, shapeOf } : { nodes, envs, reason };
}

/**
 * `tool.parameters.shape` read in a frame, where `tool.parameters` is a schema written elsewhere
 * (`z.object({...})` returned by a factory): that schema, whose shape is what is passed.
 */
function shapeOwnerOf(context: FinderContext, node: ts.Node, frame: Env): ts.Expression | undefined {
  const { t, evaluator } = context;
  if (!t.isPropertyAccessExpression(node) || node.name.text !== "shape") return undefined;
  const owners = evaluator.values(node.expression, frame);
  const [owner] = owners;
  if (owners.length !== 1 || owner?.kind !== "syntax") return undefined;
  const written = owner.via ?? owner.node;
  return t.isExpression(written) && written !== unwrapExpression(t, node.expression) && t.isCallExpression(owner.node) ? written : undefined;
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
function needsEvaluation(context: FinderContext, expression: ts.Expression, frame: Env, callbackConsts = false): boolean {
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
  if (t.isBindingElement(declaration) || (t.isVariableDeclaration(declaration) && t.isForOfStatement(declaration.parent.parent))) return true;
  // `const annotations = tool.annotations` in the loop's callback: read for this element (schemas keep
  // their const, which the schema readers follow and report where it is passed).
  return callbackConsts && frame !== ROOT_ENV && t.isVariableDeclaration(declaration) && declaration.initializer !== undefined && !t.isIdentifier(unwrapExpression(t, declaration.initializer)) && needsEvaluation(context, declaration.initializer, frame);
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
  return optionFieldIn(context, literal, key, env)?.expression;
}

/** `optionField`, with the frame the expression is read in (a class's `this`, a definition's parameters). */
export function optionFieldIn(context: FinderContext, literal: ts.ObjectLiteralExpression, key: string, env: Env = ROOT_ENV): { expression: ts.Expression; env: Env } | undefined {
  const { t, evaluator } = context;
  const settled = (expression: ts.Expression, frame: Env): { expression: ts.Expression; env: Env } | undefined => {
    const { nodes, envs } = settle(context, expression, frame);
    const [node] = nodes;
    return node ? { expression: node, env: envs ? envs[0] ?? ROOT_ENV : frame } : undefined;
  };
  const property = findProperty(t, literal, key);
  if (property && !t.isMethodDeclaration(property)) {
    const value = propertyValue(t, property);
    const last = literal.properties[literal.properties.length - 1];
    if (value && (last === property || !literal.properties.some((p) => t.isSpreadAssignment(p) && p.pos > property.pos))) return env === ROOT_ENV ? { expression: value, env } : settled(value, env);
  }
  if (!literal.properties.some((p) => t.isSpreadAssignment(p)) && env === ROOT_ENV) return undefined;
  for (const write of propertyWrites(evaluator, literal, key, env)) {
    if (write.kind === "expression") return settled(write.expression, write.env);
    // Written in a literal spread into this one (`{ ...tool.mcp, name }`): as written there, for the schema readers.
    if (write.written) return settled(write.written.expression, write.written.env);
    const node = nodeOf(t, write.value);
    if (node) return { expression: node, env: frameOf(write.value) };
  }
  return undefined;
}

/** The registration read in one loop frame: its name, input, annotations and handler settled where written. */
export function inFrame(context: FinderContext, registration: ToolRegistration, frame: Env, nameExpression: ts.Expression | undefined): ToolRegistration {
  const { t } = context;
  const unread: UnreadPart[] = [...(registration.unread ?? [])];
  let shapeOf = false;
  let inputEnv: Env | undefined;
  // A part that cannot be read in this frame stays as written (opaque to the rules) and is listed as unread.
  const read = (part: UnreadPart["part"], expression: ts.Expression | undefined): ts.Expression | undefined => {
    if (!expression) return undefined;
    const settled = settle(context, expression, frame, part === "annotations");
    if (part === "input" && settled.shapeOf) shapeOf = true;
    if (part === "input") inputEnv = settled.envs?.[0];
    if (settled.nodes[0]) return settled.nodes[0];
    // Certainly absent (a definition without annotations): missing, not unread.
    if (!settled.reason) return undefined;
    unread.push({ part, reason: `the ${part} comes from ${describeReason(context, settled.reason)}`, node: expression });
    return expression;
  };
  const name = nameExpression ? read("name", nameExpression) : undefined;
  const text = name && (t.isStringLiteralLike(name) ? name.text : nameValue(context, name) ?? (nameExpression && frameText(context, nameExpression, frame)));
  const input = registration.input && read("input", registration.input.expression);
  const handler = registration.handler && !t.isMethodDeclaration(registration.handler) && !t.isFunctionDeclaration(registration.handler) ? read("handler", registration.handler) : registration.handler;
  return {
    ...registration,
    toolName: text ?? registration.toolName,
    nameNode: name && !containsNode(registration.node, name) ? name : registration.nameNode,
    input: input && registration.input
      ? { ...registration.input, expression: input, ...(inputEnv && inputEnv !== ROOT_ENV ? { env: inputEnv } : {}), ...(shapeOf ? { shapeOf, shapeSite: registration.input.expression } : {}) }
      : registration.input,
    annotations: registration.annotations && read("annotations", registration.annotations),
    handler,
    ...(unread.length > 0 ? { unread } : {}),
  };
}

/** The one text an expression has in a frame (`name: TOOL_NAME`, a const of another file), if it has one. */
function frameText(context: FinderContext, expression: ts.Expression, frame: Env): string | undefined {
  const values = context.evaluator.values(expression, frame);
  const [only] = values;
  return values.length === 1 && only?.kind === "text" ? only.text : undefined;
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
