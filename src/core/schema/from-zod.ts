import type * as ts from "typescript";
import { propertyNameText, unwrapExpression, type TS } from "../ts-utils.js";
import { returnedExpressions, type Binding, type FunctionWithBody, type Resolver } from "../resolve.js";
import type { ObjectProperty, SchemaNode, ZodFlavor } from "./model.js";
import { NON_SCHEMA_METHODS, isMiniModule, majorOfModule } from "./zod-vocabulary.js";
import { ZodFactories } from "./zod-factories.js";
import { objectFromDeclaredType } from "./from-zod-types.js";
import { elementProperties } from "../tool-definitions.js";
import type { EvaluatedSchemas, SchemaCandidate } from "./evaluated-schemas.js";
import { getOrCreate } from "../memo.js";

/** Framework packages that re-export zod as `z` (Genkit: `import { z } from "genkit"`). */
const ZOD_REEXPORTS = new Set(["genkit"]);

/** A reference to zod: the namespace object, or one function imported by name. */
type ZodReference = { kind: "namespace"; flavor: ZodFlavor; major: 3 | 4 } | { kind: "function"; name: string; flavor: ZodFlavor; major: 3 | 4 };

/** Which zod function a callee is. */
interface Factory {
  name: string;
  flavor: ZodFlavor;
  major: 3 | 4;
}

export interface Shape {
  properties: ObjectProperty[];
  complete: boolean;
}

/** Deeper than this (nested schemas plus chained calls), a schema is opaque: documented in the README. */
const MAX_DEPTH = 250;
/** Schema factories calling schema factories: deeper than this, a factory's result is opaque. */
const MAX_FACTORY_CALLS = 8;

/**
 * Reads zod schema expressions into SchemaNodes. Each expression is read once and cached, so a schema
 * shared by several tools is one node, reported once where it is written.
 */
export class ZodReader extends ZodFactories {
  private readonly cache = new Map<ts.Node, SchemaNode>();
  private readonly inProgress = new Set<ts.Node>();
  private readonly references = new Map<Binding, ZodReference | undefined>();
  /** One Factory per reference and name: every `z.string` of a file is the same answer, built once. */
  private readonly factories = new Map<ZodReference, Map<string, Factory>>();
  /** Schema factories being read, innermost last, with the call that supplies their parameters. */
  private readonly calls: { fn: FunctionWithBody; call: ts.CallExpression }[] = [];
  private depth = 0;

  constructor(
    t: TS,
    sourceFile: ts.SourceFile,
    resolver: Resolver,
    private readonly zodModules: ReadonlySet<string>,
    /** The major version of the bare `zod` import, when known; zod 4 is assumed otherwise. */
    private readonly bareZodMajor: 3 | 4 | undefined,
    /** Positions syntax cannot read (`tool.schema`, `this.inputSchema`), asked of the evaluator. */
    private readonly evaluated?: EvaluatedSchemas,
  ) {
    super(t, sourceFile, resolver);
  }

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
    // The receiver of a chained call (`z.string()` in `z.string().max(5)`) is read only through the call,
    // whose result is cached, and syntax cannot make a chain cyclic: it needs no bookkeeping of its own.
    const parent = expression.parent as ts.Node | undefined;
    if (parent?.kind === this.t.SyntaxKind.PropertyAccessExpression && (parent as ts.PropertyAccessExpression).expression === expression) {
      if (this.depth > MAX_DEPTH) return this.opaque(expression);
      this.depth++;
      try {
        return this.readUncached(expression);
      } finally {
        this.depth--;
      }
    }
    // Inside a factory call the same expression reads differently per call site, so nothing is cached there.
    const cacheable = this.calls.length === 0 && !this.evaluated?.framed;
    const cached = cacheable ? this.cache.get(expression) : undefined;
    if (cached) return cached;
    if (this.inProgress.has(expression) || this.depth > MAX_DEPTH) return this.opaque(expression);
    this.inProgress.add(expression);
    this.depth++;
    try {
      const result = this.readUncached(expression);
      if (cacheable) this.cache.set(expression, result);
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
      const argument = this.argumentFor(expr);
      if (argument) return this.inCaller(argument.frames, () => this.readShape(argument.expression));
      if (this.evaluated?.binds(expr)) return this.shapeOfCandidates(expr);
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
      return this.isUnresolvedVariable(expr) ? { properties: [], complete: false } : this.shapeOfCandidates(expr);
    }
    if (t.isPropertyAccessExpression(expr) && expr.name.text === "shape") {
      const owner = this.read(expr.expression);
      return owner.kind === "object" ? { properties: owner.properties, complete: owner.propertiesComplete } : { properties: [], complete: false };
    }
    if (t.isPropertyAccessExpression(expr) || t.isElementAccessExpression(expr) || t.isConditionalExpression(expr)) return this.shapeOfCandidates(expr);
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
        // `[subscriptionKeys.subscriptionId]: z.string()`: a key computed from a const object.
        const name = propertyNameText(t, element.name) ?? (t.isComputedPropertyName(element.name) ? this.evaluated?.keyText(element.name.expression) : undefined);
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

