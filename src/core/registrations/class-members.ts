import type * as ts from "typescript";
import { returnedExpressions } from "../resolve.js";
import { propertyNameText, unwrapExpression, walk } from "../ts-utils.js";
import { ROOT_ENV, type Env } from "../evaluate/env.js";
import type { Value } from "../evaluate/value.js";
import { settle } from "./evaluated.js";
import type { FinderContext } from "./context.js";

// Class hierarchies and members, for class-based tools: which classes a class extends (within the file,
// or across files with the checker), and where a member's value is written.

/** How many `extends` links are followed; a cycle ends here too. */
export const MAX_CHAIN = 10;

export interface MemberValue {
  value?: ts.Expression;
  method?: ts.MethodDeclaration;
  nameNode: ts.Node;
}

/** The classes `cls` extends, nearest first, as far as they resolve (within the file, or across files with the checker). */
export function ancestorsOf(context: FinderContext, cls: ts.ClassLikeDeclaration): ts.ClassLikeDeclaration[] {
  const ancestors: ts.ClassLikeDeclaration[] = [];
  let current = baseClassOf(context, cls);
  for (let depth = 0; current && depth < MAX_CHAIN && !ancestors.includes(current); depth++) {
    ancestors.push(current);
    current = baseClassOf(context, current);
  }
  return ancestors;
}

/** `ToolBase`, `kit.ToolBase`, and for an import the name it is exported by (`import { ToolBase as Base }`). */
export function heritageNames(context: FinderContext, heritage: ts.Expression): string[] {
  const { t, resolver } = context;
  const expr = unwrapExpression(t, heritage);
  if (t.isPropertyAccessExpression(expr)) return [expr.name.text];
  if (!t.isIdentifier(expr)) return [];
  const binding = resolver.resolve(expr);
  return binding.kind === "import" ? [expr.text, binding.importedName] : [expr.text];
}

/** A class of this file, or with the checker of another source file of the program (Resolver.classOf). */
export function classOf(context: FinderContext, expression: ts.Expression): ts.ClassLikeDeclaration | undefined {
  return context.resolver.classOf(expression);
}

