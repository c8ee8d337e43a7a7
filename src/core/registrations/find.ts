import type * as ts from "typescript";
import { forwardedHandler } from "./forwarding-wrappers.js";
import type { Resolver } from "../resolve.js";
import type { DeclaredRegistration } from "../settings.js";
import { calleeName, containsNode, findProperty, unwrapExpression, walk, type TS } from "../ts-utils.js";
import { agentToolOfCall, agentToolOfClass, agentToolOfNew } from "./agent-frameworks.js";
import { classTools } from "./classes.js";
import { arrayLiteralOf, literalOf, literalProperty, nameValue, reportUnread, type FinderContext } from "./context.js";
import { describeValue, quote } from "./unread-reasons.js";
import { declaredNames, declaredRegistrations, preferDeclared } from "./declared.js";
import { pairCalledHandlers } from "./called-handlers.js";
import { forwardedResultFunctions } from "./result-functions.js";
import { callReachableIn } from "../evaluate/guards.js";
import { dispatchedTools } from "./dispatcher.js";
import { importedFrameworks, isXmcpToolPath } from "./frameworks.js";
import { calledFramework, frameworkForReceiver } from "./receivers.js";
import type { FoundRegistrations, Framework, NodeIndex, ToolRegistration } from "./model.js";
import { callToolHandler, handlesListTools, listToolsHandler } from "./low-level.js";
import { expandWrappers } from "./wrappers.js";
import { evaluatorFor } from "../evaluate/evaluator.js";
import { ROOT_ENV, type Env } from "../evaluate/env.js";
import { fieldHidden, inFrame, loopFrames, optionField, optionFieldIn, optionObjects, type MissedElements } from "./evaluated.js";
import { reportMissedElements } from "./missed-elements.js";
import { xmcpTool } from "./xmcp.js";
import { writtenMemberIsString, writtenTypeOf } from "./written-types.js";

const REGISTRATION_METHODS = new Set(["tool", "registerTool", "registerToolTask", "setRequestHandler", "addTool", "addTools"]);
const ANNOTATION_KEYS = new Set(["title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"]);
const CLIENT_TRANSPORTS = new Set(["StdioClientTransport"]);
/** Frameworks whose tools are built by an imported function or class (agent-frameworks.ts). */
const AGENT_FRAMEWORKS: ReadonlySet<Framework> = new Set<Framework>(["ai-sdk", "openai-agents", "mastra", "langchain", "genkit"]);

/**
 * Finds tool registrations in a file. A call counts only when the file shows evidence of an MCP
 * or agent framework (an import from its packages, or a receiver typed as its server class) and the call's
 * arguments have the registration's shape, so an unrelated `.tool()` is left alone.
 */
