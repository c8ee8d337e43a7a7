import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { SDK_CALL_TOOL, SDK_V2_ZOD, SDK_ZOD, asJs, pluginRule, ruleTester, lintWithRuleOptions } from "./helpers.js";

type MessageIds = "unvalidatedRead" | "keysOnlyRead";
type Options = [{ validators?: string[] }];

const rule = pluginRule<MessageIds, Options>("require-validated-args");

/** SDK v1 low-level server with zod and a schema for the `search` tool; the handler starts on line 6. */
const HEADER = `${SDK_CALL_TOOL}import { z } from "zod";
const SearchInput = z.strictObject({ q: z.string().max(100) });
`;

// ---------------------------------------------------------------------------------------------------
// Sources.

const noValidation = `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const q = request.params.arguments?.q;
  return { content: [{ type: "text", text: await search(q) }] };
});
`;
const readBeforeValidation = `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const limit = request.params.arguments?.limit;
  const parsed = SearchInput.safeParse(request.params.arguments);
  if (!parsed.success) return { isError: true, content: [{ type: "text", text: "Invalid tool arguments." }] };
  return { content: [{ type: "text", text: await search(parsed.data.q, limit) }] };
});
`;
const destructured = `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { path, encoding } = request.params.arguments as { path: string; encoding: string };
  return { content: [{ type: "text", text: await read(path, encoding) }] };
});
`;
const paramsDestructured = `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  const input = args ?? {};
  return { content: [{ type: "text", text: await run(name, input.q, args["limit"]) }] };
});
`;
const otherCase = `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "search": {
      const { q } = SearchInput.parse(request.params.arguments);
      return { content: [{ type: "text", text: await search(q) }] };
    }
    case "open":
      return { content: [{ type: "text", text: await open(request.params.arguments?.url) }] };
    default:
      throw new McpError(ErrorCode.MethodNotFound, "Unknown tool");
  }
});
`;
const validatedInNestedBlock = `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === "search") {
    SearchInput.parse(request.params.arguments);
  }
  return { content: [{ type: "text", text: await search(request.params.arguments.q) }] };
});
`;
const declaredHandler = `${HEADER}async function callTool(request, extra) {
  return { content: [{ type: "text", text: await search(request.params.arguments.q) }] };
}
server.setRequestHandler(CallToolRequestSchema, callTool);
`;
const v2CallTool = `${SDK_V2_ZOD}server.server.setRequestHandler("tools/call", async (request, ctx) => {
  const url = request.params.arguments?.url;
  return { content: [{ type: "text", text: await fetchPage(url) }] };
});
`;
const customValidator = `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  assertSearchInput(request.params.arguments);
  return { content: [{ type: "text", text: await search(request.params.arguments.q) }] };
});
`;
const jsHandler = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "demo", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => ({ content: [{ type: "text", text: request.params.arguments.q }] }));
`;

ruleTester.run("require-validated-args", rule, {
  valid: [
    {
      name: "the issue's model handler: safeParse, then read from the result",
      code: `${SDK_CALL_TOOL}import { z } from "zod";
const ExportReportInput = z.strictObject({ report_id: z.uuid(), format: z.enum(["csv", "pdf"]) });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const parsed = ExportReportInput.safeParse(request.params.arguments);
  if (!parsed.success) return { isError: true, content: [{ type: "text", text: "Invalid tool arguments." }] };
  const principal = await requireAuthenticatedPrincipal(request);
  const report = await reports.findVisibleTo(principal.orgId, parsed.data.report_id);
  if (!report) return { isError: true, content: [{ type: "text", text: "Report not available." }] };
  return exportReport(report, parsed.data.format);
});
`,
    },
    {
      name: "reads after parse in the same block",
      code: `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  SearchInput.parse(request.params.arguments);
  const q = request.params.arguments.q;
  if (q) {
    return { content: [{ type: "text", text: await search(request.params.arguments.q) }] };
  }
  return { content: [] };
});
`,
    },
    {
      name: "each switch case validates before it reads: parse, safeParse, parseAsync, AJV validate",
      code: `${HEADER}import Ajv from "ajv";
