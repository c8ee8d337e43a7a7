import type * as ts from "typescript";
import { returnedExpressions, type FunctionWithBody, type Resolver } from "../resolve.js";
import { calleeName, containsNode, isFunctionExpressionLike, propertyNameText, unwrapExpression, type TS } from "../ts-utils.js";
import { isCaughtError } from "../handler/caught-errors.js";
import { SAFE_PARSE_RESULT, elementsOf, extendPath, readFrom, stringify, wrappedUnder, type Flow } from "./paths.js";

/** Calls that turn their (first) argument into text and so carry its content onward: `String(e)`, `JSON.stringify(e)`. */
export const ARGUMENT_STRINGIFIERS: ReadonlySet<string> = new Set(["String", "stringify", "inspect", "format"]);
/** Methods that turn their receiver (and arguments) into text: `e.toString()`, `parts.join("\n")`. */
const RECEIVER_STRINGIFIERS: ReadonlySet<string> = new Set(["toString", "toJSON", "concat", "join"]);
const MAX_DEPTH = 40;

/**
 * A small, general value-flow layer over one file: which parameters and catch variables an expression's
 * value can come from. It follows variables, destructuring, property reads, template literals,
 * conditionals, `&&`/`||`/`??`, casts, stringifying calls, and helper functions of the same file
 * (through a summary of which parameters reach their return value). Calls it does not know carry
 * nothing: the layer under-approximates, so rules built on it stay quiet rather than guess.
 */
export class ValueFlow {
  private readonly summaries = new Map<ts.Node, Map<number, Flow[]>>();
  /** Flows per expression: rules ask about `a.b.c` and then `a.b`, and helpers are asked about repeatedly. */
  private readonly memo = new Map<ts.Node, Flow[]>();
  private readonly summarising = new Set<ts.Node>();
  /** Variables whose flows are being worked out: `text = text + e.message` must not recurse forever. */
  private readonly following = new Set<ts.Node>();

  constructor(
    private readonly t: TS,
    private readonly resolver: Resolver,
    private readonly isSanitizer: (call: ts.CallExpression) => boolean = () => false,
  ) {}

  flowsInto(expression: ts.Expression, depth = 0): Flow[] {
    if (depth > MAX_DEPTH) return [];
    const known = this.memo.get(expression);
    if (known) return known;
    const flows = this.computeFlows(expression, depth);
    // A result cut short by the depth limit is not the whole answer; keep only answers from the top.
    if (depth === 0) this.memo.set(expression, flows);
    return flows;
  }

  private computeFlows(expression: ts.Expression, depth: number): Flow[] {
    const t = this.t;
    const expr = unwrapExpression(t, expression);
    const next = (inner: ts.Expression): Flow[] => this.flowsInto(inner, depth + 1);

    if (t.isIdentifier(expr)) return this.flowsOfIdentifier(expr, depth);
    if (t.isPropertyAccessExpression(expr) || t.isElementAccessExpression(expr)) {
      const name = t.isPropertyAccessExpression(expr) ? expr.name.text : propertyKey(t, expr.argumentExpression);
      return readFrom(next(expr.expression), [name ?? "[]"]);
    }
    if (t.isObjectLiteralExpression(expr)) {
      // A value wrapped in an object is still there, under its key: `{ error: e.message }` carries it as `.error`.
      return expr.properties.flatMap((property) => {
        const key = property.name ? propertyNameText(t, property.name) : undefined;
        const under = (flows: Flow[]): Flow[] => (key === undefined ? flows : wrappedUnder(flows, key));
        if (t.isPropertyAssignment(property)) return under(next(property.initializer));
        if (t.isShorthandPropertyAssignment(property)) return under(next(property.name));
        if (t.isSpreadAssignment(property)) return next(property.expression);
        return [];
      });
    }
    if (t.isAwaitExpression(expr)) return next(expr.expression);
    if (t.isTemplateExpression(expr)) return expr.templateSpans.flatMap((span) => stringify(next(span.expression)));
    if (t.isConditionalExpression(expr)) return [...next(expr.whenTrue), ...next(expr.whenFalse)];
    if (t.isBinaryExpression(expr)) {
      const operator = expr.operatorToken.kind;
      if (operator === t.SyntaxKind.AmpersandAmpersandToken) return next(expr.right);
      if (operator === t.SyntaxKind.BarBarToken || operator === t.SyntaxKind.QuestionQuestionToken) return [...next(expr.left), ...next(expr.right)];
      if (operator === t.SyntaxKind.PlusToken) return stringify([...next(expr.left), ...next(expr.right)]);
      if (operator === t.SyntaxKind.CommaToken) return next(expr.right);
      return [];
    }
    if (t.isCallExpression(expr)) return this.flowsOfCall(expr, depth);
    if (t.isArrayLiteralExpression(expr)) return expr.elements.flatMap((element) => next(t.isSpreadElement(element) ? element.expression : element));
    return [];
  }

