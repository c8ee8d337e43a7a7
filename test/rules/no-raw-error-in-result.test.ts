import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { FASTMCP_ZOD, SDK_CALL_TOOL, SDK_V2_ZOD, SDK_ZOD, asJs, pluginRule, replaceOnce, ruleTester, lintWithRuleOptions } from "./helpers.js";

type MessageIds = "rawError" | "useFixedText";
type Options = [{ sanitizers?: string[]; safeProperties?: string[] }];

const rule = pluginRule<MessageIds, Options>("no-raw-error-in-result");

/** The text the suggestion writes in place of the raw error. */
const FIXED = '"The tool failed. The details are in the server log."';

const TEXT = "the tool result's text";
const STRUCTURED = "the tool result's structuredContent";
const RETURNED = "the returned text, which fastmcp sends to the model";
const USER_ERROR = "a UserError, whose message fastmcp sends to the model";
const THROWN = "a thrown error's message, which the SDK forwards to the model";
const HELPER = "a helper that puts it into the tool result";

// ---------------------------------------------------------------------------------------------------
// Sources. Most share one SDK v1 handler whose catch block returns `text: <expr>` on line 8.

const messageInText = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: e.message }] };
  }
});
`;
const withLogger = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { logger } from "./logger.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
logger.error("starting");
server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (err) {
    return { isError: true, content: [{ type: "text", text: err.message }] };
  }
});
`;
const templateOfError = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: \`Search failed: \${e}\` }] };
  }
});
`;
const stringOfError = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: "Search failed: " + String(e) }] };
  }
});
`;
const jsonOfError = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: JSON.stringify(e) }] };
  }
});
`;
const toStringOfError = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: e.toString() }] };
  }
});
`;
const inspectOfError = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import util from "node:util";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("search", { description: "d" }, async () => {
  try {
    return { content: [{ type: "text", text: await search() }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: util.inspect(e) }] };
  }
});
`;
const stackOfError = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: e.stack }] };
  }
});
`;
const destructuredMessage = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    const { message } = e;
    return { isError: true, content: [{ type: "text", text: message }] };
  }
});
`;
const aliasedMessage = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    const error = e as Error;
    const detail = error.message;
    return { isError: true, content: [{ type: "text", text: detail }] };
  }
});
`;
const instanceofAnd = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: \`Search failed: \${error instanceof Error && error.message}\` }] };
  }
});
`;
const instanceofTernary = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (error) {
    const msg = error instanceof Error ? error.message : String(error);
    return { isError: true, content: [{ type: "text", text: msg }] };
  }
});
`;
const structuredResponse = `${SDK_ZOD}server.registerTool("fetch_page", { inputSchema: z.strictObject({ url: z.url().max(2000) }) }, async ({ url }) => {
  try {
    return { content: [{ type: "text", text: await fetchPage(url) }] };
  } catch (err) {
    return { isError: true, content: [{ type: "text", text: "Fetch failed." }], structuredContent: err.response?.data };
  }
});
`;
const structuredObject = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: "Search failed." }], structuredContent: { error: e.message, code: e.code } };
  }
});
`;
const ternaryBranch = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: e instanceof SearchError ? e.message : "Search failed." }] };
  }
});
`;
const catchInText = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  return { content: [{ type: "text", text: await search(q).catch((e) => e.message) }] };
});
`;
const helperCall = `${SDK_ZOD}function toolError(e) {
  return { isError: true, content: [{ type: "text", text: e.message }] };
}
server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return toolError(e);
  }
});
`;
const helperChain = `${SDK_ZOD}const toolError = (e) => ({ isError: true, content: [{ type: "text", text: \`Failed: \${e}\` }] });
function fromCaught(caught) {
  return toolError(caught);
}
server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return fromCaught(e);
  }
});
`;
const helperOfText = `${SDK_ZOD}function fail(message: string) {
  return { isError: true, content: [{ type: "text", text: message }] };
}
server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return fail(String(e));
  }
});
`;
const catchExpressionBody = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) =>
  search(q)
    .then((hits) => ({ content: [{ type: "text", text: hits }] }))
    .catch((e) => ({ isError: true, content: [{ type: "text", text: e.message }] })));
