import type * as ts from "typescript";
import { unwrapExpression, walk, type TS } from "./ts-utils.js";

export type FunctionWithBody = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction | ts.MethodDeclaration;

export type Binding =
  | { kind: "value"; declaration: ts.VariableDeclaration; initializer: ts.Expression }
  | { kind: "function"; declaration: FunctionWithBody }
  | { kind: "import"; module: string; /** `*` for a namespace or `require`, `default` for a default import. */ importedName: string }
  /** A loop variable or iteration callback parameter: one element of `of` at a time. */
  | { kind: "element"; of: ts.Expression }
  | { kind: "unknown" };

/**
 * Resolves identifiers to their declaration inside one file. Without a type checker it walks the
 * enclosing scopes by name, which is enough for the consts and helper functions schemas are built
 * from; with a checker it asks for the symbol, so shadowing and hoisting are exact.
 */
export class Resolver {
  private readonly scopeCache = new WeakMap<ts.Node, Map<string, ts.Node>>();
  private readonly lookupCache = new WeakMap<ts.Node, Map<string, ts.Node | undefined>>();
  private scopeKinds: ReadonlySet<ts.SyntaxKind> | undefined;

  constructor(
    private readonly t: TS,
    private readonly sourceFile: ts.SourceFile,
    private readonly checker: ts.TypeChecker | undefined,
  ) {}

  resolve(identifier: ts.Identifier): Binding {
    const declaration = this.declarationOf(identifier);
    return declaration ? this.bindingOf(declaration) : { kind: "unknown" };
  }

  /**
   * For `d.schema` where `d` walks an array literal of this file (a for-of variable or a forEach/map
   * parameter): the `schema` value of every element.
   */
  elementProperties(access: ts.PropertyAccessExpression): ts.Expression[] {
    const t = this.t;
    if (!t.isIdentifier(access.expression)) return [];
    const binding = this.resolve(access.expression);
    if (binding.kind !== "element") return [];
    const array = this.arrayLiteralOf(binding.of);
    if (!array) return [];
    const values: ts.Expression[] = [];
    for (const element of array.elements) {
      const literal = this.objectLiteralOf(element);
      const property = literal?.properties.find((candidate) => (t.isPropertyAssignment(candidate) || t.isShorthandPropertyAssignment(candidate)) && t.isIdentifier(candidate.name) && candidate.name.text === access.name.text);
      if (property && t.isPropertyAssignment(property)) values.push(property.initializer);
      else if (property && t.isShorthandPropertyAssignment(property)) values.push(property.name);
    }
    return values;
  }

  /** An object literal written here or held in a const of this file (through casts and const chains). */
  objectLiteralOf(expression: ts.Expression): ts.ObjectLiteralExpression | undefined {
    return this.literalOf(expression, (node): node is ts.ObjectLiteralExpression => this.t.isObjectLiteralExpression(node));
  }

  /** An array literal written here or held in a const of this file. */
  arrayLiteralOf(expression: ts.Expression): ts.ArrayLiteralExpression | undefined {
    return this.literalOf(expression, (node): node is ts.ArrayLiteralExpression => this.t.isArrayLiteralExpression(node));
  }

  private literalOf<T extends ts.Expression>(expression: ts.Expression, isLiteral: (node: ts.Node) => node is T): T | undefined {
    const expr = this.followConsts(expression);
    return isLiteral(expr) ? expr : undefined;
  }

  /**
   * The expression a value comes from: through casts and `const a = b` chains of this file, to the
   * first expression that is not a const's name (a literal, a call, an import, a parameter).
   */
  followConsts(expression: ts.Expression): ts.Expression {
    let expr = unwrapExpression(this.t, expression);
    for (let depth = 0; depth < MAX_CONST_CHAIN && this.t.isIdentifier(expr); depth++) {
      const binding = this.resolve(expr);
      if (binding.kind !== "value") break;
      expr = unwrapExpression(this.t, binding.initializer);
    }
    return expr;
  }

  /** A function of this file: inline, a declaration, a method, or a const holding an arrow or function expression. */
  functionOf(expression: ts.Expression | ts.MethodDeclaration | ts.FunctionDeclaration | undefined): FunctionWithBody | undefined {
    const t = this.t;
    if (!expression) return undefined;
    if (t.isMethodDeclaration(expression) || t.isFunctionDeclaration(expression)) return expression.body ? expression : undefined;
    const expr = unwrapExpression(t, expression);
    if (t.isArrowFunction(expr) || t.isFunctionExpression(expr)) return expr;
    if (!t.isIdentifier(expr)) return undefined;
    const binding = this.resolve(expr);
    return binding.kind === "function" ? binding.declaration : undefined;
  }

  /** The declaration an identifier refers to, when it is in this file. */
  declarationOf(identifier: ts.Identifier): ts.Node | undefined {
    // The scope walk is exact for the consts, functions, parameters and imports schemas are built
    // from, and far cheaper than the checker; the checker answers what it cannot see (hoisted vars).
    return this.declarationByScope(identifier) ?? (this.checker ? this.declarationFromChecker(identifier) : undefined);
  }

