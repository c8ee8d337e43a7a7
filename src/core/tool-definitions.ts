import type * as ts from "typescript";
import { definitionArgument } from "./evaluate/syntax.js";
import { ITERATION_METHODS, returnedExpressions, type Resolver } from "./resolve.js";
import { unwrapExpression, type TS } from "./ts-utils.js";

// Tool definitions registered in a loop: arrays of definition objects, maps iterated with
// `Object.values`/`Object.entries`, and `defineTool({...})`-style helpers that hand their argument back.

/**
 * For `d.schema` where `d` walks a collection of tool definitions of this file (a for-of variable or a
 * forEach/map parameter over an array literal, `Object.values(map)`, or the value of
 * `Object.entries(map)`), or is one definition held in a const: the `schema` value of every
 * definition. A definition is an object literal or a `defineTool({...})`-style call of one.
 */
export function elementProperties(t: TS, resolver: Resolver, access: ts.PropertyAccessExpression): ts.Expression[] {
  if (!t.isIdentifier(access.expression)) return [];
  const key = access.name.text;
  const values: ts.Expression[] = [];
  for (const element of definitionsOf(t, resolver, access.expression)) {
    const literal = toolDefinitionOf(t, resolver, element, key);
    const property = literal?.properties.find((candidate) => (t.isPropertyAssignment(candidate) || t.isShorthandPropertyAssignment(candidate)) && t.isIdentifier(candidate.name) && candidate.name.text === key);
    if (property && t.isPropertyAssignment(property)) values.push(property.initializer);
    else if (property && t.isShorthandPropertyAssignment(property)) values.push(property.name);
  }
  return values;
}

/** The definitions `identifier` stands for: a collection's elements one at a time, or the one a const holds. */
function definitionsOf(t: TS, resolver: Resolver, identifier: ts.Identifier): readonly ts.Expression[] {
  const binding = resolver.resolve(identifier);
  if (binding.kind === "element") return collectionElements(t, resolver, binding.of);
  if (binding.kind === "value") return [binding.initializer];
  const declaration = resolver.declarationOf(identifier);
  const map = declaration && entriesMapOf(t, resolver, declaration);
  return map ? mapValues(t, resolver, map) : [];
}

/** The elements of an array literal or the values of `Object.values(map)`. */
function collectionElements(t: TS, resolver: Resolver, collection: ts.Expression): readonly ts.Expression[] {
  const source = resolver.followConsts(collection);
  if (t.isArrayLiteralExpression(source)) return source.elements.filter((element) => !t.isSpreadElement(element) && !t.isOmittedExpression(element));
  const map = objectMethodArgument(t, resolver, source, "values");
  return map ? mapValues(t, resolver, map) : [];
}

/** `def` in `for (const [key, def] of Object.entries(map))` or `Object.entries(map).forEach(([key, def]) => …)`: the map. */
function entriesMapOf(t: TS, resolver: Resolver, declaration: ts.Node): ts.Expression | undefined {
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
  return iterated && objectMethodArgument(t, resolver, resolver.followConsts(iterated), "entries");
}

/** `map` in `Object.values(map)` / `Object.entries(map)`. */
function objectMethodArgument(t: TS, resolver: Resolver, expression: ts.Expression, method: "values" | "entries"): ts.Expression | undefined {
  if (!t.isCallExpression(expression) || expression.arguments.length !== 1) return undefined;
  const callee = unwrapExpression(t, expression.expression);
  const isObjectMethod = t.isPropertyAccessExpression(callee) && callee.name.text === method && t.isIdentifier(callee.expression) && callee.expression.text === "Object";
  return isObjectMethod ? expression.arguments[0] : undefined;
}

function mapValues(t: TS, resolver: Resolver, map: ts.Expression): readonly ts.Expression[] {
  const literal = resolver.objectLiteralOf(map);
  if (!literal) return [];
  return literal.properties.flatMap((property) => (t.isPropertyAssignment(property) ? [property.initializer] : t.isShorthandPropertyAssignment(property) ? [property.name] : []));
}

/**
 * The object literal a tool definition is written as: the literal itself, or the argument of a helper
 * that hands it back for `key`: a function that returns its parameter or `{ ...def }` without
 * overriding `key`, or a package's function declared to hand its argument back (`defineTool`, `createTool`),
 * whose options are the tool.
 */
function toolDefinitionOf(t: TS, resolver: Resolver, element: ts.Expression, key: string): ts.ObjectLiteralExpression | undefined {
  const expr = resolver.followConsts(element);
  if (t.isObjectLiteralExpression(expr)) return expr;
  if (!t.isCallExpression(expr) || expr.arguments.length !== 1) return undefined;
  const callee = unwrapExpression(t, expr.expression);
  const [argument] = expr.arguments;
  if (!argument || !t.isIdentifier(callee)) return undefined;
  const binding = resolver.resolve(callee);
  if (binding.kind === "import") return definitionArgument(t, resolver.typeChecker, expr) ? resolver.objectLiteralOf(argument) : undefined;
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
  return handsBack ? resolver.objectLiteralOf(argument) : undefined;
}