`;
const catchBlockBody = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  return search(q).catch((e) => {
    return { isError: true, content: [{ type: "text", text: e.message }] };
  });
});
`;
const thenRejection = `${SDK_ZOD}function toolError(e) {
  return { isError: true, content: [{ type: "text", text: e.message }] };
}
server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) =>
  search(q).then((hits) => ({ content: [{ type: "text", text: hits }] }), (err) => toolError(err)));
`;
const thrownInHandler = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    throw new Error(e.message);
  }
});
`;
const rejectInExecutor = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) =>
  new Promise((resolve, reject) => {
    try {
      resolve({ content: [{ type: "text", text: searchSync(q) }] });
    } catch (e) {
      reject(new Error(e.message));
    }
  }));
`;
const mcpErrorLowLevel = `${SDK_CALL_TOOL}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  try {
    return { content: [{ type: "text", text: await run(request.params.name) }] };
  } catch (e) {
    throw new McpError(ErrorCode.InternalError, \`Export failed: \${e.message}\`);
  }
});
`;
const v2Handlers = `${SDK_V2_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }, ctx) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: e.message }] };
  }
});
server.server.setRequestHandler("tools/call", async (request, ctx) => {
  try {
    return { content: [{ type: "text", text: await run(request.params.name) }] };
  } catch (e) {
    throw new Error(\`Tool failed: \${e}\`);
  }
});
`;
const fastUserError = `${FASTMCP_ZOD}server.addTool({
  name: "search",
  parameters: z.strictObject({ q: z.string().max(100) }),
  execute: async ({ q }) => {
    try {
      return await search(q);
    } catch (error) {
      throw new UserError(error.message);
    }
  },
});
`;
const fastReturned = `${FASTMCP_ZOD}server.addTool({
  name: "search",
  parameters: z.strictObject({ q: z.string().max(100) }),
  execute: async ({ q }) => {
    try {
      return await search(q);
    } catch (error) {
      return error.message;
    }
  },
});
`;
const fastCatchExpression = `${FASTMCP_ZOD}server.addTool({
  name: "search",
  parameters: z.strictObject({ q: z.string().max(100) }),
  execute: async ({ q }) => search(q).catch((error) => error.message),
});
`;
const fastThenBlock = `${FASTMCP_ZOD}server.addTool({
  name: "search",
  parameters: z.strictObject({ q: z.string().max(100) }),
  execute: async ({ q }) => {
    return search(q).then(
      (hits) => hits.join("\\n"),
      (error) => {
        return \`Search failed: \${error}\`;
      },
    );
  },
});
`;
const fastReturnedTemplate = `${FASTMCP_ZOD}server.addTool({
  name: "search",
  parameters: z.strictObject({ q: z.string().max(100) }),
  execute: async ({ q }) => {
    try {
      return await search(q);
    } catch (error) {
      return \`Search failed: \${error}\`;
    }
  },
});
`;
const fastExecuteMethod = `${FASTMCP_ZOD}server.addTool({
  name: "search",
  parameters: z.strictObject({ q: z.string().max(100) }),
  async execute({ q }) {
    try {
      return await search(q);
    } catch (error) {
      return error.message;
    }
  },
});
`;
const bracelessIf = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    if (e.code === "ETIMEDOUT") return { isError: true, content: [{ type: "text", text: e.message }] };
    return { isError: true, content: [{ type: "text", text: "Search failed." }] };
  }
});
`;
const v2ProtocolError = `import { McpServer, ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import * as z from "zod";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }, ctx) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    throw new ProtocolError(ProtocolErrorCode.InternalError, e.message);
  }
});
`;
const localSanitizer = `${SDK_ZOD}function sanitize(e) {
  return e instanceof KnownError ? e.message : "Internal error";
}
server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: sanitize(e) }] };
  }
});
`;
const customSafeProperty = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: \`Failed (\${e.requestId}, \${e.code})\` }] };
  }
});
`;
const jsCatch = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("search", { description: "d" }, async () => {
  try {
    return { content: [{ type: "text", text: await search() }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: e.message }] };
  }
});
`;

/** The suggestion's output: log `error` before `statement` (indented by `indent`) and put the fixed text in place of `raw`. */
function fixedText(code: string, statement: string, raw: string, error = "e", indent = "    ", logger = "console"): string {
  return replaceOnce(code, statement, `${logger}.error(${error});\n${indent}${replaceOnce(statement, raw, FIXED)}`);
}

ruleTester.run("no-raw-error-in-result", rule, {
  valid: [
    {
      name: "a fixed text, with the detail logged by console.error(e)",
      code: `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    console.error(e);
    return { isError: true, content: [{ type: "text", text: "Search failed." }] };
  }
});
`,
    },
    {
      name: "a fixed text, with the detail logged by logger.error({ err })",
      code: `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (err) {
    logger.error({ err, q }, "search failed");
    return { isError: true, content: [{ type: "text", text: \`Search for "\${q}" failed.\` }] };
  }
});
`,
    },
    {
      name: "a fixed text, with the detail logged by logger.error(e) in a .catch callback",
      code: `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) =>
  search(q).catch((e) => {
    logger.error(e);
    return { isError: true, content: [{ type: "text", text: "Search failed." }] };
  }));
`,
    },
    {
      name: "instanceof narrowing that chooses between fixed texts",
      code: `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: e instanceof Error ? "fixed" : "other" }] };
  }
});
`,
    },
    {
      name: "e.name, e.code, e.status and a decision on e.code",
      code: `${SDK_ZOD}server.registerTool("read", { inputSchema: z.strictObject({ path: z.string().max(100) }) }, async ({ path }) => {
  try {
    return { content: [{ type: "text", text: await read(path) }] };
  } catch (e) {
    if (e.code === "ENOENT") return { isError: true, content: [{ type: "text", text: "Not found." }] };
    return { isError: true, content: [{ type: "text", text: \`\${e.name} (\${e.code}, HTTP \${e.status})\` }] };
  }
});
`,
    },
    {
      name: "a catch clause without a binding, and an error that was never caught",
      code: `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  const unsupported = new Error("Unsupported query.");
  if (q === "") return { isError: true, content: [{ type: "text", text: unsupported.message }] };
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch {
    return { isError: true, content: [{ type: "text", text: "Search failed." }] };
  }
});
`,
    },
    {
      name: "throw new Error(e.message) and new McpError(code, e.message) in a utility that is not a handler",
      code: `${SDK_CALL_TOOL}function parseConfig(text) {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(e.message);
  }
}
async function load(url) {
  return fetch(url).catch((e) => { throw new McpError(ErrorCode.InternalError, e.message); });
}
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: "text", text: "ok" }] }));
`,
    },
    {
      name: "a thrown message built from the request, not from a caught error",
      code: `${SDK_CALL_TOOL}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);
});
`,
    },
    {
      name: "a result helper called with fixed values, and a helper that shows only e.code",
      code: `${SDK_ZOD}function toolError(e) {
  return { isError: true, content: [{ type: "text", text: e.message }] };
}
function failed(e) {
  return { isError: true, content: [{ type: "text", text: \`Failed (\${e.code})\` }] };
}
server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    if (q === "") return toolError(new Error("Lookup failed."));
    return failed(e);
  }
});
`,
    },
    {
      name: "a function imported from elsewhere is not followed: redactError(e)",
      code: `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: redactError(e) }] };
  }
});
`,
    },
    {
      name: "sanitizers option: an allow-listed sanitiser of the same file",
      code: localSanitizer,
      options: [{ sanitizers: ["sanitize"] }],
    },
    {
      name: "shared setting settings[\"mcp-guard\"].sanitizers",
      code: localSanitizer,
      settings: { "mcp-guard": { sanitizers: ["sanitize"] } },
    },
    {
      name: "safeProperties option: e.requestId is safe when listed with e.code",
      code: customSafeProperty,
      options: [{ safeProperties: ["requestId", "code"] }],
    },
    {
      name: "fastmcp: a fixed UserError and a fixed returned string, detail logged",
      code: `${FASTMCP_ZOD}server.addTool({
  name: "search",
  parameters: z.strictObject({ q: z.string().max(100) }),
  execute: async ({ q }, { log }) => {
    try {
      return await search(q);
    } catch (error) {
      log.error("search failed", { error: String(error) });
      if (q.length > 50) throw new UserError("Search failed.");
      return "Search failed.";
    }
  },
});
`,
    },
    {
      name: "SDK handlers do not send a returned string to the model",
      code: `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    console.error(e.message);
    return { isError: true, content: [{ type: "text", text: "Search failed." }] };
  }
});
`,
    },
    {
      name: "a file without an MCP import",
      code: `export async function run() {
  try {
    return await work();
  } catch (e) {
    return { content: [{ type: "text", text: e.message }] };
  }
}
`,
    },
  ],
  invalid: [
    {
      name: "SDK v1: e.message in content[].text; the suggestion logs with console.error",
      code: messageInText,
      errors: [{
        messageId: "rawError", line: 8, column: 61, endLine: 8, endColumn: 70,
        data: { part: "message", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: fixedText(messageInText, 'return { isError: true, content: [{ type: "text", text: e.message }] };', "e.message") }],
      }],
    },
    {
      name: "a file that logs with logger.error: the suggestion uses it",
      code: withLogger,
      errors: [{
        messageId: "rawError", line: 10, column: 61, endLine: 10, endColumn: 72,
        suggestions: [{ messageId: "useFixedText", output: fixedText(withLogger, 'return { isError: true, content: [{ type: "text", text: err.message }] };', "err.message", "err", "    ", "logger") }],
      }],
    },
    {
      name: "a template literal of the error",
      code: templateOfError,
      errors: [{
        messageId: "rawError", line: 8, column: 61, endLine: 8, endColumn: 82,
        data: { part: "text", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: fixedText(templateOfError, "return { isError: true, content: [{ type: \"text\", text: `Search failed: ${e}` }] };", "`Search failed: ${e}`") }],
      }],
    },
    {
      name: "String(e) in a concatenation",
      code: stringOfError,
      errors: [{
        messageId: "rawError", line: 8, column: 61, endLine: 8, endColumn: 90,
        data: { part: "text", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: fixedText(stringOfError, 'return { isError: true, content: [{ type: "text", text: "Search failed: " + String(e) }] };', '"Search failed: " + String(e)') }],
      }],
    },
    {
      name: "JSON.stringify(e)",
      code: jsonOfError,
      errors: [{
        messageId: "rawError", line: 8, column: 61, endLine: 8, endColumn: 78,
        data: { part: "text", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: fixedText(jsonOfError, 'return { isError: true, content: [{ type: "text", text: JSON.stringify(e) }] };', "JSON.stringify(e)") }],
      }],
    },
    {
      name: "e.toString()",
      code: toStringOfError,
      errors: [{
        messageId: "rawError", line: 8, column: 61, endLine: 8, endColumn: 73,
        data: { part: "text", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: fixedText(toStringOfError, 'return { isError: true, content: [{ type: "text", text: e.toString() }] };', "e.toString()") }],
      }],
    },
    {
      name: "util.inspect(e)",
      code: inspectOfError,
      errors: [{
        messageId: "rawError", line: 8, column: 61, endLine: 8, endColumn: 76,
        data: { part: "text", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: fixedText(inspectOfError, 'return { isError: true, content: [{ type: "text", text: util.inspect(e) }] };', "util.inspect(e)") }],
      }],
    },
    {
      name: "e.stack",
      code: stackOfError,
      errors: [{
        messageId: "rawError", line: 8, column: 61, endLine: 8, endColumn: 68,
        data: { part: "stack", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: fixedText(stackOfError, 'return { isError: true, content: [{ type: "text", text: e.stack }] };', "e.stack") }],
      }],
    },
    {
      name: "const { message } = e",
      code: destructuredMessage,
      errors: [{
        messageId: "rawError", line: 9, column: 61, endLine: 9, endColumn: 68,
        data: { part: "message", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: fixedText(destructuredMessage, 'return { isError: true, content: [{ type: "text", text: message }] };', "message") }],
      }],
    },
    {
      name: "a cast and an alias: const error = e as Error; const detail = error.message",
      code: aliasedMessage,
      errors: [{
        messageId: "rawError", line: 10, column: 61, endLine: 10, endColumn: 67,
        data: { part: "message", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: fixedText(aliasedMessage, 'return { isError: true, content: [{ type: "text", text: detail }] };', "detail") }],
      }],
    },
    {
      name: "`${error instanceof Error && error.message}`",
      code: instanceofAnd,
      errors: [{
        messageId: "rawError", line: 8, column: 61, endLine: 8, endColumn: 120,
        data: { part: "message", sink: TEXT },
        suggestions: [{
          messageId: "useFixedText",
          output: fixedText(instanceofAnd, "return { isError: true, content: [{ type: \"text\", text: `Search failed: ${error instanceof Error && error.message}` }] };", "`Search failed: ${error instanceof Error && error.message}`", "error"),
        }],
      }],
    },
    {
      name: "error instanceof Error ? error.message : String(error)",
      code: instanceofTernary,
      errors: [{
        messageId: "rawError", line: 9, column: 61, endLine: 9, endColumn: 64,
        data: { part: "message", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: fixedText(instanceofTernary, 'return { isError: true, content: [{ type: "text", text: msg }] };', "msg", "error") }],
      }],
    },
    {
      name: "structuredContent: err.response?.data written whole: reported, no suggestion (a string is not valid structuredContent)",
      code: structuredResponse,
      errors: [{ messageId: "rawError", line: 8, column: 100, endLine: 8, endColumn: 118, data: { part: "response", sink: STRUCTURED }, suggestions: [] }],
    },
    {
      name: "structuredContent: { error: e.message }: reported at the raw value, the suggestion replaces only it",
      code: structuredObject,
      errors: [{
        messageId: "rawError", line: 8, column: 110, endLine: 8, endColumn: 119,
        data: { part: "message", sink: STRUCTURED },
        suggestions: [{
          messageId: "useFixedText",
          output: fixedText(structuredObject, 'return { isError: true, content: [{ type: "text", text: "Search failed." }], structuredContent: { error: e.message, code: e.code } };', "e.message"),
        }],
      }],
    },
    {
      name: "a branch of a conditional: reported at e.message, the other branch stays",
      code: ternaryBranch,
      errors: [{
        messageId: "rawError", line: 8, column: 88, endLine: 8, endColumn: 97,
        data: { part: "message", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: fixedText(ternaryBranch, 'return { isError: true, content: [{ type: "text", text: e instanceof SearchError ? e.message : "Search failed." }] };', "e.message") }],
      }],
    },
    {
      name: "await p.catch((e) => e.message) in the text: reported at the callback's value, no suggestion",
      code: catchInText,
      errors: [{ messageId: "rawError", line: 5, column: 73, endLine: 5, endColumn: 82, data: { part: "message", sink: TEXT }, suggestions: [] }],
    },
    {
      name: "a result helper of the file, called with the caught error: reported at the call's argument",
      code: helperCall,
      errors: [{ messageId: "rawError", line: 11, column: 22, endLine: 11, endColumn: 23, data: { part: "message", sink: HELPER }, suggestions: [] }],
    },
    {
      name: "a helper that calls a helper",
      code: helperChain,
      errors: [{ messageId: "rawError", line: 12, column: 23, endLine: 12, endColumn: 24, data: { part: "text", sink: HELPER }, suggestions: [] }],
    },
    {
      name: "a helper taking a message, given String(e)",
      code: helperOfText,
      errors: [{ messageId: "rawError", line: 11, column: 17, endLine: 11, endColumn: 26, data: { part: "text", sink: HELPER }, suggestions: [] }],
    },
    {
      name: ".catch(e => ({ …e.message })) with an expression body: no statement to log in, so no suggestion",
      code: catchExpressionBody,
      errors: [{ messageId: "rawError", line: 7, column: 69, endLine: 7, endColumn: 78, data: { part: "message", sink: TEXT }, suggestions: [] }],
    },
    {
      name: ".catch(e => { return … }) with a block body",
      code: catchBlockBody,
      errors: [{
        messageId: "rawError", line: 6, column: 61, endLine: 6, endColumn: 70,
        suggestions: [{ messageId: "useFixedText", output: fixedText(catchBlockBody, 'return { isError: true, content: [{ type: "text", text: e.message }] };', "e.message") }],
      }],
    },
    {
      name: "the rejection handler of .then(ok, err => toolError(err))",
      code: thenRejection,
      errors: [{ messageId: "rawError", line: 8, column: 94, endLine: 8, endColumn: 97, data: { part: "message", sink: HELPER }, suggestions: [] }],
    },
    {
      name: "throw new Error(e.message) inside a handler",
      code: thrownInHandler,
      errors: [{
        messageId: "rawError", line: 8, column: 21, endLine: 8, endColumn: 30,
        data: { part: "message", sink: THROWN },
        suggestions: [{ messageId: "useFixedText", output: fixedText(thrownInHandler, "throw new Error(e.message);", "e.message") }],
      }],
    },
    {
      name: "reject(new Error(e.message)) in a promise the handler returns",
      code: rejectInExecutor,
      errors: [{
        messageId: "rawError", line: 9, column: 24, endLine: 9, endColumn: 33,
        data: { part: "message", sink: THROWN },
        suggestions: [{ messageId: "useFixedText", output: fixedText(rejectInExecutor, "reject(new Error(e.message));", "e.message", "e", "      ") }],
      }],
    },
    {
      name: "throw new McpError(code, `…${e.message}`) in a low-level tools/call handler",
      code: mcpErrorLowLevel,
      errors: [{
        messageId: "rawError", line: 8, column: 49, endLine: 8, endColumn: 78,
        data: { part: "message", sink: THROWN },
        suggestions: [{ messageId: "useFixedText", output: fixedText(mcpErrorLowLevel, "throw new McpError(ErrorCode.InternalError, `Export failed: ${e.message}`);", "`Export failed: ${e.message}`") }],
      }],
    },
    {
      name: "SDK v2: registerTool and setRequestHandler(\"tools/call\")",
      code: v2Handlers,
      errors: [
        {
          messageId: "rawError", line: 8, column: 61, endLine: 8, endColumn: 70,
          data: { part: "message", sink: TEXT },
          suggestions: [{ messageId: "useFixedText", output: fixedText(v2Handlers, 'return { isError: true, content: [{ type: "text", text: e.message }] };', "e.message") }],
        },
        {
          messageId: "rawError", line: 15, column: 21, endLine: 15, endColumn: 40,
          data: { part: "text", sink: THROWN },
          suggestions: [{ messageId: "useFixedText", output: fixedText(v2Handlers, "throw new Error(`Tool failed: ${e}`);", "`Tool failed: ${e}`") }],
        },
      ],
    },
    {
      name: "fastmcp: throw new UserError(error.message)",
      code: fastUserError,
      errors: [{
        messageId: "rawError", line: 11, column: 27, endLine: 11, endColumn: 40,
        data: { part: "message", sink: USER_ERROR },
        suggestions: [{ messageId: "useFixedText", output: fixedText(fastUserError, "throw new UserError(error.message);", "error.message", "error", "      ") }],
      }],
    },
    {
      name: "fastmcp: return error.message from execute",
      code: fastReturned,
      errors: [{
        messageId: "rawError", line: 11, column: 14, endLine: 11, endColumn: 27,
        data: { part: "message", sink: RETURNED },
        suggestions: [{ messageId: "useFixedText", output: fixedText(fastReturned, "return error.message;", "error.message", "error", "      ") }],
      }],
    },
    {
      name: "fastmcp: an expression-bodied execute that resolves to .catch((error) => error.message)",
      code: fastCatchExpression,
      errors: [{ messageId: "rawError", line: 7, column: 56, endLine: 7, endColumn: 69, data: { part: "message", sink: RETURNED }, suggestions: [] }],
    },
    {
      name: "fastmcp: the rejection handler of .then(ok, (error) => { return `…${error}`; }): the suggestion logs in the callback",
      code: fastThenBlock,
      errors: [{
        messageId: "rawError", line: 11, column: 16, endLine: 11, endColumn: 41,
        data: { part: "text", sink: RETURNED },
        suggestions: [{ messageId: "useFixedText", output: fixedText(fastThenBlock, "return `Search failed: ${error}`;", "`Search failed: ${error}`", "error", "        ") }],
      }],
    },
    {
      name: "fastmcp: return `…${error}` from execute",
      code: fastReturnedTemplate,
      errors: [{
        messageId: "rawError", line: 11, column: 14, endLine: 11, endColumn: 39,
        data: { part: "text", sink: RETURNED },
        suggestions: [{ messageId: "useFixedText", output: fixedText(fastReturnedTemplate, "return `Search failed: ${error}`;", "`Search failed: ${error}`", "error", "      ") }],
      }],
    },
    {
      name: "fastmcp execute written as a method",
      code: fastExecuteMethod,
      errors: [{
        messageId: "rawError", line: 11, column: 14, endLine: 11, endColumn: 27,
        data: { part: "message", sink: RETURNED },
        suggestions: [{ messageId: "useFixedText", output: fixedText(fastExecuteMethod, "return error.message;", "error.message", "error", "      ") }],
      }],
    },
    {
      name: "a sink in a brace-less if: reported, but no suggestion (the log call would run on every path)",
      code: bracelessIf,
      errors: [{ messageId: "rawError", line: 8, column: 89, endLine: 8, endColumn: 98, data: { part: "message", sink: TEXT }, suggestions: [] }],
    },
    {
      name: "SDK v2 ProtocolError(code, message): the message is the second argument",
      code: v2ProtocolError,
      errors: [{
        messageId: "rawError", line: 8, column: 62, endLine: 8, endColumn: 71,
        data: { part: "message", sink: THROWN },
        suggestions: [{ messageId: "useFixedText", output: fixedText(v2ProtocolError, "throw new ProtocolError(ProtocolErrorCode.InternalError, e.message);", "e.message") }],
      }],
    },
    {
      name: "a sanitiser of the same file that is not allow-listed is followed into",
      code: localSanitizer,
      errors: [{
        messageId: "rawError", line: 11, column: 61, endLine: 11, endColumn: 72,
        data: { part: "message", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: fixedText(localSanitizer, 'return { isError: true, content: [{ type: "text", text: sanitize(e) }] };', "sanitize(e)") }],
      }],
    },
    {
      name: "safeProperties replaces the default list: e.code is raw when only requestId is listed",
      code: customSafeProperty,
      options: [{ safeProperties: ["requestId"] }],
      errors: [{
        messageId: "rawError", line: 8, column: 61, endLine: 8, endColumn: 97,
        data: { part: "code", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: fixedText(customSafeProperty, "return { isError: true, content: [{ type: \"text\", text: `Failed (${e.requestId}, ${e.code})` }] };", "`Failed (${e.requestId}, ${e.code})`") }],
      }],
    },
    {
      name: "plain JavaScript with espree",
      code: jsCatch,
      ...asJs,
      errors: [{
        messageId: "rawError", line: 7, column: 61, endLine: 7, endColumn: 70,
        suggestions: [{ messageId: "useFixedText", output: fixedText(jsCatch, 'return { isError: true, content: [{ type: "text", text: e.message }] };', "e.message") }],
      }],
    },
  ],
});

