import type * as ts from "typescript";
import { numberValue, propertyNameText, unwrapExpression, type TS } from "../ts-utils.js";
import { returnedExpressions, type Resolver } from "../resolve.js";
import type { ArraySchema, NumberSchema, ObjectProperty, ObjectSchema, Openness, SchemaFix, SchemaNode, StringSchema, ZodFlavor } from "./model.js";
import {
  BOUNDED_NUMBER_FACTORIES, BOUNDED_STRING_FORMATS, BOUNDED_STRING_METHODS, ENUM_FACTORIES, KEEPING_METHODS, LEAF_FACTORIES, NON_SCHEMA_METHODS,
  NUMBER_FACTORIES, PRECISION_FORMATS, UNBOUNDED_STRING_FORMATS, WRAPPER_FUNCTIONS, isMiniModule, majorOfModule,
} from "./zod-vocabulary.js";
import { regexMaxLength } from "./regex-bounds.js";
import { refinementChecksLength } from "./refinements.js";

/** Framework packages that re-export zod as `z` (Genkit: `import { z } from "genkit"`). */
const ZOD_REEXPORTS = new Set(["genkit"]);

/** A reference to zod: the namespace object, or one function imported by name. */
type ZodReference = { kind: "namespace"; flavor: ZodFlavor; major: 3 | 4 } | { kind: "function"; name: string; flavor: ZodFlavor; major: 3 | 4 };

export interface Shape {
  properties: ObjectProperty[];
  complete: boolean;
}

/** Deeper than this (nested schemas plus chained calls), a schema is opaque: documented in the README. */
const MAX_DEPTH = 250;

/**
 * Reads zod schema expressions into SchemaNodes. Each expression is read once and cached, so a schema
 * shared by several tools is one node, reported once where it is written.
 */
export class ZodReader {
  private readonly cache = new Map<ts.Node, SchemaNode>();
  private readonly inProgress = new Set<ts.Node>();
  private depth = 0;

  constructor(
    private readonly t: TS,
    private readonly sourceFile: ts.SourceFile,
    private readonly resolver: Resolver,
    private readonly zodModules: ReadonlySet<string>,
    /** The major version of the bare `zod` import, when known; zod 4 is assumed otherwise. */
    private readonly bareZodMajor: 3 | 4 | undefined,
  ) {}

  /** The local name of a zod namespace import, for fixes that must write `z.strictObject(...)`. */
  namespaceName(): { name: string; flavor: ZodFlavor } | undefined {
    const t = this.t;
    for (const statement of this.sourceFile.statements) {
      if (!t.isImportDeclaration(statement) || !t.isStringLiteral(statement.moduleSpecifier)) continue;
      const module = statement.moduleSpecifier.text;
      if (ZOD_REEXPORTS.has(module) && !statement.importClause?.isTypeOnly) {
        const bindings = statement.importClause?.namedBindings;
        const specifier = bindings && t.isNamedImports(bindings) ? bindings.elements.find((element) => (element.propertyName ?? element.name).text === "z") : undefined;
        if (specifier) return { name: specifier.name.text, flavor: "classic" };
        continue;
      }
      if (!this.zodModules.has(module) || statement.importClause?.isTypeOnly) continue;
      const flavor: ZodFlavor = isMiniModule(module) ? "mini" : "classic";
      const clause = statement.importClause;
      if (clause?.name) return { name: clause.name.text, flavor };
      const bindings = clause?.namedBindings;
      if (bindings && t.isNamespaceImport(bindings)) return { name: bindings.name.text, flavor };
      if (bindings && t.isNamedImports(bindings)) {
        const specifier = bindings.elements.find((element) => (element.propertyName ?? element.name).text === "z");
        if (specifier) return { name: specifier.name.text, flavor };
      }
    }
    return undefined;
  }

  read(expression: ts.Expression): SchemaNode {
    const cached = this.cache.get(expression);
    if (cached) return cached;
    if (this.inProgress.has(expression) || this.depth > MAX_DEPTH) return this.opaque(expression);
    this.inProgress.add(expression);
    this.depth++;
    try {
      const result = this.readUncached(expression);
      this.cache.set(expression, result);
      return result;
    } finally {
      this.depth--;
      this.inProgress.delete(expression);
    }
  }

