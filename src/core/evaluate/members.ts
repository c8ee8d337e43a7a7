import type * as ts from "typescript";
import { returnedExpressions, isProgramSource, type FunctionWithBody } from "../resolve.js";
import { propertyNameText, walk, type TS } from "../ts-utils.js";
import { ROOT_ENV, type Env } from "./env.js";
import type { Evaluator } from "./evaluator.js";
import { definitionArgument, moduleExports } from "./syntax.js";
import { unknown, type Value } from "./value.js";
import { injectedValues } from "./injection.js";

/**
 * What an object literal holds for a key: an expression to read in a frame, or a value already known.
 * A value read from a literal spread into this one keeps where it is written there (`written`), for
 * readers that judge the expression rather than its value (`inputSchema: cleanSchema(z.toJSONSchema(s))`).
 */
export type Write = { kind: "expression"; expression: ts.Expression; env: Env } | { kind: "value"; value: Value; written?: { expression: ts.Expression; env: Env } };

/** Object literals spread into one another followed this deep; deeper spreads are read as values. */
const MAX_SPREAD_DEPTH = 8;

/**
 * The writes that decide `key` of an object literal: the last property of that name wins; a spread after
 * it decides when it has the key. Empty when the key is certainly absent.
 */
export function propertyWrites(evaluator: Evaluator, literal: ts.ObjectLiteralExpression, key: string, env: Env, depth = 0): Write[] {
  const t = evaluator.t;
  const writes: Write[] = [];
  const self: Value = { kind: "syntax", node: literal, env };
  for (let index = literal.properties.length - 1; index >= 0; index--) {
    const property = literal.properties[index];
    if (!property) continue;
    if (t.isSpreadAssignment(property)) {
      const inner = spreadWrites(evaluator, property, key, env, depth);
      writes.push(...inner);
      if (inner.length > 0 && inner.every((write) => write.value.kind !== "unknown")) return writes;
      continue;
    }
    const name = property.name;
    if (!name) continue;
    let text = propertyNameText(t, name);
    if (text === undefined && t.isComputedPropertyName(name)) {
      const keys = evaluator.ev(name.expression, env);
      const only = keys.length === 1 ? keys[0] : undefined;
      if (only?.kind !== "text") {
        writes.push({ kind: "value", value: unknown("a computed key the analysis cannot read", name) });
        continue;
      }
      text = only.text;
    }
    if (text !== key) continue;
    if (t.isPropertyAssignment(property)) writes.push({ kind: "expression", expression: property.initializer, env });
    else if (t.isShorthandPropertyAssignment(property)) writes.push({ kind: "expression", expression: property.name, env });
    else if (t.isMethodDeclaration(property)) writes.push({ kind: "value", value: { kind: "syntax", node: property, env: env.bind(new Map(), self) } });
    else if (t.isGetAccessorDeclaration(property)) writes.push(...getter(evaluator, property, self, env).map((value): Write => ({ kind: "value", value })));
    else continue;
    return writes;
  }
  return writes;
}

/**
 * `key` of what `...spread` holds, as values: the values `member` would give, but for spread object
 * literals read through their own writes, so each value keeps where it is written.
 */
function spreadWrites(evaluator: Evaluator, spread: ts.SpreadAssignment, key: string, env: Env, depth: number): (Write & { kind: "value" })[] {
  const t = evaluator.t;
  const spreadValues = evaluator.ev(spread.expression, env);
  const literals = spreadValues.every((value) => value.kind === "syntax" && t.isObjectLiteralExpression(value.node));
  if (!literals || depth >= MAX_SPREAD_DEPTH) return evaluator.member(spreadValues, key, spread, env).map((value) => ({ kind: "value", value }));
  return spreadValues.flatMap((spreadValue) => {
    if (spreadValue.kind !== "syntax" || !t.isObjectLiteralExpression(spreadValue.node)) return [];
    return propertyWrites(evaluator, spreadValue.node, key, spreadValue.env, depth + 1).flatMap((write): (Write & { kind: "value" })[] =>
      write.kind === "value" ? [write] : evaluator.ev(write.expression, write.env).map((value) => ({ kind: "value", value, written: { expression: write.expression, env: write.env } })),
    );
  });
}

