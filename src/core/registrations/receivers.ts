import type * as ts from "typescript";
import { isProgramSource } from "../resolve.js";
import { unwrapExpression, type TS } from "../ts-utils.js";
import type { FinderContext } from "./context.js";
import { SERVER_CLASS_NAMES, importedFrameworks } from "./frameworks.js";
import type { Framework } from "./model.js";
import { fileTypeDeclaration, typeLiteralMembers, writtenMember, writtenTypeOf } from "./written-types.js";
import { getOrCreate } from "../memo.js";

// Which calls are registrations, by their receiver: the method a call resolves to (typed), the receiver's
// class, and the file's imports (untyped).

/** Which framework's semantics apply to this call, or undefined when it is not an MCP registration. */
export function frameworkForReceiver(context: FinderContext, call: ts.CallExpression, method: string): Framework | undefined {
  const { t, checker, frameworks } = context;
  const callee = unwrapExpression(t, call.expression) as ts.PropertyAccessExpression;
  // With a checker, a call is a registration by what it calls, whatever the receiver's declared type:
  // a subclass of McpServer, `this.registerTool` inside one, another server class of the framework.
  const called = checker ? calledFramework(context, checker, call) : undefined;
  if (called === "project") return frameworks.has("mcp-sdk-v2") ? "mcp-sdk-v2" : "mcp-sdk-v1";
  if (called) {
    if (method === "addTool" || method === "addTools") return called === "fastmcp" ? "fastmcp" : undefined;
    if (method === "tool") return called === "mcp-sdk-v1" || called === "cloudflare-agents" ? called : undefined;
    return frameworks.has("cloudflare-agents") && called === "mcp-sdk-v1" ? "cloudflare-agents" : called;
  }
  const typed = checker ? receiverClass(context, checker, callee.expression) : undefined;
  if (typed === "other") return undefined;
  if (typed === undefined && declaredHereWithMember(context, callee)) return undefined;
  if (frameworks.size === 0 && typed === undefined) return undefined;
  if (method === "addTool" || method === "addTools") return frameworks.has("fastmcp") || typed === "FastMCP" ? "fastmcp" : undefined;
  // Cloudflare's McpAgent and createMcpHandler serve an SDK v1 McpServer.
  if (frameworks.has("cloudflare-agents")) return "cloudflare-agents";
  if (method === "tool") return frameworks.has("mcp-sdk-v1") || typed === "McpServer" ? "mcp-sdk-v1" : undefined;
  if (frameworks.has("mcp-sdk-v1")) return "mcp-sdk-v1";
  if (frameworks.has("mcp-sdk-v2")) return "mcp-sdk-v2";
  return typed ? "mcp-sdk-v1" : undefined;
}

/**
 * The framework whose own declaration files declare the method a call resolves to; "project" for a
 * method of a project interface or type named like a registration (an injected `ctx.registerTool`),
 * whose implementation registers what it is given; undefined when the call is something else.
 */
export function calledFramework(context: FinderContext, checker: ts.TypeChecker, call: ts.CallExpression): Framework | "project" | undefined {
  const { t } = context;
  const callee = unwrapExpression(t, call.expression);
  if (!t.isPropertyAccessExpression(callee)) return undefined;
  // A file registers tens of tools on one `server`: for a receiver whose class cannot narrow, each method is asked once.
  const fixed = fixedReceiver(context, checker, callee.expression);
  const method = callee.name.text;
  if (!fixed) {
    // `server.server.setRequestHandler`: a member of a fixed receiver's class, declared as another class.
    const cls = memberClass(context, checker, callee.expression);
    return cls ? frameworkOfDeclaration(context, checker, memberDeclaration(t, checker, cls, method)) : calledFrameworkOf(context, checker, callee);
  }
  if (fixed.calls.has(method)) return fixed.calls.get(method);
  const answer = fixed.cls ? frameworkOfDeclaration(context, checker, memberDeclaration(t, checker, fixed.cls, method)) : calledFrameworkOf(context, checker, callee);
  fixed.calls.set(method, answer);
  return answer;
}

