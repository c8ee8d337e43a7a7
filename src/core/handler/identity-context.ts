import type * as ts from "typescript";
import type { ObjectProperty, SchemaNode } from "../schema/model.js";
import type { ValueFlow } from "../flow/value-flow.js";
import type { ToolRegistration } from "../registrations/model.js";
import type { Resolver } from "../resolve.js";
import { calleeName, findProperty, propertyNameText, unwrapExpression, walk, type TS } from "../ts-utils.js";
import { nameWords, type IdentityKind } from "./identity-names.js";

/**
 * Names whose meaning depends on what sits around them. A chat message's `role` is `user` or
 * `assistant`; a `team` next to the project it belongs to is a resource; a `scope` is more often the
 * breadth of a search than an OAuth scope; `accountName` selects an account, except where one is made;
 * an `actor` is the thing a tool named after actors works on (`call-actor`), not who calls.
 */

const CHAT_ROLES = new Set(["user", "assistant", "system", "tool", "model", "developer", "function", "ai", "human"]);
/** OAuth-like scope values: `read`, `admin`, `repo:write`, `files.read`. */
const AUTHORITY_VALUE = /^(read|write|admin|owner|openid|offline_access|[\w-]+[:.][\w.:-]+)$/;
const CREATES_ACCOUNT = /create|rename|register|signup|sign_up|new|add|open/i;
/** A credential the tool puts on what it makes: "password to protect the imported site", "the new webhook's secret". */
const SETS_CREDENTIAL = /\b(to protect|protects?|protecting|password[- ]protect\w*|new (password|secret|passphrase)|for the new|of the new|sets? (a|the) (password|secret))\b/i;

/** The string values of an enum or literal schema, read from where it is written; undefined when not one. */
export function enumValues(t: TS, schema: SchemaNode): string[] | undefined {
  if (schema.kind !== "leaf" || !schema.enumerated) return undefined;
  let values: string[] | undefined;
  const collect = (list: ts.Node): string[] => {
    const found: string[] = [];
    walk(list, (node) => {
      if (t.isStringLiteralLike(node)) found.push(node.text);
      return !t.isCallExpression(node) || node === list;
    });
    return found;
  };
  // A zod factory's site is its name (`enum` of `z.enum([...])`): the call is a few parents up.
  for (let current: ts.Node | undefined = schema.site, steps = 0; current && steps < 4; current = current.parent, steps++) {
    if (t.isCallExpression(current) && ["enum", "literal"].includes(calleeName(t, current) ?? "") && current.arguments[0]) return collect(current.arguments[0]);
  }
  walk(schema.site, (node) => {
    if (values) return false;
    if (t.isCallExpression(node) && ["enum", "literal"].includes(calleeName(t, node) ?? "") && node.arguments[0]) values = collect(node.arguments[0]);
    else if (t.isPropertyAssignment(node) && ["enum", "const"].includes(propertyNameText(t, node.name) ?? "")) values = collect(node.initializer);
    return true;
  });
  return values;
}

/** Whether a schema field that matched an identity name is identity where it stands. */
export function isIdentityInSchema(t: TS, kind: IdentityKind, property: ObjectProperty, siblings: readonly ObjectProperty[], registration: ToolRegistration): boolean {
  const words = nameWords(property.name);
  const values = enumValues(t, property.schema);
  const has = (test: (words: string) => boolean): boolean => siblings.some((sibling) => sibling !== property && test(nameWords(sibling.name)));
  if (kind === "authority" && (words === "role" || words === "roles")) {
    // `{ role, content }`: a chat message. `z.enum(["user", "assistant"])`: a speaker, not a grant.
    if (has((sibling) => sibling === "content")) return false;
    if (values && values.length > 0 && values.every((value) => CHAT_ROLES.has(value.toLowerCase()))) return false;
    return true;
  }
  if (kind === "authority" && words === "scope") return values !== undefined && values.some((value) => AUTHORITY_VALUE.test(value));
  if (kind === "identity" && /^team( id| name| slug| key)?$/.test(words)) return !has((sibling) => sibling.startsWith("project"));
  if (kind === "identity" && words === "account name") return !CREATES_ACCOUNT.test(registration.toolName ?? "");
  // `call-actor({ actor })`, `get-actor-details`: the actor is what the tool works on (an Apify Actor, a program), not who calls.
  if (kind === "identity" && (words === "actor" || words === "actor id")) return !/(^| )actors?( |$)/.test(nameWords(registration.toolName ?? ""));
  if (kind === "credential") return !SETS_CREDENTIAL.test(fieldDescription(t, property) ?? "");
  return true;
}