export function findRegistrations(
  t: TS,
  sourceFile: ts.SourceFile,
  resolver: Resolver,
  checker: ts.TypeChecker | undefined,
  looksLikeShape: (literal: ts.ObjectLiteralExpression) => boolean,
  declared: readonly DeclaredRegistration[] = [],
  foreignRegistrations?: (file: ts.SourceFile) => readonly ToolRegistration[],
  /** Only the registrations the file writes (`unexpanded`): no wrapper, class or dispatch is followed. */
  writtenOnly = false,
): FoundRegistrations {
  const nodes: NodeIndex = { calls: [], newExpressions: [], objectLiterals: [], returns: [], conciseArrows: [] };
  const found: FoundRegistrations = { nodes, registrations: [], unexpanded: [], callToolHandlers: [], clientTransports: [], unreadSites: [] };
  const frameworks = importedFrameworks(t, sourceFile);
  const xmcpPath = isXmcpToolPath(sourceFile.fileName);
  const mayCallDeclared = declaredNames(declared).some((name) => sourceFile.text.includes(name));
  if (frameworks.size === 0 && !checker && !xmcpPath && !mayCallDeclared) return found;
  const context: FinderContext = { t, sourceFile, resolver, checker, evaluator: evaluatorFor(t, checker), frameworks, looksLikeShape, foreignRegistrations, unread: (site) => found.unreadSites.push(site), unreadCount: () => found.unreadSites.length, ownCalls: nodes.calls };
  const agentFrameworks = [...frameworks].some((framework) => AGENT_FRAMEWORKS.has(framework));
  const classes: ts.ClassLikeDeclaration[] = [];
  const visitCall = (node: ts.CallExpression): void => {
    if (t.isPropertyAccessExpression(unwrapExpression(t, node.expression))) {
      const name = calleeName(t, node);
      if (name && REGISTRATION_METHODS.has(name)) found.registrations.push(...registrationsOfCall(context, node, name));
      if (name === "setRequestHandler") {
        const callTool = callToolHandler(context, node, (call, method) => frameworkForReceiver(context, call, method));
        // `withTiming(async (request) => …)`: the function the decorating wrapper forwards the request to.
        const forwarded = callTool && forwardedHandler(context, callTool.handler, ROOT_ENV);
        if (callTool) found.callToolHandlers.push(forwarded && !t.isFunctionDeclaration(forwarded) ? { ...callTool, handler: forwarded } : callTool);
      }
    }
    const agentTool = agentFrameworks ? agentToolOfCall(context, node) : undefined;
    if (agentTool) found.registrations.push(agentTool);
  };
  const visitNew = (node: ts.NewExpression): void => {
    const constructor = unwrapExpression(t, node.expression);
    const className = t.isIdentifier(constructor) ? constructor.text : t.isPropertyAccessExpression(constructor) ? constructor.name.text : undefined;
    if (className && CLIENT_TRANSPORTS.has(className)) found.clientTransports.push(node);
    const agentTool = agentFrameworks ? agentToolOfNew(context, node) : undefined;
    if (agentTool) found.registrations.push(agentTool);
  };
  const kind = t.SyntaxKind;
  // The file's nodes are indexed first, then read in source order: a reader may ask for all of the file's calls.
  const visits: ts.Node[] = [];
  // A switch on the node kind: this callback runs for every node of every linted file.
  walk(sourceFile, (node) => {
    switch (node.kind) {
      case kind.ObjectLiteralExpression:
        nodes.objectLiterals.push(node as ts.ObjectLiteralExpression);
        break;
      case kind.ReturnStatement:
        nodes.returns.push(node as ts.ReturnStatement);
        break;
      case kind.ArrowFunction:
        if (!t.isBlock((node as ts.ArrowFunction).body)) nodes.conciseArrows.push(node as ts.ArrowFunction);
        break;
      case kind.CallExpression:
        nodes.calls.push(node as ts.CallExpression);
        visits.push(node);
        break;
      case kind.NewExpression:
        nodes.newExpressions.push(node as ts.NewExpression);
        if (frameworks.size > 0) visits.push(node);
        break;
      case kind.ClassDeclaration:
      case kind.ClassExpression:
        classes.push(node as ts.ClassLikeDeclaration);
        if (agentFrameworks) visits.push(node);
        break;
      default:
        // Tokens have no children, and types hold no calls, literals, returns or classes: neither is walked into.
        return node.kind >= kind.FirstNode && (node.kind < kind.FirstTypeNode || node.kind > kind.LastTypeNode) && node.kind !== kind.InterfaceDeclaration && node.kind !== kind.TypeAliasDeclaration;
    }
    return true;
  });
  for (const node of visits) {
    if (t.isCallExpression(node)) visitCall(node);
    else if (t.isNewExpression(node)) visitNew(node);
    else {
      const agentTool = agentToolOfClass(context, node as ts.ClassLikeDeclaration);
      if (agentTool) found.registrations.push(agentTool);
    }
  }
  if (frameworks.has("xmcp") || xmcpPath) {
    const tool = xmcpTool(context);
    if (tool) found.registrations.push(tool);
  }
  if (mayCallDeclared) found.registrations.push(...declaredRegistrations(context, nodes.calls, declared));
  found.unexpanded = [...found.registrations];
  if (writtenOnly) return found;
  if (found.registrations.length > 0 || foreignRegistrations) expandWrappers(context, found);
  // A class may be a tool of a base class in another file (typed) or of a declared base class, with no registration here.
  if (found.registrations.length > 0 || (classes.length > 0 && (foreignRegistrations || mayCallDeclared))) found.registrations.push(...classTools(context, found.registrations, classes, declared));
  found.registrations.push(...dispatchedTools(context, found.registrations, found.callToolHandlers, nodes.calls));
  if (mayCallDeclared) preferDeclared(found);
  pairCalledHandlers(context, found.registrations, found.callToolHandlers);
  return found;
}

