import type * as ts from "typescript";
import { numberValue, propertyNameText, unwrapExpression, type TS } from "../ts-utils.js";
import type { Resolver } from "../resolve.js";
import type { ArraySchema, NumberSchema, ObjectProperty, ObjectSchema, Openness, SchemaFix, SchemaNode, StringSchema, ZodFlavor } from "./model.js";
import { BOUNDED_STRING_METHODS, KEEPING_METHODS, PRECISION_FORMATS, UNBOUNDED_STRING_FORMATS } from "./zod-vocabulary.js";
import { regexMaxLength } from "./regex-bounds.js";
import { refinementChecksLength } from "./refinements.js";

/**
 * What zod's methods do to the schema they are called on: strictness and shape for objects, length
 * limits for strings and arrays, ranges for numbers. The reader (from-zod.ts) builds the schemas
 * these methods start from.
 */
export abstract class ZodChainMethods {
  constructor(
    protected readonly t: TS,
    protected readonly sourceFile: ts.SourceFile,
    protected readonly resolver: Resolver,
  ) {}

  abstract read(expression: ts.Expression): SchemaNode;
  abstract readShape(expression: ts.Expression): { properties: ObjectProperty[]; complete: boolean };
  abstract opaque(site: ts.Node): SchemaNode;
  /** The schemas of a list built in code (`tools.map((tool) => toSchema(tool))`), each read in its frame; undefined when unreadable. */
  protected abstract readElements(list: ts.Expression): SchemaNode[] | undefined;
  /** `z.string`, `z.iso.datetime`, or a function imported from zod by name: which zod function a callee is. */
  protected abstract factoryOf(callee: ts.Expression): { name: string; flavor: ZodFlavor; major: 3 | 4 } | undefined;

  protected applyMethod(receiver: SchemaNode, call: ts.CallExpression, callee: ts.PropertyAccessExpression): SchemaNode {
    const method = callee.name.text;
    const args = call.arguments;
    // A method continues the receiver's own chain only when it is written right after it.
    const continuesChain = "chainEnd" in receiver && receiver.chainEnd === unwrapExpression(this.t, callee.expression);
    switch (method) {
      case "or":
        return { kind: "union", site: call, flavor: "zod", members: [receiver, ...args.map((a) => this.read(a))], discriminated: false };
      case "and":
        return { kind: "intersection", site: call, flavor: "zod", members: [receiver, ...args.map((a) => this.read(a))], discriminated: false };
      case "array":
        return { kind: "array", collection: "array", site: callee.name, flavor: "zod", element: receiver, boundedByShape: false, chainEnd: call, zodFlavor: "classic" };
      case "promise":
        return this.opaque(call);
      case "keyof":
        return { kind: "leaf", site: call, flavor: "zod", enumerated: true };
      default:
        break;
    }
    if (receiver.kind === "object") {
      const result = this.applyObjectOperation(receiver, method, args, call, callee);
      if (result) return result;
    }
    if (receiver.kind === "string") return this.applyStringMethod(receiver, method, args, call, continuesChain);
    if (receiver.kind === "array") return this.applyArrayMethod(receiver, method, args, call, continuesChain);
    if (receiver.kind === "number") return this.applyNumberMethod(receiver, method, args);
    if (method === "check" || method === "refine" || method === "superRefine") return receiver;
    if (KEEPING_METHODS.has(method)) return receiver;
    return receiver;
  }

