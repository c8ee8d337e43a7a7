import type * as ts from "typescript";
import { isProgramSource, moduleOf, returnedExpressions, type FunctionWithBody } from "../resolve.js";
import { ScopeIndex } from "../scopes.js";
import { VariableWrites } from "../variable-writes.js";
import { unwrapExpression, type TS } from "../ts-utils.js";
import { arrayMethod, objectStatic } from "./builtins.js";
import { mapMethod } from "./collections.js";
import { dedupe, functionOf, keyOfBinding } from "./syntax.js";
import { ROOT_ENV, type Env } from "./env.js";
import { allMembersOf, memberOf } from "./members.js";
import { unknown, type Value } from "./value.js";
import { injectedValues } from "./injection.js";
import { reachableIn } from "./guards.js";
import { getOrCreate } from "../memo.js";
import { callerFiles, callSitesOf, type CallSite } from "./call-sites.js";

/** Calls deeper than this are not followed. */
const MAX_CALL_DEPTH = 8;
/** Nested evaluations (an expression inside an expression) deeper than this stop. */
const MAX_NESTING = 160;
/** Steps one top-level question may take; every evaluated expression is a step. */
const MAX_STEPS = 40_000;
/** Possibilities kept per expression. */
const MAX_VALUES = 256;
/** Parameters read from their callers' arguments, one inside another: the call-string depth of a read. */
const MAX_CALLER_CLIMBS = 3;

/**
 * The one abstract evaluator: "what can this expression be?", as a union of Values. Reads identifiers
 * through declarations (imports through the checker, or within the file without one), both branches of
 * `?:`/`??`/`||`, calls through the callee's returns with its parameters bound, `this` members through a
 * class hierarchy, object spreads, array methods and loops. Bounded in depth, nesting and steps; never throws.
 */
export class Evaluator {
  readonly scopes: ScopeIndex;
  private steps = 0;
  private nesting = 0;
  /** Values of expressions read where written that no call's arguments went into: the same in every mode. */
  private readonly independent = new Map<ts.Node, Value[]>();
  /** Values that a parameter read from its callers' arguments went into. */
  private readonly fromCallers = new Map<ts.Node, Value[]>();
  /** Values that a parameter read as written (see asWritten) went into; valid for one set of opaque functions. */
  private asWrittenValues = new Map<ts.Node, Value[]>();
  /** Functions whose parameters are read as written (opaque), not from their callers' arguments. */
  private readonly opaque = new Set<ts.Node>();
  /** How many parameter reads so far depended on callers, or on a function being opaque. */
  private callerDependentReads = 0;
  private readonly active = new Set<ts.Node>();

  private readonly writes: VariableWrites;
  /** Per function: where the program calls it (see callSitesOf). */
  private readonly callSites = new Map<ts.Node, { sites: CallSite[]; truncated: boolean }>();
  /** How many parameters are being read from their callers' arguments, one inside another. */
  private callerClimbs = 0;
  /** How many reads were cut short by a depth that depends on where the read started (not cached). */
  private depthLimited = 0;

  /**
   * Runs `read` with the parameters of `functions` read as written (the values of no call), as a reader that
   * goes through a function's calls itself reads the function: a registration written inside a wrapper is a
   * template of the wrapper's calls, and the union of every call's arguments would mix their tools.
   */
  asWritten<T>(functions: readonly ts.Node[], read: () => T): T {
    const added = functions.filter((fn) => !this.opaque.has(fn));
    if (added.length === 0) return read();
    const outer = this.asWrittenValues;
    for (const fn of added) this.opaque.add(fn);
    // Each set of opaque functions has values of its own.
    this.asWrittenValues = new Map();
    try {
      return read();
    } finally {
      for (const fn of added) this.opaque.delete(fn);
      this.asWrittenValues = outer;
    }
  }

  constructor(
    readonly t: TS,
    readonly checker: ts.TypeChecker | undefined,
  ) {
    this.scopes = new ScopeIndex(t);
    this.writes = new VariableWrites(t, (identifier) => this.scopes.declarationOf(identifier));
  }

