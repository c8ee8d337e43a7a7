import type * as ts from "typescript";
import type { TS } from "./ts-utils.js";

/**
 * Names declared in the enclosing scopes of a node, without a type checker: the consts, functions,
 * parameters and imports that schemas are built from. Each scope's names are collected once, and each
 * answer is remembered per scope.
 */
export class ScopeIndex {
  // Plain maps: the index lives exactly as long as the file's facts, and weak maps cost the collector more.
  private readonly scopeCache = new Map<ts.Node, Map<string, ts.Node>>();
  private readonly lookupCache = new Map<ts.Node, Map<string, ts.Node | undefined>>();
  private scopeKinds: ReadonlySet<ts.SyntaxKind> | undefined;

  constructor(private readonly t: TS) {}

  declarationOf(identifier: ts.Identifier): ts.Node | undefined {
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
