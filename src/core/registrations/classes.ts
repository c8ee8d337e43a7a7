import type * as ts from "typescript";
import { returnedExpressions } from "../resolve.js";
import { propertyNameText, unwrapExpression, walk } from "../ts-utils.js";
import { literalProperty, nameValue, type FinderContext } from "./context.js";
import type { ToolRegistration } from "./model.js";

/**
 * Class-based tools. An in-house base class registers its subclasses, reading their members into the
 * registration (`server.registerTool(this.name, { inputSchema: this.inputSchema }, (a) => this.execute(a))`),
 * or the server walks instances (`for (const tool of [new A(), new B()]) server.registerTool(tool.name, …)`).
 * That registration is a template: each concrete class it reaches is one tool, whose input is the
 * class's own field or getter. A class counts only when a registration reads its members, so a class
 * that merely has an `inputSchema` field, or extends an unrelated base, is not a tool.
 */

/** A registration slot that reads a member of the tool object: `this.schema`, `tool.schema.strict()`, `tool.run.bind(tool)`. */
interface MemberRead {
  /** The `this` keyword or the loop variable. */
  owner: ts.Expression;
  member: string;
  /** `this.constructor.schema`, or an element that is a class rather than an instance. */
  isStatic: boolean;
  /** `.strict()` applied to the member where it is registered. */
  strict?: ts.CallExpression;
}

interface Template {
  registration: ToolRegistration;
  owner: ts.Expression;
  name?: MemberRead;
  input?: MemberRead;
  annotations?: MemberRead;
  /** The handler member, and for a forwarding function which of its parameters reach which of the method's. */
  handler?: { member: string; parameters?: { input: number; context: number } };
}

interface MemberValue {
  value?: ts.Expression;
  method?: ts.MethodDeclaration;
  nameNode: ts.Node;
}

const MAX_CHAIN = 10;

/**
 * Tools declared as classes, derived from the template registrations among `registrations`. Templates
 * that yield a tool are marked so that their own (unreadable) annotations are not judged.
 */
export function classTools(context: FinderContext, registrations: readonly ToolRegistration[], classes: readonly ts.ClassLikeDeclaration[]): ToolRegistration[] {
  const tools: ToolRegistration[] = [];
  for (const registration of registrations) {
    const template = templateOf(context, registration);
    if (!template) continue;
    const derived = toolClasses(context, template, classes).flatMap(({ cls, isStatic }) => {
      const tool = toolOfClass(context, template, cls, isStatic);
      return tool ? [tool] : [];
    });
    if (derived.length > 0) registration.ambiguous = true;
    tools.push(...derived);
  }
  return tools;
}

/** The name slot of a registration: the first argument of `registerTool`/`tool`, the `name` of a tool object. */
function nameSlot(context: FinderContext, registration: ToolRegistration): ts.Expression | undefined {
  const { t } = context;
  if ((registration.api === "registerTool" || registration.api === "registerToolTask" || registration.api === "tool") && t.isCallExpression(registration.node)) {
    return registration.node.arguments[0];
  }
  return registration.options ? literalProperty(context, registration.options, "name") : undefined;
}

function templateOf(context: FinderContext, registration: ToolRegistration): Template | undefined {
  const { t } = context;
  const input = registration.input && memberRead(context, registration.input.expression);
  const name = memberRead(context, nameSlot(context, registration));
  // Only a registration that takes the tool's schema or name from the object is a template.
  const owner = (input ?? name)?.owner;
  if (!owner) return undefined;
  const sameOwner = (read: MemberRead | undefined): MemberRead | undefined => (read && sameReference(context, read.owner, owner) ? read : undefined);
  const annotations = sameOwner(registration.annotations && memberRead(context, registration.annotations));
  let handler: Template["handler"];
  if (registration.handler && !t.isMethodDeclaration(registration.handler) && !t.isFunctionDeclaration(registration.handler)) {
    const direct = sameOwner(memberRead(context, registration.handler));
    handler = direct ? { member: direct.member } : forwardedHandler(context, registration.handler, owner);
  }
  return { registration, owner, name: sameOwner(name), input: sameOwner(input), annotations, handler };
}