  /** Reads a shape: `{ a: z.string() }`, a const holding one, `X.shape`, and spreads of those. */
  readShape(expression: ts.Expression): Shape {
    const t = this.t;
    if (this.depth > MAX_DEPTH) return { properties: [], complete: false };
    const expr = unwrapExpression(t, expression);
    if (t.isIdentifier(expr)) {
      const binding = this.resolver.resolve(expr);
      if (binding.kind === "value" && !this.inProgress.has(binding.initializer)) {
        this.inProgress.add(binding.initializer);
        this.depth++;
        try {
          return this.readShape(binding.initializer);
        } finally {
          this.depth--;
          this.inProgress.delete(binding.initializer);
        }
      }
      return { properties: [], complete: false };
    }
    if (t.isPropertyAccessExpression(expr) && expr.name.text === "shape") {
      const owner = this.read(expr.expression);
      return owner.kind === "object" ? { properties: owner.properties, complete: owner.propertiesComplete } : { properties: [], complete: false };
    }
    if (!t.isObjectLiteralExpression(expr)) return { properties: [], complete: false };
    const properties: ObjectProperty[] = [];
    let complete = true;
    const put = (property: ObjectProperty): void => {
      const existing = properties.findIndex((candidate) => candidate.name === property.name);
      if (existing >= 0) properties.splice(existing, 1);
      properties.push(property);
    };
    for (const element of expr.properties) {
      if (t.isSpreadAssignment(element)) {
        const spread = this.readShape(element.expression);
        spread.properties.forEach(put);
        complete &&= spread.complete;
      } else if (t.isPropertyAssignment(element) || t.isShorthandPropertyAssignment(element)) {
        const name = propertyNameText(t, element.name);
        if (name === undefined) {
          complete = false;
          continue;
        }
        const value = t.isPropertyAssignment(element) ? element.initializer : element.name;
        put({ name, keyNode: element.name, schema: this.read(value) });
      } else if (t.isGetAccessorDeclaration(element) || t.isMethodDeclaration(element)) {
        // zod's documented pattern for recursive shapes: `get children() { return z.array(Node) }`
        const name = propertyNameText(t, element.name);
        const [returned] = t.isGetAccessorDeclaration(element) && element.body ? returnedExpressions(t, element as never) : [];
        if (name !== undefined) put({ name, keyNode: element.name, schema: returned ? this.read(returned) : this.opaque(element) });
        else complete = false;
      } else {
        complete = false;
      }
    }
    return { properties, complete };
  }

  opaque(site: ts.Node): SchemaNode {
    return { kind: "opaque", site, flavor: "zod" };
  }

  private readUncached(expression: ts.Expression): SchemaNode {
    const t = this.t;
    const expr = unwrapExpression(t, expression);
    if (t.isIdentifier(expr)) {
      const binding = this.resolver.resolve(expr);
      if (binding.kind === "value") return this.read(binding.initializer);
      return this.opaque(expr);
    }
    if (t.isCallExpression(expr)) return this.readCall(expr);
    if (t.isPropertyAccessExpression(expr)) {
      // `d.schema` for each `d` of an array of tool definitions: every element's schema is input.
      const values = this.resolver.elementProperties(expr);
      if (values.length > 0) return { kind: "union", site: expr, flavor: "zod", members: values.map((value) => this.read(value)), discriminated: false };
      return this.opaque(expr);
    }
    if (t.isConditionalExpression(expr)) {
      // Either branch may reach the tool: both are input.
      return {
        kind: "union",
        site: expr,
        flavor: "zod",
        members: [this.read(expr.whenTrue), this.read(expr.whenFalse)],
        discriminated: false,
      };
    }
    return this.opaque(expr);
  }

