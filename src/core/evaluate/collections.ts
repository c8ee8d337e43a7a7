import type * as ts from "typescript";
import { enclosingClassOfThis, unwrapExpression, walk, type TS } from "../ts-utils.js";
import { ROOT_ENV, type Env } from "./env.js";
import type { Evaluator } from "./evaluator.js";
import { unknown, type Value } from "./value.js";
import { dedupe } from "./syntax.js";

// A `Map` the program fills as it runs (`this.tools.set(tool.name, tool)` in a method its callers pass
// lists to): its values are what its constructor is given and what is set on it where it is kept, with
// the setting method's parameters bound to each caller's arguments.

/** Callers of a setting method followed; more are read as one unknown. */
const MAX_CALLERS = 16;

interface Contents {
  keys: Value[];
  values: Value[];
}

/** `map.values()`, `map.keys()`, `map.entries()`, `map.get(k)` of a `new Map(…)` the analysis can see. */
export function mapMethod(evaluator: Evaluator, call: ts.CallExpression, callee: ts.PropertyAccessExpression, env: Env): Value[] | undefined {
  const method = callee.name.text;
  if (method !== "values" && method !== "keys" && method !== "entries" && method !== "get") return undefined;
  const receivers = evaluator.ev(callee.expression, env);
  const maps = receivers.filter((value) => isNewMap(evaluator.t, value));
  if (maps.length === 0) return undefined;
  const contents = maps.map((map) => mapContents(evaluator, map.node));
  const others = receivers.filter((value) => !isNewMap(evaluator.t, value)).map((value) => (value.kind === "unknown" ? value : unknown("a collection the analysis cannot read", call)));
  const values = [...contents.flatMap((content) => content.values), ...others];
  if (method === "get") return values;
  if (method === "keys") return [{ kind: "array", elements: [...contents.flatMap((content) => content.keys), ...others], node: call }];
  if (method === "values") return [{ kind: "array", elements: values, node: call }];
  return [{ kind: "array", elements: values.map((value): Value => ({ kind: "array", elements: [unknown("a key of a map", call), value], node: call })), node: call }];
}

function isNewMap(t: TS, value: Value): value is Value & { kind: "syntax"; node: ts.NewExpression } {
  if (value.kind !== "syntax" || !t.isNewExpression(value.node)) return false;
  const constructor = unwrapExpression(t, value.node.expression);
  return t.isIdentifier(constructor) && constructor.text === "Map";
}

const inProgress = new WeakSet<ts.Node>();
const byMap = new WeakMap<object, WeakMap<ts.NewExpression, Contents>>();

/** What a map holds: its constructor's entries and every `.set(key, value)` on where it is kept. */
function mapContents(evaluator: Evaluator, map: ts.NewExpression): Contents {
  let cache = byMap.get(evaluator);
  if (!cache) byMap.set(evaluator, (cache = new WeakMap()));
  const cached = cache.get(map);
  if (cached) return cached;
  if (inProgress.has(map)) return { keys: [], values: [unknown("the map's values depend on the map", map)] };
  inProgress.add(map);
  try {
    const contents: Contents = { keys: [], values: [] };
    const [entries] = map.arguments ?? [];
    if (entries && !evaluator.t.isSpreadElement(entries)) {
      for (const entry of evaluator.elementsOf(evaluator.ev(entries, ROOT_ENV), entries)) {
        if (entry.kind === "array") {
          const [key, ...values] = entry.elements;
          if (key) contents.keys.push(key);
          contents.values.push(...values);
        } else contents.values.push(entry.kind === "unknown" ? entry : unknown("an entry the analysis cannot read", entries));
      }
    }
    const { calls, openTo } = setCalls(evaluator, map);
    if (openTo) contents.values.push(unknown(`the map can also be filled ${openTo}`, map));
    else if (calls.length === 0 && contents.values.length === 0) contents.values.push(unknown("the map is filled where the analysis cannot see", map));
    for (const set of calls) {
      const [key, value] = set.arguments;
      if (!key || !value || evaluator.t.isSpreadElement(value) || evaluator.t.isSpreadElement(key)) continue;
      for (const frame of callerFrames(evaluator, set)) {
        contents.keys.push(...evaluator.ev(key, frame));
        contents.values.push(...evaluator.ev(value, frame));
      }
    }
    contents.keys = dedupe(contents.keys);
    contents.values = dedupe(contents.values);
    cache.set(map, contents);
    return contents;
  } finally {
    inProgress.delete(map);
  }
}

/**
 * The `.set(…)` calls on where the map is kept: a const, or a field of the class that assigns it; and, when
 * code elsewhere may set on it too (an exported const, a field that is not private), where.
 */
