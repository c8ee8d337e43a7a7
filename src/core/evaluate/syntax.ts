import type * as ts from "typescript";
import type { FunctionWithBody } from "../resolve.js";
import { propertyNameText, unwrapExpression, type TS } from "../ts-utils.js";
import { ROOT_ENV, type Env } from "./env.js";
import type { Evaluator } from "./evaluator.js";
import type { Value } from "./value.js";

// Syntax the evaluator reads values from: functions, destructuring keys, definition calls, module exports.

export function keyOfBinding(t: TS, element: ts.BindingElement): string | undefined {
  const name = element.propertyName ?? element.name;
  return t.isIdentifier(name) || t.isStringLiteralLike(name) || t.isNumericLiteral(name) || t.isComputedPropertyName(name) ? propertyNameText(t, name) : undefined;
}

/** A function value's declaration with a body. */
export function functionOf(t: TS, node: ts.Node): FunctionWithBody | undefined {
  if ((t.isArrowFunction(node) || t.isFunctionExpression(node) || t.isFunctionDeclaration(node) || t.isMethodDeclaration(node)) && node.body) return node;
  // An overload signature (what the checker names first): the implementation that follows it runs.
  if ((t.isFunctionDeclaration(node) || t.isMethodDeclaration(node)) && !node.body && node.name) return implementationOf(t, node);
  return undefined;
}

function implementationOf(t: TS, signature: ts.FunctionDeclaration | ts.MethodDeclaration): FunctionWithBody | undefined {
  const name = signature.name?.getText();
  const siblings: readonly ts.Node[] = t.isFunctionDeclaration(signature) ? (signature.parent as ts.SourceFile | ts.Block | ts.ModuleBlock).statements ?? [] : (signature.parent as ts.ClassLikeDeclaration).members ?? [];
  for (const sibling of siblings) {
    if ((t.isFunctionDeclaration(sibling) || t.isMethodDeclaration(sibling)) && sibling.body && sibling.name?.getText() === name) return sibling;
  }
  return undefined;
}

/**
 * The one options argument of a package's `defineTool({...})`/`createTool({...})` whose declared signature hands
 * it back: every declaration returns the type parameter its first parameter is typed with
 * (`defineTool<T extends ToolConfig>(config: T): T`). Read off the declarations, without resolving the call
 * (which would check the argument's zod types); untyped, nothing says so.
 */
export function definitionArgument(t: TS, checker: ts.TypeChecker | undefined, call: ts.CallExpression): ts.Expression | undefined {
  const [first] = call.arguments;
  if (!checker || call.arguments.length !== 1 || !first || !t.isObjectLiteralExpression(unwrapExpression(t, first))) return undefined;
  const callee = unwrapExpression(t, call.expression);
  const name = t.isPropertyAccessExpression(callee) ? callee.name : t.isIdentifier(callee) ? callee : undefined;
  if (!name) return undefined;
  let declarations: readonly ts.Declaration[] | undefined;
  try {
    let symbol = checker.getSymbolAtLocation(name);
    if (symbol && symbol.flags & t.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    declarations = symbol?.declarations;
  } catch {
    return undefined;
  }
  const signatures = (declarations ?? []).map((declaration) => (t.isVariableDeclaration(declaration) && declaration.type && t.isFunctionTypeNode(declaration.type) ? declaration.type : declaration));
  return signatures.length > 0 && signatures.every((signature) => returnsItsArgument(t, signature)) ? first : undefined;
}

/** `<T>(config: T): T` (also `Readonly<T>`-free forms only): the declared return type is the first parameter's type parameter. */
function returnsItsArgument(t: TS, declaration: ts.Node): boolean {
  if (!t.isFunctionDeclaration(declaration) && !t.isMethodSignature(declaration) && !t.isMethodDeclaration(declaration) && !t.isFunctionTypeNode(declaration)) return false;
  const returned = declaration.type;
  const parameterType = declaration.parameters[0]?.type;
  const typeParameter = (node: ts.TypeNode | undefined): string | undefined => (node && t.isTypeReferenceNode(node) && t.isIdentifier(node.typeName) && !node.typeArguments && declaration.typeParameters?.some((parameter) => parameter.name.text === (node.typeName as ts.Identifier).text) ? node.typeName.text : undefined);
  const name = typeParameter(returned);
  return name !== undefined && typeParameter(parameterType) === name;
}

/** The static keys of an object literal value, spreads included. */
export function objectKeys(evaluator: Evaluator, value: { node: ts.Node; env: Env }): string[] {
  const t = evaluator.t;
  const keys: string[] = [];
  if (!t.isObjectLiteralExpression(value.node)) return keys;
  for (const property of value.node.properties) {
    if (t.isSpreadAssignment(property)) {
      for (const inner of evaluator.ev(property.expression, value.env)) {
        if (inner.kind === "syntax" && t.isObjectLiteralExpression(inner.node)) keys.push(...objectKeys(evaluator, inner));
        else if (inner.kind === "record") keys.push(...inner.members.keys());
      }
    } else if (property.name) {
      const key = propertyNameText(t, property.name);
      if (key !== undefined) keys.push(key);
    }
  }
  return [...new Set(keys)];
}

export function dedupe(values: Value[]): Value[] {
  if (values.length < 2) return values;
  const seen = new Set<ts.Node>();
  return values.filter((value) => {
    if (value.kind !== "syntax" || value.env !== ROOT_ENV) return true;
    if (seen.has(value.node)) return false;
    seen.add(value.node);
    return true;
  });
}

/** A module's exported consts, functions and classes by name (`export const`, `export function`, `export class`). */
export function moduleExports(t: TS, file: ts.SourceFile): Map<string, ts.Node> {
  const exports = new Map<string, ts.Node>();
  const exported = (node: ts.Node): boolean => (t.getCombinedModifierFlags(node as ts.Declaration) & t.ModifierFlags.Export) !== 0;
  for (const statement of file.statements) {
    if (t.isVariableStatement(statement) && exported(statement)) {
      for (const declaration of statement.declarationList.declarations) if (t.isIdentifier(declaration.name)) exports.set(declaration.name.text, declaration);
    } else if ((t.isFunctionDeclaration(statement) || t.isClassDeclaration(statement)) && statement.name && exported(statement)) {
      exports.set(statement.name.text, statement);
    }
  }
  return exports;
}