  protected applyObjectOperation(
    receiver: ObjectSchema,
    operation: string,
    args: readonly ts.Expression[],
    call: ts.CallExpression,
    callee: ts.PropertyAccessExpression | undefined,
  ): ObjectSchema | undefined {
    const t = this.t;
    const continuesChain = callee !== undefined && receiver.chainEnd === unwrapExpression(t, callee.expression);
    const chainEnd = callee === undefined || continuesChain ? call : receiver.chainEnd;
    const nameNode = callee?.name ?? call.expression;
    const withMode = (openness: Openness): ObjectSchema => ({ ...receiver, openness, chainEnd, catchall: undefined });
    // zod 3 only changes its unknown-keys setting here; a catchall set earlier still takes unknown keys.
    const keepsCatchall = receiver.zodMajor === 3 && receiver.openness.reason === "catchall";
    if (keepsCatchall && (operation === "strict" || operation === "strip" || operation === "passthrough" || operation === "nonstrict")) {
      return { ...receiver, chainEnd };
    }
    switch (operation) {
      case "strict":
        return withMode({ closed: true, site: nameNode, fixes: [] });
      case "strip":
        return withMode({ closed: false, reason: "strip-call", site: nameNode, fixes: callee ? this.renameFix(callee.name, "strict", "replace-with-strict") : [] });
      case "passthrough":
      case "loose":
      case "nonstrict":
        return withMode({ closed: false, reason: "passthrough", site: nameNode, fixes: callee ? this.renameFix(callee.name, "strict", "replace-with-strict") : [] });
      case "catchall": {
        const catchallArg = args[0];
        const catchall = catchallArg ? this.read(catchallArg) : undefined;
        if (catchall && isNever(catchall, catchallArg, t)) return withMode({ closed: true, site: nameNode, fixes: [] });
        const fixes: SchemaFix[] = callee
          ? [{ kind: "replace-with-strict", edits: [{ start: callee.name.getStart(), end: call.getEnd(), text: "strict()" }] }]
          : [];
        return { ...withMode({ closed: false, reason: "catchall", site: nameNode, fixes }), catchall };
      }
      case "extend":
      case "safeExtend":
      case "augment": {
        const shape = args[0] ? this.readShape(args[0]) : { properties: [], complete: false };
        return { ...receiver, properties: mergeProperties(receiver.properties, shape.properties), propertiesComplete: receiver.propertiesComplete && shape.complete, chainEnd };
      }
      case "merge": {
        const other = args[0] ? this.read(args[0]) : undefined;
        if (!other || other.kind !== "object") {
          return { ...receiver, propertiesComplete: false, openness: { closed: false, site: nameNode, fixes: [] }, chainEnd, kind: "object" };
        }
        // `.merge(B)` takes B's handling of unknown keys.
        return { ...receiver, properties: mergeProperties(receiver.properties, other.properties), propertiesComplete: receiver.propertiesComplete && other.propertiesComplete, openness: other.openness, catchall: other.catchall, chainEnd };
      }
      case "pick":
      case "omit": {
        const mask = args[0] ? maskKeys(t, args[0]) : undefined;
        if (!mask) return { ...receiver, chainEnd };
        const keep = (name: string): boolean => (operation === "pick" ? mask.has(name) : !mask.has(name));
        return { ...receiver, properties: receiver.properties.filter((property) => keep(property.name)), chainEnd };
      }
      case "partial":
      case "required":
      case "deepPartial":
        return { ...receiver, chainEnd };
      default:
        if (KEEPING_METHODS.has(operation) || operation === "check" || operation === "refine" || operation === "superRefine") {
          return continuesChain && !STOPS_CHAIN.has(operation) ? { ...receiver, chainEnd } : receiver;
        }
        return undefined;
    }
  }

  private applyStringMethod(receiver: StringSchema, method: string, args: readonly ts.Expression[], call: ts.CallExpression, continuesChain: boolean): SchemaNode {
    const t = this.t;
    const chainEnd = continuesChain && !STOPS_CHAIN.has(method) ? call : receiver.chainEnd;
    const next = (changes: Partial<StringSchema>): StringSchema => ({ ...receiver, ...changes, chainEnd });
    // `.describe()`, `.optional()` and the like change nothing the rules read.
    const same = (): StringSchema => (chainEnd === receiver.chainEnd ? receiver : { ...receiver, chainEnd });
    switch (method) {
      case "max":
      case "length":
        return next(this.withLimit(receiver, args[0]));
      case "regex": {
        const pattern = this.regexLiteral(args[0]);
        // A pattern we cannot read (imported, built at run time) may well bound the length: no guess either way.
        if (!pattern) return next({ boundedByShape: true });
        const longest = regexMaxLength(pattern.text);
        if (longest !== undefined) return next({ maxLength: minDefined(receiver.maxLength, longest) });
        return next({ unboundedFormat: receiver.unboundedFormat ?? "regex-open" });
      }
      case "refine":
      case "superRefine":
        return args[0] && refinementChecksLength(t, args[0], method) ? next({ boundedByShape: true }) : same();
      case "check":
        return this.applyChecks(args, "string", (limit) => next(this.withLimit(receiver, limit)), (longest) => next({ maxLength: minDefined(receiver.maxLength, longest) }), () => next({ boundedByShape: true }), same);
      default:
        break;
    }
    if (BOUNDED_STRING_METHODS.has(method)) return next({ boundedByShape: true });
    if (PRECISION_FORMATS.has(method)) return hasNumericPrecision(t, args[0]) ? next({ boundedByShape: true }) : next({ unboundedFormat: receiver.unboundedFormat });
    if (method in UNBOUNDED_STRING_FORMATS) return next({ unboundedFormat: receiver.unboundedFormat ?? UNBOUNDED_STRING_FORMATS[method] });
    return same();
  }