const ajv = new Ajv();
const validate = ajv.compile({ type: "object", properties: { url: { type: "string" } }, additionalProperties: false });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "search": {
      const result = SearchInput.safeParse(request.params.arguments);
      if (!result.success) return { isError: true, content: [{ type: "text", text: "Invalid tool arguments." }] };
      return { content: [{ type: "text", text: await search(result.data.q) }] };
    }
    case "search_async": {
      const { q } = await SearchInput.parseAsync(request.params.arguments);
      return { content: [{ type: "text", text: await search(q) }] };
    }
    case "open":
      if (!validate(request.params.arguments)) return { isError: true, content: [{ type: "text", text: "Invalid tool arguments." }] };
      return { content: [{ type: "text", text: await open(request.params.arguments.url) }] };
    case "open_schema":
      if (!ajv.validate(OPEN_SCHEMA, request.params.arguments)) return { isError: true, content: [{ type: "text", text: "Invalid tool arguments." }] };
      return { content: [{ type: "text", text: await open(request.params.arguments.url) }] };
    default:
      throw new McpError(ErrorCode.MethodNotFound, "Unknown tool");
  }
});
`,
    },
    {
      name: "an AJV validator compiled under another name, and one taken with getSchema",
      code: `${SDK_CALL_TOOL}import Ajv from "ajv";
const ajv = new Ajv();
const validateOpenArgs = ajv.compile({ type: "object", properties: { url: { type: "string" } }, additionalProperties: false });
const isSearchArgs = ajv.getSchema("search");
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === "open") {
    if (!validateOpenArgs(request.params.arguments)) return { isError: true, content: [{ type: "text", text: "Invalid tool arguments." }] };
    return { content: [{ type: "text", text: await open(request.params.arguments.url) }] };
  }
  if (!isSearchArgs(request.params.arguments)) return { isError: true, content: [{ type: "text", text: "Invalid tool arguments." }] };
  return { content: [{ type: "text", text: await search(request.params.arguments.q) }] };
});
`,
    },
    {
      name: "validation of an alias: const { arguments: args } = request.params; Schema.parse(args); args.q",
      code: `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  const input = SearchInput.parse(args);
  return { content: [{ type: "text", text: \`\${name} \${input.q} \${args.q}\` }] };
});
`,
    },
    {
      name: "a read inside the validating call's argument",
      code: `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const q = z.string().max(100).parse(request.params.arguments?.q);
  return { content: [{ type: "text", text: await search(q) }] };
});
`,
    },
    {
      name: "the handler reads request.params.name and _meta, not the arguments",
      code: `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const token = request.params._meta?.progressToken;
  return { content: [{ type: "text", text: \`\${request.params.name} \${token}\` }] };
});
`,
    },
    {
      name: "validators option: a custom assertion function",
      code: customValidator,
      options: [{ validators: ["assertSearchInput"] }],
    },
    {
      name: "registerTool handlers get validated arguments from the SDK",
      code: `${SDK_ZOD}server.registerTool("search", { inputSchema: z.strictObject({ q: z.string().max(100) }) }, async (args) => ({
  content: [{ type: "text", text: await search(args.q) }],
}));
`,
    },
    {
      name: "SDK v2 tools/call that validates first",
      code: `${SDK_V2_ZOD}const FetchInput = z.strictObject({ url: z.url().max(2000) });
server.server.setRequestHandler("tools/call", async (request, ctx) => {
  const { url } = FetchInput.parse(request.params.arguments);
  return { content: [{ type: "text", text: await fetchPage(url) }] };
});
`,
    },
    {
      name: "a setRequestHandler for another request (tools/list)",
      code: `${SDK_CALL_TOOL}server.setRequestHandler(ListToolsRequestSchema, async (request) => ({ tools: [], cursor: request.params?.cursor }));
`,
    },
    {
      name: "a file without an MCP import",
      code: `router.setRequestHandler(CallToolRequestSchema, async (request) => request.params.arguments.q);
`,
    },
  ],
  invalid: [
    {
      name: "no validation at all: request.params.arguments?.q",
      code: noValidation,
      errors: [{ messageId: "unvalidatedRead", line: 7, column: 13, endLine: 7, endColumn: 40, data: { field: "q" }, suggestions: [] }],
    },
    {
      name: "a read before the validation",
      code: readBeforeValidation,
      errors: [{ messageId: "unvalidatedRead", line: 7, column: 17, endLine: 7, endColumn: 48, data: { field: "limit" }, suggestions: [] }],
    },
    {
      name: "destructuring with a cast: const { path, encoding } = request.params.arguments as T",
      code: destructured,
      // One finding for the handler, at its first read.
      errors: [{ messageId: "unvalidatedRead", line: 7, column: 11, endLine: 7, endColumn: 15, data: { field: "path" }, suggestions: [] }],
    },
    {
      name: "const { arguments: args } = request.params; aliases and element access",
      code: paramsDestructured,
      errors: [{ messageId: "unvalidatedRead", line: 9, column: 60, endLine: 9, endColumn: 67, data: { field: "q" }, suggestions: [] }],
    },
    {
      name: "validation in one switch case does not cover another case",
      code: otherCase,
      errors: [{ messageId: "unvalidatedRead", line: 13, column: 59, endLine: 13, endColumn: 88, data: { field: "url" }, suggestions: [] }],
    },
    {
      name: "validation inside an if block does not cover a read after the block",
      code: validatedInNestedBlock,
      errors: [{ messageId: "unvalidatedRead", line: 10, column: 57, endLine: 10, endColumn: 83, suggestions: [] }],
    },
    {
      name: "a handler declared as a function in the same file",
      code: declaredHandler,
      errors: [{ messageId: "unvalidatedRead", line: 7, column: 57, endLine: 7, endColumn: 83, suggestions: [] }],
    },
    {
      name: "SDK v2 setRequestHandler(\"tools/call\")",
      code: v2CallTool,
      errors: [{ messageId: "unvalidatedRead", line: 5, column: 15, endLine: 5, endColumn: 44, data: { field: "url" }, suggestions: [] }],
    },
    {
      name: "a custom validator is not known without the option",
      code: customValidator,
      errors: [{ messageId: "unvalidatedRead", line: 8, column: 57, endLine: 8, endColumn: 83, suggestions: [] }],
    },
    {
      name: "plain JavaScript with espree",
      code: jsHandler,
      ...asJs,
      errors: [{ messageId: "unvalidatedRead", line: 4, column: 103, endLine: 4, endColumn: 129, suggestions: [] }],
    },
  ],
});

