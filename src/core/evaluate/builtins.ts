import type * as ts from "typescript";
import { unwrapExpression } from "../ts-utils.js";
import type { Env } from "./env.js";
import { functionOf, objectKeys, type Evaluator } from "./evaluator.js";
import { unknown, type Value } from "./value.js";

// The standard library calls tool collections are built with: Object.values/entries/fromEntries/assign,
// Array.from, Promise.all, and the array methods that keep or map elements.

/** Methods whose result holds (some of) the receiver's elements. */
const ELEMENT_KEEPING = new Set(["filter", "slice", "sort", "toSorted", "reverse", "toReversed", "flat", "concat", "splice"]);

export function objectStatic(evaluator: Evaluator, call: ts.CallExpression, callee: ts.PropertyAccessExpression, env: Env): Value[] | undefined {
  const t = evaluator.t;
  const owner = unwrapExpression(t, callee.expression);
  if (!t.isIdentifier(owner)) return undefined;
  const method = callee.name.text;
  const [first] = call.arguments;
  const argument = (): Value[] => (first && !t.isSpreadElement(first) ? evaluator.ev(first, env) : [unknown("an argument the analysis cannot read", call)]);
  if (owner.text === "Promise" && (method === "all" || method === "resolve" || method === "allSettled")) return argument();
  if (owner.text === "Array" && method === "from") return [{ kind: "array", elements: evaluator.elementsOf(argument(), call), node: call }];
  if (owner.text !== "Object") return undefined;
  switch (method) {
    case "values":
      return [{ kind: "array", elements: argument().flatMap((value) => evaluator.allMembers(value, call)), node: call }];
    case "keys":
      return [{ kind: "array", elements: argument().flatMap((value) => keysOf(evaluator, value, call)), node: call }];
    case "entries":
      return [{
        kind: "array",
        elements: argument().flatMap((value) => keysOf(evaluator, value, call).map((key): Value => (key.kind === "text" ? { kind: "array", elements: [key, ...evaluator.member([value], key.text, call, env)], node: call } : key))),
        node: call,
      }];
    case "fromEntries": {
      const members = new Map<string, Value[]>();
      for (const entry of evaluator.elementsOf(argument(), call)) {
        if (entry.kind !== "array") return [unknown("an entry the analysis cannot read", call)];
        const [key, ...values] = entry.elements;
        if (key?.kind !== "text") return [unknown("an entry key the analysis cannot read", call)];
        members.set(key.text, [...(members.get(key.text) ?? []), ...values]);
      }
      return [{ kind: "record", members, node: call }];
    }
    case "assign": {
      const members = new Map<string, Value[]>();
      for (const arg of call.arguments) {
        if (t.isSpreadElement(arg)) return [unknown("a spread argument", arg)];
        for (const value of evaluator.ev(arg, env)) {
          const keys = keysOf(evaluator, value, arg);
          for (const key of keys) if (key.kind === "text") members.set(key.text, evaluator.member([value], key.text, arg, env));
        }
      }
      return [{ kind: "record", members, node: call }];
    }
    default:
      return undefined;
  }
}

function keysOf(evaluator: Evaluator, value: Value, node: ts.Node): Value[] {
  const t = evaluator.t;
  if (value.kind === "record") return [...value.members.keys()].map((key) => ({ kind: "text", text: key, node }));
  if (value.kind === "syntax" && t.isObjectLiteralExpression(value.node)) return objectKeys(evaluator, value).map((key) => ({ kind: "text", text: key, node }));
  return [value.kind === "unknown" ? value : unknown("the keys of a value the analysis cannot read", node)];
}

export function arrayMethod(evaluator: Evaluator, call: ts.CallExpression, callee: ts.PropertyAccessExpression, env: Env): Value[] | undefined {
  const t = evaluator.t;
  const method = callee.name.text;
  if (!ELEMENT_KEEPING.has(method) && method !== "map" && method !== "flatMap" && method !== "find") return undefined;
  const receiver = evaluator.ev(callee.expression, env);
  if (!receiver.some((value) => value.kind === "array")) return undefined;
  const elements = evaluator.elementsOf(receiver, callee.expression);
  if (method === "find") return elements;
  if (ELEMENT_KEEPING.has(method)) {
    const added: Value[] = [];
    if (method === "concat") {
      for (const arg of call.arguments) {
        if (t.isSpreadElement(arg)) added.push(unknown("a spread argument", arg));
        else for (const value of evaluator.ev(arg, env)) added.push(...(value.kind === "array" ? value.elements : [value]));
      }
    }
    const all = method === "flat" ? elements.flatMap((element) => (element.kind === "array" ? element.elements : [element])) : elements;
    return [{ kind: "array", elements: [...all, ...added], node: call }];
  }
  const [callbackArg] = call.arguments;
  const callbacks = callbackArg && !t.isSpreadElement(callbackArg) ? evaluator.ev(callbackArg, env) : [];
  const mapped: Value[] = [];
  for (const callback of callbacks) {
    const fn = callback.kind === "syntax" ? functionOf(t, callback.node) : undefined;
    if (!fn) {
      mapped.push(unknown("a mapping callback the analysis cannot read", callbackArg ?? call));
      continue;
    }
    for (const element of elements) {
      const results = evaluator.invoke(fn, [[element]], undefined, callback.kind === "syntax" ? callback.env : env, call);
      for (const result of results) mapped.push(...(method === "flatMap" && result.kind === "array" ? result.elements : [result]));
    }
  }
  return [{ kind: "array", elements: mapped, node: call }];
}
