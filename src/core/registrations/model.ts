import type * as ts from "typescript";

export type Framework = "mcp-sdk-v1" | "mcp-sdk-v2" | "fastmcp";

/**
 * How the registration API reads its input schema:
 * - `shape-only`: SDK v1 `server.tool()`, which accepts only a raw shape and wraps it in `z.object`.
 * - `schema-or-shape`: `registerTool`, a zod/Standard Schema or a raw shape (wrapped in `z.object`).
 * - `json`: a JSON Schema literal (low-level `tools/list`).
 * - `schema`: a Standard Schema, or JSON Schema through an adapter call (fastmcp).
 */
export type InputForm = "shape-only" | "schema-or-shape" | "json" | "schema";

export type RegistrationApi = "tool" | "registerTool" | "registerToolTask" | "tools/list" | "addTool";

export interface ToolRegistration {
  framework: Framework;
  api: RegistrationApi;
  /** The tool's name when it is written as a literal. */
  toolName: string | undefined;
  /** The call (or, for `tools/list`, the tool object) that registers the tool. */
  node: ts.Node;
  input: { expression: ts.Expression; form: InputForm } | undefined;
  /** The handler: an expression, or a method such as fastmcp's `async execute(args) { … }`. */
  handler: ts.Expression | ts.MethodDeclaration | undefined;
  annotations: ts.Expression | undefined;
  /** The object literal that holds the tool's options (registerTool's config, a fastmcp tool, a tools/list entry). */
  options?: ts.ObjectLiteralExpression;
  /** server.tool() overloads that cannot be told apart: annotations may be present, so they are not judged. */
  ambiguous?: boolean;
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
export interface FoundRegistrations {
  registrations: ToolRegistration[];
  callToolHandlers: CallToolHandler[];
  /** `new StdioClientTransport(...)`: an MCP client starting a server process. */
  clientTransports: ts.NewExpression[];
}
