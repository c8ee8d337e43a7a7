import type * as ts from "typescript";
import type { Env } from "../evaluate/env.js";
import type { FunctionWithBody } from "../resolve.js";

export type Framework =
  | "mcp-sdk-v1" | "mcp-sdk-v2" | "fastmcp" | "xmcp" | "cloudflare-agents"
  | "ai-sdk" | "openai-agents" | "mastra" | "langchain" | "genkit";

/** Frameworks whose tools carry MCP annotations (`readOnlyHint`, `destructiveHint`, …). */
export const FRAMEWORKS_WITH_ANNOTATIONS: ReadonlySet<Framework> = new Set<Framework>(["mcp-sdk-v1", "mcp-sdk-v2", "fastmcp", "xmcp", "cloudflare-agents", "mastra"]);

/**
 * How the registration API reads its input schema:
 * - `shape-only`: SDK v1 `server.tool()`, which accepts only a raw shape and wraps it in `z.object`.
 * - `schema-or-shape`: `registerTool`, a zod/Standard Schema or a raw shape (wrapped in `z.object`).
 * - `json`: a JSON Schema literal (low-level `tools/list`).
 * - `schema`: a Standard Schema, or JSON Schema through an adapter call (fastmcp).
 * - `schema-or-json`: a zod/Standard Schema, or a JSON Schema object literal (OpenAI Agents, Mastra, LangChain).
 */
export type InputForm = "shape-only" | "schema-or-shape" | "json" | "schema" | "schema-or-json";

export type RegistrationApi =
  | "tool" | "registerTool" | "registerToolTask" | "tools/list" | "addTool"
  /** A tool built by a function or class of an agent framework (`tool({...})`, `createTool`, `new DynamicStructuredTool`, a `StructuredTool` subclass, `ai.defineTool`). */
  | "tool-factory"
  /** An xmcp tool file: `export const schema`, `export const metadata`, `export default` handler. */
  | "xmcp-file"
  /**
   * A call to an in-house helper that registers the tool: a function of this file whose parameters
   * reach a registration (wrappers.ts), or one declared in `settings["mcp-guard"].registrations` (declared.ts).
   */
  | "wrapper"
  /** An entry of a tool collection that a low-level `tools/call` handler looks up and validates (dispatcher.ts). */
  | "tools/call";

