import type * as ts from "typescript";
import { findProperty, propertyNameText, unwrapExpression } from "../ts-utils.js";
import { MAX_CHAIN, ancestorsOf, extendsExpression } from "./class-members.js";
import { literalOf, literalProperty, nameValue, reportUnread, type FinderContext } from "./context.js";
import { describeValue } from "./unread-reasons.js";
import { frameworkOfModule } from "./frameworks.js";
import type { Framework, InputForm, ToolRegistration } from "./model.js";

/**
 * Tools of agent frameworks, built by a function or class imported from the framework's package rather
 * than registered on a server: the Vercel AI SDK (`tool`, `dynamicTool`), OpenAI Agents (`tool`),
 * Mastra (`createTool`, `new Tool`), LangChain (`tool`, `new DynamicStructuredTool`, `StructuredTool`
 * subclasses) and Genkit (`ai.defineTool`). A callee counts only when it resolves to an import from the
 * framework's package, so a local `tool()` helper is left alone.
 */

/** The framework and exported name a callee resolves to: `tool` from "ai", `tools.tool` of `import * as tools`. */
function importedCallee(context: FinderContext, callee: ts.Expression): { framework: Framework; name: string } | undefined {
  const { t, resolver } = context;
  const expr = unwrapExpression(t, callee);
  if (t.isIdentifier(expr)) {
    const binding = resolver.resolve(expr);
    if (binding.kind !== "import" || binding.importedName === "*" || binding.importedName === "default") return undefined;
    const framework = frameworkOfModule(binding.module);
    return framework ? { framework, name: binding.importedName } : undefined;
  }
  if (t.isPropertyAccessExpression(expr) && t.isIdentifier(expr.expression)) {
    const binding = resolver.resolve(expr.expression);
    if (binding.kind !== "import" || binding.importedName !== "*") return undefined;
    const framework = frameworkOfModule(binding.module);
    return framework ? { framework, name: expr.name.text } : undefined;
  }
  return undefined;
}

/** A property's value, or the method itself (`execute(input) { … }`). */
function handlerProperty(context: FinderContext, literal: ts.ObjectLiteralExpression, name: string): ts.Expression | ts.MethodDeclaration | undefined {
  const property = findProperty(context.t, literal, name);
  if (property && context.t.isMethodDeclaration(property)) return property;
  return literalProperty(context, literal, name);
}

/** The name a tool object is known by where it is written: `tools: { weather: tool(…) }` or `const weather = tool(…)`. */
function contextualName(context: FinderContext, node: ts.Node): { name: string; node: ts.Node } | undefined {
  const { t } = context;
  let current = node;
  while (t.isParenthesizedExpression(current.parent) || t.isAsExpression(current.parent) || t.isSatisfiesExpression(current.parent)) current = current.parent;
  const parent = current.parent;
  if (t.isPropertyAssignment(parent) && parent.initializer === current) {
    const name = propertyNameText(t, parent.name);
    return name === undefined ? undefined : { name, node: parent.name };
  }
  if (t.isVariableDeclaration(parent) && parent.initializer === current && t.isIdentifier(parent.name)) return { name: parent.name.text, node: parent.name };
  return undefined;
}

function functionName(context: FinderContext, handler: ts.Expression | ts.MethodDeclaration | undefined): string | undefined {
  const { t } = context;
  if (!handler || t.isMethodDeclaration(handler)) return undefined;
  const expr = unwrapExpression(t, handler);
  if (t.isFunctionExpression(expr) && expr.name) return expr.name.text;
  if (t.isIdentifier(expr)) return expr.text;
  return undefined;
}

interface ToolParts {
  framework: Framework;
  node: ts.Node;
  options: ts.ObjectLiteralExpression | undefined;
  nameKey: string | undefined;
  inputKey: string | undefined;
  form: InputForm;
  handler: ts.Expression | ts.MethodDeclaration | undefined;
  handlerParameters: { input: number; context: number };
}

