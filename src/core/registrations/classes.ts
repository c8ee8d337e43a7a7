import type * as ts from "typescript";
import { isDeclaredClass, type DeclaredClass, type DeclaredRegistration } from "../settings.js";
import { enclosingClassOfThis, unwrapExpression, walk } from "../ts-utils.js";
import { literalProperty, nameValue, registrationsWithin, type FinderContext } from "./context.js";
import { fileFramework } from "./declared.js";
import { MAX_CHAIN, type MemberValue, ancestorsOf, heritageNames, classOf, extendsExpression, baseClassOf, extendsClass, isAbstract, memberValue } from "./class-members.js";
import type { InputForm, ToolRegistration } from "./model.js";
import { ROOT_ENV, type Env } from "../evaluate/env.js";

/**
 * Class-based tools. An in-house base class registers its subclasses, reading their members into the
 * registration (`server.registerTool(this.name, { inputSchema: this.inputSchema }, (a) => this.execute(a))`),
 * or the server walks instances (`for (const tool of [new A(), new B()]) server.registerTool(tool.name, …)`).
 * That registration is a template: each concrete class it reaches is one tool, whose input is the
 * class's own field or getter. A class counts only when a registration reads its members, so a class
 * that merely has an `inputSchema` field, or extends an unrelated base, is not a tool.
 *
 * Under typed analysis a base class may be in another file: its registration (from that file's facts)
 * is the template for the subclasses written here, and a loop here may walk instances of classes
 * written elsewhere. A base class no analysis can see into (a package) registers its subclasses when
 * the settings declare it (`{ baseClass: "ToolBase", schema: "inputSchema", … }`).
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
  /** `this.inputSchema.shape`: the member is a schema whose shape is what is passed. */
  shape?: boolean;
}

interface Template {
  registration: ToolRegistration;
  owner: ts.Expression;
  /** How the registration reads the input member. */
  inputForm?: InputForm;
  name?: MemberRead;
  input?: MemberRead;
  annotations?: MemberRead;
  /** The handler member, and for a forwarding function which of its parameters reach which of the method's. */
  handler?: { member: string; parameters?: { input: number; context: number } };
}


/**
 * Tools declared as classes, derived from the template registrations among `registrations`. Templates
 * that yield a tool are marked so that their own (unreadable) annotations are not judged.
 */
export function classTools(
  context: FinderContext,
  registrations: readonly ToolRegistration[],
  classes: readonly ts.ClassLikeDeclaration[],
  declared: readonly DeclaredRegistration[] = [],
): ToolRegistration[] {
  const tools: ToolRegistration[] = [];
  const derivedClasses = new Set<ts.ClassLikeDeclaration>();
  for (const registration of registrations) {
    const template = templateOf(context, registration);
    if (!template) continue;
    if (readsToolClasses(context, template)) registration.classTemplate = true;
    const derived = toolClasses(context, template, classes).flatMap(({ cls, isStatic }) => {
      const tool = toolOfClass(context, template, cls, isStatic);
      if (tool) derivedClasses.add(cls);
      return tool ? [tool] : [];
    });
    if (derived.length > 0) registration.ambiguous = true;
    tools.push(...derived);
  }
  // A class already a tool of this file's own template is not one again through another way.
  for (const template of foreignTemplates(context, classes)) {
    for (const { cls, isStatic } of toolClasses(context, template, classes)) {
      if (derivedClasses.has(cls)) continue;
      const tool = toolOfClass(context, template, cls, isStatic);
      if (tool) {
        derivedClasses.add(cls);
        tools.push(tool);
      }
    }
  }
  // A declared base class's subclasses are its tools even where a template also derives them (declared.ts: preferDeclared).
  tools.push(...declaredClassTools(context, classes, declared.filter(isDeclaredClass)));
  return tools;
}

/**
 * Whether a template stands for tool classes: it reads `this` members (a base class), or walks a list
 * whose elements are instances or classes (`[new A(), B]`), not plain definition objects.
 */