  private flowsOfIdentifier(identifier: ts.Identifier, depth: number): Flow[] {
    const declaration = this.resolver.declarationOf(identifier);
    if (!declaration) return [];
    return this.flowsOfDeclaration(declaration, depth);
  }

  /** The flows a declared name carries: a source itself, or what its initializer carries. */
  flowsOfDeclaration(declaration: ts.Node, depth = 0): Flow[] {
    const t = this.t;
    if (t.isParameter(declaration)) {
      // `results.map((result) => …)`: the callback's parameter is each element of the array, and a source itself.
      const own: Flow = { source: declaration, path: [], stringified: false };
      const collection = elementCallbackCollection(t, declaration);
      return collection ? [own, ...elementsOf(this.flowsInto(collection, depth + 1))] : [own];
    }
    if (t.isVariableDeclaration(declaration) && t.isCatchClause(declaration.parent)) {
      return [{ source: declaration, path: [], stringified: false }];
    }
    if (t.isVariableDeclaration(declaration)) {
      // `for (const result of results)`: each element of the collection.
      const loop = declaration.parent.parent;
      const initial = declaration.initializer
        ? this.flowsInto(declaration.initializer, depth + 1)
        : t.isForOfStatement(loop) && t.isIdentifier(declaration.name) ? elementsOf(this.flowsInto(loop.expression, depth + 1)) : [];
      // Flow-insensitive: a value assigned (`text = …`, `text += …`) or pushed (`parts.push(…)`) anywhere
      // in the variable's scope may be the one the sink reads.
      const writes = this.resolver.writesTo(declaration).filter((write) => write.how !== "compound");
      if (writes.length === 0 || this.following.has(declaration)) return initial;
      this.following.add(declaration);
      try {
        return [...initial, ...writes.flatMap((write) => (write.how === "append" ? stringify(this.flowsInto(write.value, depth + 1)) : this.flowsInto(write.value, depth + 1)))];
      } finally {
        this.following.delete(declaration);
      }
    }
    if (t.isBindingElement(declaration)) {
      // `const { message } = error` or `({ orgId }) => …`: the element reads a property of its container.
      const container = declaration.parent.parent;
      const key = declaration.propertyName ? propertyNameText(t, declaration.propertyName) : t.isIdentifier(declaration.name) ? declaration.name.text : undefined;
      const segment = t.isArrayBindingPattern(declaration.parent) ? "[]" : (key ?? "[]");
      const base = t.isBindingElement(container) || t.isParameter(container) || t.isVariableDeclaration(container)
        ? this.flowsOfBindingContainer(container, depth)
        : [];
      return readFrom(base, [segment]);
    }
    return [];
  }

  private flowsOfBindingContainer(container: ts.BindingElement | ts.ParameterDeclaration | ts.VariableDeclaration, depth: number): Flow[] {
    const t = this.t;
    if (t.isParameter(container) || (t.isVariableDeclaration(container) && t.isCatchClause(container.parent))) {
      return [{ source: container, path: [], stringified: false }];
    }
    if (t.isVariableDeclaration(container)) return container.initializer ? this.flowsInto(container.initializer, depth + 1) : [];
    return this.flowsOfDeclaration(container, depth + 1);
  }