function sameReference(context: FinderContext, a: ts.Expression, b: ts.Expression): boolean {
  const { t } = context;
  if (a.kind === t.SyntaxKind.ThisKeyword || b.kind === t.SyntaxKind.ThisKeyword) return a.kind === b.kind;
  return t.isIdentifier(a) && t.isIdentifier(b) && a.text === b.text && context.resolver.declarationOf(a) === context.resolver.declarationOf(b);
}

function memberRead(context: FinderContext, expression: ts.Expression | undefined): MemberRead | undefined {
  const { t } = context;
  if (!expression) return undefined;
  let expr = unwrapExpression(t, expression);
  let strict: ts.CallExpression | undefined;
  if (t.isCallExpression(expr) && t.isPropertyAccessExpression(expr.expression)) {
    const method = expr.expression.name.text;
    if (method === "strict" && expr.arguments.length === 0) strict = expr;
    else if (method !== "bind") return undefined;
    expr = unwrapExpression(t, expr.expression.expression);
  }
  if (!t.isPropertyAccessExpression(expr)) return undefined;
  const owner = unwrapExpression(t, expr.expression);
  const member = expr.name.text;
  if (owner.kind === t.SyntaxKind.ThisKeyword || t.isIdentifier(owner)) return { owner, member, isStatic: false, strict };
  // `(this.constructor as typeof Base).schema`
  if (t.isPropertyAccessExpression(owner) && owner.name.text === "constructor" && owner.expression.kind === t.SyntaxKind.ThisKeyword) {
    return { owner: owner.expression, member, isStatic: true, strict };
  }
  return undefined;
}

/** `(args, extra) => this.execute(args, extra)`, also inside a try block: the one call of a member of `owner`. */
function forwardedHandler(context: FinderContext, handler: ts.Expression, owner: ts.Expression): Template["handler"] {
  const { t } = context;
  const fn = unwrapExpression(t, handler);
  if (!t.isArrowFunction(fn) && !t.isFunctionExpression(fn)) return undefined;
  // A function expression has its own `this`.
  if (t.isFunctionExpression(fn) && owner.kind === t.SyntaxKind.ThisKeyword) return undefined;
  const calls: ts.CallExpression[] = [];
  walk(fn.body, (node) => {
    if (t.isFunctionLike(node) || t.isClassLike(node)) return false;
    if (t.isCallExpression(node)) {
      const callee = unwrapExpression(t, node.expression);
      if (t.isPropertyAccessExpression(callee) && sameReference(context, unwrapExpression(t, callee.expression), owner)) calls.push(node);
    }
    return true;
  });
  const [call] = calls;
  if (!call || calls.length > 1) return undefined;
  const position = (parameter: ts.ParameterDeclaration | undefined): number => {
    if (!parameter || !t.isIdentifier(parameter.name)) return -1;
    const name = parameter.name.text;
    return call.arguments.findIndex((argument) => {
      const value = unwrapExpression(t, argument);
      return t.isIdentifier(value) && value.text === name;
    });
  };
  const callee = unwrapExpression(t, call.expression) as ts.PropertyAccessExpression;
  return { member: callee.name.text, parameters: { input: position(fn.parameters[0]), context: position(fn.parameters[1]) } };
}

/** The concrete classes a template reaches: subclasses of the registering class, or the classes of the instances walked. */
function toolClasses(context: FinderContext, template: Template, classes: readonly ts.ClassLikeDeclaration[]): { cls: ts.ClassLikeDeclaration; isStatic: boolean }[] {
  const { t, resolver } = context;
  const owner = template.owner;
  if (owner.kind === t.SyntaxKind.ThisKeyword) {
    const base = enclosingClassOfThis(context, owner);
    if (!base) return [];
    const isStatic = (template.input ?? template.name)?.isStatic ?? false;
    const family = classes.filter((cls) => cls === base || extendsClass(context, cls, base));
    // A class that others in the file extend is their base, not a tool of its own.
    const leaves = family.filter((cls) => !family.some((other) => other !== cls && baseClassOf(context, other) === cls));
    return leaves.filter((cls) => !isAbstract(context, cls)).map((cls) => ({ cls, isStatic }));
  }
  if (!t.isIdentifier(owner)) return [];
  const binding = resolver.resolve(owner);
  if (binding.kind !== "element") return [];
  const array = resolver.arrayLiteralOf(binding.of);
  if (!array) return [];
  const found: { cls: ts.ClassLikeDeclaration; isStatic: boolean }[] = [];
  for (const element of array.elements) {
    const value = resolver.followConsts(element);
    if (t.isNewExpression(value)) {
      const cls = classOf(context, value.expression);
      if (cls) found.push({ cls, isStatic: false });
    } else {
      const cls = classOf(context, value);
      if (cls) found.push({ cls, isStatic: true });
    }
  }
  return found;
}