function registrationsOfCall(context: FinderContext, call: ts.CallExpression, method: string): ToolRegistration[] {
  if (method === "setRequestHandler" && !handlesListTools(context.t, call)) return [];
  const framework = frameworkForReceiver(context, call, method);
  if (!framework || (!context.checker && insideOtherRegistration(context, call))) return [];
  if (method === "setRequestHandler") return listToolsHandler(context, call, framework);
  // A registration in a loop (`for (const def of defs) server.registerTool(def.name, def.config, def.run)`)
  // is one tool per element: each read with the loop variable bound to that element.
  const known: Framework = framework;
  const missed: MissedElements = { total: 0, unread: [], dropped: 0 };
  const frames = loopFrames(context, call, missed);
  if (missed.collection) reportMissedElements(context, call, method, framework, missed);
  const registrations: ToolRegistration[] = [];
  const sitesBefore = context.unreadCount?.() ?? 0;
  let guarded = 0;
  for (const frame of frames) {
    if (frame !== ROOT_ENV && !callReachableIn(context.evaluator, call, frame)) {
      guarded++;
      continue;
    }
    // Read where it is written, a registration inside a function is a template of that function's calls
    // (wrappers.ts): its parameters are what each call passes, not the union of every call's arguments.
    if (frame === ROOT_ENV) context.evaluator.asWritten(enclosingFunctions(context.t, call), () => readFrame(frame));
    else readFrame(frame);
  }
  function readFrame(frame: Env): void {
    for (const registration of registrationsInFrame(context, call, method, known, frame)) {
      const nameExpression = method === "tool" || method === "registerTool" || method === "registerToolTask" ? call.arguments[0] : registration.options && optionField(context, registration.options, "name");
      const read = frame === ROOT_ENV ? registration : inFrame(context, registration, frame, nameExpression);
      const handler = read.handler && !context.t.isMethodDeclaration(read.handler) && !context.t.isFunctionDeclaration(read.handler) ? forwardedHandler(context, read.handler, frame) : undefined;
      const handlerFn = context.resolver.functionOf(handler ?? read.handler);
      // Only a frame (a loop element, a caller's arguments) makes a member call mean another definition's function.
      const resultFunctions = handlerFn && frame !== ROOT_ENV ? forwardedResultFunctions(context, handlerFn, frame) : [];
      registrations.push({ ...read, ...(handler ? { handler } : {}), ...(resultFunctions.length > 0 ? { resultFunctions } : {}) });
    }
  }
  if (registrations.length === 0 && guarded === 0 && method !== "addTools" && (context.unreadCount?.() ?? 0) === sitesBefore && context.checker && isFrameworkMethod(context, context.checker, call)) {
    // A call of the framework's own registration method that no reader could read: reported, never dropped.
    const spread = call.arguments.find((argument) => context.t.isSpreadElement(argument));
    const reason = spread ? `its arguments are spread (${quote(context.t, spread)}), which the analysis does not read` : "its arguments do not have the shape of a registration the analysis reads";
    reportUnread(context, { node: call, framework, api: method as ToolRegistration["api"], reason });
  }
  return registrations;
}

/** Whether the call resolves to a registration method declared by a framework's own declaration files (not a project's). */
function isFrameworkMethod(context: FinderContext, checker: ts.TypeChecker, call: ts.CallExpression): boolean {
  const called = calledFramework(context, checker, call);
  return called !== undefined && called !== "project";
}

function registrationsInFrame(context: FinderContext, call: ts.CallExpression, method: string, framework: Framework, frame: Env): ToolRegistration[] {
  switch (method) {
    case "tool":
      return optional(sdkTool(context, call, framework, frame)).map((registration) => ({ ...registration, framework }));
    case "registerTool":
    case "registerToolTask":
      return registerTool(context, call, method, framework, frame);
    case "addTool":
      return fastmcpTools(context, call.arguments[0], call, frame);
    case "addTools": {
      const [argument] = call.arguments;
      const list = argument && arrayLiteralOf(context, argument);
      if (argument && !list) reportUnread(context, { node: call, framework, api: "addTool", reason: describeValue(context.t, context.resolver, argument, "the tools array") });
      return list ? list.elements.flatMap((element) => (context.t.isSpreadElement(element) || context.t.isOmittedExpression(element) ? [] : fastmcpTools(context, element, element, frame))) : [];
    }
    default:
      return [];
  }
}

/** The functions a node is written in, innermost first. */
function enclosingFunctions(t: TS, node: ts.Node): ts.Node[] {
  const functions: ts.Node[] = [];
  for (let current = node.parent; current && !t.isSourceFile(current); current = current.parent) if (t.isFunctionLike(current)) functions.push(current);
  return functions;
}

function optional<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}

/**
 * Untyped: `def.tool(client, args)` inside the handler of `server.tool(…)`: a call of the definition's own
 * handler named `tool`, on another receiver than the registration around it, is not a registration.
 */