describe("no-raw-error-in-result options", () => {
  const lint = (options: unknown) => lintWithRuleOptions("no-raw-error-in-result", messageInText, options, "server.js");

  it("rejects sanitizers that is not an array", () => {
    expect(() => lint({ sanitizers: "redact" })).toThrow(/Key "rules": Key "mcp-guard\/no-raw-error-in-result":[\s\S]*should be array/);
  });

  it("rejects an unknown option key", () => {
    expect(() => lint({ sanitiser: ["redact"] })).toThrow(/Key "mcp-guard\/no-raw-error-in-result":[\s\S]*Unexpected property "sanitiser"/);
  });

  it("rejects an empty name", () => {
    expect(() => lint({ safeProperties: [""] })).toThrow(/Key "mcp-guard\/no-raw-error-in-result":[\s\S]*should NOT be shorter than 1 characters/);
  });

  // It was ignored without a word until the settings had a schema, and the sanitiser was not applied.
  it("rejects a malformed shared setting as a configuration error", () => {
    const verify = () => new Linter().verify(
      messageInText,
      [{ plugins: { "mcp-guard": plugin }, settings: { "mcp-guard": { sanitizers: "sanitize" } }, rules: { "mcp-guard/no-raw-error-in-result": "error" } }],
      "server.js",
    );
    expect(verify).toThrow('settings["mcp-guard"].sanitizers: expected an array of strings, got "sanitize"');
  });

  it("reports with the full message", () => {
    const messages = lint({});
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toBe(
      "The caught error's message reaches the tool result's text. Return a fixed message and log the error.",
    );
  });
});