function setCalls(evaluator: Evaluator, map: ts.NewExpression): { calls: ts.CallExpression[]; openTo?: string } {
  const t = evaluator.t;
  const holder = map.parent;
  const calls: ts.CallExpression[] = [];
  const collect = (scope: ts.Node, isTarget: (target: ts.Expression) => boolean): void => {
    walk(scope, (node) => {
      if (t.isCallExpression(node) && t.isPropertyAccessExpression(node.expression) && node.expression.name.text === "set" && isTarget(unwrapExpression(t, node.expression.expression))) calls.push(node);
      return true;
    });
  };
  if (t.isVariableDeclaration(holder) && t.isIdentifier(holder.name) && holder.initializer === map) {
    const scope = holder.parent.parent?.parent;
    if (scope) collect(scope, (target) => t.isIdentifier(target) && evaluator.declarationOf(target) === holder);
    const statement = holder.parent.parent;
    const exported = t.isVariableStatement(statement) && (t.getCombinedModifierFlags(statement as unknown as ts.Declaration) & t.ModifierFlags.Export) !== 0;
    return exported ? { calls, openTo: `by the modules \`${holder.name.text}\` is exported to` } : { calls };
  }
  const key = fieldKey(t, map);
  const cls = key !== undefined ? enclosingClassOfThis(t, map) : undefined;
  if (key === undefined || !cls) return { calls, openTo: "where the analysis cannot see" };
  collect(cls, (target) => t.isPropertyAccessExpression(target) && target.expression.kind === t.SyntaxKind.ThisKeyword && target.name.text === key);
  return isPrivateField(t, cls, key) ? { calls } : { calls, openTo: `by subclasses and other code, since \`${key}\` is not private` };
}

function isPrivateField(t: TS, cls: ts.ClassLikeDeclaration, key: string): boolean {
  if (key.startsWith("#")) return true;
  const declaration = cls.members.find((member) => t.isPropertyDeclaration(member) && member.name && t.isIdentifier(member.name) && member.name.text === key);
  return declaration !== undefined && (t.getCombinedModifierFlags(declaration) & t.ModifierFlags.Private) !== 0;
}

/** `this.tools = new Map()` or `private tools = new Map()`: the field's name. */
function fieldKey(t: TS, map: ts.NewExpression): string | undefined {
  const holder = map.parent;
  if (t.isPropertyDeclaration(holder) && holder.initializer === map && (t.isIdentifier(holder.name) || t.isPrivateIdentifier(holder.name))) return holder.name.text;
  if (t.isBinaryExpression(holder) && holder.right === map && holder.operatorToken.kind === t.SyntaxKind.EqualsToken) {
    const target = unwrapExpression(t, holder.left);
    if (t.isPropertyAccessExpression(target) && target.expression.kind === t.SyntaxKind.ThisKeyword) return target.name.text;
  }
  return undefined;
}

/**
 * The frames a write is read in: where it is written, or, inside a method with parameters, one frame per
 * `this.method(…)` call of its class with the parameters bound to that call's arguments.
 */
function callerFrames(evaluator: Evaluator, write: ts.Node): Env[] {
  const t = evaluator.t;
  let method: ts.MethodDeclaration | undefined;
  for (let current = write.parent; current && !t.isSourceFile(current); current = current.parent) {
    if (t.isMethodDeclaration(current)) {
      method = current;
      break;
    }
    if (t.isFunctionLike(current) && !t.isArrowFunction(current)) break;
  }
  const name = method && t.isIdentifier(method.name) ? method.name.text : undefined;
  const cls = method && t.isClassLike(method.parent) ? method.parent : undefined;
  if (!method || !name || !cls || method.parameters.length === 0) return [ROOT_ENV];
  const calls: ts.CallExpression[] = [];
  walk(cls, (node) => {
    if (t.isCallExpression(node) && t.isPropertyAccessExpression(node.expression) && node.expression.expression.kind === t.SyntaxKind.ThisKeyword && node.expression.name.text === name) calls.push(node);
    return true;
  });
  if (calls.length === 0) return [ROOT_ENV];
  const frames = calls.slice(0, MAX_CALLERS).map((call) => {
    const args = call.arguments.map((argument) => (t.isSpreadElement(argument) ? undefined : evaluator.ev(argument, ROOT_ENV)));
    return ROOT_ENV.bind(evaluator.bindParameters(method, args, ROOT_ENV));
  });
  // Callers past the bound: the write read where it is, whose parameters say they are not known.
  return calls.length > MAX_CALLERS ? [...frames, ROOT_ENV] : frames;
}