function getter(evaluator: Evaluator, accessor: ts.GetAccessorDeclaration, self: Value, env: Env): Value[] {
  if (!accessor.body) return [unknown("a getter without a body", accessor)];
  const frame = env.bind(new Map(), self);
  return returnedExpressions(evaluator.t, accessor as unknown as FunctionWithBody).flatMap((expression) => evaluator.ev(expression, frame));
}

/** One class of an instance's hierarchy, with its constructor's parameters bound. */
interface Level {
  cls: ts.ClassLikeDeclaration;
  env: Env;
}

/**
 * `instance.key` (or a static member of a class): the most derived class that declares it wins, so an
 * overridden method or field is dispatched on the instance's concrete class. Constructor assignments
 * `this.key = …` count as declarations; `super(…)` arguments bind the base class's constructor.
 */
export function classMember(evaluator: Evaluator, self: Value, cls: ts.ClassLikeDeclaration, key: string, node: ts.Node, isStatic = false): Value[] {
  const t = evaluator.t;
  const levels = hierarchy(evaluator, cls, self, isStatic);
  // `readonly schema: Schema;` assigned in a constructor (this class's or a base's): the assignment holds the value.
  let declaredOnly: ts.PropertyDeclaration | undefined;
  for (const { cls: level, env } of levels.levels) {
    for (const member of level.members) {
      const staticMember = (t.getCombinedModifierFlags(member) & t.ModifierFlags.Static) !== 0;
      if (staticMember !== isStatic || !member.name || propertyNameText(t, member.name) !== key) continue;
      const frame = env.bind(new Map(), self);
      if (t.isPropertyDeclaration(member)) {
        if (member.initializer) {
          const initial = evaluator.ev(member.initializer, frame);
          // `private features: string[] = []` set again by a method: the initial value is not the only one.
          const reassigned = !(t.getCombinedModifierFlags(member) & t.ModifierFlags.Readonly) && assignedLater(t, level).has(key);
          return reassigned ? [...initial, unknown(`\`${key}\` is assigned again after it is initialised`, member)] : initial;
        }
        declaredOnly ??= member;
        continue;
      }
      if (t.isGetAccessorDeclaration(member)) return getter(evaluator, member, self, env);
      if (t.isMethodDeclaration(member)) return [{ kind: "syntax", node: member, env: frame }];
    }
    if (isStatic) continue;
    // `constructor(readonly label: string)`: a parameter property holds what the constructor is passed.
    const constructor = level.members.find((member): member is ts.ConstructorDeclaration => t.isConstructorDeclaration(member) && member.body !== undefined);
    const parameterProperty = constructor?.parameters.find((parameter) => t.isIdentifier(parameter.name) && parameter.name.text === key && t.getCombinedModifierFlags(parameter) & t.ModifierFlags.ParameterPropertyModifier);
    if (parameterProperty) return env.lookup(parameterProperty) ?? injectedValues(evaluator, parameterProperty) ?? [unknown(`\`${key}\` is passed to the constructor where the analysis cannot see it`, parameterProperty)];
    const assigned = constructorAssignments(t, level, key);
    if (assigned.length > 0) {
      const frame = env.bind(new Map(), self);
      return assigned.flatMap((expression) => evaluator.ev(expression, frame));
    }
  }
  if (declaredOnly) return [unknown(`\`${key}\` is declared without a value`, declaredOnly)];
  // A base class of a package (McpServer, a framework's tool class): its members are not the program's.
  if (levels.external) return [{ kind: "syntax", node, env: self.kind === "syntax" ? self.env : levels.levels[0]?.env ?? (self as { env: Env }).env }];
  return [];
}

