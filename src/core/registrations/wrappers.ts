import type * as ts from "typescript";
import type { FunctionWithBody } from "../resolve.js";
import { calleeName, containsNode, findProperty, propertyNameText, propertyValue, unwrapExpression } from "../ts-utils.js";
import { nameValue, registrationsWithin, reportUnread, type FinderContext } from "./context.js";
import { calledFunction, callableName, evaluatedCallee, importedName, isReturnedFunction, parameterMember } from "./wrapper-calls.js";
import type { FoundRegistrations, ToolRegistration } from "./model.js";
import { ROOT_ENV, type Env } from "../evaluate/env.js";
import { frameOf } from "../evaluate/value.js";
import { callerFiles, callSitesOf } from "../evaluate/call-sites.js";
import { fieldHidden, loopFrames, optionField } from "./evaluated.js";

/**
 * Wrapper functions: a function of this file whose parameters reach a registration's name, input,
 * handler or annotations registers one tool per call, so each call site is the registration and the
 * call inside the wrapper is only its template. Found from the registrations and calls the finder's
 * walk already collected, so no file is walked twice.
 */

/** How many wrappers deep (a wrapper calling a wrapper …) call sites are followed; a cycle ends here too. */
const MAX_WRAPPER_DEPTH = 4;
/** `def.tool.schema`: how many property names a field is read through. */
const MAX_PATH = 4;

type Value = ts.Expression | ts.MethodDeclaration | ts.FunctionDeclaration;
type FieldName = "name" | "input" | "handler" | "annotations";
const FIELDS: readonly FieldName[] = ["name", "input", "handler", "annotations"];

/** A field the wrapper takes from parameter `index`, through the properties in `path`. */
interface Slot {
  fn: FunctionWithBody;
  index: number;
  path: readonly string[];
  /** What the wrapper's body writes; kept (and read as opaque) when a call site passes nothing readable. */
  written: ts.Expression;
  /** A destructured property's default: `function f({ annotations = READ_ONLY })`. */
  propertyDefault: ts.Expression | undefined;
}

type Field =
  | { kind: "slot"; slot: Slot }
  /** A value known at the call site; `missingIn` is the options literal that lacks the property, where it can be added. */
  | { kind: "value"; value: Value | undefined; missingIn?: { literal: ts.ObjectLiteralExpression; key: string }; /** The frame the value is read in. */ env?: Env };

interface Template {
  /** The registration as written inside the innermost wrapper: its framework, API and input form. */
  base: ToolRegistration;
  fn: FunctionWithBody;
  fields: Record<FieldName, Field>;
  /** What is reported when no call of this file reaches the wrapper: the registration with its parameters opaque. */
  fallback: ToolRegistration;
}

/**
 * Replaces registrations whose fields come from a wrapper's parameters by one registration per call of
 * the wrapper. A wrapper no call of this file reaches keeps its own registration when the schema is
 * written inside it; when the schema is a parameter, the registration is only a template and stays silent.
 */