  private applyArrayMethod(receiver: ArraySchema, method: string, args: readonly ts.Expression[], call: ts.CallExpression, continuesChain: boolean): SchemaNode {
    const chainEnd = continuesChain && !STOPS_CHAIN.has(method) ? call : receiver.chainEnd;
    const same = (): ArraySchema => (chainEnd === receiver.chainEnd ? receiver : { ...receiver, chainEnd });
    if (method === "rest" && receiver.collection === "tuple") {
      const rest = args[0] ? this.read(args[0]) : this.opaque(call);
      return { ...receiver, element: rest, items: undefined, boundedByShape: false, chainEnd };
    }
    const withItemLimit = (limit: ts.Expression | undefined): ArraySchema => {
      const value = this.numberOf(limit);
      return value === undefined ? { ...receiver, boundedByShape: true, chainEnd } : { ...receiver, maxItems: minDefined(receiver.maxItems, value), chainEnd };
    };
    if (method === "max" || method === "length" || method === "size") return withItemLimit(args[0]);
    if (method === "check") {
      return this.applyChecks(args, receiver.collection, withItemLimit, same, () => ({ ...receiver, boundedByShape: true, chainEnd }), same);
    }
    if ((method === "refine" || method === "superRefine") && args[0] && refinementChecksLength(this.t, args[0], method)) {
      return { ...receiver, boundedByShape: true, chainEnd };
    }
    return same();
  }

  private applyNumberMethod(receiver: NumberSchema, method: string, args: readonly ts.Expression[]): SchemaNode {
    if (LOWER_BOUNDS.has(method)) return receiver.hasMinimum ? receiver : { ...receiver, hasMinimum: true };
    if (UPPER_BOUNDS.has(method)) return receiver.hasMaximum ? receiver : { ...receiver, hasMaximum: true };
    if (method === "check") {
      let result = receiver;
      for (const check of args) {
        const name = this.checkName(check);
        if (name && LOWER_BOUND_CHECKS.has(name)) result = { ...result, hasMinimum: true };
        if (name && UPPER_BOUND_CHECKS.has(name)) result = { ...result, hasMaximum: true };
      }
      return result;
    }
    return receiver;
  }

  /**
   * zod/mini checks: `.check(z.maxLength(10), z.regex(/…/))`. The first check that bounds the value
   * decides; several length checks in one call are rare enough not to combine.
   */
  private applyChecks<T extends SchemaNode>(
    args: readonly ts.Expression[],
    target: "string" | "array" | "set" | "tuple",
    onLimit: (limit: ts.Expression | undefined) => T,
    onPattern: (longest: number) => T,
    onShape: () => T,
    unchanged: () => T,
  ): T {
    const t = this.t;
    for (const check of args) {
      const name = this.checkName(check);
      const inner = unwrapExpression(t, check);
      const firstArg = t.isCallExpression(inner) ? inner.arguments[0] : undefined;
      // zod/mini: maxLength/length check strings and arrays; maxSize/size check sets (and files).
      const limits = target === "set" ? name === "maxSize" || name === "size" : name === "maxLength" || name === "length";
      if (limits) return onLimit(firstArg);
      if (name === "regex") {
        const pattern = this.regexLiteral(firstArg);
        // As for `.regex()`: an unreadable pattern is a bound of unknown size.
        if (!pattern) return onShape();
        const longest = regexMaxLength(pattern.text);
        if (longest !== undefined) return onPattern(longest);
      }
      if (name === "refine" && firstArg && refinementChecksLength(t, firstArg, "refine")) return onShape();
    }
    return unchanged();
  }

  /** A declared limit: a number, a const holding one, or (unreadable) a bound of unknown size. */
  private withLimit(receiver: StringSchema, limit: ts.Expression | undefined): Partial<StringSchema> {
    const value = this.numberOf(limit);
    return value === undefined ? { boundedByShape: true } : { maxLength: minDefined(receiver.maxLength, value) };
  }