  /** The values `expression` can have, read in `env`; the entry point for readers. */
  values(expression: ts.Expression, env: Env = ROOT_ENV): Value[] {
    const top = this.nesting === 0;
    if (top) this.steps = 0;
    try {
      return this.ev(expression, env);
    } catch {
      return [unknown("the analysis failed on this expression", expression)];
    }
  }

  /** One nested evaluation, with the bounds and the cache. */
  ev(expression: ts.Expression, env: Env): Value[] {
    const t = this.t;
    const expr = unwrapExpression(t, expression);
    if (++this.steps > MAX_STEPS) return [unknown("the analysis budget ran out before this expression", expr)];
    if (this.nesting >= MAX_NESTING) return [unknown("the expression is nested too deeply to follow", expr)];
    const cacheable = env === ROOT_ENV;
    if (cacheable) {
      const cached = this.independent.get(expr) ?? (this.opaque.size > 0 ? this.asWrittenValues : this.fromCallers).get(expr);
      if (cached) return cached;
    }
    if (cacheable && this.active.has(expr)) return [unknown("the value depends on itself", expr)];
    if (cacheable) this.active.add(expr);
    this.nesting++;
    const limitedBefore = this.depthLimited;
    const dependentBefore = this.callerDependentReads;
    let result: Value[];
    try {
      result = this.evaluate(expr, env);
    } finally {
      this.nesting--;
      if (cacheable) this.active.delete(expr);
    }
    if (result.length > MAX_VALUES) result = [...result.slice(0, MAX_VALUES), unknown("more possibilities than the analysis keeps", expr)];
    // A value cut short by how deep this read started is not what the expression holds read on its own.
    if (cacheable && this.depthLimited === limitedBefore) {
      const store = this.callerDependentReads === dependentBefore ? this.independent : this.opaque.size > 0 ? this.asWrittenValues : this.fromCallers;
      store.set(expr, result);
    }
    return result;
  }

  private evaluate(expr: ts.Expression, env: Env): Value[] {
    const t = this.t;
    const k = t.SyntaxKind;
    if (t.isStringLiteralLike(expr)) return [{ kind: "text", text: expr.text, node: expr }];
    if (t.isAwaitExpression(expr)) return this.ev(expr.expression, env);
    if (t.isTemplateExpression(expr)) return [this.template(expr, env)];
    if (t.isConditionalExpression(expr)) return [...this.ev(expr.whenTrue, env), ...this.ev(expr.whenFalse, env)];
    if (t.isBinaryExpression(expr)) return this.binary(expr, env);
    if (t.isIdentifier(expr)) return this.identifier(expr, env);
    if (expr.kind === k.ThisKeyword) {
      const self = env.thisValue() ?? this.enclosingInstance(expr);
      return self ? [self] : [unknown("`this` is not bound to an instance the analysis knows", expr)];
    }
    if (t.isArrayLiteralExpression(expr)) {
      const elements: Value[] = [];
      for (const element of expr.elements) {
        if (t.isOmittedExpression(element)) continue;
        if (t.isSpreadElement(element)) elements.push(...this.elementsOf(this.ev(element.expression, env), element));
        else elements.push(...this.ev(element, env));
      }
      return [{ kind: "array", elements, node: expr }];
    }
    if (t.isPropertyAccessExpression(expr)) return this.member(this.ev(expr.expression, env), expr.name.text, expr, env);
    if (t.isElementAccessExpression(expr)) {
      const keys = this.ev(expr.argumentExpression, env);
      const receiver = this.ev(expr.expression, env);
      const numeric = unwrapExpression(t, expr.argumentExpression);
      if (t.isNumericLiteral(numeric)) return receiver.flatMap((value) => (value.kind === "array" ? value.elements.slice(Number(numeric.text), Number(numeric.text) + 1) : this.member([value], numeric.text, expr, env)));
      if (keys.every((key) => key.kind === "text")) return keys.flatMap((key) => this.member(receiver, (key as { text: string }).text, expr, env));
      // `TOOLS[k]` with `k` not known: any member.
      return receiver.flatMap((value) => this.allMembers(value, expr));
    }
    if (t.isCallExpression(expr)) return this.call(expr, env);
    if (t.isNewExpression(expr)) return this.construct(expr, env);
    return [{ kind: "syntax", node: expr, env }];
  }

