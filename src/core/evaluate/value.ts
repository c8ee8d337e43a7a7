import type * as ts from "typescript";
import { ROOT_ENV, type Env } from "./env.js";

/** Why a value cannot be read, and where: what a `no-unanalyzed-tool` report and the inventory say. */
export interface Reason {
  text: string;
  node: ts.Node;
}

/**
 * What an expression can be, as far as the analysis reads it:
 * - `syntax`: code as written (an object literal, a function, a class, a call of a framework or unknown
 *   function such as `z.object(...)`, a literal), with the frame its parameters are bound in;
 * - `instance`: `new K(...)` of a class of the program, its constructor's parameters bound in `env`;
 * - `array`: a collection whose elements are known (each element one value);
 * - `record`: an object built in code (`Object.fromEntries`, `Object.assign`, a rest pattern);
 * - `text`: a string folded from literals, templates and `+`;
 * - `unknown`: with the reason and the place.
 */
export type Value = Known | { kind: "unknown"; reason: Reason };

/**
 * A readable value. `via` is the name it was read through, where it is written (`schema = searchShape`):
 * readers that report where a value is used, not where its const is declared, start there.
 */
export type Known = (
  | { kind: "syntax"; node: ts.Node; env: Env }
  | { kind: "instance"; cls: ts.ClassLikeDeclaration; args: readonly (Value[] | undefined)[]; env: Env; node: ts.Node }
  | { kind: "array"; elements: Value[]; node: ts.Node }
  | { kind: "record"; members: Map<string, Value[]>; node: ts.Node }
  | { kind: "text"; text: string; node: ts.Node }
) & { via?: ts.Expression };

export function unknown(text: string, node: ts.Node): Value {
  return { kind: "unknown", reason: { text, node } };
}

/**
 * The frame a settled value is read in where it is written: its own, except for a value read through a
 * name (`via`, read where that name is) or one that carries no frame (arrays, texts, unknowns).
 */
export function frameOf(value: Value): Env {
  return value.kind === "unknown" || value.via || !("env" in value) ? ROOT_ENV : value.env;
}

/** The first reason among values that cannot be read, if any. */
export function firstReason(values: readonly Value[]): Reason | undefined {
  for (const value of values) if (value.kind === "unknown") return value.reason;
  return undefined;
}