  /** A regular expression literal, written in place or held in a constant. */
  private regexLiteral(expression: ts.Expression | undefined): ts.RegularExpressionLiteral | undefined {
    const value = expression && this.resolver.followConsts(expression);
    return value && this.t.isRegularExpressionLiteral(value) ? value : undefined;
  }

  private numberOf(expression: ts.Expression | undefined): number | undefined {
    return expression && numberValue(this.t, this.resolver.followConsts(expression));
  }

  private checkName(check: ts.Expression): string | undefined {
    const inner = unwrapExpression(this.t, check);
    if (!this.t.isCallExpression(inner)) return undefined;
    return this.factoryOf(unwrapExpression(this.t, inner.expression))?.name;
  }

  protected objectFixes(call: ts.CallExpression, callee: ts.Expression, flavor: ZodFlavor): SchemaFix[] {
    const fixes = this.renameFix(callee, "strictObject", "use-strict-object");
    if (flavor === "classic") fixes.push({ kind: "append-strict", edits: [{ start: call.getEnd(), end: call.getEnd(), text: ".strict()" }] });
    return fixes;
  }

  /** Renames the last name of a callee: `z.object` → `z.strictObject`, `.passthrough` → `.strict`. */
  protected renameFix(callee: ts.Node, newName: string, kind: SchemaFix["kind"]): SchemaFix[] {
    const t = this.t;
    const nameNode = t.isPropertyAccessExpression(callee) ? callee.name : t.isIdentifier(callee) && t.isPropertyAccessExpression(callee.parent) ? callee : undefined;
    if (!nameNode) return [];
    return [{ kind, edits: [{ start: nameNode.getStart(), end: nameNode.getEnd(), text: newName }] }];
  }
}

const LOWER_BOUNDS = new Set(["min", "gte", "gt", "positive", "nonnegative"]);
const UPPER_BOUNDS = new Set(["max", "lte", "lt", "negative", "nonpositive"]);
/** zod/mini's number checks: `.check(z.minimum(0), z.maximum(9))`. */
const LOWER_BOUND_CHECKS = new Set(["minimum", "gte", "gt", "positive", "nonnegative"]);
const UPPER_BOUND_CHECKS = new Set(["maximum", "lte", "lt", "negative", "nonpositive"]);

/** Methods after which `.max()` can no longer be chained (the result is not a string or array schema). */
// `describe` and `meta` return the same schema class, so `.max()` may follow them; v3's `refine` wraps it in ZodEffects.
export const STOPS_CHAIN = new Set(["optional", "nullable", "nullish", "default", "transform", "pipe", "catch", "prefault", "readonly", "brand", "refine", "superRefine"]);

export function minDefined(current: number | undefined, limit: number): number {
  return current === undefined ? limit : Math.min(current, limit);
}

function mergeProperties(base: ObjectProperty[], extra: ObjectProperty[]): ObjectProperty[] {
  const names = new Set(extra.map((property) => property.name));
  return [...base.filter((property) => !names.has(property.name)), ...extra];
}

function maskKeys(t: TS, expression: ts.Expression): Set<string> | undefined {
  const inner = unwrapExpression(t, expression);
  if (!t.isObjectLiteralExpression(inner)) return undefined;
  const keys = new Set<string>();
  for (const property of inner.properties) {
    if (!t.isPropertyAssignment(property) && !t.isShorthandPropertyAssignment(property)) return undefined;
    const name = propertyNameText(t, property.name);
    if (name === undefined) return undefined;
    keys.add(name);
  }
  return keys;
}

function isNever(schema: SchemaNode, expression: ts.Expression | undefined, t: TS): boolean {
  if (schema.kind !== "leaf" || !expression) return false;
  const inner = unwrapExpression(t, expression);
  return t.isCallExpression(inner) && /(^|\.)never$/.test(inner.expression.getText());
}

export function hasNumericPrecision(t: TS, options: ts.Expression | undefined): boolean {
  const inner = options && unwrapExpression(t, options);
  if (!inner || !t.isObjectLiteralExpression(inner)) return false;
  return inner.properties.some(
    (property) =>
      t.isPropertyAssignment(property) &&
      propertyNameText(t, property.name) === "precision" &&
      (numberValue(t, property.initializer) ?? -1) >= 0,
  );
}