describe("require-validated-args options", () => {
  const lint = (options: unknown) => lintWithRuleOptions("require-validated-args", customValidator, options, "server.js");

  it("rejects validators that is not an array", () => {
    expect(() => lint({ validators: "check" })).toThrow(/Key "rules": Key "mcp-guard\/require-validated-args":[\s\S]*should be array/);
  });

  it("rejects an unknown option key", () => {
    expect(() => lint({ validator: ["check"] })).toThrow(/Key "mcp-guard\/require-validated-args":[\s\S]*Unexpected property "validator"/);
  });

  it("rejects an empty validator name", () => {
    expect(() => lint({ validators: [""] })).toThrow(/Key "mcp-guard\/require-validated-args":[\s\S]*should NOT be shorter than 1 characters/);
  });

  it("adds to the built-in validators rather than replacing them", () => {
    const code = `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  SearchInput.parse(request.params.arguments);
  return { content: [{ type: "text", text: request.params.arguments.q }] };
});
`;
    const messages = new Linter().verify(code, [{ plugins: { "mcp-guard": plugin }, rules: { "mcp-guard/require-validated-args": ["error", { validators: ["check"] }] } }], "server.js");
    expect(messages).toEqual([]);
  });

  it("reports with the full message", () => {
    const messages = lint({});
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toBe(
      'The tools/call handler reads "q" from request.params.arguments unvalidated. Parse them first (Schema.safeParse) and read the result.',
    );
  });
});

// Regression (DesktopCommanderMCP): a handler that only hands the request to a function of the file
// (`async (request) => handleCall(request)`) is judged in that function.
const forwardedConcise = `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => handleCall(request));
async function handleCall(request) {
  const { arguments: args } = request.params;
  const path = args.path;
  return { content: [{ type: "text", text: await search(path) }] };
}
`;
const forwardedTwice = `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  return await dispatch(extra, request);
});
const dispatch = (extra, request) => handleCall(request);
function handleCall(req) {
  return { content: [{ type: "text", text: req.params.arguments.q }] };
}
`;

ruleTester.run("require-validated-args: handlers that forward the request", rule, {
  valid: [
    {
      name: "the function the request is forwarded to validates first",
      code: forwardedConcise.replace("const path = args.path;", "const { path } = SearchInput.extend({ path: z.string().max(200) }).parse(args);"),
    },
    {
      name: "a handler that does more than forward is judged itself: it reads nothing",
      code: `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  console.log("call");
  return handleCall(request);
});
function handleCall(request) {
  return { content: [{ type: "text", text: "ok" }] };
}
`,
    },
  ],
  invalid: [
    {
      name: "a concise forward to a function declaration",
      code: forwardedConcise,
      errors: [{ messageId: "unvalidatedRead", line: 9, column: 16, endLine: 9, endColumn: 25, data: { field: "path" }, suggestions: [] }],
    },
    {
      name: "two forwards, through a const arrow, with the request in another position",
      code: forwardedTwice,
      errors: [{ messageId: "unvalidatedRead", line: 11, column: 44, endLine: 11, endColumn: 66, data: { field: "q" }, suggestions: [] }],
    },
  ],
});