  private flowsOfCall(call: ts.CallExpression, depth: number): Flow[] {
    const t = this.t;
    if (this.isSanitizer(call)) return [];
    const name = calleeName(t, call);
    const callee = unwrapExpression(t, call.expression);
    if (name && t.isPropertyAccessExpression(callee) && PROMISE_CALLBACKS.has(name)) {
      // `p.catch((e) => e.message)`, `p.then(ok, (e) => …)`: the chain resolves to what the callbacks return.
      const settled = name === "finally" ? [] : call.arguments.flatMap((argument) => this.callbackReturns(argument, depth));
      return name === "catch" || name === "then" ? [...settled, ...(name === "catch" ? this.flowsInto(callee.expression, depth + 1) : [])] : this.flowsInto(callee.expression, depth + 1);
    }
    if (name && ARRAY_CALLBACK_RESULTS.has(name) && t.isPropertyAccessExpression(callee)) {
      // `paths.map((p) => { … catch (e) { return e.message } })`: the new array holds what the callback returns.
      return call.arguments[0] ? this.callbackReturns(call.arguments[0], depth) : [];
    }
    if (name && PROMISE_COMBINATORS.has(name) && t.isPropertyAccessExpression(callee) && t.isIdentifier(callee.expression) && callee.expression.text === "Promise") {
      // `await Promise.all(paths.map(async …))` resolves to the array of what each promise resolves to.
      return call.arguments[0] ? this.flowsInto(call.arguments[0], depth + 1) : [];
    }
    if (name && VALIDATORS.has(name) && t.isPropertyAccessExpression(callee)) {
      // `Schema.parse(x)` returns x's content; `safeParse(x)` wraps it in `{ success, data }`.
      const wrapped = name.startsWith("safe") ? [SAFE_PARSE_RESULT] : [];
      return readFrom(call.arguments[0] ? this.flowsInto(call.arguments[0], depth + 1) : [], wrapped);
    }
    if (name && TEXT_PRESERVING.has(name) && t.isPropertyAccessExpression(callee)) {
      // `e.message.trim()`, `.slice(0, 200)`, `.replace(/\n/g, " ")`, `.split("\n")`: the text goes on, cut or reshaped.
      return stringify(this.flowsInto(callee.expression, depth + 1));
    }
    if (name && (ARGUMENT_STRINGIFIERS.has(name) || RECEIVER_STRINGIFIERS.has(name))) {
      // `e.toString()` stringifies its receiver; `String(e)` and `JSON.stringify(e)` their argument.
      const carried = t.isPropertyAccessExpression(callee) && RECEIVER_STRINGIFIERS.has(name)
        ? [callee.expression, ...call.arguments]
        : call.arguments.slice(0, 1);
      return stringify(carried.flatMap((argument) => this.flowsInto(argument, depth + 1)));
    }
    const fn = this.functionOf(callee);
    if (!fn) return [];
    const summary = this.returnSummary(fn);
    // A callee that catches for itself and returns the error's text: `catch (err) { return \`failed: ${err}\` }`.
    const flows: Flow[] = [...(summary.get(CAUGHT_IN_CALLEE) ?? [])];
    summary.forEach((parameterFlows, index) => {
      const argument = call.arguments[index];
      if (!argument) return;
      for (const argumentFlow of this.flowsInto(argument, depth + 1)) {
        for (const parameterFlow of parameterFlows) {
          const path = extendPath(argumentFlow.path, parameterFlow.path);
          if (path) flows.push({ source: argumentFlow.source, path, stringified: argumentFlow.stringified || parameterFlow.stringified });
        }
      }
    });
    return flows;
  }

  private callbackReturns(argument: ts.Expression, depth: number): Flow[] {
    const t = this.t;
    const fn = unwrapExpression(t, argument);
    if (!t.isArrowFunction(fn) && !t.isFunctionExpression(fn)) return [];
    return returnedExpressions(t, fn).flatMap((returned) => this.flowsInto(returned, depth + 1));
  }