function registrationOf(context: FinderContext, parts: ToolParts): ToolRegistration {
  const { options } = parts;
  const nameProperty = options && parts.nameKey ? findProperty(context.t, options, parts.nameKey) : undefined;
  const written = nameValue(context, options && parts.nameKey ? literalProperty(context, options, parts.nameKey) : undefined);
  const fallback = written === undefined ? contextualName(context, parts.node) : undefined;
  const input = options && parts.inputKey ? literalProperty(context, options, parts.inputKey) : undefined;
  return {
    framework: parts.framework,
    api: "tool-factory",
    // OpenAI Agents names an unnamed tool after its execute function; the others have no such fallback.
    toolName: written ?? (parts.framework === "openai-agents" ? functionName(context, parts.handler) : undefined) ?? fallback?.name ?? functionName(context, parts.handler),
    node: parts.node,
    input: input ? { expression: input, form: parts.form } : undefined,
    handler: parts.handler,
    annotations: undefined,
    options,
    nameNode: nameProperty ?? fallback?.node,
    handlerParameters: parts.handlerParameters,
  };
}

/** The options object of a framework's tool factory, or undefined after recording why it cannot be read. */
function optionsOf(context: FinderContext, node: ts.Node, framework: Framework, argument: ts.Expression | undefined): ts.ObjectLiteralExpression | undefined {
  if (!argument) return undefined;
  const options = literalOf(context, argument);
  if (!options) reportUnread(context, { node, framework, api: "tool-factory", reason: describeValue(context.t, context.resolver, argument, "the options") });
  return options;
}

/** A key that holds the input schema, by the name the framework gives it (`inputSchema`, or the AI SDK 4 `parameters`). */
function firstPresentKey(context: FinderContext, literal: ts.ObjectLiteralExpression, keys: readonly string[]): string | undefined {
  return keys.find((key) => findProperty(context.t, literal, key) !== undefined);
}

export function agentToolOfCall(context: FinderContext, call: ts.CallExpression): ToolRegistration | undefined {
  const { t } = context;
  const callee = importedCallee(context, call.expression);
  if (!callee) return context.frameworks.has("genkit") ? genkitTool(context, call) : undefined;
  const { framework, name } = callee;
  const [first, second] = call.arguments;
  if (framework === "ai-sdk" && (name === "tool" || name === "dynamicTool")) {
    const options = optionsOf(context, call, framework, first);
    if (!options) return undefined;
    return registrationOf(context, {
      framework, node: call, options, nameKey: undefined, inputKey: firstPresentKey(context, options, ["inputSchema", "parameters"]), form: "schema",
      handler: handlerProperty(context, options, "execute"), handlerParameters: { input: 0, context: 1 },
    });
  }
  if (framework === "openai-agents" && name === "tool") {
    const options = optionsOf(context, call, framework, first);
    if (!options) return undefined;
    const registration = registrationOf(context, {
      framework, node: call, options, nameKey: "name", inputKey: "parameters", form: "schema-or-json",
      handler: handlerProperty(context, options, "execute"), handlerParameters: { input: 0, context: 1 },
    });
    const errorFunction = findProperty(t, options, "errorFunction");
    if (errorFunction) registration.errorFunction = t.isMethodDeclaration(errorFunction) ? errorFunction : literalProperty(context, options, "errorFunction");
    return registration;
  }
  if (framework === "mastra" && name === "createTool") return mastraTool(context, call, first);
  if (framework === "langchain" && name === "tool") {
    const options = first ? optionsOf(context, call, framework, second) : undefined;
    if (!first || !options) return undefined;
    return registrationOf(context, {
      framework, node: call, options, nameKey: "name", inputKey: "schema", form: "schema-or-json", handler: first, handlerParameters: { input: 0, context: 1 },
    });
  }
  return undefined;
}

export function agentToolOfNew(context: FinderContext, node: ts.NewExpression): ToolRegistration | undefined {
  const callee = importedCallee(context, node.expression);
  if (!callee) return undefined;
  const first = node.arguments?.[0];
  if (callee.framework === "mastra" && callee.name === "Tool") return mastraTool(context, node, first);
  if (callee.framework === "langchain" && callee.name === "DynamicStructuredTool") {
    const options = optionsOf(context, node, "langchain", first);
    if (!options) return undefined;
    // func(input, runManager, config)
    return registrationOf(context, {
      framework: "langchain", node, options, nameKey: "name", inputKey: "schema", form: "schema-or-json",
      handler: handlerProperty(context, options, "func"), handlerParameters: { input: 0, context: 2 },
    });
  }
  return undefined;
}