export interface ToolRegistration {
  framework: Framework;
  api: RegistrationApi;
  /** The tool's name when it is written as a literal. */
  toolName: string | undefined;
  /** The call (or, for `tools/list`, the tool object) that registers the tool. */
  node: ts.Node;
  /** Where the tool is registered in the file when `node` is written in another one (a `tools/list` handler's call). */
  site?: ts.Node;
  /**
   * `shapeOf`: the expression is a schema written elsewhere whose `.shape` is what is passed (`tool.parameters.shape` in a loop);
   * `shapeSite`: where that `.shape` is passed, which is where the strictness is lost and the fix goes.
   */
  input: {
    expression: ts.Expression; form: InputForm; shapeOf?: boolean; shapeSite?: ts.Expression;
    /** The frame `expression` is read in when the evaluator settled it (a loop element, a class's `this`). */
    env?: Env;
  } | undefined;
  /** The handler: an expression, or a method such as fastmcp's `async execute(args) { … }`. */
  handler: ts.Expression | ts.MethodDeclaration | ts.FunctionDeclaration | undefined;
  /**
   * Functions of the tool's definition whose returned value the handler writes into the result's text
   * (`text: JSON.stringify(await tool.cb(args))`): what they return reaches the model (result-functions.ts).
   */
  resultFunctions?: readonly FunctionWithBody[];
  annotations: ts.Expression | undefined;
  /** The object literal that holds the tool's options (registerTool's config, a fastmcp tool, a tools/list entry). */
  options?: ts.ObjectLiteralExpression;
  /**
   * Annotations may be present but cannot be seen here, so they are not judged: server.tool() overloads
   * that cannot be told apart, a base-class registration whose tool classes are judged one by one, a
   * dispatched tool whose annotations would be published elsewhere.
   */
  ambiguous?: boolean;
  /**
   * What rejects unknown keys at the input's top level although the schema does not: `.strict()` applied
   * where the tool is registered or dispatched (`tool.schema.strict().parse(args)`). Nested objects keep their own mode.
   */
  topLevelClosedBy?: ts.Node;
  /** A tool a low-level `tools/list` handler lists: the `setRequestHandler` call. */
  listedBy?: ts.CallExpression;
  /**
   * A validator compiled from the converted JSON Schema the tool publishes (`ajv.compile(zodToJsonSchema(S))`),
   * which rejects unknown keys at every strip-mode level of S (converted-validation.ts).
   */
  validatedAsConvertedJson?: ts.Node;
  /** The syntax naming the tool (a `name`/`id` property, a key), when it is not the call's first argument. */
  nameNode?: ts.Node;
  /** Which handler parameters hold the model's input and the framework's context, when not `(args, extra)`. */
  handlerParameters?: { input: number; context: number };
  /** OpenAI Agents: the `errorFunction` option, which decides what the model sees of a thrown error. */
  errorFunction?: ts.Expression | ts.MethodDeclaration;
  /** Where the annotations go when they are missing: the object literal and the text around them (Mastra: `mcp: { annotations }`). */
  annotationsContainer?: { literal: ts.ObjectLiteralExpression; wrap: (annotations: string) => string };
  /**
   * For a wrapper's call site: the registration inside the wrapper that it goes through; for a tool class, its
   * base class's registration (undefined when declared in settings).
   */
  wraps?: ToolRegistration;
  /**
   * Declared in `settings["mcp-guard"].registrations` (a call of a declared helper, a subclass of a declared base
   * class): it takes the place of whatever the analysis inferred at the same call or class (declared.ts).
   */
  declared?: true;
  /**
   * Parts of the tool the analysis found but could not read (a call's result, a parameter, a spread, an
   * import it cannot follow). The rules skip what is unread; `no-unanalyzed-tool` reports it, so a tool
   * that cannot be seen is never reported as clean by silence.
   */
  unread?: readonly UnreadPart[];
  /**
   * A class template (classes.ts): a registration that reads the members of tool classes (`this.name`,
   * `tool.inputSchema` over instances), each concrete class it reaches being one tool of its own.
   */
  classTemplate?: boolean;
}

/** One part of a found tool that could not be read, and why, in words a user understands. */
export interface UnreadPart {
  part: "name" | "input" | "annotations" | "handler";
  /** E.g. `the input comes from getTools() in ./tools.ts, which the analysis cannot follow without type information`. */
  reason: string;
  /** The expression that could not be read. */
  node: ts.Node;
}

/**
 * A registration call or `tools/list` handler that was found but from which no tool could be built
 * (its tools array is a call's result, its config a parameter, …).
 */
export interface UnreadSite {
  /** Where the registration is written: the call, or the handler's returned expression. */
  node: ts.Node;
  framework: Framework;
  api: RegistrationApi;
  reason: string;
  /** The tool's name, when it could be read although the rest could not. */
  toolName?: string;
  /** A registration over a collection of which only some elements could be read: how many were not, of how many. */
  elements?: { unread: number; total: number };
}

export function displayName(registration: ToolRegistration): string {
  return registration.toolName ?? "(unnamed tool)";
}

/** A low-level `tools/call` handler: `setRequestHandler(CallToolRequestSchema | "tools/call", fn)`. */
export interface CallToolHandler {
  framework: Framework;
  node: ts.CallExpression;
  handler: ts.Expression;
}

/** Everything the registration finder reports for a file. */
/** Nodes later stages look for, collected in the finder's one walk so that nobody walks the file again. */
export interface NodeIndex {
  calls: ts.CallExpression[];
  newExpressions: ts.NewExpression[];
  objectLiterals: ts.ObjectLiteralExpression[];
  returns: ts.ReturnStatement[];
  /** Arrow functions with an expression body. */
  conciseArrows: ts.ArrowFunction[];
}

export interface FoundRegistrations {
  nodes: NodeIndex;
  registrations: ToolRegistration[];
  /** The registrations as written, before wrappers were expanded: another file's calls may expand them. */
  unexpanded: readonly ToolRegistration[];
  callToolHandlers: CallToolHandler[];
  /** `new StdioClientTransport(...)`: an MCP client starting a server process. */
  clientTransports: ts.NewExpression[];
  /** Registrations found from which no tool could be built (see UnreadSite); the tools built are in `registrations`. */
  unreadSites: UnreadSite[];
}
