import type * as ts from "typescript";
import { ASK_THE_CHECKER, exportedDeclaration, importedFile } from "./module-exports.js";
import { ScopeIndex } from "./scopes.js";
import { VariableWrites, type VariableWrite } from "./variable-writes.js";
import { unwrapExpression, walk, type TS } from "./ts-utils.js";
import { getOrCreate } from "./memo.js";

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
  private readonly scopes: ScopeIndex;
  private readonly bindingCache = new Map<ts.Node, Binding>();
  private readonly memberCache = new Map<ts.Node, Map<string, Binding | undefined>>();
  private readonly writes: VariableWrites;
  private readonly checkerAnswers = new Map<ts.Identifier, ts.Node | undefined>();

  constructor(
    private readonly t: TS,
    private readonly sourceFile: ts.SourceFile,
    private readonly checker: ts.TypeChecker | undefined,
  ) {
    this.scopes = new ScopeIndex(t);
    this.writes = new VariableWrites(t, (identifier) => this.declarationOf(identifier));
  }

  /** The program's checker under typed analysis; undefined when each file is analysed on its own. */
  /** The file this resolver reads. */
  get file(): ts.SourceFile {
    return this.sourceFile;
  }

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
    if (binding.kind === "import" && this.checker) binding = this.importedBinding(declaration) ?? this.reexportedPackage(declaration) ?? binding;
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
    // Imports are declared at the top of a file (or module block), where the scope walk always finds them: a
    // name it does not find is no namespace import, and the checker need not be asked (every `console.log`).
    const owner = this.scopes.declarationOf(access.expression);
    if (!owner || !t.isNamespaceImport(owner)) return undefined;
    const members = getOrCreate(this.memberCache, owner, () => new Map());
    const name = access.name.text;
    if (!members.has(name)) members.set(name, this.namespaceMember(owner, name));
    return members.get(name);
  }

  /**
   * An export of the module a namespace import names, read from its export statements (module-exports.ts),
   * else looked up in the module's exports: asking for the symbol of `ns.member` itself builds the type of
   * the whole namespace object first.
   */
  private namespaceMember(owner: ts.NamespaceImport, name: string): Binding | undefined {
    const t = this.t;
    const checker = this.checker;
    if (!checker) return undefined;
    const written = this.writtenExport(owner.parent.parent.moduleSpecifier, name);
    if (written !== ASK_THE_CHECKER) return written;
    let declaration: ts.Declaration | undefined;
    try {
      let module = checker.getSymbolAtLocation(owner.name);
      if (module && module.flags & t.SymbolFlags.Alias) module = checker.getAliasedSymbol(module);
      let symbol = module && checker.tryGetMemberInModuleExports(name, module);
      if (symbol && symbol.flags & t.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
    } catch {
      return undefined;
    }
    return declaration && isProgramSource(declaration.getSourceFile()) ? this.declaredBinding(declaration) : undefined;
  }

  /** An import's target; `resolve` keeps the answer per import declaration (a file has hundreds of `z.` uses). */
  private importedBinding(declaration: ts.Node): Binding | undefined {
    const t = this.t;
    const named = this.writtenImport(declaration);
    if (named !== ASK_THE_CHECKER) return named;
    const name = t.isImportSpecifier(declaration) || t.isImportClause(declaration) || t.isNamespaceImport(declaration) ? declaration.name : undefined;
    return name ? this.exportedBinding(name) : undefined;
  }

  /**
   * `import { x } from "./defs.js"` (or a default import), read from the module's export statements: asking the
   * checker for the alias builds the export table of every module behind a barrel first (module-exports.ts).
   */
  private writtenImport(declaration: ts.Node): Binding | undefined | typeof ASK_THE_CHECKER {
    const t = this.t;
    const clause = t.isImportSpecifier(declaration) ? declaration.parent.parent : t.isImportClause(declaration) ? declaration : undefined;
    if (!clause) return ASK_THE_CHECKER;
    const importedName = t.isImportSpecifier(declaration) ? (declaration.propertyName ?? declaration.name).text : "default";
    return this.writtenExport(clause.parent.moduleSpecifier, importedName);
  }

  /** What the module `specifier` names exports as `name`, read from its export statements; ASK_THE_CHECKER when they do not tell. */
  private writtenExport(specifier: ts.Expression, name: string): Binding | undefined | typeof ASK_THE_CHECKER {
    const t = this.t;
    const checker = this.checker;
    const file = checker && importedFile(t, checker, specifier);
    if (!checker || !file) return ASK_THE_CHECKER;
    // A package's declarations hold no value to read (`import * as z from "zod"`): no need to build its export table.
    if (!isProgramSource(file)) return undefined;
    const written = exportedDeclaration(t, checker, file, name);
    if (written === ASK_THE_CHECKER) return written;
    return written && isProgramSource(written.getSourceFile()) ? this.declaredBinding(written) : undefined;
  }

  /**
   * A package's export re-exported by the program's own barrel (`export { z as zod } from "zod"`, or an
   * import re-exported by name): the import of the package, so `zod.object` from `./third_party` is zod's.
   */
  private reexportedPackage(declaration: ts.Node): Binding | undefined {
    const t = this.t;
    const checker = this.checker;
    const name = t.isImportSpecifier(declaration) || t.isImportClause(declaration) || t.isNamespaceImport(declaration) ? declaration.name : undefined;
    if (!checker || !name) return undefined;
    try {
      let symbol = checker.getSymbolAtLocation(name);
      for (let depth = 0; symbol && symbol.flags & t.SymbolFlags.Alias && depth < 16; depth++) {
        symbol = checker.getImmediateAliasedSymbol(symbol);
        const next = symbol?.declarations?.[0];
        if (!next || !isProgramSource(next.getSourceFile())) return undefined;
        if (t.isExportSpecifier(next)) {
          const specifier = next.parent.parent.moduleSpecifier;
          if (specifier && t.isStringLiteral(specifier) && !specifier.text.startsWith(".")) return { kind: "import", module: specifier.text, importedName: (next.propertyName ?? next.name).text };
        } else if (t.isImportSpecifier(next) || t.isImportClause(next) || t.isNamespaceImport(next)) {
          const binding = this.bindingOf(next);
          if (binding.kind === "import" && !binding.module.startsWith(".")) return binding;
        }
      }
    } catch {
      return undefined;
    }
    return undefined;
  }

  /**
   * The declaration behind an imported name, through aliases and re-export chains, when it is in a source
   * file of the program. Declarations in `.d.ts` files and packages have no value to read: those imports
   * stay imports (zod itself is one).
   */
  private exportedBinding(name: ts.Identifier): Binding | undefined {
    const declaration = this.programDeclarationOf(name);
    return declaration ? this.declaredBinding(declaration) : undefined;
  }

  /** What an exported declaration of another program file holds, when it holds something to read. */
  private declaredBinding(declaration: ts.Declaration): Binding | undefined {
    const t = this.t;
    if (t.isExportAssignment(declaration)) return { kind: "value", declaration, initializer: declaration.expression };
    const binding = this.bindingOf(declaration);
    return binding.kind === "unknown" || binding.kind === "import" ? undefined : binding;
  }

  /**
   * With the checker: what `name` refers to, through import aliases and re-export chains, when it is
   * declared in a source file of the program (not in a `.d.ts` or a package, whose values cannot be read).
   */
  private programDeclarationOf(name: ts.Identifier | ts.PrivateIdentifier): ts.Declaration | undefined {
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
    return declaration && isProgramSource(declaration.getSourceFile()) ? declaration : undefined;
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
    // `this.handleCall.bind(this)`: the same function, called with a fixed `this`.
    if (t.isCallExpression(expr) && t.isPropertyAccessExpression(expr.expression) && expr.expression.name.text === "bind" && expr.arguments.length <= 1) return this.functionOf(expr.expression.expression);
    if (t.isPropertyAccessExpression(expr) && expr.expression.kind === t.SyntaxKind.ThisKeyword) return this.ownMethod(expr);
    const binding = t.isIdentifier(expr) ? this.resolve(expr) : t.isPropertyAccessExpression(expr) ? this.resolveMember(expr) : undefined;
    if (binding?.kind === "function") return binding.declaration;
    // `export const handler = async (args) => …` in another file: a value holding a function.
    if (binding?.kind === "value") {
      const held = unwrapExpression(t, binding.initializer);
      if (t.isArrowFunction(held) || t.isFunctionExpression(held)) return held;
    }
    return undefined;
  }

  /** `this.handleCall` in a class's code: the class's own method of that name (base classes are ValueFlow's to follow). */
  private ownMethod(access: ts.PropertyAccessExpression): FunctionWithBody | undefined {
    const t = this.t;
    let owner: ts.Node | undefined = access.parent;
    while (owner && !t.isClassLike(owner)) owner = owner.parent;
    if (!owner || !t.isClassLike(owner)) return undefined;
    for (const member of owner.members) {
      if (t.isMethodDeclaration(member) && member.body && member.name && t.isIdentifier(member.name) && member.name.text === access.name.text) return member;
    }
    return undefined;
  }

  /** What is assigned or pushed to a variable after its declaration (see VariableWrites). */
  writesTo(declaration: ts.VariableDeclaration): readonly VariableWrite[] {
    return this.writes.of(declaration);
  }

  /** The declaration an identifier refers to, when it is in this file. */
  declarationOf(identifier: ts.Identifier): ts.Node | undefined {
    // The scope walk is exact for the consts, functions, parameters and imports schemas are built
    // from, and far cheaper than the checker; the checker answers what it cannot see (hoisted vars).
    const scoped = this.scopes.declarationOf(identifier);
    if (scoped || !this.checker) return scoped;
    // Mostly globals (`console`, `JSON`), asked again by each reader of the same expression.
    if (this.checkerAnswers.has(identifier)) return this.checkerAnswers.get(identifier);
    const declaration = this.declarationFromChecker(identifier);
    this.checkerAnswers.set(identifier, declaration);
    return declaration;
  }

  private declarationFromChecker(identifier: ts.Identifier): ts.Node | undefined {
    let symbol: ts.Symbol | undefined;
    try {
      symbol = this.checker?.getSymbolAtLocation(identifier);
    } catch {
      return this.scopes.declarationOf(identifier);
    }
    const declaration = symbol?.declarations?.[0];
    if (!declaration) return this.scopes.declarationOf(identifier);
    // Typed cross-file resolution belongs to a later stage; this stage stays within the file.
    if (declaration.getSourceFile() !== this.sourceFile) return undefined;
    return declaration;
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
      // A `let` assigned again (`schema = schema.strict()`) may hold something else where it is used.
      if (this.writes.isReassigned(declaration)) return { kind: "unknown" };
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
    const name = t.isIdentifier(value) ? value : t.isPropertyAccessExpression(value) ? value.name : undefined;
    const declaration = name && this.programDeclarationOf(name);
    if (!declaration) return undefined;
    if (t.isClassDeclaration(declaration) || t.isClassExpression(declaration)) return declaration;
    // `export const Base = class { … }`, `export default class …` assigned through a const.
    const held = t.isVariableDeclaration(declaration) && declaration.initializer ? unwrapExpression(t, declaration.initializer) : t.isExportAssignment(declaration) ? unwrapExpression(t, declaration.expression) : undefined;
    return held && t.isClassExpression(held) ? held : undefined;
  }
}

/** Array methods whose callback's first parameter is each element in turn. */
export const ITERATION_METHODS: ReadonlySet<string> = new Set(["forEach", "map", "flatMap"]);
const UNKNOWN: Binding = { kind: "unknown" };
/** How many `const a = b` links are followed to reach a literal; a cycle ends here too. */
const MAX_CONST_CHAIN = 20;

/** A file whose code the program compiles from source: not a `.d.ts`, not a package. */
export function isProgramSource(file: ts.SourceFile): boolean {
  return !file.isDeclarationFile && !file.fileName.includes("/node_modules/");
}

/** The module the import declaration around `node` names (`"./defs.js"`), if it is in one. */
export function moduleOf(t: TS, node: ts.Node): string | undefined {
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