  private readCall(call: ts.CallExpression): SchemaNode {
    const t = this.t;
    const callee = unwrapExpression(t, call.expression);
    const factory = this.factoryOf(callee);
    if (factory) return this.readFactory(call, callee, factory.name, factory.flavor, factory.major);
    if (t.isPropertyAccessExpression(callee)) {
      if (NON_SCHEMA_METHODS.has(callee.name.text)) return this.opaque(call);
      const receiver = this.read(callee.expression);
      if (receiver.kind === "opaque") return this.opaque(call);
      return this.applyMethod(receiver, call, callee);
    }
    if (t.isIdentifier(callee)) {
      // A helper of this file that returns a schema: `function idField() { return z.string().max(64) }`.
      const binding = this.resolver.resolve(callee);
      if (binding.kind === "function") {
        const returned = returnedExpressions(t, binding.declaration);
        if (returned.length === 1 && returned[0]) return this.read(returned[0]);
        if (returned.length > 1) {
          return { kind: "union", site: call, flavor: "zod", members: returned.map((r) => this.read(r)), discriminated: false };
        }
      }
    }
    return this.opaque(call);
  }

  private reference(expression: ts.Expression): ZodReference | undefined {
    const t = this.t;
    const expr = unwrapExpression(t, expression);
    if (!t.isIdentifier(expr)) return undefined;
    const binding = this.resolver.resolve(expr);
    if (binding.kind === "import" && ZOD_REEXPORTS.has(binding.module) && binding.importedName === "z") {
      return { kind: "namespace", flavor: "classic", major: this.bareZodMajor ?? 4 };
    }
    if (binding.kind !== "import" || !this.zodModules.has(binding.module)) return undefined;
    const flavor: ZodFlavor = isMiniModule(binding.module) ? "mini" : "classic";
    const major = majorOfModule(binding.module) ?? this.bareZodMajor ?? 4;
    if (binding.importedName === "*" || binding.importedName === "default" || binding.importedName === "z") {
      return { kind: "namespace", flavor, major };
    }
    return { kind: "function", name: binding.importedName, flavor, major };
  }

  /** `z.string`, `z.iso.datetime`, `z.coerce.number`, or a function imported from zod by name. */
  private factoryOf(callee: ts.Expression): { name: string; flavor: ZodFlavor; major: 3 | 4 } | undefined {
    const t = this.t;
    if (t.isIdentifier(callee)) {
      const reference = this.reference(callee);
      return reference?.kind === "function" ? reference : undefined;
    }
    if (!t.isPropertyAccessExpression(callee)) return undefined;
    const owner = unwrapExpression(t, callee.expression);
    const direct = this.reference(owner);
    if (direct?.kind === "namespace") return { ...direct, name: callee.name.text };
    if (t.isPropertyAccessExpression(owner)) {
      const namespace = this.reference(owner.expression);
      if (namespace?.kind === "namespace") {
        if (owner.name.text === "iso") return { ...namespace, name: `iso.${callee.name.text}` };
        if (owner.name.text === "coerce") return { ...namespace, name: callee.name.text };
      }
    }
    if (direct?.kind === "function" && (direct.name === "iso" || direct.name === "coerce")) {
      return { ...direct, name: direct.name === "iso" ? `iso.${callee.name.text}` : callee.name.text };
    }
    return undefined;
  }