function insideOtherRegistration(context: FinderContext, call: ts.CallExpression): boolean {
  const { t } = context;
  const receiver = (unwrapExpression(t, call.expression) as ts.PropertyAccessExpression).expression.getText();
  for (let node: ts.Node | undefined = call.parent; node && !t.isSourceFile(node); node = node.parent) {
    if (!t.isCallExpression(node) || !t.isPropertyAccessExpression(node.expression)) continue;
    const name = node.expression.name.text;
    if (REGISTRATION_METHODS.has(name) && name !== "setRequestHandler" && node.arguments.some((arg) => containsNode(arg, call))) return node.expression.expression.getText() !== receiver;
  }
  return false;
}

function isFunctionValue(context: FinderContext, expression: ts.Expression | undefined): boolean {
  if (!expression) return false;
  const { t } = context;
  const expr = unwrapExpression(t, expression);
  return t.isArrowFunction(expr) || t.isFunctionExpression(expr) || t.isIdentifier(expr) || t.isPropertyAccessExpression(expr) || t.isCallExpression(expr);
}

/** Whether the second argument of `server.tool()` is a description string, an object, or unknown. */
function descriptionKind(context: FinderContext, expression: ts.Expression, frame: Env): "string" | "object" | "unknown" {
  const { t, resolver } = context;
  const expr = resolver.followConsts(expression);
  if (frame !== ROOT_ENV || t.isPropertyAccessExpression(expr) || t.isElementAccessExpression(expr)) {
    // `t.description` of a loop element or a definition object: decide the overload from the value.
    const values = context.evaluator.values(expr, frame);
    if (values.length > 0 && values.every((value) => value.kind === "text")) return "string";
    if (values.length > 0 && values.every((value) => value.kind === "syntax" && t.isObjectLiteralExpression(value.node))) return "object";
  }
  if (t.isStringLiteralLike(expr) || t.isTemplateExpression(expr) || t.isBinaryExpression(expr)) return "string";
  if (t.isObjectLiteralExpression(expr) || (t.isPropertyAccessExpression(expr) && expr.name.text === "shape")) return "object";
  // A wrapper's `description: string` parameter (wrappers.ts fills in the call site's value).
  const declaration = t.isIdentifier(expr) ? resolver.declarationOf(expr) : undefined;
  const type = declaration && t.isParameter(declaration) ? declaration.type : undefined;
  if (type?.kind === t.SyntaxKind.StringKeyword) return "string";
  if (type && t.isTypeReferenceNode(type) && /Shape$/.test(type.typeName.getText())) return "object";
  return declaredDescriptionKind(context, expr);
}

/** Typed: a description whose declared type is a string (`tool.description: string`, optional or not). */
function declaredDescriptionKind(context: FinderContext, expression: ts.Expression): "string" | "unknown" {
  const { t, checker } = context;
  if (!checker) return "unknown";
  // `tool.description` of a parameter typed with this file's own tool type: read as written first.
  if (t.isPropertyAccessExpression(expression) && t.isIdentifier(expression.expression)) {
    const type = writtenTypeOf(t, context.resolver, expression.expression);
    if (type && writtenMemberIsString(t, type.getSourceFile(), type, expression.name.text)) return "string";
  }
  try {
    const type = checker.getTypeAtLocation(expression);
    const parts = type.isUnion() ? type.types : [type];
    const defined = parts.filter((part) => !(part.flags & (t.TypeFlags.Undefined | t.TypeFlags.Null)));
    return defined.length > 0 && defined.every((part) => (part.flags & t.TypeFlags.StringLike) !== 0) ? "string" : "unknown";
  } catch {
    return "unknown";
  }
}

