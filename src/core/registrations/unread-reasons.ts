import type * as ts from "typescript";
import type { Resolver } from "../resolve.js";
import { propertyNameText, unwrapExpression, type TS } from "../ts-utils.js";

/**
 * Why a value the analysis found cannot be read, in words a user understands: the expression as written,
 * what it is (a call's result, a parameter, an import it cannot follow) and, where known, where it comes
 * from. `describeValue(…, "the input")` gives `the input comes from getTools() from "./tools.js", which the
 * analysis cannot follow without type information`.
 */

/** How many `a.b` links or `await`s are described; past this, the expression is named as it is. */
const MAX_DEPTH = 3;
/** The longest piece of source quoted in a reason; longer ones are shortened with "…". */
const MAX_QUOTE = 40;

export function describeValue(t: TS, resolver: Resolver, expression: ts.Expression, subject: string, from: ts.Node = expression): string {
  const said = predicate(t, resolver, expression, 0, from);
  // "the annotations are …", "the input is …"
  return `${subject} ${/annotations$/.test(subject) ? said.replace(/^is /, "are ").replace(/^comes /, "come ").replace(/^spreads /, "spread ") : said}`;
}

/** `register-tool.ts:32`: the file's name and the line, short enough for a message. */
export function placeOf(node: ts.Node): string {
  const file = node.getSourceFile();
  const name = file.fileName.split(/[\\/]/).pop() ?? file.fileName;
  return `${name}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
}

/** ` (register-tool.ts:32)` where `node` is written on another line or in another file than `from`, else "". */
function placeAside(node: ts.Node, from: ts.Node): string {
  const file = node.getSourceFile();
  const line = (at: ts.Node): number => at.getSourceFile().getLineAndCharacterOfPosition(at.getStart(at.getSourceFile())).line;
  return file === from.getSourceFile() && line(node) === line(from) ? "" : ` (${placeOf(node)})`;
}

/** `getTools()`, `defs.search`, `{ ...base }`: the expression quoted short, calls without their arguments. */
export function quote(t: TS, node: ts.Node): string {
  const expr = t.isExpression(node) ? unwrapExpression(t, node) : node;
  let text: string;
  if (t.isCallExpression(expr)) text = `${quote(t, expr.expression)}()`;
  else if (t.isNewExpression(expr)) text = `new ${quote(t, expr.expression)}()`;
  else if (t.isAwaitExpression(expr)) text = `await ${quote(t, expr.expression)}`;
  else text = expr.getText().replace(/\s+/g, " ");
  return text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE - 1)}…` : text;
}

/**
 * What an expression is, where the analysis stops reading it, with the place of the value that stops it when
 * that is written away from `from` (the registration): a const's value, a parameter of the helper the value
 * comes through, a variable.
 */
