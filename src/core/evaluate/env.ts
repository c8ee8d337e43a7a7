import type * as ts from "typescript";
import type { Value } from "./value.js";

/**
 * A frame of a call being evaluated: each parameter (or loop variable) declaration bound to the values
 * of what was passed, and `this`. Lookups go through the enclosing frames; names not bound in any frame
 * are declarations read as written (consts, imports, functions).
 */
export class Env {
  constructor(
    readonly parent: Env | undefined,
    private readonly bindings: ReadonlyMap<ts.Node, Value[]>,
    readonly self: Value | undefined,
    /** How many calls deep this frame is. */
    readonly depth: number,
  ) {}

  lookup(declaration: ts.Node): Value[] | undefined {
    return this.bindings.get(declaration) ?? this.parent?.lookup(declaration);
  }

  /** `this` in this frame or the nearest enclosing one that has it (arrow functions keep the outer `this`). */
  thisValue(): Value | undefined {
    return this.self ?? this.parent?.thisValue();
  }

  bind(bindings: ReadonlyMap<ts.Node, Value[]>, self?: Value): Env {
    return new Env(this, bindings, self, this.depth + 1);
  }

  /** A loop variable bound to one element: not a call, so no deeper. */
  withLoop(declaration: ts.Node, element: Value): Env {
    return new Env(this, new Map([[declaration, [element]]]), undefined, this.depth);
  }
}

/** The frame of code read where it is written: nothing bound. */
export const ROOT_ENV = new Env(undefined, new Map(), undefined, 0);