  private template(expr: ts.TemplateExpression, env: Env): Value {
    let text = expr.head.text;
    for (const span of expr.templateSpans) {
      const parts = this.ev(span.expression, env);
      const only = parts.length === 1 ? parts[0] : undefined;
      if (only?.kind !== "text") return { kind: "syntax", node: expr, env };
      text += only.text + span.literal.text;
    }
    return { kind: "text", text, node: expr };
  }

  private binary(expr: ts.BinaryExpression, env: Env): Value[] {
    const t = this.t;
    const op = expr.operatorToken.kind;
    const k = t.SyntaxKind;
    if (op === k.BarBarToken || op === k.QuestionQuestionToken) return [...this.ev(expr.left, env), ...this.ev(expr.right, env)];
    if (op === k.AmpersandAmpersandToken) return this.ev(expr.right, env);
    if (op === k.CommaToken) return this.ev(expr.right, env);
    if (op === k.PlusToken) {
      const left = this.ev(expr.left, env);
      const right = this.ev(expr.right, env);
      const [l] = left;
      const [r] = right;
      if (left.length === 1 && right.length === 1 && l?.kind === "text" && r?.kind === "text") return [{ kind: "text", text: l.text + r.text, node: expr }];
    }
    return [{ kind: "syntax", node: expr, env }];
  }

  /**
   * `this` read where no frame binds it, in a method of a concrete class: an instance of that class whose
   * constructor arguments are unknown (a class a container builds, or one read where it is written).
   */
  private enclosingInstance(expr: ts.Node): Value | undefined {
    const t = this.t;
    for (let node: ts.Node | undefined = expr.parent; node && !t.isSourceFile(node); node = node.parent) {
      if (t.isArrowFunction(node)) continue;
      if (t.isClassLike(node)) {
        if (t.getCombinedModifierFlags(node) & t.ModifierFlags.Abstract) return undefined;
        return { kind: "instance", cls: node, args: [], env: ROOT_ENV, node };
      }
      if (t.isFunctionLike(node) && !t.isMethodDeclaration(node) && !t.isGetAccessorDeclaration(node) && !t.isSetAccessorDeclaration(node) && !t.isConstructorDeclaration(node)) return undefined;
      if ((t.isPropertyDeclaration(node) || t.isMethodDeclaration(node) || t.isGetAccessorDeclaration(node)) && (t.getCombinedModifierFlags(node) & t.ModifierFlags.Static) !== 0) return undefined;
    }
    return undefined;
  }

  /** Whether `env` (or a frame around it) binds what the identifier names: a parameter or loop variable of one call. */
  isBound(identifier: ts.Identifier, env: Env): boolean {
    const declaration = this.declarationOf(identifier);
    return declaration !== undefined && env.lookup(declaration) !== undefined;
  }

