import type * as ts from "typescript";
import { requireSpecifier } from "../resolve.js";
import type { TS } from "../ts-utils.js";
import type { Framework } from "./model.js";

/** Substrings that must appear in a file before it is worth parsing for registrations. */
export const FRAMEWORK_MARKERS = [
  "@modelcontextprotocol/", "fastmcp", "mcp-handler", "mcp-adapter", "agents/mcp", "xmcp",
  '"ai"', "'ai'", "@openai/agents", "@mastra/", "@langchain/", "langchain/", "genkit",
  // The SDK's server class re-exported by a module of the project (`import { McpServer } from "./third_party/index.js"`).
  "McpServer",
];

/** xmcp's default tools directory: each file under `src/tools/` is one tool. */
const XMCP_TOOL_PATH = /(^|[\\/])src[\\/]tools[\\/][^\\/].*\.[cm]?[jt]sx?$/;

export function isXmcpToolPath(fileName: string | undefined): boolean {
  return fileName !== undefined && XMCP_TOOL_PATH.test(fileName);
}

/**
 * A cheap text test: without a checker, a file that names no framework package has no registrations
 * (an xmcp tool file is known by its path too).
 */
export function mayUseMcpFramework(text: string, fileName?: string): boolean {
  return FRAMEWORK_MARKERS.some((marker) => text.includes(marker)) || (isXmcpToolPath(fileName) && text.includes("export"));
}

export function frameworkOfModule(specifier: string): Framework | undefined {
  if (specifier === "@modelcontextprotocol/sdk" || specifier.startsWith("@modelcontextprotocol/sdk/")) return "mcp-sdk-v1";
  if (specifier.startsWith("@modelcontextprotocol/")) return "mcp-sdk-v2";
  if (specifier === "fastmcp" || specifier.startsWith("fastmcp/")) return "fastmcp";
  if (specifier === "@vercel/mcp-adapter") return "mcp-sdk-v1";
  if (specifier === "agents/mcp" || specifier === "agents") return "cloudflare-agents";
  if (specifier === "xmcp" || specifier.startsWith("xmcp/")) return "xmcp";
  if (specifier === "ai") return "ai-sdk";
  if (specifier === "@openai/agents" || specifier.startsWith("@openai/agents-") || specifier.startsWith("@openai/agents/")) return "openai-agents";
  if (specifier === "@mastra/core" || specifier.startsWith("@mastra/core/")) return "mastra";
  if (specifier.startsWith("@langchain/") || specifier === "langchain" || specifier.startsWith("langchain/")) return "langchain";
  if (specifier === "genkit" || specifier.startsWith("genkit/") || specifier.startsWith("@genkit-ai/")) return "genkit";
  if (specifier === "mcp-handler" || specifier.startsWith("mcp-handler/")) return "mcp-sdk-v2";
  return undefined;
}

/**
 * Class names whose instances register tools; a receiver typed as one of these is evidence on its own.
 * `ExperimentalMcpServerTasks` is the SDK's `server.experimental.tasks`, which has `registerToolTask`.
 */
export const SERVER_CLASS_NAMES = new Set(["McpServer", "Server", "FastMCP", "McpAgent", "ExperimentalMcpServerTasks"]);

/**
 * `import { McpServer } from "./third_party/index.js"`: the SDK's server class by its own name, re-exported
 * by a module of the project (a bundling shim). The name is the SDK's and no other framework's.
 */
function importsReexportedServer(t: TS, statement: ts.ImportDeclaration): boolean {
  const specifier = statement.moduleSpecifier;
  if (!t.isStringLiteral(specifier) || !/^(\.|\/|@\/|~\/|#)/.test(specifier.text)) return false;
  const bindings = statement.importClause?.namedBindings;
  return bindings !== undefined && t.isNamedImports(bindings) && bindings.elements.some((element) => (element.propertyName ?? element.name).text === "McpServer" && !element.isTypeOnly);
}

/** Frameworks the file imports (value or type imports, `import()` types excluded, `require` included). */
export function importedFrameworks(t: TS, sourceFile: ts.SourceFile): Set<Framework> {
  const found = new Set<Framework>();
  const note = (specifier: string): void => {
    const framework = frameworkOfModule(specifier);
    if (framework) found.add(framework);
  };
  for (const statement of sourceFile.statements) {
    if ((t.isImportDeclaration(statement) || t.isExportDeclaration(statement)) && statement.moduleSpecifier && t.isStringLiteral(statement.moduleSpecifier)) {
      note(statement.moduleSpecifier.text);
      if (t.isImportDeclaration(statement) && importsReexportedServer(t, statement)) found.add("mcp-sdk-v1");
    } else if (t.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const specifier = declaration.initializer && requireSpecifier(t, declaration.initializer);
        if (specifier !== undefined) note(specifier);
      }
    } else if (t.isImportEqualsDeclaration(statement) && t.isExternalModuleReference(statement.moduleReference) && t.isStringLiteral(statement.moduleReference.expression)) {
      note(statement.moduleReference.expression.text);
    }
  }
  return found;
}