// Regressions (real servers): one finding per handler, or per tool of a dispatcher, not per field read.
const manyReads = `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments ?? {};
  const tags = Array.isArray(args.tags) ? args.tags : [];
  return { content: [{ type: "text", text: await search(args.q, args.n, args.site, tags) }] };
});
`;
const switchDispatcher = `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments;
  switch (request.params.name) {
    case "search":
      return { content: [{ type: "text", text: await search(args.q, args.n) }] };
    case "open": {
      const { url, mode } = args;
      return { content: [{ type: "text", text: await open(url, mode) }] };
    }
    default:
      throw new McpError(ErrorCode.MethodNotFound, "Unknown tool");
  }
});
`;
const ifDispatcher = `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  if (name === "search") {
    return { content: [{ type: "text", text: await search(args.q, args.n) }] };
  } else if (name === "open") {
    return { content: [{ type: "text", text: await open(args.url, args.mode) }] };
  } else {
    return { content: [{ type: "text", text: await other(args.x) }] };
  }
});
`;
const argumentBranch = `${HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments;
  if (args.mode === "fast") return { content: [{ type: "text", text: await search(args.q) }] };
  return { content: [{ type: "text", text: await search(args.r) }] };
});
`;
const keysChecked = `${HEADER}const ALLOWED = new Set(["dryRun", "q"]);
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments ?? {};
  const unknown = Object.keys(args).filter((key) => !ALLOWED.has(key));
  if (unknown.length) throw new McpError(ErrorCode.InvalidParams, \`Unknown arguments: \${unknown.join(", ")}\`);
  if (args.dryRun === true) return { content: [{ type: "text", text: "dry run" }] };
  return { content: [{ type: "text", text: await search(args.q) }] };
});
`;

ruleTester.run("require-validated-args: one finding per handler or tool", rule, {
  valid: [
    {
      name: "keys checked, then the arguments parsed: nothing is missing",
      code: keysChecked.replace("  if (args.dryRun", "  SearchInput.extend({ dryRun: z.boolean().optional() }).parse(args);\n  if (args.dryRun"),
    },
  ],
  invalid: [
    {
      name: "several fields and Array.isArray(args.x) ? args.x : []: one finding, at the first read",
      code: manyReads,
      errors: [{ messageId: "unvalidatedRead", line: 8, column: 30, endLine: 8, endColumn: 39, data: { field: "tags" }, suggestions: [] }],
    },
    {
      name: "a switch dispatcher: one finding per case",
      code: switchDispatcher,
      errors: [
        { messageId: "unvalidatedRead", line: 10, column: 61, endLine: 10, endColumn: 67, data: { field: "q" }, suggestions: [] },
        { messageId: "unvalidatedRead", line: 12, column: 15, endLine: 12, endColumn: 18, data: { field: "url" }, suggestions: [] },
      ],
    },
    {
      name: "an if chain on the tool name: one finding per branch",
      code: ifDispatcher,
      errors: [
        { messageId: "unvalidatedRead", line: 9, column: 59, endLine: 9, endColumn: 65, data: { field: "q" }, suggestions: [] },
        { messageId: "unvalidatedRead", line: 11, column: 57, endLine: 11, endColumn: 65, data: { field: "url" }, suggestions: [] },
        { messageId: "unvalidatedRead", line: 13, column: 58, endLine: 13, endColumn: 64, data: { field: "x" }, suggestions: [] },
      ],
    },
    {
      name: "a branch on an argument is not a dispatcher: one finding",
      code: argumentBranch,
      errors: [{ messageId: "unvalidatedRead", line: 8, column: 7, endLine: 8, endColumn: 16, data: { field: "mode" }, suggestions: [] }],
    },
    {
      name: "unknown keys checked, types not: the message says what is missing",
      code: keysChecked,
      errors: [{ messageId: "keysOnlyRead", line: 11, column: 7, endLine: 11, endColumn: 18, data: { field: "dryRun" }, suggestions: [] }],
    },
  ],
});