/** The description written on a field: zod's `.describe("…")` in its chain, or JSON Schema's `description`. */
export function fieldDescription(t: TS, property: ObjectProperty): string | undefined {
  const assignment = property.keyNode?.parent;
  if (!assignment || !t.isPropertyAssignment(assignment)) return undefined;
  let value: ts.Node = unwrapExpression(t, assignment.initializer);
  if (t.isObjectLiteralExpression(value)) {
    const description = findProperty(t, value, "description");
    return description && t.isPropertyAssignment(description) && t.isStringLiteralLike(description.initializer) ? description.initializer.text : undefined;
  }
  // z.string().describe("…").optional(): the chain's calls, outermost first.
  while (t.isCallExpression(value) && t.isPropertyAccessExpression(value.expression)) {
    const text = value.arguments[0];
    if (value.expression.name.text === "describe" && text && t.isStringLiteralLike(text)) return text.text;
    value = value.expression.expression;
  }
  return undefined;
}

/** Whether a field read in a handler that matched an identity name is identity, given the other fields read. */
export function isIdentityRead(kind: IdentityKind, field: string, otherFields: readonly string[]): boolean {
  const words = nameWords(field);
  // A `scope` read without a schema carries no values to tell an OAuth scope from a search breadth.
  if (kind === "authority" && words === "scope") return false;
  if (kind === "identity" && /^team( id| name| slug| key)?$/.test(words)) return !otherFields.some((other) => nameWords(other).startsWith("project"));
  return true;
}

/** A field that a registration wrapper adds to every tool's schema: `schema.extend({ account_id })`, `{ ...shape, orgId }`. */
export interface WrapperField {
  name: string;
  keyNode: ts.Node;
  /** The function that wraps the registration. */
  wrapper: string;
  registration: ToolRegistration;
}

const EXTENDERS = new Set(["extend", "safeExtend", "augment"]);

/**
 * Fields written into the input of a registration inside a function, next to a schema or shape that
 * comes from the function's parameters: the function adds them to every tool it registers.
 */
export function wrapperAddedFields(t: TS, flow: ValueFlow, resolver: Resolver, registrations: readonly ToolRegistration[]): WrapperField[] {
  const fields: WrapperField[] = [];
  const seen = new Set<ts.Node>();
  for (const registration of registrations) {
    const input = registration.input?.expression;
    const fn = input && enclosingFunction(t, input);
    // Only a value from one of the function's parameters makes a field "added to every tool".
    if (!input || !fn || fn.parameters.length === 0) continue;
    const fromParameter = (expression: ts.Expression): boolean => flow.flowsInto(expression).some((candidate) => t.isParameter(candidate.source) && candidate.source.parent === fn);
    const addAll = (literal: ts.ObjectLiteralExpression): void => {
      for (const property of literal.properties) {
        if (t.isSpreadAssignment(property) || !property.name || seen.has(property.name)) continue;
        const name = propertyNameText(t, property.name);
        if (name === undefined) continue;
        seen.add(property.name);
        fields.push({ name, keyNode: property.name, wrapper: functionName(t, fn), registration });
      }
    };
    const root = followLocal(t, resolver, input);
    walk(root, (node) => {
      if (t.isCallExpression(node) && EXTENDERS.has(calleeName(t, node) ?? "") && t.isPropertyAccessExpression(node.expression)) {
        const shape = node.arguments[0] && unwrapExpression(t, node.arguments[0]);
        if (shape && t.isObjectLiteralExpression(shape) && fromParameter(node.expression.expression)) addAll(shape);
      } else if (t.isObjectLiteralExpression(node) && node.properties.some((property) => t.isSpreadAssignment(property) && fromParameter(property.expression))) {
        addAll(node);
      }
      return !t.isFunctionLike(node);
    });
  }
  return fields;
}

/** `const full = schema.extend(...)` written just before the registration: the initializer. */
function followLocal(t: TS, resolver: Resolver, expression: ts.Expression): ts.Node {
  const inner = unwrapExpression(t, expression);
  if (!t.isIdentifier(inner)) return inner;
  const declaration = resolver.declarationOf(inner);
  return declaration && t.isVariableDeclaration(declaration) && declaration.initializer ? declaration.initializer : inner;
}

type FunctionLike = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction | ts.MethodDeclaration;

function enclosingFunction(t: TS, node: ts.Node): FunctionLike | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (t.isFunctionDeclaration(current) || t.isFunctionExpression(current) || t.isArrowFunction(current) || t.isMethodDeclaration(current)) return current;
  }
  return undefined;
}

function functionName(t: TS, fn: FunctionLike): string {
  if ((t.isFunctionDeclaration(fn) || t.isMethodDeclaration(fn) || t.isFunctionExpression(fn)) && fn.name && t.isIdentifier(fn.name)) return fn.name.text;
  const parent = fn.parent;
  if (t.isVariableDeclaration(parent) && t.isIdentifier(parent.name)) return parent.name.text;
  if (t.isPropertyAssignment(parent)) return propertyNameText(t, parent.name) ?? "the wrapper";
  return "the wrapper";
}
