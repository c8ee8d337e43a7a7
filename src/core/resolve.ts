import type * as ts from "typescript";
import { unwrapExpression, walk, type TS } from "./ts-utils.js";

export type FunctionWithBody = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction | ts.MethodDeclaration;

export type Binding =
  /** A const (or, across files, an `export default` expression) and the expression it holds. */
  | { kind: "value"; declaration: ts.Node; initializer: ts.Expression }
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
  private readonly importCache = new Map<ts.Node, Binding | undefined>();
  private readonly bindingCache = new Map<ts.Node, Binding>();
  private readonly memberCache = new Map<ts.Node, Map<string, Binding | undefined>>();
  private scopeKinds: ReadonlySet<ts.SyntaxKind> | undefined;

  constructor(
    private readonly t: TS,
    private readonly sourceFile: ts.SourceFile,
    private readonly checker: ts.TypeChecker | undefined,
  ) {}

  /** The program's checker under typed analysis; undefined when each file is analysed on its own. */
  get typeChecker(): ts.TypeChecker | undefined {
    return this.checker;
  }

  resolve(identifier: ts.Identifier): Binding {
    const declaration = this.declarationOf(identifier);
    if (!declaration) return UNKNOWN;
    // One answer per declaration: a file's hundreds of `z` references share their import's.
    let binding = this.bindingCache.get(declaration);
    if (binding) return binding;
    binding = this.bindingOf(declaration);
    // With a checker, an import of the program's own code resolves to what the other file declares.
    if (binding.kind === "import" && this.checker) binding = this.importedBinding(declaration) ?? binding;
    this.bindingCache.set(declaration, binding);
    return binding;
  }

  /**
   * `ns.member` where `ns` is a namespace import of the program's own code (`import * as schemas from
   * "./schemas.js"`): what the other file declares. Needs the checker; undefined otherwise.
   */
  resolveMember(access: ts.PropertyAccessExpression): Binding | undefined {
    const t = this.t;
    if (!this.checker || !t.isIdentifier(access.expression) || !t.isIdentifier(access.name)) return undefined;
    const owner = this.declarationOf(access.expression);
    if (!owner || !t.isNamespaceImport(owner)) return undefined;
    let members = this.memberCache.get(owner);
    if (!members) {
      members = new Map();
      this.memberCache.set(owner, members);
    }
    const name = access.name.text;
    if (!members.has(name)) members.set(name, this.exportedBinding(access.name));
    return members.get(name);
  }

  /** An import's target, asked of the checker once per import declaration (a file has hundreds of `z.` uses). */
  private importedBinding(declaration: ts.Node): Binding | undefined {
    if (this.importCache.has(declaration)) return this.importCache.get(declaration);
    const t = this.t;
    const name = t.isImportSpecifier(declaration) || t.isImportClause(declaration) || t.isNamespaceImport(declaration) ? declaration.name : undefined;
    const binding = name ? this.exportedBinding(name) : undefined;
    this.importCache.set(declaration, binding);
    return binding;
  }

  /**
   * The declaration behind an imported name, through aliases and re-export chains, when it is in a source
   * file of the program. Declarations in `.d.ts` files and packages have no value to read: those imports
   * stay imports (zod itself is one).
   */
  private exportedBinding(name: ts.Identifier): Binding | undefined {
    const t = this.t;
    const checker = this.checker;
    if (!checker) return undefined;
    let declaration: ts.Declaration | undefined;
    try {
      let symbol = checker.getSymbolAtLocation(name);
      if (symbol && symbol.flags & t.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
    } catch {
      return undefined;
    }
    if (!declaration || !isProgramSource(declaration.getSourceFile())) return undefined;
    if (t.isExportAssignment(declaration)) return { kind: "value", declaration, initializer: declaration.expression };
    const binding = this.bindingOf(declaration);
    return binding.kind === "unknown" || binding.kind === "import" ? undefined : binding;
  }

  /**
   * For `d.schema` where `d` walks a collection of tool definitions of this file (a for-of variable or a
   * forEach/map parameter over an array literal, `Object.values(map)`, or the value of
   * `Object.entries(map)`), or is one definition held in a const: the `schema` value of every
   * definition. A definition is an object literal or a `defineTool({...})`-style call of one.
   */
  elementProperties(access: ts.PropertyAccessExpression): ts.Expression[] {
    const t = this.t;
    if (!t.isIdentifier(access.expression)) return [];
    const key = access.name.text;
    const values: ts.Expression[] = [];
    for (const element of this.definitionsOf(access.expression)) {
      const literal = this.toolDefinitionOf(element, key);
      const property = literal?.properties.find((candidate) => (t.isPropertyAssignment(candidate) || t.isShorthandPropertyAssignment(candidate)) && t.isIdentifier(candidate.name) && candidate.name.text === key);
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
    const t = this.t;
    let expr = unwrapExpression(t, expression);
    for (let depth = 0; depth < MAX_CONST_CHAIN; depth++) {
      const binding = t.isIdentifier(expr) ? this.resolve(expr) : t.isPropertyAccessExpression(expr) ? this.resolveMember(expr) : undefined;
      if (binding?.kind !== "value") break;
      expr = unwrapExpression(t, binding.initializer);
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
    const binding = t.isIdentifier(expr) ? this.resolve(expr) : t.isPropertyAccessExpression(expr) ? this.resolveMember(expr) : undefined;
    if (binding?.kind === "function") return binding.declaration;
    // `export const handler = async (args) => …` in another file: a value holding a function.
    if (binding?.kind === "value") {
      const held = unwrapExpression(t, binding.initializer);
      if (t.isArrowFunction(held) || t.isFunctionExpression(held)) return held;
    }
    return undefined;
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

  /** The definitions `identifier` stands for: a collection's elements one at a time, or the one a const holds. */
  private definitionsOf(identifier: ts.Identifier): readonly ts.Expression[] {
    const binding = this.resolve(identifier);
    if (binding.kind === "element") return this.collectionElements(binding.of);
    if (binding.kind === "value") return [binding.initializer];
    const declaration = this.declarationOf(identifier);
    const map = declaration && this.entriesMapOf(declaration);
    return map ? this.mapValues(map) : [];
  }

  /** The elements of an array literal or the values of `Object.values(map)`. */
  private collectionElements(collection: ts.Expression): readonly ts.Expression[] {
    const t = this.t;
    const source = this.followConsts(collection);
    if (t.isArrayLiteralExpression(source)) return source.elements.filter((element) => !t.isSpreadElement(element) && !t.isOmittedExpression(element));
    const map = this.objectMethodArgument(source, "values");
    return map ? this.mapValues(map) : [];
  }

  /** `def` in `for (const [key, def] of Object.entries(map))` or `Object.entries(map).forEach(([key, def]) => …)`: the map. */
  private entriesMapOf(declaration: ts.Node): ts.Expression | undefined {
    const t = this.t;
    if (!t.isBindingElement(declaration) || !t.isArrayBindingPattern(declaration.parent) || declaration.parent.elements.indexOf(declaration) !== 1) return undefined;
    const holder = declaration.parent.parent;
    let iterated: ts.Expression | undefined;
    if (t.isVariableDeclaration(holder) && t.isVariableDeclarationList(holder.parent) && t.isForOfStatement(holder.parent.parent)) {
      iterated = holder.parent.parent.expression;
    } else if (t.isParameter(holder)) {
      const fn = holder.parent;
      const call = fn.parent;
      if ((t.isArrowFunction(fn) || t.isFunctionExpression(fn)) && fn.parameters[0] === holder && t.isCallExpression(call) && call.arguments[0] === fn && t.isPropertyAccessExpression(call.expression) && ITERATION_METHODS.has(call.expression.name.text)) {
        iterated = call.expression.expression;
      }
    }
    return iterated && this.objectMethodArgument(this.followConsts(iterated), "entries");
  }

  /** `map` in `Object.values(map)` / `Object.entries(map)`. */
  private objectMethodArgument(expression: ts.Expression, method: "values" | "entries"): ts.Expression | undefined {
    const t = this.t;
    if (!t.isCallExpression(expression) || expression.arguments.length !== 1) return undefined;
    const callee = unwrapExpression(t, expression.expression);
    const isObjectMethod = t.isPropertyAccessExpression(callee) && callee.name.text === method && t.isIdentifier(callee.expression) && callee.expression.text === "Object";
    return isObjectMethod ? expression.arguments[0] : undefined;
  }

  private mapValues(map: ts.Expression): readonly ts.Expression[] {
    const t = this.t;
    const literal = this.objectLiteralOf(map);
    if (!literal) return [];
    return literal.properties.flatMap((property) => (t.isPropertyAssignment(property) ? [property.initializer] : t.isShorthandPropertyAssignment(property) ? [property.name] : []));
  }

  /**
   * The object literal a tool definition is written as: the literal itself, or the argument of a helper
   * that hands it back for `key`: a function that returns its parameter or `{ ...def }` without
   * overriding `key`, or an imported `…tool…` function (`defineTool`, `createTool`), whose options
   * are the tool.
   */
  private toolDefinitionOf(element: ts.Expression, key: string): ts.ObjectLiteralExpression | undefined {
    const t = this.t;
    const expr = this.followConsts(element);
    if (t.isObjectLiteralExpression(expr)) return expr;
    if (!t.isCallExpression(expr) || expr.arguments.length !== 1) return undefined;
    const callee = unwrapExpression(t, expr.expression);
    const [argument] = expr.arguments;
    if (!argument || !t.isIdentifier(callee)) return undefined;
    const binding = this.resolve(callee);
    if (binding.kind === "import") return /tool/i.test(`${binding.importedName} ${callee.text}`) ? this.objectLiteralOf(argument) : undefined;
    if (binding.kind !== "function") return undefined;
    const [parameter] = binding.declaration.parameters;
    if (!parameter || !t.isIdentifier(parameter.name)) return undefined;
    const name = parameter.name.text;
    const returned = returnedExpressions(t, binding.declaration).map((value) => unwrapExpression(t, value));
    const handsBack = returned.length > 0 && returned.every((value) => {
      if (t.isIdentifier(value)) return value.text === name;
      if (!t.isObjectLiteralExpression(value)) return false;
      const spreadsParameter = value.properties.some((property) => t.isSpreadAssignment(property) && t.isIdentifier(property.expression) && property.expression.text === name);
      const overrides = value.properties.some((property) => !t.isSpreadAssignment(property) && (property.name === undefined || !t.isIdentifier(property.name) || property.name.text === key));
      return spreadsParameter && !overrides;
    });
    return handsBack ? this.objectLiteralOf(argument) : undefined;
  }

  /**
   * The class an expression names: a class expression, a class of this file (through consts), or, with
   * the checker, a class declared in another source file of the program, through imports, re-exports and
   * namespace imports (`kit.ToolBase`). A class of a package or a `.d.ts` has no members to read: undefined.
   */
  classOf(expression: ts.Expression): ts.ClassLikeDeclaration | undefined {
    const t = this.t;
    const value = this.followConsts(expression);
    if (t.isClassExpression(value)) return value;
    if (t.isIdentifier(value)) {
      const local = this.declarationOf(value);
      if (local && t.isClassDeclaration(local)) return local;
    }
    const checker = this.checker;
    const name = t.isIdentifier(value) ? value : t.isPropertyAccessExpression(value) ? value.name : undefined;
    if (!checker || !name) return undefined;
    let declaration: ts.Declaration | undefined;
    try {
      let symbol = checker.getSymbolAtLocation(name);
      if (symbol && symbol.flags & t.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
    } catch {
      return undefined;
    }
    if (!declaration || !isProgramSource(declaration.getSourceFile())) return undefined;
    if (t.isClassDeclaration(declaration) || t.isClassExpression(declaration)) return declaration;
    // `export const Base = class { … }`, `export default class …` assigned through a const.
    const held = t.isVariableDeclaration(declaration) && declaration.initializer ? unwrapExpression(t, declaration.initializer) : t.isExportAssignment(declaration) ? unwrapExpression(t, declaration.expression) : undefined;
    return held && t.isClassExpression(held) ? held : undefined;
  }
}

const ITERATION_METHODS = new Set(["forEach", "map", "flatMap"]);
const UNKNOWN: Binding = { kind: "unknown" };
/** How many `const a = b` links are followed to reach a literal; a cycle ends here too. */
const MAX_CONST_CHAIN = 20;

/** A file whose code the program compiles from source: not a `.d.ts`, not a package. */
export function isProgramSource(file: ts.SourceFile): boolean {
  return !file.isDeclarationFile && !file.fileName.includes("/node_modules/");
}

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