function predicate(t: TS, resolver: Resolver, expression: ts.Expression, depth: number, from: ts.Node): string {
  const expr = resolver.followConsts(expression);
  const text = quote(t, expr);
  // The place of a value read through a const, or written in another file; a parameter or variable gives its own.
  const place = depth === 0 && (expr !== expression || expr.getSourceFile() !== from.getSourceFile()) ? placeAside(expr, from) : "";
  if (depth < MAX_DEPTH && t.isAwaitExpression(expr)) return predicate(t, resolver, expr.expression, depth + 1, from);
  if (t.isCallExpression(expr) && depth < MAX_DEPTH && isZodCall(t, resolver, expr) && expr.arguments[0]) {
    // `z.strictObject(shape)`: zod is read; what it is given is not.
    return `is ${text}${place}, whose argument ${predicate(t, resolver, expr.arguments[0], depth + 1, from)}`;
  }
  if (t.isCallExpression(expr) || t.isNewExpression(expr)) return `comes from ${text}${place}${origin(t, resolver, expr.expression)}`;
  if (t.isIdentifier(expr)) return identifierPredicate(t, resolver, expr, from);
  if ((t.isPropertyAccessExpression(expr) || t.isElementAccessExpression(expr)) && depth < MAX_DEPTH) {
    // `tool.metadata.name`: what the chain starts from is what stops it (`where tool is each element of …`).
    let owner = unwrapExpression(t, expr.expression);
    while ((t.isPropertyAccessExpression(owner) || t.isElementAccessExpression(owner)) && unwrapExpression(t, owner.expression).kind !== t.SyntaxKind.ThisKeyword) owner = unwrapExpression(t, owner.expression);
    if (owner.kind === t.SyntaxKind.ThisKeyword) return `is ${text}${place}, a member the analysis cannot read here`;
    const ownerText = quote(t, owner);
    return `is ${text}${place}, where ${ownerText} ${predicate(t, resolver, owner, depth + 1, from)}`;
  }
  if (t.isConditionalExpression(expr)) return `is chosen at run time (${text})${place}`;
  if (t.isBinaryExpression(expr)) {
    const operator = expr.operatorToken.kind;
    const chosen = operator === t.SyntaxKind.BarBarToken || operator === t.SyntaxKind.QuestionQuestionToken || operator === t.SyntaxKind.AmpersandAmpersandToken;
    return `is ${chosen ? "chosen" : "built"} at run time (${text})${place}`;
  }
  if (t.isTemplateExpression(expr)) return `is built at run time (${text})${place}`;
  if (t.isObjectLiteralExpression(expr)) {
    const spread = expr.properties.find((property) => t.isSpreadAssignment(property));
    if (spread) return `spreads ${quote(t, spread)}${depth === 0 ? placeAside(spread, from) : ""}, which the analysis does not read`;
  }
  if (t.isArrayLiteralExpression(expr)) {
    const spread = expr.elements.find((element) => t.isSpreadElement(element));
    if (spread) return `spreads ${quote(t, spread)}${depth === 0 ? placeAside(spread, from) : ""}, which the analysis does not read`;
  }
  return `is ${text}${place}, which the analysis cannot read`;
}

/** `from`: where the reason is read, for the place of a parameter or variable declared in another file. */
function identifierPredicate(t: TS, resolver: Resolver, identifier: ts.Identifier, from: ts.Node): string {
  const name = identifier.text;
  const declaration = resolver.declarationOf(identifier);
  if (!declaration) {
    // Under typed analysis a name declared in another file is an import the resolver could not follow.
    return name === "undefined" ? "is undefined" : `is "${name}", which is not declared in this file`;
  }
  // Declared in another file (a helper's parameter there): where; in this file the function's name says it.
  const place = declaration.getSourceFile() !== from.getSourceFile() ? placeAside(declaration, from) : "";
  const binding = resolver.resolve(identifier);
  if (binding.kind === "import") return `is "${name}"${importOrigin(resolver, binding.module)}`;
  if (binding.kind === "element") return `is each element of ${quote(t, binding.of)}${place}, which the analysis cannot list`;
  if (t.isParameter(declaration)) return `is the parameter "${name}" of ${functionName(t, declaration.parent)}${place}`;
  if (t.isBindingElement(declaration)) {
    let holder: ts.Node = declaration.parent;
    while (t.isBindingElement(holder) || t.isObjectBindingPattern(holder) || t.isArrayBindingPattern(holder)) holder = holder.parent;
    if (t.isParameter(holder)) return `is "${name}", destructured from a parameter of ${functionName(t, holder.parent)}${place}`;
    if (t.isVariableDeclaration(holder) && holder.initializer) return `is "${name}", destructured from ${quote(t, holder.initializer)}${place}`;
    return `is "${name}", a destructured value${place}`;
  }
  if (t.isVariableDeclaration(declaration)) {
    if (!declaration.initializer) return `is the variable "${name}"${place}, declared without a value`;
    return `is the variable "${name}"${place}, which is assigned more than once`;
  }
  return `is "${name}"${place}, which the analysis cannot read`;
}

/**
 * The function, named and callable by that name, whose parameter `expression`'s value is (`config.inputSchema`
 * in `registerDatabaseTool(server, name, config, handler)`): a helper the user can declare in
 * `settings["mcp-guard"].registrations`, whose calls then count as registrations. Undefined for an anonymous
 * function, and for one named like a framework's registration method, whose declaration would also match it.
 */
