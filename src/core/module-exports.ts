import type * as ts from "typescript";
import type { TS } from "./ts-utils.js";
import { getOrCreate } from "./memo.js";

// What a module of the program exports by a name, read from its export statements. Asking the checker for
// one member of a barrel (`import * as operations from "./models/operations"`, hundreds of `export *`)
// builds the export table of every module behind it first, which on a generated SDK cost more than the
// rest of a file's analysis.

/** The checker knows better: CommonJS files, `export =`, names re-exported from an import. */
export const ASK_THE_CHECKER = Symbol("ask the checker");
export type ExportLookup = ts.Declaration | undefined | typeof ASK_THE_CHECKER;

/** `export * from` chains followed; a cycle ends here too. */
const MAX_REEXPORT_DEPTH = 16;

/** Per checker (one per program), per module file and name, the answer. */
const lookupsByChecker = new WeakMap<ts.TypeChecker, Map<ts.SourceFile, Map<string, ExportLookup>>>();

/** The source file an import or export specifier names, as the checker resolved it. */
export function importedFile(t: TS, checker: ts.TypeChecker, specifier: ts.Expression): ts.SourceFile | undefined {
  try {
    const declaration = checker.getSymbolAtLocation(specifier)?.valueDeclaration;
    return declaration && t.isSourceFile(declaration) ? declaration : undefined;
  } catch {
    return undefined;
  }
}

/** The declaration `file` exports as `name`, through `export { … } from` and `export *`; undefined when it exports no such name. */
export function exportedDeclaration(t: TS, checker: ts.TypeChecker, file: ts.SourceFile, name: string, depth = 0): ExportLookup {
  const byName = getOrCreate(getOrCreate(lookupsByChecker, checker, () => new Map()), file, () => new Map());
  if (byName.has(name)) return byName.get(name);
  if (depth > MAX_REEXPORT_DEPTH) return ASK_THE_CHECKER;
  // Set first, so a cycle of `export *` answers "not here" inside itself.
  byName.set(name, undefined);
  const answer = lookUp(t, checker, file, name, depth);
  byName.set(name, answer);
  return answer;
}

function lookUp(t: TS, checker: ts.TypeChecker, file: ts.SourceFile, name: string, depth: number): ExportLookup {
  if (!/\.[cm]?tsx?$/.test(file.fileName) || file.isDeclarationFile) return ASK_THE_CHECKER;
  const stars: ts.Expression[] = [];
  for (const statement of file.statements) {
    if (t.isExportAssignment(statement)) {
      if (statement.isExportEquals) return ASK_THE_CHECKER;
      // `export default handler` names a declaration, which the checker finds through the alias.
      if (name === "default") return t.isIdentifier(statement.expression) ? ASK_THE_CHECKER : statement;
      continue;
    }
    if (t.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (!clause) {
        if (statement.moduleSpecifier && !statement.isTypeOnly) stars.push(statement.moduleSpecifier);
        continue;
      }
      if (t.isNamespaceExport(clause)) {
        if (clause.name.text === name) return ASK_THE_CHECKER;
        continue;
      }
      for (const element of clause.elements) {
        if (element.name.text !== name) continue;
        const local = (element.propertyName ?? element.name).text;
        if (!statement.moduleSpecifier) return localDeclaration(t, file, local) ?? ASK_THE_CHECKER;
        const target = importedFile(t, checker, statement.moduleSpecifier);
        return target ? exportedDeclaration(t, checker, target, local, depth + 1) : ASK_THE_CHECKER;
      }
      continue;
    }
    const declared = exportedHere(t, statement, name);
    if (declared !== undefined) return declared;
  }
  for (const specifier of stars) {
    const target = importedFile(t, checker, specifier);
    if (!target) return ASK_THE_CHECKER;
    const found = exportedDeclaration(t, checker, target, name, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * A value declaration of this statement exported as `name` (`export const`, `export function`, `export default
 * class`); the checker for forms read otherwise (a destructured const, a namespace, `export import`).
 */
function exportedHere(t: TS, statement: ts.Statement, name: string): ExportLookup {
  const modifiers = t.canHaveModifiers(statement) ? t.getModifiers(statement) : undefined;
  if (!modifiers?.some((modifier) => modifier.kind === t.SyntaxKind.ExportKeyword)) return undefined;
  const isDefault = modifiers.some((modifier) => modifier.kind === t.SyntaxKind.DefaultKeyword);
  if (t.isVariableStatement(statement)) {
    for (const declaration of statement.declarationList.declarations) {
      if (t.isIdentifier(declaration.name) ? declaration.name.text === name : bindsName(t, declaration.name, name)) return t.isIdentifier(declaration.name) ? declaration : ASK_THE_CHECKER;
    }
    return undefined;
  }
  if (t.isFunctionDeclaration(statement) || t.isClassDeclaration(statement) || t.isEnumDeclaration(statement)) {
    const exportedName = isDefault ? "default" : statement.name?.text;
    return exportedName === name ? statement : undefined;
  }
  if ((t.isModuleDeclaration(statement) || t.isImportEqualsDeclaration(statement)) && t.isIdentifier(statement.name) && statement.name.text === name) return ASK_THE_CHECKER;
  return undefined;
}

function bindsName(t: TS, pattern: ts.BindingName, name: string): boolean {
  if (t.isIdentifier(pattern)) return pattern.text === name;
  return pattern.elements.some((element) => !t.isOmittedExpression(element) && bindsName(t, element.name, name));
}

/** `export { local as name }` without a module: the file's own top-level declaration of `local` (not an import). */
function localDeclaration(t: TS, file: ts.SourceFile, local: string): ts.Declaration | undefined {
  for (const statement of file.statements) {
    if (t.isVariableStatement(statement)) {
      const found = statement.declarationList.declarations.find((declaration) => t.isIdentifier(declaration.name) && declaration.name.text === local);
      if (found) return found;
    } else if ((t.isFunctionDeclaration(statement) || t.isClassDeclaration(statement) || t.isEnumDeclaration(statement)) && statement.name?.text === local) {
      return statement;
    }
  }
  return undefined;
}