  /** A function of this file called by name, or a method called on `this` (`this.handleError(e)`), through base classes. */
  functionOf(callee: ts.Expression): FunctionWithBody | undefined {
    const found = this.resolver.functionOf(callee);
    if (found) return found;
    const t = this.t;
    const expr = unwrapExpression(t, callee);
    if (!t.isPropertyAccessExpression(expr)) return undefined;
    // `const tool = new Lookup(); tool.safeExecute(args)`: the method of Lookup or of its base classes.
    const receiver = unwrapExpression(t, expr.expression);
    if (t.isIdentifier(receiver)) {
      const declaration = this.resolver.declarationOf(receiver);
      const made = declaration && t.isVariableDeclaration(declaration) && declaration.initializer ? unwrapExpression(t, declaration.initializer) : undefined;
      const cls = made && t.isNewExpression(made) && t.isIdentifier(made.expression) ? this.classOf(made.expression) : undefined;
      return cls ? this.methodOf(cls, expr.name.text, 0) : undefined;
    }
    if (receiver.kind !== t.SyntaxKind.ThisKeyword) return undefined;
    let owner: ts.Node | undefined = expr.parent;
    while (owner && !t.isClassDeclaration(owner) && !t.isClassExpression(owner)) owner = owner.parent;
    if (!owner) return undefined;
    return this.methodOf(owner, expr.name.text, 0) ?? this.overrideInFile(owner, expr.name.text);
  }

  /**
   * `this.execute(input)` in a base class whose `execute` is abstract: the tool classes of the file being
   * read are the ones this analysis runs for, so the one class here that extends the base and defines the
   * method is the `this` (ListStylesTool.execute for BaseTool.run). None or several: nothing.
   */
  private overrideInFile(base: ts.ClassLikeDeclaration, name: string): FunctionWithBody | undefined {
    const t = this.t;
    const file = this.resolver.file;
    if (base.getSourceFile() === file) return undefined;
    const found: FunctionWithBody[] = [];
    for (const statement of file.statements) {
      if (!t.isClassDeclaration(statement) || !this.extendsClass(statement, base)) continue;
      const method = this.methodOf(statement, name, 0);
      if (method && !found.includes(method)) found.push(method);
    }
    return found.length === 1 ? found[0] : undefined;
  }