  private declarationFromChecker(identifier: ts.Identifier): ts.Node | undefined {
    let symbol: ts.Symbol | undefined;
    try {
      symbol = this.checker?.getSymbolAtLocation(identifier);
    } catch {
      return this.declarationByScope(identifier);
    }
    const declaration = symbol?.declarations?.[0];
    if (!declaration) return this.declarationByScope(identifier);
    // Typed cross-file resolution belongs to a later stage; this stage stays within the file.
    if (declaration.getSourceFile() !== this.sourceFile) return undefined;
    return declaration;
  }

  private declarationByScope(identifier: ts.Identifier): ts.Node | undefined {
    let scope: ts.Node | undefined = identifier.parent;
    while (scope && !this.isScope(scope)) scope = scope.parent;
    return scope ? this.lookup(scope, identifier.text) : undefined;
  }

  /**
   * The declaration `name` has in `scope` or an enclosing one. Answers are remembered per scope, so the
   * hundreds of `z` references in a file climb the scope chain once, not once each.
   */
  private lookup(scope: ts.Node, name: string): ts.Node | undefined {
    const climbed: Map<string, ts.Node | undefined>[] = [];
    let found: ts.Node | undefined;
    for (let current: ts.Node | undefined = scope; current; current = current.parent) {
      if (!this.isScope(current)) continue;
      let answers = this.lookupCache.get(current);
      if (answers?.has(name)) {
        found = answers.get(name);
        break;
      }
      if (!answers) {
        answers = new Map();
        this.lookupCache.set(current, answers);
      }
      climbed.push(answers);
      found = this.declarationsIn(current).get(name);
      if (found) break;
    }
    for (const answers of climbed) answers.set(name, found);
    return found;
  }

  private isScope(node: ts.Node): boolean {
    return (this.scopeKinds ??= scopeKinds(this.t)).has(node.kind);
  }

  /** Names declared directly in one scope node (not in nested functions). */
  private declarationsIn(scope: ts.Node): ReadonlyMap<string, ts.Node> {
    const t = this.t;
    const cached = this.scopeCache.get(scope);
    if (cached) return cached;
    const names = new Map<string, ts.Node>();
    const addBindingName = (name: ts.BindingName, declaration: ts.Node): void => {
      if (t.isIdentifier(name)) {
        if (!names.has(name.text)) names.set(name.text, declaration);
        return;
      }
      for (const element of name.elements) {
        if (t.isBindingElement(element)) addBindingName(element.name, element);
      }
    };
    const addStatement = (statement: ts.Statement): void => {
      if (t.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) addBindingName(declaration.name, declaration);
      } else if ((t.isFunctionDeclaration(statement) || t.isClassDeclaration(statement)) && statement.name) {
        names.set(statement.name.text, statement);
      } else if (t.isImportDeclaration(statement) && statement.importClause) {
        const clause = statement.importClause;
        if (clause.name) names.set(clause.name.text, clause);
        const bindings = clause.namedBindings;
        if (bindings && t.isNamespaceImport(bindings)) names.set(bindings.name.text, bindings);
        if (bindings && t.isNamedImports(bindings)) {
          for (const specifier of bindings.elements) names.set(specifier.name.text, specifier);
        }
      }
    };
    if (t.isSourceFile(scope) || t.isBlock(scope) || t.isModuleBlock(scope) || t.isCaseClause(scope) || t.isDefaultClause(scope)) {
      for (const statement of scope.statements) addStatement(statement);
    } else if (t.isFunctionLike(scope)) {
      for (const parameter of scope.parameters) addBindingName(parameter.name, parameter);
      if ((t.isFunctionExpression(scope) || t.isClassExpression(scope)) && scope.name) names.set(scope.name.text, scope);
    } else if ((t.isForStatement(scope) || t.isForOfStatement(scope) || t.isForInStatement(scope)) && scope.initializer) {
      if (t.isVariableDeclarationList(scope.initializer)) {
        for (const declaration of scope.initializer.declarations) addBindingName(declaration.name, declaration);
      }
    } else if (t.isCatchClause(scope) && scope.variableDeclaration) {
      addBindingName(scope.variableDeclaration.name, scope.variableDeclaration);
    }
    this.scopeCache.set(scope, names);
    return names;
  }

  private bindingOf(declaration: ts.Node): Binding {
    const t = this.t;
    if (t.isVariableDeclaration(declaration)) {
      if (!t.isIdentifier(declaration.name)) return { kind: "unknown" };
      const list = declaration.parent;
      if (t.isVariableDeclarationList(list) && t.isForOfStatement(list.parent)) return { kind: "element", of: list.parent.expression };
      const requireModule = declaration.initializer && requireSpecifier(t, declaration.initializer);
      if (requireModule !== undefined) return { kind: "import", module: requireModule, importedName: "*" };
      if (!declaration.initializer) return { kind: "unknown" };
      const initializer = declaration.initializer;
      if (t.isArrowFunction(initializer) || t.isFunctionExpression(initializer)) return { kind: "function", declaration: initializer };
      return { kind: "value", declaration, initializer };
    }
    if (t.isBindingElement(declaration)) {
      // `const { z } = require("zod")`
      const pattern = declaration.parent;
      const variable = pattern.parent;
      if (t.isObjectBindingPattern(pattern) && t.isVariableDeclaration(variable) && variable.initializer) {
        const module = requireSpecifier(t, variable.initializer);
        if (module !== undefined) {
          const imported = declaration.propertyName ?? declaration.name;
          if (t.isIdentifier(imported)) return { kind: "import", module, importedName: imported.text };
        }
      }
      return { kind: "unknown" };
    }
    if (t.isFunctionDeclaration(declaration) && declaration.body) return { kind: "function", declaration };
    if (t.isParameter(declaration) && t.isIdentifier(declaration.name)) {
      // `defs.forEach((d) => …)`: the callback's first parameter is each element of `defs`.
      const fn = declaration.parent;
      const call = fn.parent;
      if ((t.isArrowFunction(fn) || t.isFunctionExpression(fn)) && fn.parameters[0] === declaration && t.isCallExpression(call) && call.arguments[0] === fn) {
        const callee = call.expression;
        if (t.isPropertyAccessExpression(callee) && ITERATION_METHODS.has(callee.name.text)) return { kind: "element", of: callee.expression };
      }
      return { kind: "unknown" };
    }
    if (t.isImportSpecifier(declaration)) {
      const module = moduleOf(t, declaration);
      const imported = declaration.propertyName ?? declaration.name;
      return module === undefined ? { kind: "unknown" } : { kind: "import", module, importedName: imported.text };
    }
    if (t.isNamespaceImport(declaration)) {
      const module = moduleOf(t, declaration);
      return module === undefined ? { kind: "unknown" } : { kind: "import", module, importedName: "*" };
    }
    if (t.isImportClause(declaration)) {
      const module = moduleOf(t, declaration);
      return module === undefined ? { kind: "unknown" } : { kind: "import", module, importedName: "default" };
    }
    return { kind: "unknown" };
  }
}