// Regression (real servers, 63 duplicate reports on one fastmcp server): a returned `{ content: [...] }` was
// returned text as a whole and also held a content text, so one leak was reported twice, once at the array.
// And a shorthand `{ type: "text", text }` was not a content text at all.
const fastContentResult = `${FASTMCP_ZOD}server.addTool({
  name: "lookup",
  parameters: z.strictObject({ id: z.string().max(10) }),
  execute: async ({ id }) => {
    try {
      return await search(id);
    } catch (error) {
      return { content: [{ type: "text", text: \`failed: \${error.message}\` }] };
    }
  },
});
`;
const fastShorthandText = `${FASTMCP_ZOD}server.addTool({
  name: "lookup",
  parameters: z.strictObject({ id: z.string().max(10) }),
  execute: async ({ id }) => {
    try {
      return await search(id);
    } catch (error) {
      const text = error.message;
      return { content: [{ type: "text", text }] };
    }
  },
});
`;

ruleTester.run("no-raw-error-in-result: content results returned from fastmcp", rule, {
  valid: [
    {
      name: "a fixed text in a returned content result",
      code: fastContentResult.replace("`failed: ${error.message}`", '"failed"'),
    },
  ],
  invalid: [
    {
      name: "reported once, at the text",
      code: fastContentResult,
      errors: [{
        messageId: "rawError", line: 11, column: 48, endLine: 11, endColumn: 74,
        data: { part: "message", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: fixedText(fastContentResult, "return { content: [{ type: \"text\", text: `failed: ${error.message}` }] };", "`failed: ${error.message}`", "error", "      ") }],
      }],
    },
    {
      name: "a shorthand text: reported at it; the suggestion writes the property out",
      code: fastShorthandText,
      errors: [{
        messageId: "rawError", line: 12, column: 42, endLine: 12, endColumn: 46,
        data: { part: "message", sink: TEXT },
        suggestions: [{
          messageId: "useFixedText",
          output: replaceOnce(fastShorthandText, '      return { content: [{ type: "text", text }] };', `      console.error(error);\n      return { content: [{ type: "text", text: ${FIXED} }] };`),
        }],
      }],
    },
  ],
});