  private readFactory(call: ts.CallExpression, callee: ts.Expression, name: string, flavor: ZodFlavor, major: 3 | 4): SchemaNode {
    const t = this.t;
    const args = call.arguments;
    const arg = (index: number): ts.Expression | undefined => args[index];
    const site = callee;
    switch (name) {
      case "object":
      case "strictObject":
      case "looseObject": {
        const shape = arg(0) ? this.readShape(arg(0) as ts.Expression) : { properties: [], complete: true };
        const openness: Openness =
          name === "strictObject"
            ? { closed: true, site, fixes: [] }
            : name === "looseObject"
              ? { closed: false, reason: "loose-object", site, fixes: this.renameFix(callee, "strictObject", "use-strict-object") }
              : { closed: false, reason: "zod-object", site, fixes: this.objectFixes(call, callee, flavor) };
        return {
          kind: "object", site, flavor: "zod", properties: shape.properties, propertiesComplete: shape.complete, openness,
          chainEnd: call, zodFlavor: flavor, zodMajor: major,
        };
      }
      case "string":
        return this.stringNode(site, call, flavor, {});
      case "number":
      case "int":
      case "float64":
      case "bigint":
        return { kind: "number", site, flavor: "zod", hasMinimum: false, hasMaximum: false, boundedByShape: false, zodFlavor: flavor, zodMajor: major };
      case "array":
      case "set": {
        const element = arg(0) ? this.read(arg(0) as ts.Expression) : this.opaque(call);
        return { kind: "array", collection: name === "set" ? "set" : "array", site, flavor: "zod", element, boundedByShape: false, chainEnd: call, zodFlavor: flavor };
      }
      case "tuple": {
        const list = arg(0) && unwrapExpression(t, arg(0) as ts.Expression);
        const items = list && t.isArrayLiteralExpression(list) ? list.elements.map((element) => this.read(element)) : [];
        // zod 4 takes a rest element as the second argument; zod 3 ignores it (its tuples are closed).
        const rest = arg(1) && major === 4 ? this.read(arg(1) as ts.Expression) : undefined;
        return {
          kind: "array", collection: "tuple", site, flavor: "zod", element: rest ?? this.opaque(call), items: rest ? undefined : items,
          boundedByShape: !rest, chainEnd: call, zodFlavor: flavor,
        };
      }
      case "union":
      case "xor":
      case "discriminatedUnion": {
        const list = arg(name === "discriminatedUnion" ? 1 : 0);
        const inner = list && unwrapExpression(t, list);
        if (!inner || !t.isArrayLiteralExpression(inner)) return this.opaque(call);
        return {
          kind: "union", site, flavor: "zod", members: inner.elements.map((element) => this.read(element)),
          discriminated: name === "discriminatedUnion",
        };
      }
      case "intersection":
        return {
          kind: "intersection", site, flavor: "zod", discriminated: false,
          members: args.slice(0, 2).map((member) => this.read(member)),
        };
      case "record":
      case "partialRecord":
      case "looseRecord":
      case "map": {
        const values = arg(1) ?? arg(0);
        const keys = args.length > 1 && arg(0) ? this.read(arg(0) as ts.Expression) : undefined;
        return {
          kind: "unconstrained", site, flavor: "zod", what: name === "map" ? "map" : "record",
          values: values ? this.read(values) : undefined,
          keysEnumerated: keys?.kind === "leaf" && keys.enumerated,
        };
      }
      case "any":
      case "unknown":
        return { kind: "unconstrained", site, flavor: "zod", what: name };
      case "json":
        return { kind: "unconstrained", site, flavor: "zod", what: "json" };
      case "custom":
        return args.length === 0 ? { kind: "unconstrained", site, flavor: "zod", what: "custom" } : { kind: "leaf", site, flavor: "zod", enumerated: false };
      case "lazy": {
        const fn = arg(0) && unwrapExpression(t, arg(0) as ts.Expression);
        if (fn && (t.isArrowFunction(fn) || t.isFunctionExpression(fn))) {
          const [returned] = returnedExpressions(t, fn);
          if (returned) return this.read(returned);
        }
        return this.opaque(call);
      }
      case "preprocess":
        return arg(1) ? this.read(arg(1) as ts.Expression) : this.opaque(call);
      case "pipe":
        return arg(0) ? this.read(arg(0) as ts.Expression) : this.opaque(call);
      case "extend":
      case "safeExtend":
      case "merge":
      case "pick":
      case "omit":
      case "partial":
      case "required":
      case "catchall":
      case "strict":
      case "loose": {
        // zod/mini's functional forms: the object is the first argument.
        const receiver = arg(0) ? this.read(arg(0) as ts.Expression) : this.opaque(call);
        if (receiver.kind !== "object") return this.opaque(call);
        return this.applyObjectOperation(receiver, name, args.slice(1), call, undefined) ?? this.opaque(call);
      }
      default:
        break;
    }
    if (WRAPPER_FUNCTIONS.has(name)) return arg(0) ? this.read(arg(0) as ts.Expression) : this.opaque(call);
    if (BOUNDED_STRING_FORMATS.has(name)) return this.stringNode(site, call, flavor, { boundedByShape: true });
    if (PRECISION_FORMATS.has(name)) return this.stringNode(site, call, flavor, { boundedByShape: hasNumericPrecision(t, arg(0)) });
    if (name in UNBOUNDED_STRING_FORMATS) return this.stringNode(site, call, flavor, { unboundedFormat: UNBOUNDED_STRING_FORMATS[name] });
    if (BOUNDED_NUMBER_FACTORIES.has(name)) return { kind: "number", site, flavor: "zod", hasMinimum: true, hasMaximum: true, boundedByShape: true };
    if (NUMBER_FACTORIES.has(name)) return { kind: "number", site, flavor: "zod", hasMinimum: false, hasMaximum: false, boundedByShape: false, zodFlavor: flavor, zodMajor: major };
    if (name === "literal") {
      const value = arg(0) && unwrapExpression(t, arg(0) as ts.Expression);
      return { kind: "leaf", site, flavor: "zod", enumerated: true, singleValue: value !== undefined && !t.isArrayLiteralExpression(value) };
    }
    if (ENUM_FACTORIES.has(name)) return { kind: "leaf", site, flavor: "zod", enumerated: true };
    if (LEAF_FACTORIES.has(name)) return { kind: "leaf", site, flavor: "zod", enumerated: false };
    return this.opaque(call);
  }