  private extendsClass(cls: ts.ClassLikeDeclaration, base: ts.ClassLikeDeclaration): boolean {
    let current: ts.ClassLikeDeclaration | undefined = cls;
    for (let depth = 0; current && depth < 5; depth++) {
      const heritage: ts.Expression | undefined = current.heritageClauses?.find((clause) => clause.token === this.t.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
      current = heritage && this.t.isIdentifier(heritage) ? this.classOf(heritage) : undefined;
      if (current === base) return true;
    }
    return false;
  }

  /** The method `name` of a class or, when it has none, of its base classes (at most a few levels up). */
  private methodOf(cls: ts.ClassLikeDeclaration, name: string, depth: number): FunctionWithBody | undefined {
    const t = this.t;
    if (depth > 4) return undefined;
    for (const member of cls.members) {
      if (t.isMethodDeclaration(member) && member.body && member.name && propertyNameText(t, member.name) === name) return member;
      if (t.isPropertyDeclaration(member) && member.initializer && member.name && propertyNameText(t, member.name) === name) {
        const value = unwrapExpression(t, member.initializer);
        if (t.isArrowFunction(value) || t.isFunctionExpression(value)) return value;
      }
    }
    const base = cls.heritageClauses?.find((clause) => clause.token === t.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
    const baseClass = base && t.isIdentifier(base) ? this.classOf(base) : undefined;
    return baseClass ? this.methodOf(baseClass, name, depth + 1) : undefined;
  }

  private classOf(identifier: ts.Identifier): ts.ClassLikeDeclaration | undefined {
    const t = this.t;
    const local = this.resolver.declarationOf(identifier);
    if (local && t.isClassDeclaration(local)) return local;
    // Typed: a base class imported from another file.
    const checker = this.resolver.typeChecker;
    if (!checker) return undefined;
    try {
      let symbol = checker.getSymbolAtLocation(identifier);
      if (symbol && symbol.flags & t.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const declaration = symbol?.declarations?.find((candidate) => t.isClassDeclaration(candidate));
      return declaration && t.isClassDeclaration(declaration) ? declaration : undefined;
    } catch {
      return undefined;
    }
  }

  /** For each parameter index, how that parameter reaches the function's return value. */
  returnSummary(fn: FunctionWithBody): Map<number, Flow[]> {
    const cached = this.summaries.get(fn);
    if (cached) return cached;
    const summary = new Map<number, Flow[]>();
    if (this.summarising.has(fn)) return summary; // recursion: assume nothing more
    this.summarising.add(fn);
    try {
      const returned = returnedExpressions(this.t, fn).flatMap((expression) => this.flowsInto(expression).map((flow) => ({ flow, expression })));
      fn.parameters.forEach((parameter, index) => {
        const own = returned.filter(({ flow }) => flow.source === parameter).map(({ flow }) => flow);
        if (own.length > 0) summary.set(index, own);
      });
      const caught = returned
        .filter(({ flow }) => flow.source !== fn && isCaughtError(this.t, flow.source) && containsNode(fn, flow.source))
        .map(({ flow, expression }) => (flow.writtenAt ? flow : { ...flow, writtenAt: expression, writtenAsText: flow.stringified }));
      if (caught.length > 0) summary.set(CAUGHT_IN_CALLEE, caught);
    } finally {
      this.summarising.delete(fn);
    }
    this.summaries.set(fn, summary);
    return summary;
  }
}

/** The summary entry for values the callee returns from a `catch` of its own, rather than from a parameter. */
const CAUGHT_IN_CALLEE = -1;
/** String methods whose result still holds (part of) the receiver's text. */
const TEXT_PRESERVING = new Set([
  "trim", "trimStart", "trimEnd", "slice", "substring", "substr", "replace", "replaceAll", "split", "toLowerCase", "toUpperCase",
  "padStart", "padEnd", "normalize", "toLocaleLowerCase", "toLocaleUpperCase",
]);
const PROMISE_CALLBACKS = new Set(["then", "catch", "finally"]);
/** Array methods whose result holds what their callback returns. */
const ARRAY_CALLBACK_RESULTS = new Set(["map", "flatMap"]);
/** `Promise.all(list)` and the like settle to the list's values (`allSettled` wraps them: left out). */
const PROMISE_COMBINATORS = new Set(["all", "race", "any"]);
const VALIDATORS = new Set(["parse", "parseAsync", "safeParse", "safeParseAsync"]);

/** Array methods whose callback's first parameter is each element of the receiver. */
const ELEMENT_CALLBACKS = new Set(["map", "flatMap", "forEach", "filter", "find", "findLast", "some", "every"]);

/** The array whose elements a callback's first parameter receives (`results.map((result) => …)`). */
function elementCallbackCollection(t: TS, parameter: ts.ParameterDeclaration): ts.Expression | undefined {
  const fn = parameter.parent;
  if (!isFunctionExpressionLike(t, fn) || fn.parameters[0] !== parameter || !t.isIdentifier(parameter.name)) return undefined;
  const call = fn.parent;
  if (!t.isCallExpression(call) || call.arguments[0] !== fn) return undefined;
  const callee = unwrapExpression(t, call.expression);
  return t.isPropertyAccessExpression(callee) && ELEMENT_CALLBACKS.has(callee.name.text) ? callee.expression : undefined;
}

function propertyKey(t: TS, expression: ts.Expression): string | undefined {
  const inner = unwrapExpression(t, expression);
  return t.isStringLiteralLike(inner) || t.isNumericLiteral(inner) ? inner.text : undefined;
}