// Regression (modelcontextprotocol/servers filesystem, read_multiple_files): error text assigned to a `let`,
// appended with `+=`, pushed onto an array, or returned from a `map` callback and joined reached the
// result unseen.
const letReassigned = `${SDK_ZOD}server.registerTool("d", { inputSchema: z.strictObject({ p: z.string().max(200) }) }, async ({ p }) => {
  let text = "";
  try {
    text = await search(p);
  } catch (e) {
    text = \`Error - \${e.message}\`;
  }
  return { content: [{ type: "text", text }] };
});
`;
const appended = `${SDK_ZOD}server.registerTool("a", { inputSchema: z.strictObject({ paths: z.array(z.string().max(200)).max(10) }) }, async ({ paths }) => {
  let out = "";
  for (const p of paths) {
    try {
      out += await search(p);
    } catch (e) {
      out += e.message;
    }
  }
  return { content: [{ type: "text", text: out }] };
});
`;
const mappedAndJoined = `${SDK_ZOD}server.registerTool("m", { inputSchema: z.strictObject({ paths: z.array(z.string().max(200)).max(10) }) }, async ({ paths }) => {
  const results = await Promise.all(paths.map(async (p) => {
    try {
      return await search(p);
    } catch (e) {
      return \`\${p}: Error - \${e.message}\`;
    }
  }));
  return { content: [{ type: "text", text: results.join("\\n") }] };
});
`;
const pushedAndJoined = `${SDK_ZOD}server.registerTool("p", { inputSchema: z.strictObject({ paths: z.array(z.string().max(200)).max(10) }) }, async ({ paths }) => {
  const errors = [];
  for (const p of paths) {
    try {
      await search(p);
    } catch (e) {
      errors.push(e.message);
    }
  }
  return { content: [{ type: "text", text: errors.join(", ") }] };
});
`;