export function expandWrappers(context: FinderContext, found: FoundRegistrations): void {
  let templates: Template[] = [];
  const kept: ToolRegistration[] = [];
  for (const registration of found.registrations) {
    const template = templateOf(context, registration);
    if (template) templates.push(template);
    else kept.push(registration);
  }
  // Wrappers of other files (typed analysis): their registrations stay theirs; only calls here count.
  const foreign = foreignTemplates(context, found.nodes.calls);
  templates.push(...foreign);
  if (templates.length === 0) return;
  const seen = new Set<string>();
  for (let depth = 0; templates.length > 0; depth++) {
    const next: Template[] = [];
    const called = new Set<Template>();
    const calls = depth < MAX_WRAPPER_DEPTH ? callsOf(context, found.nodes.calls, templates) : [];
    for (const { call, template } of calls) {
      called.add(template);
      const key = `${call.pos}:${template.base.node.pos}:${template.fn.pos}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // A call in a loop (`for (const def of defs) this.register(server, def)`) is one tool per element.
      for (const frame of loopFrames(context, call)) {
        const fields = instantiate(context, template, call, frame);
        const registration = withSpreadAnnotations(context, template, call, frame, registrationAt(context, template.base, call, fields));
        const fn = outerFunction(fields);
        if (fn) next.push({ base: template.base, fn, fields: onlyFrom(fn, fields), fallback: registration });
        else kept.push(registration);
      }
    }
    for (const template of templates) {
      if (called.has(template) || foreign.includes(template)) continue;
      // Typed: a register function a factory returns is called through the factory's result in other files,
      // where each call is read (and reported when unreadable); its own registration is only a template.
      if (context.foreignRegistrations && template.fields.name.kind === "slot" && isReturnedFunction(context, template.fn)) continue;
      // Typed: a wrapper the program calls from other files registers a tool at each of those calls (read there).
      if (context.foreignRegistrations && template.fields.name.kind === "slot" && calledElsewhere(context, template.fn)) continue;
      if (template.fields.input.kind !== "slot") kept.push(template.fallback);
      // Untyped, a wrapper's callers in other files are not followed: its tool would vanish without a word.
      else if (!context.foreignRegistrations) reportUnread(context, { node: template.fallback.node, framework: template.base.framework, api: template.fallback.api, reason: slotReason(context, template.fields.input.slot), toolName: template.fallback.toolName });
    }
    templates = next;
  }
  found.registrations = kept;
}

/** Whether the program calls `fn` from a file other than its own (typed: the files that import it). */
function calledElsewhere(context: FinderContext, fn: FunctionWithBody): boolean {
  const { t, evaluator } = context;
  const own = fn.getSourceFile();
  const { sites } = callSitesOf(evaluator, fn, (file) => callerFiles(t, context.checker, file).filter((caller) => caller !== own));
  return sites.length > 0;
}

/**
 * Templates of wrappers written in other files that this file calls: under typed analysis a call's callee
 * resolves into the other file, whose registrations (before its own expansion) say which parameters
 * reach a registration.
 */
function foreignTemplates(context: FinderContext, calls: readonly ts.CallExpression[]): Template[] {
  const { t, resolver } = context;
  if (!context.foreignRegistrations) return [];
  const templates: Template[] = [];
  const seen = new Set<ts.Node>();
  for (const call of calls) {
    const callee = unwrapExpression(t, call.expression);
    if (!t.isIdentifier(callee) && !t.isPropertyAccessExpression(callee)) continue;
    const fn = resolver.functionOf(callee) ?? returnedCallee(context, call) ?? (t.isPropertyAccessExpression(callee) ? parameterMember(context, callee) : undefined);
    if (!fn || seen.has(fn)) continue;
    seen.add(fn);
    for (const registration of registrationsWithin(context, fn)) {
      // Only a wrapper called directly from here is followed into another file, not wrappers of wrappers there.
      const template = templateOf(context, registration);
      if (template) templates.push(template);
    }
  }
  return templates;
}

function templateOf(context: FinderContext, registration: ToolRegistration): Template | undefined {
  const { t } = context;
  if (!t.isCallExpression(registration.node) && !t.isNewExpression(registration.node)) return undefined;
  const written: Record<FieldName, Value | undefined> = {
    name: nameExpressionOf(context, registration),
    input: registration.input?.expression,
    handler: registration.handler,
    annotations: registration.annotations,
  };
  const fields = {} as Record<FieldName, Field>;
  for (const field of FIELDS) {
    const value = written[field];
    const slot = value && !t.isMethodDeclaration(value) && !t.isFunctionDeclaration(value) ? slotOf(context, value) : undefined;
    fields[field] = slot ? { kind: "slot", slot } : { kind: "value", value };
  }
  const fn = outerFunction(fields);
  return fn ? { base: registration, fn, fields: onlyFrom(fn, fields), fallback: registration } : undefined;
}

/** `the input is the parameter "schema" of accountTool, …`: why a template's input is not read. */
function slotReason(context: FinderContext, slot: Slot): string {
  const parameter = slot.fn.parameters[slot.index];
  const fn = callableName(context, slot.fn) ?? "an anonymous function";
  const written = parameter && context.t.isIdentifier(parameter.name) ? `the parameter "${parameter.name.text}"` : `parameter ${slot.index + 1}`;
  const path = slot.path.length > 0 ? `"${slot.path.join(".")}" of ${written}` : written;
  return `the input is ${path} of ${fn}, which no call in this file reaches (only typed linting follows other files)`;
}

/** The expression that names the tool, as the registration writes it. */
export function nameExpressionOf(context: Pick<FinderContext, "t">, registration: ToolRegistration): ts.Expression | undefined {
  const { t } = context;
  const node = registration.nameNode;
  if (node) {
    if (t.isPropertyAssignment(node)) return node.initializer;
    if (t.isShorthandPropertyAssignment(node)) return node.name;
    return t.isIdentifier(node) || t.isStringLiteralLike(node) || t.isPropertyAccessExpression(node) ? node : undefined;
  }
  const property = registration.options && findProperty(t, registration.options, "name");
  if (property) return propertyValue(t, property);
  const call = registration.node;
  return t.isCallExpression(call) && (registration.api === "tool" || registration.api === "registerTool" || registration.api === "registerToolTask") ? call.arguments[0] : undefined;
}

/** The wrapper a template's fields come from: the function of its first parameter slot. */
function outerFunction(fields: Record<FieldName, Field>): FunctionWithBody | undefined {
  for (const field of FIELDS) {
    const value = fields[field];
    if (value.kind === "slot") return value.slot.fn;
  }
  return undefined;
}

/** Slots of another function (a closure's outer parameters) cannot be filled at this wrapper's call: opaque. */
function onlyFrom(fn: FunctionWithBody, fields: Record<FieldName, Field>): Record<FieldName, Field> {
  const result = { ...fields };
  for (const field of FIELDS) {
    const value = fields[field];
    if (value.kind === "slot" && value.slot.fn !== fn) result[field] = { kind: "value", value: value.slot.written };
  }
  return result;
}

/**
 * `schema`, `def.schema`, or a destructured `{ schema }`, where the name is a parameter of a function
 * that can be called by name. Loop variables and iteration callbacks are elements, not wrappers.
 */
function slotOf(context: FinderContext, expression: ts.Expression): Slot | undefined {
  const { t, resolver } = context;
  let expr = resolver.followConsts(expression);
  const path: string[] = [];
  while (t.isPropertyAccessExpression(expr) && path.length < MAX_PATH) {
    path.unshift(expr.name.text);
    expr = resolver.followConsts(expr.expression);
  }
  if (!t.isIdentifier(expr)) return undefined;
  const declaration = resolver.declarationOf(expr);
  if (!declaration) return undefined;
  let parameter: ts.ParameterDeclaration | undefined;
  let propertyDefault: ts.Expression | undefined;
  if (t.isParameter(declaration) && t.isIdentifier(declaration.name)) {
    parameter = declaration;
  } else if (t.isBindingElement(declaration) && t.isObjectBindingPattern(declaration.parent) && t.isParameter(declaration.parent.parent) && !declaration.dotDotDotToken) {
    const key = declaration.propertyName ? propertyNameText(t, declaration.propertyName) : t.isIdentifier(declaration.name) ? declaration.name.text : undefined;
    if (key === undefined) return undefined;
    parameter = declaration.parent.parent;
    path.unshift(key);
    if (path.length === 1) propertyDefault = declaration.initializer;
  }
  if (!parameter || parameter.dotDotDotToken || (!callableName(context, parameter.parent) && !isReturnedFunction(context, parameter.parent))) return undefined;
  const fn = parameter.parent as FunctionWithBody;
  return { fn, index: fn.parameters.indexOf(parameter), path, written: expression, propertyDefault };
}

/** Calls of the templates' wrappers among the file's calls: a name test first, then the resolver decides. */
function callsOf(context: FinderContext, calls: readonly ts.CallExpression[], templates: readonly Template[]): { call: ts.CallExpression; template: Template }[] {
  const { t } = context;
  const byName = new Map<string, Template[]>();
  for (const template of templates) {
    const name = callableName(context, template.fn);
    if (name === undefined) continue;
    const list = byName.get(name);
    if (list) list.push(template);
    else byName.set(name, [template]);
  }
  // Functions returned by factories have no name: their calls are those whose callee evaluates to them.
  const returned = templates.filter((template) => isReturnedFunction(context, template.fn));
  const result: { call: ts.CallExpression; template: Template }[] = [];
  for (const call of calls) {
    const name = calleeName(t, call);
    const candidates = (name === undefined ? undefined : byName.get(name)) ?? byName.get(importedName(context, call) ?? "");
    if (!candidates) {
      const fn = returned.length > 0 ? returnedCallee(context, call) : undefined;
      for (const template of returned) if (fn === template.fn && !containsNode(fn, call)) result.push({ call, template });
      continue;
    }
    const callee = calledFunction(context, call);
    if (!callee) continue;
    for (const template of candidates) {
      // A wrapper that calls itself defines no new tool.
      if (template.fn === callee && !containsNode(callee, call)) result.push({ call, template });
    }
  }
  return result;
}

function instantiate(context: FinderContext, template: Template, call: ts.CallExpression, frame: Env): Record<FieldName, Field> {
  const fields = {} as Record<FieldName, Field>;
  let callFrame: Env | undefined;
  for (const field of FIELDS) {
    const value = template.fields[field];
    if (value.kind === "slot") fields[field] = fill(context, value.slot, call, frame);
    else if (value.value && !value.env && containsNode(template.fn, value.value)) {
      // Written in the wrapper from its parameters (`z.strictObject(shape)`): read with this call's arguments.
      callFrame ??= callFrameOf(context, template.fn, call, frame);
      fields[field] = callFrame ? { ...value, env: callFrame } : value;
    } else fields[field] = value;
  }
  return fields;
}

/** The wrapper's parameters bound to what `call` passes, read in `frame`; undefined when an argument is spread. */
function callFrameOf(context: FinderContext, fn: FunctionWithBody, call: ts.CallExpression, frame: Env): Env | undefined {
  const { t, evaluator } = context;
  if (call.arguments.some((arg) => t.isSpreadElement(arg))) return undefined;
  return frame.bind(evaluator.bindParameters(fn, call.arguments.map((arg) => evaluator.values(arg, frame)), frame));
}

/** What a call passes for a slot: a value, nothing, the slot's own expression (opaque), or a slot of the caller. */
function fill(context: FinderContext, slot: Slot, call: ts.CallExpression, frame: Env): Field {
  const { t, resolver } = context;
  const opaque: Field = { kind: "value", value: slot.written };
  const parameter = slot.fn.parameters[slot.index];
  const args = call.arguments;
  if (!parameter || args.slice(0, slot.index + 1).some((arg) => t.isSpreadElement(arg))) return opaque;
  let value: Value | undefined = args[slot.index] ?? parameter.initializer;
  if (!value) return { kind: "value", value: undefined };
  // What the call passes is a loop element bound in this frame: read through the evaluator.
  if (frame !== ROOT_ENV && boundIn(context, value, frame)) return evaluatedPath(context, value, slot.path, frame) ?? opaque;
  for (let step = 0; step < slot.path.length; step++) {
    if (t.isMethodDeclaration(value) || t.isFunctionDeclaration(value)) return opaque;
    const outer = slotOf(context, value);
    if (outer) return { kind: "slot", slot: { ...outer, path: [...outer.path, ...slot.path.slice(step)], written: slot.written, propertyDefault: slot.propertyDefault } };
    const literal = resolver.objectLiteralOf(value);
    const key = slot.path[step];
    const property = literal && findProperty(t, literal, key);
    if (!literal) return evaluatedPath(context, value, slot.path.slice(step)) ?? opaque;
    if (!property) {
      // `{ ...def }` passes the caller's parameter on; another spread or a computed key may hold anything.
      const spread = literal.properties.length === 1 ? literal.properties[0] : undefined;
      const passed = spread && t.isSpreadAssignment(spread) ? slotOf(context, spread.expression) : undefined;
      if (passed) return { kind: "slot", slot: { ...passed, path: [...passed.path, ...slot.path.slice(step)], written: slot.written, propertyDefault: slot.propertyDefault } };
      if (literal.properties.some((p) => t.isSpreadAssignment(p) || (p.name !== undefined && t.isComputedPropertyName(p.name)))) return opaque;
      const fallback = step === slot.path.length - 1 ? slot.propertyDefault : undefined;
      return { kind: "value", value: fallback, missingIn: fallback ? undefined : { literal, key } };
    }
    value = t.isMethodDeclaration(property) ? property : propertyValue(t, property);
    if (!value) return opaque;
  }
  if (!t.isMethodDeclaration(value) && !t.isFunctionDeclaration(value)) {
    const outer = slotOf(context, value);
    if (outer) return { kind: "slot", slot: { ...outer, written: slot.written } };
  }
  return { kind: "value", value };
}

function registrationAt(context: FinderContext, base: ToolRegistration, call: ts.CallExpression, fields: Record<FieldName, Field>): ToolRegistration {
  const { t } = context;
  const valueOf = (field: FieldName): Value | undefined => {
    const value = fields[field];
    return value.kind === "value" ? value.value : value.slot.written;
  };
  const asExpression = (value: Value | undefined): ts.Expression | undefined => (value && !t.isMethodDeclaration(value) && !t.isFunctionDeclaration(value) ? value : undefined);
  const name = asExpression(valueOf("name"));
  const input = asExpression(valueOf("input"));
  const annotations = asExpression(valueOf("annotations"));
  const annotationsField = fields.annotations;
  // Only an options literal written at this call can take the missing property for this one tool.
  const missing = annotationsField.kind === "value" && !annotationsField.value ? annotationsField.missingIn : undefined;
  const missingIn = missing && containsNode(call, missing.literal) ? missing : undefined;
  return {
    framework: base.framework,
    api: "wrapper",
    toolName: nameValue(context, name),
    node: call,
    input: input && base.input ? { expression: input, form: base.input.form, ...(fields.input.kind === "value" && fields.input.env ? { env: fields.input.env } : {}) } : undefined,
    handler: valueOf("handler"),
    annotations,
    // A name written in a definition the call passes (another file's object) is where the tool is named.
    nameNode: name && (containsNode(call, name) || (t.isStringLiteralLike(name) && !containsNode(base.node, name))) ? name : call.expression,
    // fastmcp calls `execute(args, context)` even without parameters.
    handlerParameters: base.handlerParameters ?? (base.api === "addTool" ? { input: 0, context: 1 } : undefined),
    ambiguous: base.ambiguous,
    errorFunction: base.errorFunction,
    annotationsContainer: missingIn && { literal: missingIn.literal, wrap: (text) => `${missingIn.key}: ${text}` },
    wraps: base,
  };
}

/** A call of a function some factory returned (`const tool = createRegisterTool(server); tool(def)`). */
function returnedCallee(context: FinderContext, call: ts.CallExpression): FunctionWithBody | undefined {
  const { t } = context;
  const callee = unwrapExpression(t, call.expression);
  if (!t.isIdentifier(callee)) return undefined;
  // A global (`String(x)`) or a package's function returns nothing the analysis can read: not worth evaluating.
  if (!context.resolver.declarationOf(callee) || context.resolver.resolve(callee).kind === "import") return undefined;
  const fn = evaluatedCallee(context, call);
  return fn && isReturnedFunction(context, fn) ? (fn as FunctionWithBody) : undefined;
}

/**
 * `def.name` where `def` is what the call passes and syntax cannot read it (a definition imported from
 * another file, a factory's result): the member the evaluator finds, where it is written. Undefined when
 * it cannot tell; a value certainly without the member gives an absent field.
 */
function evaluatedPath(context: FinderContext, value: ts.Expression, path: readonly string[], env: Env = ROOT_ENV): Field | undefined {
  const { t, evaluator } = context;
  let values = evaluator.values(value, env);
  for (const key of path) values = evaluator.member(values, key, value, env);
  if (values.length === 0) return { kind: "value", value: undefined };
  const [only] = values;
  if (values.length !== 1 || !only || only.kind === "unknown" || only.kind === "record") return undefined;
  const node = only.via ?? only.node;
  if (!t.isExpression(node) || node === value) return undefined;
  const frame = frameOf(only);
  return frame === ROOT_ENV ? { kind: "value", value: node } : { kind: "value", value: node, env: frame };
}

/** Whether the expression's root name is a loop variable or parameter bound in `frame`. */
function boundIn(context: FinderContext, value: Value, frame: Env): boolean {
  const { t, evaluator } = context;
  if (t.isMethodDeclaration(value) || t.isFunctionDeclaration(value)) return false;
  let root = unwrapExpression(t, value);
  while (t.isPropertyAccessExpression(root)) root = unwrapExpression(t, root.expression);
  return t.isIdentifier(root) && evaluator.isBound(root, frame);
}

/**
 * `{ ...(tool.annotations && { annotations: tool.annotations }) }` in the wrapper: hidden where the wrapper
 * is written, readable once its parameters are bound to what this call passes.
 */
function withSpreadAnnotations(context: FinderContext, template: Template, call: ts.CallExpression, frame: Env, registration: ToolRegistration): ToolRegistration {
  const { t, evaluator } = context;
  const options = template.base.options;
  if (!template.base.ambiguous || registration.annotations || !options || call.arguments.some((arg) => t.isSpreadElement(arg))) return registration;
  const bindings = new Map<ts.Node, ReturnType<typeof evaluator.values>>();
  template.fn.parameters.forEach((parameter, index) => {
    const arg = call.arguments[index];
    if (arg) bindings.set(parameter, evaluator.values(arg, frame));
  });
  const calleeFrame = frame.bind(bindings);
  const annotations = optionField(context, options, "annotations", calleeFrame);
  if (annotations) return { ...registration, annotations, ambiguous: false };
  return fieldHidden(context, options, "annotations", calleeFrame) ? registration : { ...registration, ambiguous: false };
}