function readsToolClasses(context: FinderContext, template: Template): boolean {
  const { t, resolver } = context;
  if (template.owner.kind === t.SyntaxKind.ThisKeyword) return true;
  const owner = unwrapExpression(t, template.owner);
  const binding = t.isIdentifier(owner) ? resolver.resolve(owner) : undefined;
  const list = binding?.kind === "element" ? resolver.arrayLiteralOf(binding.of) : undefined;
  return list !== undefined && list.elements.some((element) => t.isNewExpression(element) || resolver.classOf(element) !== undefined || (t.isIdentifier(element) && resolver.resolve(element).kind === "import"));
}

/**
 * Typed analysis: templates of the base classes, written in other files, that classes of this file
 * extend. The other file's registrations come from its facts, before its own expansion.
 */
function foreignTemplates(context: FinderContext, classes: readonly ts.ClassLikeDeclaration[]): Template[] {
  const { t } = context;
  if (!context.foreignRegistrations) return [];
  const templates: Template[] = [];
  const seen = new Set<ts.ClassLikeDeclaration>();
  for (const cls of classes) {
    for (const ancestor of ancestorsOf(context, cls)) {
      if (seen.has(ancestor)) continue;
      seen.add(ancestor);
      for (const registration of registrationsWithin(context, ancestor)) {
        const template = templateOf(context, registration);
        if (template && template.owner.kind === t.SyntaxKind.ThisKeyword && enclosingClassOfThis(t, template.owner) === ancestor) templates.push(template);
      }
    }
  }
  return templates;
}

/**
 * Subclasses of a base class declared in the settings: each concrete class of this file that reaches a
 * heritage clause naming the declared class (by its exported name, through intermediate classes), and
 * that no other class of the file extends, is a tool whose members are the declared ones.
 */
function declaredClassTools(context: FinderContext, classes: readonly ts.ClassLikeDeclaration[], entries: readonly DeclaredClass[]): ToolRegistration[] {
  if (entries.length === 0) return [];
  const tools: ToolRegistration[] = [];
  for (const cls of classes) {
    if (isAbstract(context, cls) || classes.some((other) => other !== cls && baseClassOf(context, other) === cls)) continue;
    const entry = declaredBaseOf(context, cls, entries);
    const heritage = extendsExpression(context, cls);
    if (!entry || !heritage) continue;
    // The members are read from the class itself; the owner only stands for the declared base.
    const read = (member: string | undefined): MemberRead | undefined => (member === undefined ? undefined : { owner: heritage, member, isStatic: false });
    const registration: ToolRegistration = { framework: fileFramework(context.frameworks), api: "wrapper", toolName: undefined, node: cls, input: undefined, handler: undefined, annotations: undefined };
    const template: Template = {
      registration,
      owner: heritage,
      inputForm: "schema-or-shape",
      name: read(entry.name),
      input: read(entry.schema),
      annotations: read(entry.annotations),
      handler: entry.handler === undefined ? undefined : { member: entry.handler },
    };
    const tool = toolOfClass(context, template, cls, false);
    if (!tool) continue;
    // Without a declared annotations member the base class may add them itself: not judged.
    if (entry.annotations === undefined) tool.ambiguous = true;
    if (entry.strict) tool.topLevelClosedBy = heritage;
    tool.declared = true;
    delete tool.wraps;
    tools.push(tool);
  }
  return tools;
}