ruleTester.run("no-raw-error-in-result: error text through variables written later and collections", rule, {
  valid: [
    { name: "a let given a fixed text in the catch", code: letReassigned.replace("text = `Error - ${e.message}`;", 'console.error(e);\n    text = "Error";') },
    { name: "a map callback that returns a fixed text", code: mappedAndJoined.replace("return `${p}: Error - ${e.message}`;", 'console.error(e);\n      return `${p}: failed`;') },
    { name: "pushing the error's name only", code: pushedAndJoined.replace("errors.push(e.message);", "errors.push(e.name);") },
  ],
  invalid: [
    {
      name: "a let assigned the error's text in the catch",
      code: letReassigned,
      errors: [{ messageId: "rawError", line: 11, column: 38, endLine: 11, endColumn: 42, data: { part: "message", sink: TEXT }, suggestions: [] }],
    },
    {
      name: "text appended with += in a loop",
      code: appended,
      errors: [{ messageId: "rawError", line: 13, column: 44, endLine: 13, endColumn: 47, data: { part: "message", sink: TEXT }, suggestions: [] }],
    },
    {
      name: "Promise.all over a map whose callback returns the error's text, joined",
      code: mappedAndJoined,
      errors: [{ messageId: "rawError", line: 12, column: 44, endLine: 12, endColumn: 62, data: { part: "message", sink: TEXT }, suggestions: [] }],
    },
    {
      name: "the error's message pushed onto an array, joined",
      code: pushedAndJoined,
      errors: [{ messageId: "rawError", line: 13, column: 44, endLine: 13, endColumn: 61, data: { part: "message", sink: TEXT }, suggestions: [] }],
    },
  ],
});