  private stringNode(site: ts.Node, call: ts.CallExpression, flavor: ZodFlavor, extra: Partial<StringSchema>): StringSchema {
    return { kind: "string", site, flavor: "zod", boundedByShape: false, chainEnd: call, zodFlavor: flavor, ...extra };
  }

  private applyMethod(receiver: SchemaNode, call: ts.CallExpression, callee: ts.PropertyAccessExpression): SchemaNode {
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

  private applyObjectOperation(
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
          ? [{ kind: "replace-with-strict", edits: [{ start: callee.name.getStart(this.sourceFile), end: call.getEnd(), text: "strict()" }] }]
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
    switch (method) {
      case "max":
      case "length":
        return next(this.withLimit(receiver, args[0]));
      case "regex": {
        const pattern = args[0] && unwrapExpression(t, args[0]);
        const longest = pattern && t.isRegularExpressionLiteral(pattern) ? regexMaxLength(pattern.text) : undefined;
        if (longest !== undefined) return next({ maxLength: minDefined(receiver.maxLength, longest) });
        return next({ unboundedFormat: receiver.unboundedFormat ?? "regex-open" });
      }
      case "refine":
      case "superRefine":
        return args[0] && refinementChecksLength(t, args[0], method) ? next({ boundedByShape: true }) : next({});
      case "check":
        return this.applyChecks(args, "string", (limit) => next(this.withLimit(receiver, limit)), (longest) => next({ maxLength: minDefined(receiver.maxLength, longest) }), () => next({ boundedByShape: true }), () => next({}));
      default:
        break;
    }
    if (BOUNDED_STRING_METHODS.has(method)) return next({ boundedByShape: true });
    if (PRECISION_FORMATS.has(method)) return hasNumericPrecision(t, args[0]) ? next({ boundedByShape: true }) : next({ unboundedFormat: receiver.unboundedFormat });
    if (method in UNBOUNDED_STRING_FORMATS) return next({ unboundedFormat: receiver.unboundedFormat ?? UNBOUNDED_STRING_FORMATS[method] });
    return next({});
  }

  private applyArrayMethod(receiver: ArraySchema, method: string, args: readonly ts.Expression[], call: ts.CallExpression, continuesChain: boolean): SchemaNode {
    const chainEnd = continuesChain && !STOPS_CHAIN.has(method) ? call : receiver.chainEnd;
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
      return this.applyChecks(args, receiver.collection, withItemLimit, () => ({ ...receiver, chainEnd }), () => ({ ...receiver, boundedByShape: true, chainEnd }), () => ({ ...receiver, chainEnd }));
    }
    if ((method === "refine" || method === "superRefine") && args[0] && refinementChecksLength(this.t, args[0], method)) {
      return { ...receiver, boundedByShape: true, chainEnd };
    }
    return { ...receiver, chainEnd };
  }