function hierarchy(evaluator: Evaluator, cls: ts.ClassLikeDeclaration, self: Value, isStatic: boolean): { levels: Level[]; external: boolean } {
  const t = evaluator.t;
  const levels: Level[] = [];
  let args: readonly (Value[] | undefined)[] = self.kind === "instance" ? self.args : [];
  let outer: Env = self.kind === "instance" || self.kind === "syntax" ? self.env : (undefined as unknown as Env);
  let current: ts.ClassLikeDeclaration | undefined = cls;
  let external = false;
  for (let depth = 0; current && depth < 16; depth++) {
    const constructor = current.members.find((member): member is ts.ConstructorDeclaration => t.isConstructorDeclaration(member) && member.body !== undefined);
    const bindings = new Map<ts.Node, Value[]>();
    constructor?.parameters.forEach((parameter, index) => {
      const arg = args[index];
      if (arg) bindings.set(parameter, arg);
      else if (parameter.initializer) bindings.set(parameter, evaluator.ev(parameter.initializer, outer));
    });
    const env = isStatic ? outer : outer.bind(bindings);
    levels.push({ cls: current, env });
    const base: ts.ExpressionWithTypeArguments | undefined = current.heritageClauses?.find((clause) => clause.token === t.SyntaxKind.ExtendsKeyword)?.types[0];
    if (!base) break;
    if (constructor) {
      const superCall = findSuperCall(t, constructor);
      args = superCall ? superCall.arguments.map((arg) => (t.isSpreadElement(arg) ? undefined : evaluator.ev(arg, env.bind(new Map(), self)))) : [];
      outer = env;
    }
    const next: ts.ClassLikeDeclaration | undefined = evaluator
      .ev(base.expression, outer)
      .map((value) => (value.kind === "syntax" && t.isClassLike(value.node) && isProgramSource(value.node.getSourceFile()) ? value.node : undefined))
      .find((value): value is ts.ClassLikeDeclaration => value !== undefined);
    if (!next) external = true;
    current = next;
  }
  return { levels, external };
}

function findSuperCall(t: TS, constructor: ts.ConstructorDeclaration): ts.CallExpression | undefined {
  let found: ts.CallExpression | undefined;
  if (constructor.body) {
    walk(constructor.body, (node) => {
      if (found) return false;
      if (t.isCallExpression(node) && node.expression.kind === t.SyntaxKind.SuperKeyword) found = node;
      return !t.isFunctionLike(node) || node === constructor;
    });
  }
  return found;
}

const assignedByClass = new WeakMap<ts.ClassLikeDeclaration, Set<string>>();

/** The keys `this.key = …` (or `this.key ??= …`) assigns in a class's methods, accessors and arrow fields. */
function assignedLater(t: TS, cls: ts.ClassLikeDeclaration): Set<string> {
  let keys = assignedByClass.get(cls);
  if (keys) return keys;
  const found = new Set<string>();
  for (const member of cls.members) {
    if (t.isConstructorDeclaration(member)) continue;
    walk(member, (node) => {
      if (t.isBinaryExpression(node) && node.operatorToken.kind >= t.SyntaxKind.FirstAssignment && node.operatorToken.kind <= t.SyntaxKind.LastAssignment) {
        const target = node.left;
        if (t.isPropertyAccessExpression(target) && target.expression.kind === t.SyntaxKind.ThisKeyword) found.add(target.name.text);
      }
      return true;
    });
  }
  keys = found;
  assignedByClass.set(cls, keys);
  return keys;
}

/** `this.key = value` statements of a class's constructor. */
function constructorAssignments(t: TS, cls: ts.ClassLikeDeclaration, key: string): ts.Expression[] {
  const constructor = cls.members.find((member): member is ts.ConstructorDeclaration => t.isConstructorDeclaration(member) && member.body !== undefined);
  const values: ts.Expression[] = [];
  for (const statement of constructor?.body?.statements ?? []) {
    if (!t.isExpressionStatement(statement) || !t.isBinaryExpression(statement.expression) || statement.expression.operatorToken.kind !== t.SyntaxKind.EqualsToken) continue;
    const target = statement.expression.left;
    if (t.isPropertyAccessExpression(target) && target.expression.kind === t.SyntaxKind.ThisKeyword && target.name.text === key) values.push(statement.expression.right);
  }
  return values;
}