function calledFrameworkOf(context: FinderContext, checker: ts.TypeChecker, callee: ts.PropertyAccessExpression): Framework | "project" | undefined {
  const { t } = context;
  // `tool.tool(…)` of a parameter typed with this file's own generic tool type: the member as written. The checker
  // would resolve the member on the instantiated type, zod's shapes and all.
  const written = writtenMemberOf(context, callee);
  if (written) return frameworkOfDeclaration(context, checker, written);
  // The method's symbol, not the resolved signature: resolving the overload would check the arguments
  // (zod schemas' types), which costs more than the rest of the analysis.
  let declaration: ts.Declaration | undefined;
  try {
    let symbol = checker.getSymbolAtLocation(callee.name);
    if (symbol && symbol.flags & t.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    declaration = symbol?.declarations?.[0];
  } catch {
    return undefined;
  }
  return frameworkOfDeclaration(context, checker, declaration);
}

/** The member a call's receiver declares by its written type: a parameter or const typed with a type of its own file. */
function writtenMemberOf(context: FinderContext, callee: ts.PropertyAccessExpression): ts.TypeElement | undefined {
  const type = writtenTypeOf(context.t, context.resolver, callee.expression);
  return type ? writtenMember(context.t, type.getSourceFile(), type, callee.name.text) : undefined;
}

/** The framework whose declaration files declare a method, or "project" for a project's registration-like member. */
function frameworkOfDeclaration(context: FinderContext, checker: ts.TypeChecker, declaration: ts.Declaration | undefined): Framework | "project" | undefined {
  const { t } = context;
  if (!declaration) return undefined;
  const file = declaration.getSourceFile();
  const path = file.fileName.replace(/\\/g, "/");
  const inPackage = (name: string): boolean => path.includes(`/node_modules/${name}/`);
  if (inPackage("@modelcontextprotocol/sdk")) return "mcp-sdk-v1";
  if (/\/node_modules\/@modelcontextprotocol\//.test(path) || inPackage("mcp-handler")) return "mcp-sdk-v2";
  if (inPackage("fastmcp")) return "fastmcp";
  if (inPackage("agents")) return "cloudflare-agents";
  // `registerTool(…): void` or `registerTool: (…) => void` of a project interface that imports an MCP framework.
  const member = t.isFunctionTypeNode(declaration) ? declaration.parent : declaration;
  if (isProgramSource(file) && (t.isMethodSignature(member) || t.isPropertySignature(member)) && takesATool(context, checker, declaration)) {
    const imported = importedFrameworks(t, file);
    if (imported.has("mcp-sdk-v1") || imported.has("mcp-sdk-v2") || imported.has("fastmcp")) return "project";
  }
  return undefined;
}

/**
 * Whether a project member named like a registration takes a tool: a name (`registerTool(name: string, …)`)
 * or a definition with a `name`. A tool definition's own `tool: (client, args, ctx) => …` handler, called
 * `tool.tool(sdk, args, ctx)`, registers nothing.
 */
function takesATool(context: FinderContext, checker: ts.TypeChecker, declaration: ts.Declaration): boolean {
  const { t } = context;
  const signature = t.isMethodSignature(declaration) || t.isFunctionTypeNode(declaration) ? declaration : t.isPropertySignature(declaration) && declaration.type && t.isFunctionTypeNode(declaration.type) ? declaration.type : undefined;
  const [first] = signature?.parameters ?? [];
  if (!first) return signature === undefined;
  try {
    const type = checker.getTypeAtLocation(first);
    if (type.flags & (t.TypeFlags.Any | t.TypeFlags.Unknown | t.TypeFlags.StringLike | t.TypeFlags.TypeParameter)) return true;
    if (type.isUnion()) return type.types.some((member) => (member.flags & t.TypeFlags.StringLike) !== 0 || member.getProperty("name") !== undefined);
    return type.getProperty("name") !== undefined;
  } catch {
    return true;
  }
}

/**
 * When types do not tell: `tool.tool(sdk, args, ctx)` where `tool` is declared with an interface or type of this
 * file that declares the member itself (a generated tool definition's own `tool` handler), not a server.
 */
function declaredHereWithMember(context: FinderContext, callee: ts.PropertyAccessExpression): boolean {
  const { t } = context;
  const type = writtenTypeOf(t, context.resolver, callee.expression);
  if (!type || !t.isTypeReferenceNode(type) || !t.isIdentifier(type.typeName)) return false;
  const declared = fileTypeDeclaration(t, context.sourceFile, type.typeName.text);
  const members = !declared ? [] : t.isInterfaceDeclaration(declared) ? [...declared.members] : typeLiteralMembers(t, declared.type);
  return members.some((member) => member.name !== undefined && t.isIdentifier(member.name) && member.name.text === callee.name.text);
}

/**
 * The receiver's class (see receiverClassName). A file registers tens of tools on one `server`: when it is
 * a const or a parameter whose declared type is not a union, narrowing cannot change its class, so the
 * checker is asked once, at the declaration.
 */
function receiverClass(context: FinderContext, checker: ts.TypeChecker, receiver: ts.Expression): string | undefined {
  const fixed = fixedReceiver(context, checker, receiver);
  if (!fixed) return receiverClassName(context.t, checker, receiver);
  if (!fixed.classKnown) {
    const constructed = fixed.cls?.getName();
    fixed.className = constructed ? (SERVER_CLASS_NAMES.has(constructed) ? constructed : "other") : receiverClassName(context.t, checker, fixed.name);
    fixed.classKnown = true;
  }
  return fixed.className;
}

/** What is known of a receiver whose class cannot narrow, asked once per declaration and checker. */
interface FixedReceiver {
  name: ts.Identifier;
  /** The class it is declared as or made by (`server: McpServer`, `= new McpServer(…)`), read without inferring a call. */
  cls: ts.Symbol | undefined;
  classKnown: boolean;
  className: string | undefined;
  /** Per method called on it: the framework that declares the method (see calledFramework). */
  calls: Map<string, Framework | "project" | undefined>;
}

/** Per checker and class: the class each member is declared as (`readonly server: Server`), or null. */
const memberClassesByChecker = new WeakMap<ts.TypeChecker, Map<ts.Symbol, Map<string, ts.Symbol | null>>>();

/**
 * `x.member` or `this.member`, where `x` is a fixed receiver of a known class (or `this` is in a class) and
 * the member is declared with a class type: that class, read off the declarations. Asking the checker for the
 * type of `this.server` instead instantiates the SDK's generic Protocol (half a second on actors-mcp-server).
 */
function memberClass(context: FinderContext, checker: ts.TypeChecker, receiver: ts.Expression): ts.Symbol | undefined {
  const { t } = context;
  const expr = unwrapExpression(t, receiver);
  if (!t.isPropertyAccessExpression(expr) || !t.isIdentifier(expr.name)) return undefined;
  const owner = expr.expression.kind === t.SyntaxKind.ThisKeyword ? classOfThis(t, checker, expr.expression) : fixedReceiver(context, checker, expr.expression)?.cls;
  if (!owner) return undefined;
  const members = getOrCreate(getOrCreate(memberClassesByChecker, checker, () => new Map()), owner, () => new Map());
  const name = expr.name.text;
  let cls = members.get(name);
  if (cls === undefined) {
    cls = declaredClass(t, checker, memberDeclaration(t, checker, owner, name)) ?? null;
    members.set(name, cls);
  }
  return cls ?? undefined;
}

/** The class whose instance `this` is: the enclosing class of an instance member, through arrow functions. */
function classOfThis(t: TS, checker: ts.TypeChecker, node: ts.Node): ts.Symbol | undefined {
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
    if (t.isFunctionDeclaration(current) || t.isFunctionExpression(current)) return undefined;
    if (t.isClassStaticBlockDeclaration(current)) return undefined;
    if ((t.isMethodDeclaration(current) || t.isPropertyDeclaration(current) || t.isAccessor(current)) && current.modifiers?.some((modifier) => modifier.kind === t.SyntaxKind.StaticKeyword)) return undefined;
    if (t.isClassLike(current)) {
      if (!current.name) return undefined;
      try {
        const symbol = checker.getSymbolAtLocation(current.name);
        return symbol && symbol.flags & t.SymbolFlags.Class ? symbol : undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The class a property, getter, parameter or const is declared as (`server: Server`, `get server(): Server`),
 * or, with no type written, the class it is made by (`= new McpServer(…)`): read off the declarations,
 * without inferring the constructor call (which checks its arguments' types).
 */
function declaredClass(t: TS, checker: ts.TypeChecker, declaration: ts.Declaration | undefined): ts.Symbol | undefined {
  if (!declaration) return undefined;
  if (!(t.isPropertyDeclaration(declaration) || t.isPropertySignature(declaration) || t.isGetAccessorDeclaration(declaration) || t.isParameter(declaration) || t.isVariableDeclaration(declaration))) return undefined;
  const type = declaration.type;
  const initializer = !type && (t.isVariableDeclaration(declaration) || t.isPropertyDeclaration(declaration)) && declaration.initializer ? unwrapExpression(t, declaration.initializer) : undefined;
  const name = type && t.isTypeReferenceNode(type) ? type.typeName : initializer && t.isNewExpression(initializer) && t.isIdentifier(initializer.expression) ? initializer.expression : undefined;
  if (!name) return undefined;
  try {
    let symbol = checker.getSymbolAtLocation(name);
    if (symbol && symbol.flags & t.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol && symbol.flags & t.SymbolFlags.Class ? symbol : undefined;
  } catch {
    return undefined;
  }
}

/** Per checker: each const or parameter receiving registrations, fixed (a FixedReceiver) or not (null). */
const receiversByChecker = new WeakMap<ts.TypeChecker, Map<ts.Node, FixedReceiver | null>>();

/**
 * The const or parameter a receiver is, when its declared type is not a union: narrowing cannot change its
 * class, so what is called on it can be asked once, at the declaration.
 */
function fixedReceiver(context: FinderContext, checker: ts.TypeChecker, receiver: ts.Expression): FixedReceiver | undefined {
  const { t, resolver } = context;
  const expr = unwrapExpression(t, receiver);
  const declaration = t.isIdentifier(expr) ? resolver.declarationOf(expr) : undefined;
  const name =
    declaration && ((t.isVariableDeclaration(declaration) && (t.getCombinedNodeFlags(declaration) & t.NodeFlags.Const) !== 0) || t.isParameter(declaration)) && t.isIdentifier(declaration.name)
      ? declaration.name
      : undefined;
  if (!name) return undefined;
  const known = getOrCreate(receiversByChecker, checker, () => new Map());
  const seen = known.get(name);
  if (seen !== undefined) return seen ?? undefined;
  // A const made by `new C(…)` with no type written, or declared as a class (`server: McpServer`), is a C: no need to ask for its type.
  const cls = declaredClass(t, checker, name.parent as ts.Declaration);
  let fixed = cls !== undefined;
  if (!fixed) {
    let declaredType: ts.Type | undefined;
    try {
      declaredType = checker.getTypeAtLocation(name);
    } catch {
      declaredType = undefined;
    }
    fixed = declaredType !== undefined && !(declaredType.flags & t.TypeFlags.Union);
  }
  const answer = fixed ? { name, cls, classKnown: false, className: undefined, calls: new Map() } : null;
  known.set(name, answer);
  return answer ?? undefined;
}

/** The declaration of a class's member (its own or inherited), as the checker names it first. */
function memberDeclaration(t: TS, checker: ts.TypeChecker, cls: ts.Symbol, member: string): ts.Declaration | undefined {
  try {
    // Up the `extends` chain through the symbols' member tables: asking the class's type for a property
    // resolves every member of it and its bases (a second on the SDK's generic Protocol).
    let current: ts.Symbol | undefined = cls;
    for (let depth = 0; current && depth < 16; depth++) {
      const own = current.members?.get(t.escapeLeadingUnderscores(member));
      if (own?.declarations?.[0]) return own.declarations[0];
      const declaration = current.declarations?.find((candidate): candidate is ts.ClassLikeDeclaration => t.isClassLike(candidate));
      const base = declaration?.heritageClauses?.find((clause) => clause.token === t.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
      if (!base) break;
      let next = checker.getSymbolAtLocation(base);
      if (next && next.flags & t.SymbolFlags.Alias) next = checker.getAliasedSymbol(next);
      current = next;
    }
    // A base the walk cannot name (a mixin, a computed `extends`): the type's properties.
    return checker.getDeclaredTypeOfSymbol(cls).getProperty(member)?.declarations?.[0];
  } catch {
    return undefined;
  }
}

/** The receiver's class when the checker knows it: a server class name, "other", or undefined if untyped. */
function receiverClassName(t: TS, checker: ts.TypeChecker, receiver: ts.Expression): string | undefined {
  try {
    const type = checker.getTypeAtLocation(receiver);
    if (type.flags & (t.TypeFlags.Any | t.TypeFlags.Unknown)) return undefined;
    const symbol = type.getSymbol() ?? type.aliasSymbol;
    if (!symbol) return undefined;
    const name = symbol.getName();
    if (SERVER_CLASS_NAMES.has(name)) return name;
    // Error types and anonymous object types say nothing about the receiver.
    if (name === "__type" || name === "__object" || checker.typeToString(type) === "error") return undefined;
    return "other";
  } catch {
    return undefined;
  }
}