// Regressions (real servers): text-preserving string methods on the way, and a callee that catches for itself.
const trimmed = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: e.message.trim().slice(0, 200).replace(/\\s+/g, " ") }] };
  }
});
`;
const splitJoined = `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: await search(q) }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: String(e).split("\\n").join(" ").toUpperCase() }] };
  }
});
`;
const calleeCatches = `${SDK_ZOD}async function runReport(id: string): Promise<string> {
  try {
    return await build(id);
  } catch (err) {
    return \`report failed: \${err}\`;
  }
}
server.registerTool("report", { inputSchema: z.strictObject({ id: z.string().max(40) }) }, async ({ id }) => ({
  content: [{ type: "text", text: await runReport(id) }],
}));
`;

// Regression (next-devtools): a callee that catches and returns `{ success: false, error }`; the handler reads its fields.
const calleeResultObject = `${SDK_ZOD}async function probe(id: string): Promise<{ success: boolean; server?: string; error?: string }> {
  try {
    return { success: true, server: await build(id) };
  } catch (err) {
    return { success: false, error: \`probe failed: \${(err as Error).message}\` };
  }
}
server.registerTool("probe", { inputSchema: z.strictObject({ id: z.string().max(40) }) }, async ({ id }) => {
  const result = await probe(id);
  return { content: [{ type: "text", text: JSON.stringify({ error: result.error, server: result.server }) }] };
});
`;

// Regression (desktopcommander): a callee returns one `{ path, error }` per file; the handler makes the text.
const perElementErrors = `${SDK_ZOD}async function readAll(paths: string[]): Promise<{ path: string; content?: string; error?: string }[]> {
  return Promise.all(paths.map(async (path) => {
    try {
      return { path, content: await read(path) };
    } catch (error) {
      return { path, error: (error as Error).message };
    }
  }));
}
server.registerTool("read_all", { inputSchema: z.strictObject({ paths: z.array(z.string().max(200)).max(20) }) }, async ({ paths }) => {
  const results = await readAll(paths);
  const summary = results.map((result) => (result.error ? \`\${result.path}: Error - \${result.error}\` : result.path)).join("\\n");
  return { content: [{ type: "text", text: summary }] };
});
`;
const perElementLoop = perElementErrors.replace(
  'const summary = results.map((result) => (result.error ? `${result.path}: Error - ${result.error}` : result.path)).join("\\n");',
  'const lines: string[] = [];\n  for (const result of results) lines.push(result.error ?? result.path);\n  const summary = lines.join("\\n");',
);

ruleTester.run("no-raw-error-in-result: per-element errors of a callee", rule, {
  valid: [
    { name: "only the elements' paths and contents reach the result", code: perElementErrors.replace("result.error ? `${result.path}: Error - ${result.error}` : result.path", "`${result.path}: ${result.content ?? \"\"}`") },
  ],
  invalid: [
    {
      name: "the handler writes each element's error into its text: reported where the handler writes it",
      code: perElementErrors,
      errors: [{ messageId: "rawError", line: 16, column: 44, endLine: 16, endColumn: 51, data: { part: "message", sink: TEXT }, suggestions: [] }],
    },
    {
      name: "the same, through a for…of loop that pushes each error",
      code: perElementLoop,
      errors: [{ messageId: "rawError", line: 18, column: 44, endLine: 18, endColumn: 51, data: { part: "message", sink: TEXT }, suggestions: [] }],
    },
  ],
});

ruleTester.run("no-raw-error-in-result: callees that return the error in an object", rule, {
  valid: [
    { name: "only the callee's other field reaches the result", code: calleeResultObject.replace("error: result.error, server: result.server", "server: result.server") },
  ],
  invalid: [
    {
      name: "the callee's error field reaches the result: reported in the callee, where the text is written",
      code: calleeResultObject,
      errors: [{
        messageId: "rawError", line: 8, column: 37, endLine: 8, endColumn: 78, data: { part: "message", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: calleeResultObject.replace("return { success: false, error: `probe failed: ${(err as Error).message}` };", 'console.error(err);\n    return { success: false, error: "The tool failed. The details are in the server log." };') }],
      }],
    },
  ],
});

ruleTester.run("no-raw-error-in-result: text-preserving methods and callees that catch", rule, {
  valid: [
    { name: "a callee that catches and returns a fixed text", code: calleeCatches.replace("return `report failed: ${err}`;", 'console.error(err);\n    return "report failed";') },
    { name: "a callee that catches and re-throws", code: calleeCatches.replace("return `report failed: ${err}`;", "throw err;") },
    { name: "the error's name, trimmed", code: trimmed.replace("e.message.trim()", "e.name.trim()") },
  ],
  invalid: [
    {
      name: ".trim(), .slice() and .replace() keep the text",
      code: trimmed,
      errors: [{
        messageId: "rawError", line: 8, column: 61, endLine: 8, endColumn: 112, data: { part: "message", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: replaceOnce(trimmed, 'return { isError: true, content: [{ type: "text", text: e.message.trim().slice(0, 200).replace(/\\s+/g, " ") }] };', `console.error(e);\n    return { isError: true, content: [{ type: "text", text: ${FIXED} }] };`) }],
      }],
    },
    {
      name: ".split().join() and .toUpperCase() keep the text",
      code: splitJoined,
      errors: [{
        messageId: "rawError", line: 8, column: 61, endLine: 8, endColumn: 106, data: { part: "text", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: replaceOnce(splitJoined, 'return { isError: true, content: [{ type: "text", text: String(e).split("\\n").join(" ").toUpperCase() }] };', `console.error(e);\n    return { isError: true, content: [{ type: "text", text: ${FIXED} }] };`) }],
      }],
    },
    {
      name: "a callee that catches for itself and returns the error in its result",
      code: calleeCatches,
      // Reported in the callee, where the text is written, since the handler only passes it on.
      errors: [{
        messageId: "rawError", line: 8, column: 12, endLine: 8, endColumn: 35, data: { part: "text", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: calleeCatches.replace("return `report failed: ${err}`;", 'console.error(err);\n    return "The tool failed. The details are in the server log.";') }],
      }],
    },
  ],
});