  private applyNumberMethod(receiver: NumberSchema, method: string, args: readonly ts.Expression[]): SchemaNode {
    if (["min", "gte", "gt", "positive", "nonnegative"].includes(method)) return { ...receiver, hasMinimum: true };
    if (["max", "lte", "lt", "negative", "nonpositive"].includes(method)) return { ...receiver, hasMaximum: true };
    if (method === "check") {
      let result = receiver;
      for (const check of args) {
        const name = this.checkName(check);
        if (name && ["minimum", "gte", "gt", "positive", "nonnegative"].includes(name)) result = { ...result, hasMinimum: true };
        if (name && ["maximum", "lte", "lt", "negative", "nonpositive"].includes(name)) result = { ...result, hasMaximum: true };
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
      const pattern = firstArg && unwrapExpression(t, firstArg);
      const longest = name === "regex" && pattern && t.isRegularExpressionLiteral(pattern) ? regexMaxLength(pattern.text) : undefined;
      if (longest !== undefined) return onPattern(longest);
      if (name === "refine" && firstArg && refinementChecksLength(t, firstArg, "refine")) return onShape();
    }
    return unchanged();
  }

  /** A declared limit: a number, a const holding one, or (unreadable) a bound of unknown size. */
  private withLimit(receiver: StringSchema, limit: ts.Expression | undefined): Partial<StringSchema> {
    const value = this.numberOf(limit);
    return value === undefined ? { boundedByShape: true } : { maxLength: minDefined(receiver.maxLength, value) };
  }

  private numberOf(expression: ts.Expression | undefined, depth = 0): number | undefined {
    const t = this.t;
    if (!expression) return undefined;
    const literal = numberValue(t, expression);
    if (literal !== undefined || depth > 10) return literal;
    const inner = unwrapExpression(t, expression);
    if (!t.isIdentifier(inner)) return undefined;
    const binding = this.resolver.resolve(inner);
    return binding.kind === "value" ? this.numberOf(binding.initializer, depth + 1) : undefined;
  }

  private checkName(check: ts.Expression): string | undefined {
    const inner = unwrapExpression(this.t, check);
    if (!this.t.isCallExpression(inner)) return undefined;
    return this.factoryOf(unwrapExpression(this.t, inner.expression))?.name;
  }

  private objectFixes(call: ts.CallExpression, callee: ts.Expression, flavor: ZodFlavor): SchemaFix[] {
    const fixes = this.renameFix(callee, "strictObject", "use-strict-object");
    if (flavor === "classic") fixes.push({ kind: "append-strict", edits: [{ start: call.getEnd(), end: call.getEnd(), text: ".strict()" }] });
    return fixes;
  }

  /** Renames the last name of a callee: `z.object` → `z.strictObject`, `.passthrough` → `.strict`. */
  private renameFix(callee: ts.Node, newName: string, kind: SchemaFix["kind"]): SchemaFix[] {
    const t = this.t;
    const nameNode = t.isPropertyAccessExpression(callee) ? callee.name : t.isIdentifier(callee) && t.isPropertyAccessExpression(callee.parent) ? callee : undefined;
    if (!nameNode) return [];
    return [{ kind, edits: [{ start: nameNode.getStart(this.sourceFile), end: nameNode.getEnd(), text: newName }] }];
  }
}

/** Methods after which `.max()` can no longer be chained (the result is not a string or array schema). */
// `describe` and `meta` return the same schema class, so `.max()` may follow them; v3's `refine` wraps it in ZodEffects.
const STOPS_CHAIN = new Set(["optional", "nullable", "nullish", "default", "transform", "pipe", "catch", "prefault", "readonly", "brand", "refine", "superRefine"]);

function minDefined(current: number | undefined, limit: number): number {
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

function hasNumericPrecision(t: TS, options: ts.Expression | undefined): boolean {
  const inner = options && unwrapExpression(t, options);
  if (!inner || !t.isObjectLiteralExpression(inner)) return false;
  return inner.properties.some(
    (property) =>
      t.isPropertyAssignment(property) &&
      propertyNameText(t, property.name) === "precision" &&
      (numberValue(t, property.initializer) ?? -1) >= 0,
  );
}