/** The members `key` can have on each value; an empty list when the key is certainly absent. */
export function memberOf(evaluator: Evaluator, values: readonly Value[], key: string, node: ts.Node, env: Env): Value[] {
  const t = evaluator.t;
  const result: Value[] = [];
  let member: ts.EnumMember | undefined;
  for (const value of values) {
    switch (value.kind) {
      case "unknown":
        result.push(value);
        break;
      case "text":
        result.push({ kind: "syntax", node, env });
        break;
      case "array":
        if (key === "length") result.push({ kind: "syntax", node, env });
        else if (/^\d+$/.test(key)) result.push(...value.elements.slice(Number(key), Number(key) + 1));
        else result.push({ kind: "syntax", node, env });
        break;
      case "record": {
        const member = value.members.get(key);
        if (member) result.push(...member);
        break;
      }
      case "instance":
        result.push(...classMember(evaluator, value, value.cls, key, node));
        break;
      case "syntax": {
        const target = value.node;
        if (t.isObjectLiteralExpression(target)) {
          for (const write of propertyWrites(evaluator, target, key, value.env)) {
            if (write.kind === "value") result.push(write.value);
            else result.push(...evaluator.ev(write.expression, write.env));
          }
        } else if (t.isSourceFile(target)) {
          const exported = moduleExports(t, target).get(key);
          if (exported) result.push(...evaluator.declarationValues(exported, node, ROOT_ENV));
        } else if (t.isClassLike(target)) {
          result.push(...classMember(evaluator, { kind: "syntax", node: target, env: value.env }, target, key, node, true));
        } else if (t.isCallExpression(target) && definitionArgument(t, evaluator.checker, target)) {
          // `defineTool({ ... })` of a package hands its options back as the tool.
          result.push(...evaluator.member(evaluator.ev(definitionArgument(t, evaluator.checker, target) as ts.Expression, value.env), key, node, env));
        } else if ((member = enumMember(evaluator, target, key))) {
          // `HelperTools.ACTOR_ADD` of `enum HelperTools { ACTOR_ADD = "add-actor" }`: the member's value.
          // As text where it is read, so that a tool named by it is named there.
          for (const value of evaluator.ev(member.initializer as ts.Expression, ROOT_ENV)) {
            result.push(value.kind === "text" && t.isExpression(node) ? { kind: "text", text: value.text, node } : value);
          }
        } else {
          // A member of code the analysis reads as written (`Schema.shape`, `z.string`); in a spread, unknown.
          result.push(t.isExpression(node) ? { kind: "syntax", node, env } : unknown(`\`${key}\` of a value the analysis cannot read`, target));
        }
        break;
      }
    }
  }
  return result;
}

/** The member `key` of the enum an identifier names, when it has an initializer. */
function enumMember(evaluator: Evaluator, target: ts.Node, key: string): ts.EnumMember | undefined {
  const t = evaluator.t;
  if (!t.isIdentifier(target)) return undefined;
  const declaration = evaluator.declarationOf(target);
  if (!declaration || !t.isEnumDeclaration(declaration)) return undefined;
  return declaration.members.find((member) => member.initializer !== undefined && propertyNameText(t, member.name) === key);
}

/** Every member value of an object (`TOOLS[k]`, `Object.values`). */
export function allMembersOf(evaluator: Evaluator, value: Value, node: ts.Node): Value[] {
  const t = evaluator.t;
  if (value.kind === "record") return [...value.members.values()].flat();
  if (value.kind === "array") return value.elements;
  if (value.kind === "unknown") return [value];
  if (value.kind === "syntax" && t.isSourceFile(value.node)) return [...moduleExports(t, value.node).values()].flatMap((declaration) => evaluator.declarationValues(declaration, node, ROOT_ENV));
  if (value.kind === "syntax" && t.isObjectLiteralExpression(value.node)) {
    const result: Value[] = [];
    for (const property of value.node.properties) {
      if (t.isPropertyAssignment(property)) result.push(...evaluator.ev(property.initializer, value.env));
      else if (t.isShorthandPropertyAssignment(property)) result.push(...evaluator.ev(property.name, value.env));
      else if (t.isSpreadAssignment(property)) result.push(...evaluator.ev(property.expression, value.env).flatMap((inner) => evaluator.allMembers(inner, property)));
      else if (t.isMethodDeclaration(property)) result.push({ kind: "syntax", node: property, env: value.env });
    }
    return result;
  }
  return [unknown("the members of a value the analysis cannot read", node)];
}