/** SDK v1 `server.tool(name, [description], [shape], [annotations], callback)`, following the SDK's own overload rules. */
function sdkTool(context: FinderContext, call: ts.CallExpression, framework: Framework, frame: Env): ToolRegistration | undefined {
  const { t } = context;
  const args = [...call.arguments];
  if (args.length < 2 || args.length > 5) return undefined;
  const [nameArg] = args;
  const handler = args[args.length - 1];
  if (!nameArg || !isFunctionValue(context, handler)) return undefined;
  const nameExpr = unwrapExpression(t, nameArg);
  if (!t.isStringLiteralLike(nameExpr) && !t.isIdentifier(nameExpr) && !t.isTemplateExpression(nameExpr) && !t.isPropertyAccessExpression(nameExpr)) {
    // A tool()-shaped call on a server: a tool, but one whose name and overload this reader does not work out.
    reportUnread(context, { node: call, framework, api: "tool", reason: describeValue(t, context.resolver, nameArg, "the name") });
    return undefined;
  }
  const rest = args.slice(1, -1);
  const description = rest[0] && descriptionKind(context, rest[0], frame);
  if (description === "string" || (description === "unknown" && rest.length === 3)) rest.shift();
  else if (description === "unknown" && rest.length > 0) {
    // An unresolved value could be the description or the shape; the overloads cannot be told apart.
    return { framework: "mcp-sdk-v1", api: "tool", toolName: nameValue(context, nameArg), node: call, input: undefined, handler, annotations: undefined, ambiguous: true };
  }
  let shape: ts.Expression | undefined;
  let annotations: ts.Expression | undefined;
  if (rest.length >= 2) {
    [shape, annotations] = rest;
  } else if (rest.length === 1 && rest[0]) {
    const literal = literalOf(context, rest[0]) ?? optionObjects(context, rest[0], frame).objects[0];
    if (literal && !context.looksLikeShape(literal)) annotations = rest[0];
    else shape = rest[0];
  }
  return {
    framework: "mcp-sdk-v1",
    api: "tool",
    toolName: nameValue(context, nameArg),
    node: call,
    input: shape ? { expression: shape, form: "shape-only" } : undefined,
    handler,
    annotations,
  };
}

function registerTool(context: FinderContext, call: ts.CallExpression, method: "registerTool" | "registerToolTask", framework: Framework, frame: Env): ToolRegistration[] {
  const [nameArg, configArg, handler] = call.arguments;
  if (!nameArg || !configArg) return [];
  const literal = literalOf(context, configArg);
  // A config built in code (a const of another file, a factory's result, a loop element): each object it can be.
  const configs = literal ? { objects: [literal], envs: [frame] } : optionObjects(context, configArg, frame);
  if (configs.objects.length === 0 && configs.reason) {
    reportUnread(context, { node: call, framework, api: method, reason: describeValue(context.t, context.resolver, configArg, "the config"), toolName: nameValue(context, nameArg) });
  }
  return configs.objects.map((config, index) => {
    const env = configs.envs[index] ?? frame;
    const field = (key: string): ts.Expression | undefined => (literal && frame === ROOT_ENV ? literalProperty(context, config, key) ?? optionField(context, config, key) : optionField(context, config, key, env));
    const written = literal && frame === ROOT_ENV ? literalProperty(context, config, "inputSchema") : undefined;
    const input = written ? { expression: written, env: ROOT_ENV } : optionFieldIn(context, config, "inputSchema", env);
    const annotations = field("annotations");
    return {
      framework,
      api: method,
      toolName: nameValue(context, nameArg),
      node: call,
      input: input ? { expression: input.expression, form: "schema-or-shape" as const, ...(input.env !== ROOT_ENV ? { env: input.env } : {}) } : undefined,
      handler,
      annotations,
      options: config,
      // `{ ...imported, title }`: the spread may hold annotations the analysis cannot see.
      ...(annotations === undefined && fieldHidden(context, config, "annotations", env) ? { ambiguous: true } : {}),
    };
  });
}

/** fastmcp `server.addTool({ name, parameters, execute, annotations })`: each object the argument can be. */
function fastmcpTools(context: FinderContext, argument: ts.Expression | undefined, node: ts.Node, frame: Env): ToolRegistration[] {
  if (!argument) return [];
  const literal = literalOf(context, argument);
  const tools = literal ? { objects: [literal], envs: [frame] } : optionObjects(context, argument, frame);
  if (tools.objects.length === 0) reportUnread(context, { node, framework: "fastmcp", api: "addTool", reason: describeValue(context.t, context.resolver, argument, "the tool") });
  return tools.objects.flatMap((tool, index) => optional(fastmcpTool(context, tool, node, literal ? frame : tools.envs[index] ?? frame)));
}

function fastmcpTool(context: FinderContext, tool: ts.ObjectLiteralExpression, node: ts.Node, env: Env): ToolRegistration | undefined {
  const executeProperty = findProperty(context.t, tool, "execute");
  const field = (key: string): ts.Expression | undefined => (env === ROOT_ENV ? literalProperty(context, tool, key) ?? optionField(context, tool, key) : optionField(context, tool, key, env));
  const execute = executeProperty && context.t.isMethodDeclaration(executeProperty) ? executeProperty : field("execute");
  const name = field("name");
  if (!name && !execute) return undefined;
  const parameters = field("parameters");
  return {
    framework: "fastmcp",
    api: "addTool",
    toolName: nameValue(context, name),
    node,
    input: parameters ? { expression: parameters, form: "schema" } : undefined,
    handler: execute,
    annotations: field("annotations"),
    options: tool,
  };
}

export { ANNOTATION_KEYS };