/** The class whose `this` this is: through arrow functions, not through function expressions. */
function enclosingClassOfThis(context: FinderContext, node: ts.Node): ts.ClassLikeDeclaration | undefined {
  const { t } = context;
  for (let current = node.parent; current; current = current.parent) {
    if (t.isFunctionExpression(current) || t.isFunctionDeclaration(current)) return undefined;
    if (t.isClassLike(current)) return current;
  }
  return undefined;
}

function classOf(context: FinderContext, expression: ts.Expression): ts.ClassLikeDeclaration | undefined {
  const { t, resolver } = context;
  const value = resolver.followConsts(expression);
  if (t.isClassExpression(value)) return value;
  if (!t.isIdentifier(value)) return undefined;
  const declaration = resolver.declarationOf(value);
  return declaration && t.isClassDeclaration(declaration) ? declaration : undefined;
}

function baseClassOf(context: FinderContext, cls: ts.ClassLikeDeclaration): ts.ClassLikeDeclaration | undefined {
  const { t } = context;
  const heritage = cls.heritageClauses?.find((clause) => clause.token === t.SyntaxKind.ExtendsKeyword)?.types[0];
  return heritage ? classOf(context, heritage.expression) : undefined;
}

function extendsClass(context: FinderContext, cls: ts.ClassLikeDeclaration, base: ts.ClassLikeDeclaration): boolean {
  let current = baseClassOf(context, cls);
  for (let depth = 0; current && depth < MAX_CHAIN; depth++) {
    if (current === base) return true;
    current = baseClassOf(context, current);
  }
  return false;
}

function isAbstract(context: FinderContext, cls: ts.ClassLikeDeclaration): boolean {
  return cls.modifiers?.some((modifier) => modifier.kind === context.t.SyntaxKind.AbstractKeyword) ?? false;
}

function isStaticMember(context: FinderContext, member: ts.ClassElement): boolean {
  return (context.t.canHaveModifiers(member) && context.t.getModifiers(member)?.some((modifier) => modifier.kind === context.t.SyntaxKind.StaticKeyword)) ?? false;
}

/** A member's value where the class (or the nearest base in this file) defines it: field, getter, method, or `this.x = …` in the constructor. */
function memberValue(context: FinderContext, cls: ts.ClassLikeDeclaration, name: string, isStatic: boolean): MemberValue | undefined {
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
      if (assigned) return assigned;
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

function toolOfClass(context: FinderContext, template: Template, cls: ts.ClassLikeDeclaration, isStatic: boolean): ToolRegistration | undefined {
  const { resolver } = context;
  const { registration } = template;
  const read = (slot: MemberRead | undefined): MemberValue | undefined => (slot ? memberValue(context, cls, slot.member, isStatic) : undefined);
  const input = read(template.input);
  const name = read(template.name);
  const annotations = read(template.annotations);
  const handler = template.handler ? memberValue(context, cls, template.handler.member, false) : undefined;
  // A class that defines none of the members the registration reads is not one of its tools.
  if (!input?.value && !handler && !name && !annotations) return undefined;
  const handlerValue = handler?.method ?? (handler?.value && resolver.functionOf(handler.value) ? handler.value : undefined);
  const tool: ToolRegistration = {
    framework: registration.framework,
    api: registration.api,
    toolName: nameValue(context, name?.value) ?? (cls.name ? cls.name.text : undefined),
    node: cls,
    nameNode: name?.nameNode ?? cls.name,
    input: template.input ? input?.value && registration.input && { expression: input.value, form: registration.input.form } : registration.input,
    handler: template.handler ? handlerValue : registration.handler,
    annotations: template.annotations ? annotations?.value : registration.annotations,
  };
  if (template.input?.strict) tool.topLevelClosedBy = template.input.strict;
  const parameters = template.handler?.parameters;
  if (parameters && handlerValue) tool.handlerParameters = parameters;
  return tool;
}