  /**
   * A variable the resolver did not read as one value (assigned again, a loop element, declared without one):
   * which write reaches the tool depends on flow, so it stays opaque rather than every write counting.
   */
  private isUnresolvedVariable(identifier: ts.Identifier): boolean {
    const declaration = this.resolver.declarationOf(identifier);
    return declaration !== undefined && this.t.isVariableDeclaration(declaration);
  }

  /** A shape position read through the evaluator: the properties of every shape it can be. */
  private shapeOfCandidates(expr: ts.Expression): Shape {
    const candidates = this.candidatesOf(expr);
    if (!candidates) return { properties: [], complete: false };
    const properties: ObjectProperty[] = [];
    let complete = true;
    for (const candidate of candidates) {
      const shape = this.evaluated!.within(candidate.env, () => this.readShape(candidate.node));
      for (const property of shape.properties) if (!properties.some((known) => known.name === property.name && known.schema.site === property.schema.site)) properties.push(property);
      complete &&= shape.complete;
    }
    return { properties, complete };
  }

  /** A schema position read through the evaluator: what it can be, each read in its frame. */
  private schemaOfCandidates(expr: ts.Expression): SchemaNode {
    const candidates = this.candidatesOf(expr);
    if (!candidates) return this.opaque(expr);
    const members = candidates.map((candidate) => this.evaluated!.within(candidate.env, () => this.read(candidate.node)));
    return members.length === 1 && members[0] ? members[0] : { kind: "union", site: expr, flavor: "zod", members, discriminated: false };
  }

  protected readElements(list: ts.Expression): SchemaNode[] | undefined {
    const elements = this.evaluated?.elements(list);
    return elements?.map((element) => this.evaluated!.within(element.env, () => this.read(element.node)));
  }

  private candidatesOf(expr: ts.Expression): SchemaCandidate[] | undefined {
    return this.evaluated?.candidates(expr);
  }