export function declarableHelper(t: TS, resolver: Resolver, expression: ts.Node): { name: string; fn: ts.SignatureDeclaration } | undefined {
  let expr: ts.Node = expression;
  for (let depth = 0; depth < 8; depth++) {
    if (t.isSpreadAssignment(expr) || t.isSpreadElement(expr)) expr = expr.expression;
    else if (t.isExpression(expr) && unwrapExpression(t, expr) !== expr) expr = unwrapExpression(t, expr);
    else if (t.isPropertyAccessExpression(expr) || t.isElementAccessExpression(expr)) expr = expr.expression;
    // `z.strictObject(shape)`: zod is read, the shape it is given is the helper's.
    else if (t.isCallExpression(expr) && isZodCall(t, resolver, expr) && expr.arguments[0]) expr = expr.arguments[0];
    else break;
  }
  if (!t.isIdentifier(expr)) return undefined;
  const declaration = resolver.declarationOf(expr);
  let holder: ts.Node | undefined = declaration;
  while (holder && (t.isBindingElement(holder) || t.isObjectBindingPattern(holder) || t.isArrayBindingPattern(holder))) holder = holder.parent;
  if (!holder || !t.isParameter(holder)) return undefined;
  const fn = holder.parent;
  const name = t.isFunctionDeclaration(fn) || t.isMethodDeclaration(fn) ? fn.name && propertyNameText(t, fn.name) : fn.parent && t.isVariableDeclaration(fn.parent) && t.isIdentifier(fn.parent.name) ? fn.parent.name.text : undefined;
  if (!name || REGISTRATION_METHOD_NAMES.has(name)) return undefined;
  return { name, fn };
}

/** The frameworks' own registration methods: a declaration of a helper with one of these names would match them too. */
const REGISTRATION_METHOD_NAMES = new Set(["tool", "registerTool", "registerToolTask", "setRequestHandler", "addTool", "addTools"]);

/** ` from "./tools.js", which …`: why an import's value cannot be read. */
function importOrigin(resolver: Resolver, module: string): string {
  if (/^zod(\/|$)/.test(module)) return ` from "${module}", used in a way the analysis does not read`;
  // `@/tools`, `~/tools`, `#tools`: the project's own path aliases, not packages.
  if (!/^(\.|\/|@\/|~\/|#)/.test(module)) return ` from the package "${module}", whose code the analysis does not read`;
  return resolver.typeChecker
    ? ` imported from "${module}", whose value the analysis cannot read`
    : ` imported from "${module}", which only typed linting follows`;
}

/** For a call or `new`: where the callee comes from, and why its result is not read. */
function origin(t: TS, resolver: Resolver, callee: ts.Expression): string {
  let root = unwrapExpression(t, callee);
  while (t.isPropertyAccessExpression(root) || t.isElementAccessExpression(root)) root = unwrapExpression(t, root.expression);
  if (t.isIdentifier(root) && resolver.declarationOf(root)) {
    const binding = resolver.resolve(root);
    if (binding.kind === "import") return importOrigin(resolver, binding.module);
  }
  return ", a call the analysis does not follow";
}

/** A call on zod's namespace (`z.object(…)`, `z.strictObject(…)`). */
function isZodCall(t: TS, resolver: Resolver, call: ts.CallExpression): boolean {
  let root = unwrapExpression(t, call.expression);
  while (t.isPropertyAccessExpression(root)) root = unwrapExpression(t, root.expression);
  if (!t.isIdentifier(root) || !resolver.declarationOf(root)) return false;
  const binding = resolver.resolve(root);
  return binding.kind === "import" && /^zod(\/|$)/.test(binding.module);
}

function functionName(t: TS, fn: ts.Node): string {
  if ((t.isFunctionDeclaration(fn) || t.isMethodDeclaration(fn) || t.isFunctionExpression(fn)) && fn.name) {
    const name = propertyNameText(t, fn.name);
    if (name !== undefined) return name;
  }
  if (t.isConstructorDeclaration(fn)) return "the constructor";
  const holder = fn.parent;
  if (holder && t.isVariableDeclaration(holder) && t.isIdentifier(holder.name)) return holder.name.text;
  if (holder && (t.isPropertyAssignment(holder) || t.isPropertyDeclaration(holder))) {
    const name = propertyNameText(t, holder.name);
    if (name !== undefined) return name;
  }
  if (holder && t.isCallExpression(holder)) return `the callback of ${quote(t, holder)}`;
  return "an anonymous function";
}