const ITERATION_METHODS = new Set(["forEach", "map", "flatMap"]);
/** How many `const a = b` links are followed to reach a literal; a cycle ends here too. */
const MAX_CONST_CHAIN = 20;

/** Node kinds that can declare names: blocks, functions, loops with declarations, catch clauses. */
function scopeKinds(t: TS): ReadonlySet<ts.SyntaxKind> {
  const k = t.SyntaxKind;
  return new Set([
    k.SourceFile, k.Block, k.ModuleBlock, k.CaseClause, k.DefaultClause, k.ForStatement, k.ForOfStatement, k.ForInStatement, k.CatchClause,
    k.FunctionDeclaration, k.FunctionExpression, k.ArrowFunction, k.MethodDeclaration, k.Constructor, k.GetAccessor, k.SetAccessor,
    k.CallSignature, k.ConstructSignature, k.MethodSignature, k.IndexSignature, k.FunctionType, k.ConstructorType,
    k.JSDocFunctionType, k.JSDocSignature,
  ]);
}

function moduleOf(t: TS, node: ts.Node): string | undefined {
  for (let current: ts.Node | undefined = node; current; current = current.parent) {
    if (t.isImportDeclaration(current)) {
      return t.isStringLiteral(current.moduleSpecifier) ? current.moduleSpecifier.text : undefined;
    }
  }
  return undefined;
}

/** `require("x")`, `require("x").y` is not handled; returns "x" for the plain form. */
export function requireSpecifier(t: TS, expr: ts.Expression): string | undefined {
  let inner = expr;
  while (t.isParenthesizedExpression(inner) || t.isAwaitExpression(inner)) inner = inner.expression;
  if (
    t.isCallExpression(inner) &&
    t.isIdentifier(inner.expression) &&
    inner.expression.text === "require" &&
    inner.arguments.length === 1
  ) {
    const [argument] = inner.arguments;
    if (argument && t.isStringLiteralLike(argument)) return argument.text;
  }
  return undefined;
}

/** The expressions a function returns: the body of a concise arrow, or every `return` not nested in another function. */
export function returnedExpressions(t: TS, fn: FunctionWithBody): ts.Expression[] {
  const body = fn.body;
  if (!body) return [];
  if (!t.isBlock(body)) return [body];
  const results: ts.Expression[] = [];
  walk(body, (node) => {
    if (t.isReturnStatement(node)) {
      if (node.expression) results.push(node.expression);
      return false;
    }
    return !(t.isFunctionLike(node) || t.isClassLike(node));
  });
  return results;
}