export function extendsExpression(context: FinderContext, cls: ts.ClassLikeDeclaration): ts.Expression | undefined {
  const { t } = context;
  return cls.heritageClauses?.find((clause) => clause.token === t.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
}

export function baseClassOf(context: FinderContext, cls: ts.ClassLikeDeclaration): ts.ClassLikeDeclaration | undefined {
  const heritage = extendsExpression(context, cls);
  return heritage ? classOf(context, heritage) : undefined;
}

export function extendsClass(context: FinderContext, cls: ts.ClassLikeDeclaration, base: ts.ClassLikeDeclaration): boolean {
  let current = baseClassOf(context, cls);
  for (let depth = 0; current && depth < MAX_CHAIN; depth++) {
    if (current === base) return true;
    current = baseClassOf(context, current);
  }
  return false;
}

export function isAbstract(context: FinderContext, cls: ts.ClassLikeDeclaration): boolean {
  return cls.modifiers?.some((modifier) => modifier.kind === context.t.SyntaxKind.AbstractKeyword) ?? false;
}

function isStaticMember(context: FinderContext, member: ts.ClassElement): boolean {
  return (context.t.canHaveModifiers(member) && context.t.getModifiers(member)?.some((modifier) => modifier.kind === context.t.SyntaxKind.StaticKeyword)) ?? false;
}

/** A member's value where the class (or the nearest base in this file) defines it: field, getter, method, or `this.x = …` in the constructor. */
export function memberValue(context: FinderContext, cls: ts.ClassLikeDeclaration, name: string, isStatic: boolean): MemberValue | undefined {
  const { t } = context;
  let current: ts.ClassLikeDeclaration | undefined = cls;
  for (let depth = 0; current && depth < MAX_CHAIN; depth++, current = baseClassOf(context, current)) {
    for (const member of current.members) {
      if (!member.name || propertyNameText(t, member.name) !== name || isStaticMember(context, member) !== isStatic) continue;
      if (t.isPropertyDeclaration(member) && member.initializer) return { value: member.initializer, nameNode: member.name };
      if (t.isMethodDeclaration(member) && member.body) return { method: member, nameNode: member.name };
      if (t.isGetAccessorDeclaration(member) && member.body) {
        const returned = returnedExpressions(t, member as unknown as ts.FunctionDeclaration);
        return { value: returned.length === 1 ? returned[0] : undefined, nameNode: member.name };
      }
    }
    if (!isStatic) {
      const assigned = constructorAssignment(context, current, name);
      if (assigned) return current === cls ? assigned : throughSuperCalls(context, cls, current, assigned);
    }
  }
  return undefined;
}

function constructorAssignment(context: FinderContext, cls: ts.ClassLikeDeclaration, name: string): MemberValue | undefined {
  const { t } = context;
  const constructor = cls.members.find((member): member is ts.ConstructorDeclaration => t.isConstructorDeclaration(member) && member.body !== undefined);
  for (const statement of constructor?.body?.statements ?? []) {
    if (!t.isExpressionStatement(statement) || !t.isBinaryExpression(statement.expression) || statement.expression.operatorToken.kind !== t.SyntaxKind.EqualsToken) continue;
    const target = statement.expression.left;
    if (t.isPropertyAccessExpression(target) && target.expression.kind === t.SyntaxKind.ThisKeyword && target.name.text === name) {
      return { value: statement.expression.right, nameNode: target.name };
    }
  }
  return undefined;
}

/**
 * `this.inputSchema = params.inputSchema` in a base class's constructor, read for one subclass: the
 * value each class passes up through `super(...)` (`super({ inputSchema: CreateTokenSchema })`), settled
 * where it is written. Unchanged when a link of the chain cannot be read.
 */
function throughSuperCalls(context: FinderContext, cls: ts.ClassLikeDeclaration, ancestor: ts.ClassLikeDeclaration, assigned: MemberValue): MemberValue {
  const { t, evaluator } = context;
  if (!assigned.value) return assigned;
  let env: Env = ROOT_ENV;
  let args: (Value[] | undefined)[] | undefined;
  let current: ts.ClassLikeDeclaration | undefined = cls;
  for (let depth = 0; current && current !== ancestor && depth < MAX_CHAIN; depth++) {
    const constructor = constructorOf(t, current);
    if (constructor) {
      const call = superCall(t, constructor);
      if (!call) return assigned;
      const frame = env;
      args = call.arguments.map((argument) => (t.isSpreadElement(argument) ? undefined : evaluator.values(argument, frame)));
    }
    current = baseClassOf(context, current);
    const parentConstructor = current && constructorOf(t, current);
    if (parentConstructor && args) {
      const bindings = new Map<ts.Node, Value[]>();
      parentConstructor.parameters.forEach((parameter, index) => {
        const arg = args?.[index];
        if (arg) bindings.set(parameter, arg);
      });
      env = env.bind(bindings);
    }
  }
  if (current !== ancestor || env === ROOT_ENV) return assigned;
  const [node] = settle(context, assigned.value, env).nodes;
  return node && node !== assigned.value ? { ...assigned, value: node } : assigned;
}

function constructorOf(t: FinderContext["t"], cls: ts.ClassLikeDeclaration): ts.ConstructorDeclaration | undefined {
  return cls.members.find((member): member is ts.ConstructorDeclaration => t.isConstructorDeclaration(member) && member.body !== undefined);
}

function superCall(t: FinderContext["t"], constructor: ts.ConstructorDeclaration): ts.CallExpression | undefined {
  let found: ts.CallExpression | undefined;
  walk(constructor.body ?? constructor, (node) => {
    if (found) return false;
    if (t.isCallExpression(node) && node.expression.kind === t.SyntaxKind.SuperKeyword) found = node;
    return !t.isFunctionLike(node) || node === constructor;
  });
  return found;
}