/** `createTool({ id, inputSchema, execute, mcp: { annotations } })` and `new Tool({ … })`. */
function mastraTool(context: FinderContext, node: ts.Node, argument: ts.Expression | undefined): ToolRegistration | undefined {
  const { t } = context;
  const options = optionsOf(context, node, "mastra", argument);
  if (!options || !argument) return undefined;
  const registration = registrationOf(context, {
    framework: "mastra", node, options, nameKey: "id", inputKey: "inputSchema", form: "schema-or-json",
    handler: handlerProperty(context, options, "execute"), handlerParameters: { input: 0, context: 1 },
  });
  const mcpValue = literalProperty(context, options, "mcp");
  const mcp = mcpValue && literalOf(context, mcpValue);
  if (mcpValue && !mcp) {
    registration.annotations = mcpValue; // not readable: present, so not judged
    return registration;
  }
  registration.annotations = mcp ? literalProperty(context, mcp, "annotations") : undefined;
  const direct = options === unwrapExpression(t, argument);
  if (!mcp && direct) registration.annotationsContainer = { literal: options, wrap: (annotations) => `mcp: { annotations: ${annotations} }` };
  else if (mcp && direct && mcp === unwrapExpression(t, mcpValue)) registration.annotationsContainer = { literal: mcp, wrap: (annotations) => `annotations: ${annotations}` };
  return registration;
}

/** `ai.defineTool({ name, inputSchema }, fn)` in a file that imports Genkit. */
function genkitTool(context: FinderContext, call: ts.CallExpression): ToolRegistration | undefined {
  const { t } = context;
  const callee = unwrapExpression(t, call.expression);
  if (!t.isPropertyAccessExpression(callee) || callee.name.text !== "defineTool") return undefined;
  const [first, handler] = call.arguments;
  const options = handler ? optionsOf(context, call, "genkit", first) : undefined;
  if (!options || !handler) return undefined;
  const jsonInput = findProperty(t, options, "inputJsonSchema") !== undefined;
  return registrationOf(context, {
    framework: "genkit", node: call, options, nameKey: "name", inputKey: jsonInput ? "inputJsonSchema" : "inputSchema", form: jsonInput ? "json" : "schema",
    handler, handlerParameters: { input: 0, context: 1 },
  });
}

/** `class X extends StructuredTool { name = "x"; schema = z.object(…); async _call(input, runManager, config) { … } }`. */
export function agentToolOfClass(context: FinderContext, node: ts.ClassLikeDeclaration): ToolRegistration | undefined {
  const { t } = context;
  const chain = structuredToolChain(context, node);
  if (!chain) return undefined;
  let schema: ts.Expression | undefined;
  let nameMember: ts.PropertyDeclaration | undefined;
  let handler: ts.MethodDeclaration | undefined;
  // The class's own members first, then those it inherits from its in-house bases.
  for (const cls of chain) {
    for (const member of cls.members) {
      const memberName = member.name && propertyNameText(t, member.name);
      if (t.isPropertyDeclaration(member) && memberName === "schema" && member.initializer) schema ??= member.initializer;
      else if (t.isPropertyDeclaration(member) && memberName === "name" && member.initializer) nameMember ??= member;
      else if (t.isMethodDeclaration(member) && memberName === "_call" && member.body) handler ??= member;
    }
  }
  if (!schema && !handler) return undefined;
  return {
    framework: "langchain",
    api: "tool-factory",
    toolName: (nameMember?.initializer && nameValue(context, nameMember.initializer)) ?? node.name?.text,
    node,
    input: schema ? { expression: schema, form: "schema-or-json" } : undefined,
    handler,
    annotations: undefined,
    nameNode: nameMember?.name ?? node.name,
    handlerParameters: { input: 0, context: 2 },
  };
}

/**
 * The class and the in-house classes between it and LangChain's `StructuredTool`, nearest first
 * (`class Search extends Base`, `class Base extends StructuredTool`), or undefined when it does not
 * extend `StructuredTool`. Bases are followed as class tools follow them (class-members.ts).
 */
function structuredToolChain(context: FinderContext, node: ts.ClassLikeDeclaration): ts.ClassLikeDeclaration[] | undefined {
  const chain = [node, ...ancestorsOf(context, node)].slice(0, MAX_CHAIN);
  const top = chain[chain.length - 1];
  const heritage = top && extendsExpression(context, top);
  const base = heritage && importedCallee(context, heritage);
  return base?.framework === "langchain" && base.name === "StructuredTool" ? chain : undefined;
}