// Regression (real servers): error results built by a method called on `this`, in the class or a base class.
const inheritedHandleError = `${SDK_ZOD}class ToolBase {
  handleError(error: unknown) {
    return { isError: true, content: [{ type: "text" as const, text: (error as Error).message }] };
  }
}
class SearchTool extends ToolBase {
  register() {
    server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(9) }) }, async ({ q }) => {
      try {
        return { content: [{ type: "text", text: await search(q) }] };
      } catch (e) {
        return this.handleError(e);
      }
    });
  }
}
`;

ruleTester.run("no-raw-error-in-result: this.handleError(e)", rule, {
  valid: [
    { name: "a base class's handleError that logs and returns a fixed text", code: inheritedHandleError.replace("text: (error as Error).message }] };", 'text: "failed" }] };') },
  ],
  invalid: [
    {
      name: "an inherited this.handleError(e) that puts the message into the result",
      code: inheritedHandleError,
      errors: [{ messageId: "rawError", line: 15, column: 33, endLine: 15, endColumn: 34, data: { part: "message", sink: HELPER }, suggestions: [] }],
    },
  ],
});

// A low-level server class that hands `this.handleCall.bind(this)` to setRequestHandler: the method is the handler.
const boundMethodHandler = `${SDK_CALL_TOOL}class ToolServer {
  server = server;
  start() {
    this.server.setRequestHandler(CallToolRequestSchema, this.handleCall.bind(this));
  }
  async handleCall(request) {
    try {
      return { content: [{ type: "text", text: await run(request.params.name) }] };
    } catch (e) {
      return { isError: true, content: [{ type: "text", text: e.message }] };
    }
  }
}
`;

ruleTester.run("no-raw-error-in-result: a method bound to this as the call-tool handler", rule, {
  valid: [
    { name: "the bound method returns a fixed text and logs the error", code: boundMethodHandler.replace("text: e.message }] };", 'text: "failed" }] };') },
  ],
  invalid: [
    {
      name: "this.handleCall.bind(this): the method's catch puts the message into the result",
      code: boundMethodHandler,
      errors: [{
        messageId: "rawError", line: 13, column: 63, endLine: 13, endColumn: 72,
        data: { part: "message", sink: TEXT },
        suggestions: [{ messageId: "useFixedText", output: fixedText(boundMethodHandler, 'return { isError: true, content: [{ type: "text", text: e.message }] };', "e.message", "e", "      ") }],
      }],
    },
  ],
});