  private readUncached(expression: ts.Expression): SchemaNode {
    const t = this.t;
    const expr = unwrapExpression(t, expression);
    if (t.isIdentifier(expr)) {
      const argument = this.argumentFor(expr);
      if (argument) return this.inCaller(argument.frames, () => this.read(argument.expression));
      if (this.evaluated?.binds(expr)) return this.schemaOfCandidates(expr);
      const binding = this.resolver.resolve(expr);
      if (binding.kind === "value") return this.read(binding.initializer);
      if (binding.kind === "import") return this.declaredObject(expr) || this.schemaOfCandidates(expr);
      return this.isUnresolvedVariable(expr) ? this.opaque(expr) : this.schemaOfCandidates(expr);
    }
    if (t.isCallExpression(expr)) return this.readCall(expr);
    if (t.isPropertyAccessExpression(expr)) {
      const member = this.resolver.resolveMember(expr);
      if (member?.kind === "value") return this.read(member.initializer);
      if (member === undefined && this.isNamespaceMember(expr)) {
        const declared = this.declaredObject(expr);
        if (declared) return declared;
      }
      // `d.schema` for each `d` of an array of tool definitions: every element's schema is input.
      const values = elementProperties(t, this.resolver, expr);
      if (values.length > 0) return { kind: "union", site: expr, flavor: "zod", members: values.map((value) => this.read(value)), discriminated: false };
      return this.schemaOfCandidates(expr);
    }
    if (t.isElementAccessExpression(expr)) return this.schemaOfCandidates(expr);
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

  /** Typed analysis only: a zod object imported from a package or a `.d.ts`, judged by its declared type. */
  private declaredObject(use: ts.Expression): SchemaNode | undefined {
    const checker = this.resolver.typeChecker;
    return checker ? objectFromDeclaredType(this.t, checker, use) : undefined;
  }

  /** `ns.member` where `ns` is an import (a namespace of a package or a `.d.ts`). */
  private isNamespaceMember(access: ts.PropertyAccessExpression): boolean {
    const owner = unwrapExpression(this.t, access.expression);
    return this.t.isIdentifier(owner) && this.resolver.resolve(owner).kind === "import";
  }

  private readCall(call: ts.CallExpression): SchemaNode {
    const t = this.t;
    const callee = unwrapExpression(t, call.expression);
    const factory = this.factoryOf(callee);
    if (factory) return this.readFactory(call, callee, factory.name, factory.flavor, factory.major);
    const memberFunction = t.isPropertyAccessExpression(callee) ? this.resolver.resolveMember(callee) : undefined;
    if (memberFunction?.kind === "function") return this.readReturned(call, memberFunction.declaration);
    if (t.isPropertyAccessExpression(callee)) {
      if (NON_SCHEMA_METHODS.has(callee.name.text)) return this.opaque(call);
      const receiver = this.read(callee.expression);
      // `this.schema()` of a class template, `defs.build(args)`: what the evaluator finds it returns.
      if (receiver.kind === "opaque") return this.schemaOfCandidates(call);
      return this.applyMethod(receiver, call, callee);
    }
    if (t.isIdentifier(callee)) {
      // A helper of this file that returns a schema: `function idField() { return z.string().max(64) }`.
      const binding = this.resolver.resolve(callee);
      if (binding.kind === "function") return this.readReturned(call, binding.declaration);
    }
    return this.schemaOfCandidates(call);
  }

  /**
   * What a schema helper returns: one schema, or a union of its return values. Its parameters stand for
   * this call's arguments, so `paginated({ q: z.string() })` reads the caller's shape into the result.
   */
  private readReturned(call: ts.CallExpression, helper: FunctionWithBody): SchemaNode {
    const returned = returnedExpressions(this.t, helper);
    if (returned.length === 0 || this.calls.length >= MAX_FACTORY_CALLS) return this.opaque(call);
    this.calls.push({ fn: helper, call });
    try {
      if (returned.length === 1 && returned[0]) return this.read(returned[0]);
      return { kind: "union", site: call, flavor: "zod", members: returned.map((r) => this.read(r)), discriminated: false };
    } finally {
      this.calls.pop();
    }
  }

  /**
   * The argument a factory call gives for `identifier`, when it names a parameter of a factory being
   * read, with the number of factory frames its caller sees.
   */
  private argumentFor(identifier: ts.Identifier): { expression: ts.Expression; frames: number } | undefined {
    if (this.calls.length === 0) return undefined;
    const declaration = this.resolver.declarationOf(identifier);
    if (!declaration || !this.t.isParameter(declaration) || !this.t.isIdentifier(declaration.name) || declaration.dotDotDotToken) return undefined;
    for (let index = this.calls.length - 1; index >= 0; index--) {
      const frame = this.calls[index];
      if (frame?.fn !== declaration.parent) continue;
      const argument = frame.call.arguments[frame.fn.parameters.indexOf(declaration)];
      return argument && !this.t.isSpreadElement(argument) ? { expression: argument, frames: index } : undefined;
    }
    return undefined;
  }

  /** Reads an argument in its caller's context: only the factories around the call still apply. */
  private inCaller<T>(frames: number, read: () => T): T {
    const inner = this.calls.splice(frames);
    try {
      return read();
    } finally {
      this.calls.push(...inner);
    }
  }

  private reference(expression: ts.Expression): ZodReference | undefined {
    const t = this.t;
    const expr = unwrapExpression(t, expression);
    if (!t.isIdentifier(expr)) return undefined;
    const binding = this.resolver.resolve(expr);
    if (binding.kind !== "import") return undefined;
    // The resolver answers once per declaration, so the reference is worked out once per import too.
    if (this.references.has(binding)) return this.references.get(binding);
    const reference = this.referenceOfImport(binding);
    this.references.set(binding, reference);
    return reference;
  }

  private referenceOfImport(binding: Extract<Binding, { kind: "import" }>): ZodReference | undefined {
    if (ZOD_REEXPORTS.has(binding.module) && binding.importedName === "z") {
      return { kind: "namespace", flavor: "classic", major: this.bareZodMajor ?? 4 };
    }
    if (!this.zodModules.has(binding.module)) return undefined;
    const flavor: ZodFlavor = isMiniModule(binding.module) ? "mini" : "classic";
    const major = majorOfModule(binding.module) ?? this.bareZodMajor ?? 4;
    if (binding.importedName === "*" || binding.importedName === "default" || binding.importedName === "z") {
      return { kind: "namespace", flavor, major };
    }
    return { kind: "function", name: binding.importedName, flavor, major };
  }

  /** `z.string`, `z.iso.datetime`, `z.coerce.number`, or a function imported from zod by name. */
  protected factoryOf(callee: ts.Expression): Factory | undefined {
    const t = this.t;
    if (t.isIdentifier(callee)) {
      const reference = this.reference(callee);
      return reference?.kind === "function" ? reference : undefined;
    }
    if (!t.isPropertyAccessExpression(callee)) return undefined;
    const owner = unwrapExpression(t, callee.expression);
    // Most method calls are on a schema (`z.string().max(5)`), never on an identifier: no lookup for them.
    const direct = t.isIdentifier(owner) ? this.reference(owner) : undefined;
    if (direct?.kind === "namespace") return this.factory(direct, callee.name.text);
    if (t.isPropertyAccessExpression(owner)) {
      const namespace = this.reference(owner.expression);
      if (namespace?.kind === "namespace") {
        if (owner.name.text === "iso") return this.factory(namespace, `iso.${callee.name.text}`);
        if (owner.name.text === "coerce") return this.factory(namespace, callee.name.text);
      }
    }
    if (direct?.kind === "function" && (direct.name === "iso" || direct.name === "coerce")) {
      return this.factory(direct, direct.name === "iso" ? `iso.${callee.name.text}` : callee.name.text);
    }
    return undefined;
  }

  private factory(reference: ZodReference, name: string): Factory {
    const byName = getOrCreate(this.factories, reference, () => new Map());
    return getOrCreate(byName, name, () => ({ name, flavor: reference.flavor, major: reference.major }));
  }

}