/** The declared entry whose base class `cls` extends, directly or through classes that resolve. */
function declaredBaseOf(context: FinderContext, cls: ts.ClassLikeDeclaration, entries: readonly DeclaredClass[]): DeclaredClass | undefined {
  let current: ts.ClassLikeDeclaration | undefined = cls;
  const visited = new Set<ts.ClassLikeDeclaration>();
  for (let depth = 0; current && depth < MAX_CHAIN && !visited.has(current); depth++) {
    visited.add(current);
    const heritage = extendsExpression(context, current);
    if (!heritage) return undefined;
    const names = heritageNames(context, heritage);
    const entry = entries.find((candidate) => names.includes(candidate.baseClass));
    if (entry) return entry;
    current = context.resolver.classOf(heritage);
  }
  return undefined;
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
  return { registration, owner, inputForm: registration.input?.form, name: sameOwner(name), input: sameOwner(input), annotations, handler };
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
  // `(this.inputSchema as z.ZodObject<any>).shape`: the member read, the shape passed.
  const inner = unwrapExpression(t, expr.expression);
  if (!strict && expr.name.text === "shape" && t.isPropertyAccessExpression(inner) && inner.expression.kind === t.SyntaxKind.ThisKeyword) {
    return { owner: inner.expression, member: inner.name.text, isStatic: false, shape: true };
  }
  const owner = unwrapExpression(t, expr.expression);
  const member = expr.name.text;
  if (owner.kind === t.SyntaxKind.ThisKeyword || t.isIdentifier(owner)) return { owner, member, isStatic: false, strict };
  // `(this.constructor as typeof Base).schema`
  if (t.isPropertyAccessExpression(owner) && owner.name.text === "constructor" && owner.expression.kind === t.SyntaxKind.ThisKeyword) {
    return { owner: owner.expression, member, isStatic: true, strict };
  }
  return undefined;
}

/** `(args, extra) => this.execute(args, extra)`, also inside a try block or an arrow callback: the one call of a member of `owner`. */
function forwardedHandler(context: FinderContext, handler: ts.Expression, owner: ts.Expression): Template["handler"] {
  const { t } = context;
  const fn = unwrapExpression(t, handler);
  if (!t.isArrowFunction(fn) && !t.isFunctionExpression(fn)) return undefined;
  // A function expression has its own `this`.
  if (t.isFunctionExpression(fn) && owner.kind === t.SyntaxKind.ThisKeyword) return undefined;
  const calls: ts.CallExpression[] = [];
  walk(fn.body, (node) => {
    // An arrow function keeps `this`: `(args) => this.server.run(() => this.run(args))` still forwards.
    if ((t.isFunctionLike(node) && !t.isArrowFunction(node)) || t.isClassLike(node)) return false;
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
    const base = enclosingClassOfThis(t, owner);
    if (!base) return [];
    const isStatic = (template.input ?? template.name)?.isStatic ?? false;
    const family = classes.filter((cls) => cls === base || extendsClass(context, cls, base));
    // A base class in another file: its tools there are its file's; here, the classes of this file.
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
    toolName: nameValue(context, name?.value),
    node: cls,
    nameNode: name?.nameNode ?? cls.name,
    input: template.input ? input?.value && template.inputForm && inputOf(template, registration, input.value, template.inputForm) : registration.input && { ...registration.input, env: instanceFrame(cls) },
    handler: template.handler ? handlerValue : registration.handler,
    annotations: template.annotations ? annotations?.value : registration.annotations,
    // What the template itself cannot read is one cause for all its classes, reported there once (unread.ts).
    wraps: registration,
  };
  if (template.input?.strict) tool.topLevelClosedBy = template.input.strict;
  const parameters = template.handler?.parameters;
  if (parameters && handlerValue) tool.handlerParameters = parameters;
  return tool;
}

/**
 * The frame a template's own expressions are read in for one concrete class: `this` is an instance of it,
 * so a template input that reads no single member (`build(this.fields)`) reads what the class passes.
 */
function instanceFrame(cls: ts.ClassLikeDeclaration): Env {
  return ROOT_ENV.bind(new Map(), { kind: "instance", cls, args: [], env: ROOT_ENV, node: cls });
}

/** The input a class gives the template: its schema, or its schema's shape, which is where strictness is lost. */
function inputOf(template: Template, registration: ToolRegistration, value: ts.Expression, form: InputForm): ToolRegistration["input"] {
  if (!template.input?.shape || !registration.input) return { expression: value, form };
  return { expression: value, form, shapeOf: true, shapeSite: registration.input.expression };
}
