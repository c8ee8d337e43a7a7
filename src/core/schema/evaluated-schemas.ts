import type * as ts from "typescript";
import { ROOT_ENV, type Env } from "../evaluate/env.js";
import type { Evaluator } from "../evaluate/evaluator.js";
import { unwrapExpression, type TS } from "../ts-utils.js";

/** One expression a schema position can be, and the frame its parameters and `this` are bound in. */
export interface SchemaCandidate {
  node: ts.Expression;
  env: Env;
}

/** Candidates kept per position: beyond this the position is read as opaque. */
const MAX_CANDIDATES = 16;

/**
 * What the schema readers ask the evaluator: where a schema position that syntax alone cannot read
 * (`tool.schema`, `this.inputSchema`, a loop element's field) is written, each in its frame. The readers
 * keep the frames they are inside on a stack, so a field read under `this` bound to one subclass or
 * `tool` bound to one definition reads that one's schema.
 */
export class EvaluatedSchemas {
  private readonly frames: Env[] = [];

  constructor(
    private readonly t: TS,
    private readonly evaluator: Evaluator | undefined,
  ) {}

  /** Whether reads happen inside a frame: their results then depend on it and are not cached. */
  get framed(): boolean {
    return this.frames.length > 0;
  }

  within<T>(env: Env | undefined, read: () => T): T {
    if (!env || env === ROOT_ENV) return read();
    this.frames.push(env);
    try {
      return read();
    } finally {
      this.frames.pop();
    }
  }

  /** The innermost frame being read in. */
  private get frame(): Env {
    return this.frames[this.frames.length - 1] ?? ROOT_ENV;
  }

  /** Whether the current frame binds this identifier (a parameter or loop variable being read for one call). */
  binds(identifier: ts.Identifier): boolean {
    return this.framed && this.evaluator !== undefined && this.evaluator.isBound(identifier, this.frame);
  }

  /** The one text a computed key folds to in the current frame (`[keys.subscriptionId]`), if it has one. */
  keyText(expression: ts.Expression): string | undefined {
    const values = this.evaluator?.values(unwrapExpression(this.t, expression), this.frame) ?? [];
    const [only] = values;
    return values.length === 1 && only?.kind === "text" ? only.text : undefined;
  }

  /** The elements of a list the evaluator reads as one array (`defs.map((d) => toSchema(d))`), each in its frame. */
  elements(expression: ts.Expression): SchemaCandidate[] | undefined {
    if (!this.evaluator) return undefined;
    const t = this.t;
    // The evaluator never throws: what it cannot read is an unknown value.
    const values = this.evaluator.values(unwrapExpression(t, expression), this.frame);
    const [only] = values;
    if (values.length !== 1 || only?.kind !== "array" || only.elements.length > MAX_CANDIDATES * 4) return undefined;
    const found: SchemaCandidate[] = [];
    for (const element of only.elements) {
      if (element.kind !== "syntax" || !t.isExpression(element.node)) return undefined;
      found.push({ node: unwrapExpression(t, element.node), env: element.env });
    }
    return found;
  }

  /**
   * Where `expression` is written, as the evaluator reads it in the current frame; undefined when it
   * cannot say (unknown values, or only the expression itself), and the position stays opaque.
   */
  candidates(expression: ts.Expression): SchemaCandidate[] | undefined {
    if (!this.evaluator) return undefined;
    const t = this.t;
    const expr = unwrapExpression(t, expression);
    const found: SchemaCandidate[] = [];
    for (const value of this.evaluator.values(expr, this.frame)) {
      if (value.kind !== "syntax" || !t.isExpression(value.node)) return undefined;
      const node = unwrapExpression(t, value.node);
      if (node === expr) return undefined;
      if (!found.some((candidate) => candidate.node === node && candidate.env === value.env)) found.push({ node, env: value.env });
    }
    return found.length > 0 && found.length <= MAX_CANDIDATES ? found : undefined;
  }
}