  /** The declaration an identifier refers to: scopes first, then the checker (imports, across files). */
  declarationOf(identifier: ts.Identifier): ts.Node | undefined {
    const t = this.t;
    const local = this.scopes.declarationOf(identifier);
    if (local && !t.isImportSpecifier(local) && !t.isImportClause(local) && !t.isNamespaceImport(local)) return local;
    const checker = this.checker;
    if (!checker) return local;
    try {
      let symbol = checker.getSymbolAtLocation(identifier);
      if (symbol && symbol.flags & t.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
      if (declaration && isProgramSource(declaration.getSourceFile())) return declaration;
    } catch {
      return local;
    }
    return local;
  }

  private identifier(expr: ts.Identifier, env: Env): Value[] {
    const t = this.t;
    if (expr.text === "undefined") return [{ kind: "syntax", node: expr, env }];
    const declaration = this.declarationOf(expr);
    if (!declaration) return [unknown(`\`${expr.text}\` is not declared where the analysis can see it`, expr)];
    const values = this.declarationValues(declaration, expr, env);
    // A const's value keeps the name it is used by (the outermost one): readers report there.
    // A const of a call being evaluated (`(tool) => { const annotations = tool.annotations; … }`) holds a value per call: no one name.
    const named = t.isVariableDeclaration(declaration) && declaration.initializer !== undefined && !t.isForOfStatement(declaration.parent.parent) && !t.isForInStatement(declaration.parent.parent) && !declaredInBoundCall(t, declaration, env);
    return named ? values.map((value) => (value.kind === "unknown" ? value : { ...value, via: expr })) : values;
  }

  /** What a declaration holds, read in `env` (a parameter bound there, or its callers' arguments). */
  declarationValues(declaration: ts.Node, use: ts.Node, env: Env): Value[] {
    const t = this.t;
    const bound = env.lookup(declaration);
    if (bound) return bound;
    if (t.isVariableDeclaration(declaration)) {
      const list = declaration.parent;
      const loop = t.isVariableDeclarationList(list) && (t.isForOfStatement(list.parent) || t.isForInStatement(list.parent)) ? list.parent : undefined;
      if (loop && t.isForOfStatement(loop)) return this.elementsOf(this.ev(loop.expression, env), loop.expression);
      if (loop) return [unknown("a for-in key", declaration)];
      if (!declaration.initializer) return [unknown(`\`${declaration.name.getText()}\` has no initial value`, declaration)];
      const initial = this.ev(declaration.initializer, env);
      // `const tools = []; … tools.push(tool)`: the array holds what is pushed (in loops, each element).
      const pushes = t.isArrayLiteralExpression(unwrapExpression(t, declaration.initializer)) ? this.writes.of(declaration).filter((write) => write.how === "push") : [];
      if (pushes.length === 0) return initial;
      const pushed = pushes.flatMap((write) => (write.spread ? this.elementsOf(this.ev(write.value, env), write.value) : this.ev(write.value, env)));
      return initial.map((value) => (value.kind === "array" ? { ...value, elements: [...value.elements, ...pushed] } : value));
    }
    if (t.isBindingElement(declaration)) return this.bindingElement(declaration, env);
    if (t.isParameter(declaration)) return this.parameter(declaration, use, env);
    if (t.isFunctionDeclaration(declaration) || t.isClassDeclaration(declaration) || t.isClassExpression(declaration)) return [{ kind: "syntax", node: declaration, env }];
    if (t.isExportAssignment(declaration)) return this.ev(declaration.expression, env);
    if (t.isShorthandPropertyAssignment(declaration)) return this.ev(declaration.name, env);
    if (t.isPropertyAssignment(declaration)) return this.ev(declaration.initializer, env);
    if (t.isMethodDeclaration(declaration)) return [{ kind: "syntax", node: declaration, env }];
    // `import * as tools from "./tools.js"`: the module, whose members are its exports.
    if (t.isSourceFile(declaration)) return [{ kind: "syntax", node: declaration, env: ROOT_ENV }];
    // Another file of the program, which only the checker leads to: not code to read as written.
    const from = moduleOf(t, declaration);
    if (from?.startsWith(".") && !this.checker) return [unknown(`\`${use.getText()}\` is imported from "${from}", which is read only with type information`, use)];
    // An import of a package, an enum, a namespace: code the analysis reads as written.
    return [{ kind: "syntax", node: use, env }];
  }

  private bindingElement(element: ts.BindingElement, env: Env): Value[] {
    const t = this.t;
    const pattern = element.parent;
    const holder = pattern.parent;
    const base = t.isBindingElement(holder) ? this.bindingElement(holder, env) : this.declarationValues(holder, holder, env);
    if (t.isArrayBindingPattern(pattern)) {
      const index = pattern.elements.indexOf(element);
      return base.flatMap((value) => (value.kind === "array" ? value.elements.slice(index, index + 1) : [unknown("an element of a value the analysis cannot read", element)]));
    }
    if (element.dotDotDotToken) {
      const taken = pattern.elements.flatMap((other) => (other !== element && t.isBindingElement(other) ? [keyOfBinding(t, other)] : [])).filter((key): key is string => key !== undefined);
      return base.map((value) => this.omit(value, taken, element));
    }
    const key = keyOfBinding(t, element);
    if (key === undefined) return [unknown("a computed destructuring key", element)];
    const values = this.member(base, key, element, env);
    if (element.initializer) {
      const absent = values.length === 0 || values.every((value) => value.kind === "syntax" && t.isIdentifier(value.node) && value.node.text === "undefined");
      if (absent) return this.ev(element.initializer, env);
    }
    return values;
  }

  /** A parameter not bound in this frame: a callback's element, or what the function's callers pass. */
  private parameter(parameter: ts.ParameterDeclaration, use: ts.Node, env: Env): Value[] {
    const t = this.t;
    const fn = parameter.parent;
    const call = fn.parent;
    if ((t.isArrowFunction(fn) || t.isFunctionExpression(fn)) && t.isCallExpression(call) && call.arguments[0] === fn && t.isPropertyAccessExpression(call.expression) && fn.parameters[0] === parameter) {
      const method = call.expression.name.text;
      if (ELEMENT_CALLBACKS.has(method)) return this.elementsOf(this.ev(call.expression.expression, env), call.expression.expression);
    }
    const injected = injectedValues(this, parameter);
    if (injected) return injected;
    const passed = this.callerArguments(parameter, use);
    if (passed) return passed;
    if (parameter.initializer) return [...this.ev(parameter.initializer, env), unknown(`parameter \`${parameter.name.getText()}\` may be passed a value`, parameter)];
    return [unknown(`\`${parameter.name.getText()}\` is a parameter the analysis has no argument for`, use)];
  }

  /**
   * A parameter read where its function is written (no call binds it): the union of what every call site of
   * the function passes, each argument read where that call is written (whose own parameters climb to their
   * callers in turn, up to MAX_CALLER_CLIMBS). Undefined when the program has no call of the function.
   */
  private callerArguments(parameter: ts.ParameterDeclaration, use: ts.Node): Value[] | undefined {
    const t = this.t;
    const fn = parameter.parent;
    if (!functionOf(t, fn) && !t.isConstructorDeclaration(fn)) return undefined;
    const { sites, truncated } = getOrCreate(this.callSites, fn, () => callSitesOf(this, fn, (file) => callerFiles(t, this.checker, file)));
    if (sites.length === 0) return undefined;
    this.callerDependentReads++;
    if (this.opaque.has(fn)) return undefined;
    if (this.callerClimbs >= MAX_CALLER_CLIMBS) {
      this.depthLimited++;
      return [unknown(`\`${parameter.name.getText()}\` is passed through more calls than the analysis follows`, use)];
    }
    const index = fn.parameters.indexOf(parameter);
    const values: Value[] = [];
    this.callerClimbs++;
    try {
      for (const site of sites) values.push(...this.passedAt(site, parameter, index));
    } finally {
      this.callerClimbs--;
    }
    if (truncated) values.push(unknown(`\`${parameter.name.getText()}\` has more callers than the analysis follows`, use));
    return dedupe(values);
  }

  /** What one call site passes to the parameter at `index`. */
  private passedAt(site: CallSite, parameter: ts.ParameterDeclaration, index: number): Value[] {
    const t = this.t;
    if (site.kind === "element-callback") {
      const receiver = (unwrapExpression(t, site.call.expression) as ts.PropertyAccessExpression).expression;
      // `xs.map(f)`: f's first parameter is each element; the others (index, array) are no tool's values.
      return index === 0 ? this.elementsOf(this.ev(receiver, ROOT_ENV), receiver) : [unknown("an element's index or its array", parameter)];
    }
    const args = site.call.arguments ?? [];
    const spread = args.findIndex((arg) => t.isSpreadElement(arg));
    if (spread !== -1 && spread <= index) return [unknown("an argument spread into the call", args[spread] ?? site.call)];
    if (parameter.dotDotDotToken) return [{ kind: "array", elements: args.slice(index).flatMap((arg) => this.ev(arg, ROOT_ENV)), node: site.call }];
    const arg = args[index];
    if (arg) return this.ev(arg, ROOT_ENV);
    return parameter.initializer ? this.ev(parameter.initializer, ROOT_ENV) : [{ kind: "syntax", node: parameter, env: ROOT_ENV }];
  }

  /** The members `key` can have on each value; an empty list when the key is certainly absent. */
  member(values: readonly Value[], key: string, node: ts.Node, env: Env): Value[] {
    return memberOf(this, values, key, node, env);
  }

  /** Every member value of an object (`TOOLS[k]`, `Object.values`). */
  allMembers(value: Value, node: ts.Node): Value[] {
    return allMembersOf(this, value, node);
  }

  /** The elements a collection value holds, one value each. */
  elementsOf(values: readonly Value[], node: ts.Node): Value[] {
    return values.flatMap((value) => {
      if (value.kind === "array") return value.elements;
      if (value.kind === "unknown") return [value];
      return [unknown("a collection the analysis cannot read", value.kind === "syntax" ? value.node : node)];
    });
  }

  /** `{ a, ...rest } = value`: the value without the taken keys. */
  private omit(value: Value, taken: readonly string[], node: ts.Node): Value {
    const t = this.t;
    if (value.kind === "record") {
      const members = new Map(value.members);
      for (const key of taken) members.delete(key);
      return { kind: "record", members, node };
    }
    // `({ _meta, ...tool }) => tool`: the object itself, so its parts keep where they are written (the taken keys are not read).
    if (value.kind === "syntax" && t.isObjectLiteralExpression(value.node)) return value;
    return value.kind === "unknown" ? value : unknown("the rest of a value the analysis cannot read", node);
  }

  /** Runs a function of the program with its parameters bound to `args` (values per argument). */
  invoke(fn: FunctionWithBody, args: readonly (Value[] | undefined)[], self: Value | undefined, env: Env, node: ts.Node): Value[] {
    const t = this.t;
    if (env.depth >= MAX_CALL_DEPTH) return [unknown("calls nest too deeply to follow", node)];
    if (this.active.has(fn)) return [unknown("a recursive call", node)];
    // Arrow functions keep the `this` of where they were written.
    const frame = env.bind(this.bindParameters(fn, args, env), t.isArrowFunction(fn) ? undefined : self);
    this.active.add(fn);
    try {
      const returned = returnedExpressions(t, fn).filter((expression) => reachableIn(this, fn, expression, frame));
      if (returned.length === 0) return [unknown("the function returns nothing the analysis can read", fn)];
      return returned.flatMap((expression) => this.ev(expression, frame));
    } finally {
      this.active.delete(fn);
    }
  }

  /** A function's parameters bound to `args` (values per argument): a rest parameter to the rest, a missing one to its default. */
  bindParameters(fn: ts.SignatureDeclaration, args: readonly (Value[] | undefined)[], env: Env): Map<ts.Node, Value[]> {
    const bindings = new Map<ts.Node, Value[]>();
    fn.parameters.forEach((parameter, index) => {
      if (parameter.dotDotDotToken) {
        bindings.set(parameter, [{ kind: "array", elements: args.slice(index).flatMap((arg) => arg ?? []), node: parameter }]);
        return;
      }
      const arg = args[index];
      if (arg) bindings.set(parameter, arg);
      else if (parameter.initializer) bindings.set(parameter, this.ev(parameter.initializer, env));
      else bindings.set(parameter, [{ kind: "syntax", node: parameter, env }]);
    });
    return bindings;
  }

  private call(expr: ts.CallExpression, env: Env): Value[] {
    const t = this.t;
    const callee = unwrapExpression(t, expr.expression);
    const args = (): (Value[] | undefined)[] => expr.arguments.map((arg) => (t.isSpreadElement(arg) ? undefined : this.ev(arg, env)));
    if (t.isPropertyAccessExpression(callee)) {
      const builtin = objectStatic(this, expr, callee, env) ?? arrayMethod(this, expr, callee, env) ?? mapMethod(this, expr, callee, env) ?? this.bound(expr, callee, env);
      if (builtin) return builtin;
    }
    const callees = this.ev(callee, env);
    const result: Value[] = [];
    let argValues: (Value[] | undefined)[] | undefined;
    let factory: { fn: FunctionWithBody; env: Env } | undefined;
    for (const target of callees) {
      const fn = target.kind === "syntax" ? functionOf(t, target.node) : undefined;
      if (fn && isProgramSource(fn.getSourceFile())) {
        argValues ??= args();
        const self = t.isPropertyAccessExpression(callee) ? receiverOf(target) : undefined;
        result.push(...this.invoke(fn, argValues, self, target.kind === "syntax" ? target.env : env, expr));
      } else if (target.kind === "unknown") {
        result.push(target);
      } else if (target.kind === "syntax" && (factory = definedFactory(this, target))) {
        argValues ??= args();
        result.push(...this.invoke(factory.fn, argValues, undefined, factory.env, expr));
      } else {
        // A call of a framework's or unknown function (`z.object(...)`): the call as written.
        result.push({ kind: "syntax", node: expr, env });
      }
    }
    return dedupe(result);
  }

  /** `this.listTools.bind(this)`: the function itself, run with `this` bound to the argument. */
  private bound(expr: ts.CallExpression, callee: ts.PropertyAccessExpression, env: Env): Value[] | undefined {
    const t = this.t;
    if (callee.name.text !== "bind" || expr.arguments.length > 1) return undefined;
    const functions = this.ev(callee.expression, env);
    if (!functions.every((value) => value.kind === "syntax" && functionOf(t, value.node))) return undefined;
    const [thisArg] = expr.arguments;
    const selves = thisArg && !t.isSpreadElement(thisArg) ? this.ev(thisArg, env) : [];
    const [self] = selves;
    if (selves.length !== 1 || !self || self.kind === "unknown") return functions;
    return functions.map((value) => (value.kind === "syntax" ? { ...value, env: value.env.bind(new Map(), self) } : value));
  }

  private construct(expr: ts.NewExpression, env: Env): Value[] {
    const t = this.t;
    const classes = this.ev(expr.expression, env);
    const result: Value[] = [];
    for (const target of classes) {
      if (target.kind === "syntax" && t.isClassLike(target.node) && isProgramSource(target.node.getSourceFile())) {
        const args = (expr.arguments ?? []).map((arg) => (t.isSpreadElement(arg) ? undefined : this.ev(arg, env)));
        result.push({ kind: "instance", cls: target.node, args, env, node: expr });
      } else result.push({ kind: "syntax", node: expr, env });
    }
    return result;
  }
}

/**
 * `defineTool(args => ({ … }))` called later (`tool(args)`): a definition helper the analysis does not run
 * (a package's), given one function of the program, stands for that function, as
 * `defineTool({ … })` stands for its object. Its result is the function's, read with the arguments given.
 */
function definedFactory(evaluator: Evaluator, target: Value & { kind: "syntax" }): { fn: FunctionWithBody; env: Env } | undefined {
  const t = evaluator.t;
  const node = target.node;
  if (!t.isCallExpression(node) || node.arguments.length !== 1) return undefined;
  const [argument] = node.arguments;
  if (!argument || t.isSpreadElement(argument)) return undefined;
  const values = evaluator.ev(argument, target.env);
  const [only] = values;
  const fn = values.length === 1 && only?.kind === "syntax" ? functionOf(t, only.node) : undefined;
  return fn && only?.kind === "syntax" && isProgramSource(fn.getSourceFile()) ? { fn, env: only.env } : undefined;
}

/** Whether the function a declaration is written in has its parameters bound in `env`. */
function declaredInBoundCall(t: TS, declaration: ts.Node, env: Env): boolean {
  if (env === ROOT_ENV) return false;
  for (let node = declaration.parent; node && !t.isSourceFile(node); node = node.parent) {
    if (t.isFunctionLike(node)) return node.parameters.some((parameter) => env.lookup(parameter) !== undefined);
  }
  return false;
}

/** Array methods whose callback's first parameter is each element of the receiver. */
const ELEMENT_CALLBACKS: ReadonlySet<string> = new Set(["forEach", "map", "flatMap", "filter", "find", "some", "every", "reduce"]);

/** The instance a method value was read from (kept as its frame's `this`). */
function receiverOf(target: Value): Value | undefined {
  return target.kind === "syntax" ? target.env.thisValue() : undefined;
}

/** Per checker (one per program): one evaluator, so every file's questions share its cache. */
const byChecker = new WeakMap<ts.TypeChecker, Evaluator>();

export function evaluatorFor(t: TS, checker: ts.TypeChecker | undefined): Evaluator {
  if (!checker) return new Evaluator(t, undefined);
  return getOrCreate(byChecker, checker, () => new Evaluator(t, checker));
}

export { functionOf, objectKeys } from "./syntax.js";
