import { describe, expect, it } from "vitest";
import { FASTMCP_ZOD, SDK_CALL_TOOL, SDK_LOW_LEVEL, SDK_V2_ZOD, SDK_ZOD, asJs, pluginRule, ruleTester, lintWithRuleOptions } from "./helpers.js";

type MessageIds = "identityInSchema" | "identityRead" | "identityFromWrapper";
type Options = [{ identityNames?: string[]; authorityNames?: string[]; credentialNames?: string[]; allowNames?: string[] }];

const rule = pluginRule<MessageIds, Options>("no-identity-in-args");

const V1 = "extra.authInfo";
const V2 = "ctx.http?.authInfo";
const FAST = "context.session";

// ---------------------------------------------------------------------------------------------------
// Sources.

const schemaNames = `${SDK_ZOD}server.registerTool("export", {
  inputSchema: z.strictObject({ tenant_id: z.string(), orgId: z.string(), "workspace-id": z.string(), accountId: z.string(), team: z.string() }),
}, async () => ({ content: [] }));
`;
const schemaActors = `${SDK_ZOD}server.registerTool("act", {
  inputSchema: z.strictObject({ user_id: z.string(), actingUser: z.string(), actor: z.string(), caller: z.string(), onBehalfOf: z.string() }),
}, async () => ({ content: [] }));
`;
const schemaAuthority = `${SDK_ZOD}server.registerTool("grant", {
  inputSchema: z.strictObject({ role: z.string(), isAdmin: z.boolean(), permissions: z.array(z.string()), scopes: z.array(z.string()) }),
}, async () => ({ content: [] }));
`;
const schemaCredentials = `${SDK_ZOD}server.registerTool("call_api", {
  inputSchema: z.strictObject({ apiKey: z.string(), token: z.string(), password: z.string(), client_secret: z.string() }),
}, async () => ({ content: [] }));
`;
const schemaNested = `${SDK_ZOD}server.registerTool("search", {
  inputSchema: z.strictObject({ filter: z.strictObject({ tenantId: z.string(), status: z.string() }) }),
}, async () => ({ content: [] }));
`;
const rawShapeRegister = `${SDK_ZOD}server.registerTool("list_invoices", { inputSchema: { organizationId: z.string(), month: z.string() } }, async () => ({ content: [] }));
`;
const sdkToolShape = `${SDK_ZOD}server.tool("list_members", "List members", { workspaceId: z.string() }, async ({ workspaceId }) => ({ content: [] }));
`;
const jsonToolsList = `${SDK_LOW_LEVEL}server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: "export", inputSchema: { type: "object", properties: { org_id: { type: "string" }, report_id: { type: "string" } }, additionalProperties: false } }],
}));
`;
const v2Schema = `${SDK_V2_ZOD}server.registerTool("export", { inputSchema: z.strictObject({ tenantId: z.string() }) }, async ({ tenantId }, ctx) => ({ content: [] }));
`;
const v2ToolsList = `import { Server } from "@modelcontextprotocol/server";
const server = new Server({ name: "demo", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler("tools/list", async () => ({
  tools: [{ name: "export", inputSchema: { type: "object", properties: { accountId: { type: "string" } }, additionalProperties: false } }],
}));
`;
const fastSchema = `${FASTMCP_ZOD}server.addTool({
  name: "export",
  parameters: z.strictObject({ workspaceId: z.string(), format: z.enum(["csv", "pdf"]) }),
  execute: async (args, context) => "ok",
});
`;
const fastAddTools = `${FASTMCP_ZOD}server.addTools([
  { name: "a", parameters: z.strictObject({ q: z.string() }), execute: async () => "ok" },
  { name: "b", parameters: z.strictObject({ impersonate: z.string() }), execute: async () => "ok" },
]);
`;
const declaredAndRead = `${SDK_ZOD}server.registerTool("export", { inputSchema: z.strictObject({ orgId: z.string() }) }, async (args) => {
  const org = args.orgId;
  return { content: [{ type: "text", text: org }] };
});
`;
const readProperty = `${SDK_ZOD}server.registerTool("export", { inputSchema: z.strictObject({ reportId: z.string() }) }, async (args, extra) => {
  const report = await reports.find(args.tenantId, args.reportId);
  return { content: [{ type: "text", text: report.title }] };
});
`;
const readElement = `${SDK_ZOD}server.registerTool("export", { inputSchema: z.strictObject({ reportId: z.string() }) }, async (args) => {
  return { content: [{ type: "text", text: await reports.find(args["workspace_id"], args.reportId) }] };
});
`;
const readDestructuredParameter = `${SDK_ZOD}server.registerTool("export", { inputSchema: z.strictObject({ reportId: z.string() }) }, async ({ reportId, accountId }) => {
  return { content: [{ type: "text", text: await reports.find(accountId, reportId) }] };
});
`;
const readRenamedParameter = `${SDK_ZOD}server.registerTool("export", { inputSchema: z.strictObject({ reportId: z.string() }) }, async ({ orgId: org, reportId }) => {
  return { content: [{ type: "text", text: await reports.find(org, reportId) }] };
});
`;
const readAlias = `${SDK_ZOD}server.registerTool("export", { inputSchema: z.strictObject({ reportId: z.string() }) }, async (args) => {
  const a = args;
  const input = a;
  return { content: [{ type: "text", text: await reports.find(input.tenantId, a.reportId) }] };
});
`;
const readDestructuredVariable = `${SDK_ZOD}server.registerTool("export", { inputSchema: z.strictObject({ reportId: z.string() }) }, async (args) => {
  const { reportId, teamId: team, ...rest } = args;
  return { content: [{ type: "text", text: await reports.find(team, reportId, rest) }] };
});
`;
const readCast = `${SDK_ZOD}server.registerTool("export", { inputSchema: z.strictObject({ reportId: z.string() }) }, async (args) => {
  const who = (args as { userId: string }).userId;
  return { content: [{ type: "text", text: who }] };
});
`;
const readAuthorityAndCredential = `${SDK_ZOD}server.registerTool("export", { inputSchema: z.strictObject({ reportId: z.string() }) }, async (args) => {
  if (args.isAdmin) return { content: [{ type: "text", text: await admin.export(args.apiKey) }] };
  return { content: [] };
});
`;
const readInCallback = `${SDK_ZOD}server.registerTool("export", { inputSchema: z.strictObject({ ids: z.array(z.string()).max(10) }) }, async (args) => {
  const rows = await Promise.all(args.ids.map((id) => reports.find(args?.tenantId, id)));
  return { content: [{ type: "text", text: rows.join() }] };
});
`;
const declaredHandler = `${SDK_ZOD}async function exportHandler(args, extra) {
  return { content: [{ type: "text", text: await reports.find(args.tenantId) }] };
}
server.registerTool("export", { inputSchema: z.strictObject({ reportId: z.string() }) }, exportHandler);
`;
const constArrowHandler = `${SDK_ZOD}const exportHandler = async ({ userId }) => ({ content: [{ type: "text", text: userId }] });
server.registerTool("export", { inputSchema: z.strictObject({ reportId: z.string() }) }, exportHandler);
`;
const lowLevelReads = `${SDK_CALL_TOOL}server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const tenant = request.params.arguments?.tenantId;
  const { orgId } = request.params.arguments ?? {};
  const actor = request.params.arguments?.["actor_id"];
  return { content: [{ type: "text", text: \`\${tenant}\${orgId}\${actor}\` }] };
});
`;
const lowLevelParamsDestructured = `${SDK_CALL_TOOL}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  return { content: [{ type: "text", text: \`\${name}\${args.accountId}\` }] };
});
`;
const v2Reads = `${SDK_V2_ZOD}server.registerTool("export", { inputSchema: z.strictObject({ reportId: z.string() }) }, async (args, ctx) => ({
  content: [{ type: "text", text: await reports.find(args.workspaceId, args.reportId) }],
}));
server.server.setRequestHandler("tools/call", async (request, ctx) => {
  const { arguments: input } = request.params;
  return { content: [{ type: "text", text: input.tenant }] };
});
`;
const fastReads = `${FASTMCP_ZOD}server.addTool({
  name: "export",
  parameters: z.strictObject({ reportId: z.string() }),
  execute: async (args, context) => reports.find(args.orgId, args.reportId),
});
server.addTool({
  name: "whoami",
  parameters: z.strictObject({ reportId: z.string() }),
  execute: async ({ reportId, role }) => role,
});
`;
const fastExecuteMethod = `${FASTMCP_ZOD}server.addTool({
  name: "export",
  parameters: z.strictObject({ reportId: z.string() }),
  async execute({ reportId, orgId }, context) {
    return reports.find(orgId, reportId);
  },
});
`;
const lowLevelValidated = `${SDK_CALL_TOOL}import { z } from "zod";
const ExportInput = z.strictObject({ report_id: z.uuid(), org_id: z.uuid() });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const parsed = ExportInput.safeParse(request.params.arguments);
  if (!parsed.success) return { isError: true, content: [{ type: "text", text: "Invalid tool arguments." }] };
  const { report_id } = ExportInput.parse(request.params.arguments);
  return { content: [{ type: "text", text: await reports.find(parsed.data.org_id, report_id) }] };
});
`;
const jsReads = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("export", { inputSchema: z.strictObject({ reportId: z.string(), tenantId: z.string() }) }, async ({ reportId }) => ({ content: [] }));
`;
const customNames = `${SDK_ZOD}server.registerTool("pay", {
  inputSchema: z.strictObject({ merchant_id: z.string(), tier: z.string(), pin: z.string(), team: z.string(), amount: z.number() }),
}, async () => ({ content: [] }));
`;

ruleTester.run("no-identity-in-args", rule, {
  valid: [
    {
      name: "resource ids named like a tenant: customer_id in a lookup tool",
      code: `${SDK_ZOD}server.registerTool("lookup_customer", { inputSchema: z.strictObject({ customer_id: z.string().max(64) }) }, async ({ customer_id }, extra) => {
  const principal = extra.authInfo;
  return { content: [{ type: "text", text: await customers.findVisibleTo(principal, customer_id) }] };
});
`,
    },
    {
      name: "customerId, projectId, orderId, documentId in the schema and read from the arguments",
      code: `${SDK_ZOD}server.registerTool("get", {
  inputSchema: z.strictObject({ customerId: z.string(), projectId: z.string(), orderId: z.string(), documentId: z.string() }),
}, async (args) => ({ content: [{ type: "text", text: [args.customerId, args.projectId, args.orderId, args.documentId].join() }] }));
`,
    },
    {
      name: "names that only contain an identity word: maxTokens, tokenLimit, userName, organizationName, teamName, roleDescription, accountNumber, owner",
      code: `${SDK_ZOD}server.registerTool("t", {
  inputSchema: z.strictObject({
    maxTokens: z.number(), tokenLimit: z.number(), userName: z.string(), organizationName: z.string(),
    teamName: z.string(), roleDescription: z.string(), accountNumber: z.string(), owner: z.string(),
  }),
}, async (args) => ({ content: [{ type: "text", text: args.userName + args.teamName }] }));
`,
    },
    {
      name: "SDK v1: the tenant comes from extra.authInfo",
      code: `${SDK_ZOD}server.registerTool("export", { inputSchema: z.strictObject({ reportId: z.string() }) }, async ({ reportId }, extra) => {
  const tenantId = extra.authInfo?.extra?.tenantId;
  const { orgId } = extra.authInfo?.extra ?? {};
  return { content: [{ type: "text", text: await reports.find(tenantId, orgId, reportId) }] };
});
`,
    },
    {
      name: "SDK v1 tool() without arguments: the only parameter is extra",
      code: `${SDK_ZOD}server.tool("whoami", async (extra) => ({ content: [{ type: "text", text: extra.authInfo?.extra?.userId }] }));
server.registerTool("whoami2", { description: "d" }, async (extra) => ({ content: [{ type: "text", text: extra.authInfo.clientId }] }));
`,
    },
    {
      name: "SDK v2: the tenant comes from ctx.http?.authInfo",
      code: `${SDK_V2_ZOD}server.registerTool("export", { inputSchema: z.strictObject({ reportId: z.string() }) }, async (args, ctx) => {
  const tenantId = ctx.http?.authInfo?.extra?.tenantId;
  return { content: [{ type: "text", text: await reports.find(tenantId, args.reportId) }] };
});
`,
    },
    {
      name: "fastmcp: the user comes from context.session",
      code: `${FASTMCP_ZOD}server.addTool({
  name: "export",
  parameters: z.strictObject({ reportId: z.string() }),
  execute: async (args, context) => reports.find(context.session.userId, context.session.orgId, args.reportId),
});
`,
    },
    {
      name: "fastmcp: a destructured context parameter ({ session })",
      code: `${FASTMCP_ZOD}server.addTool({
  name: "export",
  parameters: z.strictObject({ reportId: z.string() }),
  execute: async ({ reportId }, { session }) => reports.find(session.orgId, reportId),
});
`,
    },
    {
      name: "a field named like identity on another object in the handler (the loaded record, the session)",
      code: `${SDK_ZOD}server.registerTool("export", { inputSchema: z.strictObject({ reportId: z.string() }) }, async (args, extra) => {
  const report = await reports.find(args.reportId);
  if (report.orgId !== extra.authInfo?.extra?.orgId) return { isError: true, content: [{ type: "text", text: "Report not available." }] };
  const { tenantId } = report;
  return { content: [{ type: "text", text: tenantId }] };
});
`,
    },
    {
      name: "the low-level handler reads the tool name and validated data, not identity fields of the arguments",
      code: `${SDK_CALL_TOOL}server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const name = request.params.name;
  const orgId = extra.authInfo?.extra?.orgId;
  return { content: [{ type: "text", text: \`\${name}\${orgId}\` }] };
});
`,
    },
    {
      name: "outputSchema is not input",
      code: `${SDK_ZOD}server.registerTool("whoami", {
  inputSchema: z.strictObject({}),
  outputSchema: z.strictObject({ userId: z.string(), orgId: z.string(), role: z.string() }),
}, async (args, extra) => ({ content: [], structuredContent: { userId: "u", orgId: "o", role: "r" } }));
`,
    },
    {
      name: "a function that is not a handler may read identity fields of its parameter",
      code: `${SDK_ZOD}function scope(args) { return args.tenantId; }
server.registerTool("x", { inputSchema: z.strictObject({ q: z.string() }) }, async () => ({ content: [] }));
`,
    },
    {
      name: "a file without an MCP import",
      code: `import { z } from "zod";
const cli = makeCli();
cli.registerTool("x", { inputSchema: z.object({ tenantId: z.string() }) }, async (args) => args.orgId);
`,
    },
    {
      name: "allowNames removes a default name in any case style",
      code: `${SDK_ZOD}server.registerTool("t", { inputSchema: z.strictObject({ team_id: z.string(), role: z.string() }) }, async (args) => ({ content: [{ type: "text", text: args.teamId + args.role }] }));
`,
      options: [{ allowNames: ["teamId", "role"] }],
    },
  ],
  invalid: [
    {
      name: "identity fields in a zod schema: snake_case, camelCase, kebab-case, account, team",
      code: schemaNames,
      errors: [
        { messageId: "identityInSchema", line: 5, column: 33, endLine: 5, endColumn: 42, data: { others: "", tool: "export", kind: "identity", field: "tenant_id", source: V1 }, suggestions: [] },
        { messageId: "identityInSchema", line: 5, column: 56, endLine: 5, endColumn: 61, suggestions: [] },
        { messageId: "identityInSchema", line: 5, column: 75, endLine: 5, endColumn: 89, data: { others: "", tool: "export", kind: "identity", field: "workspace-id", source: V1 }, suggestions: [] },
        { messageId: "identityInSchema", line: 5, column: 103, endLine: 5, endColumn: 112, suggestions: [] },
        { messageId: "identityInSchema", line: 5, column: 126, endLine: 5, endColumn: 130, suggestions: [] },
      ],
    },
    {
      name: "the acting user: user_id, actingUser, actor, caller, onBehalfOf",
      code: schemaActors,
      errors: [
        { messageId: "identityInSchema", line: 5, column: 33, endLine: 5, endColumn: 40, suggestions: [] },
        { messageId: "identityInSchema", line: 5, column: 54, endLine: 5, endColumn: 64, suggestions: [] },
        { messageId: "identityInSchema", line: 5, column: 78, endLine: 5, endColumn: 83, suggestions: [] },
        { messageId: "identityInSchema", line: 5, column: 97, endLine: 5, endColumn: 103, suggestions: [] },
        { messageId: "identityInSchema", line: 5, column: 117, endLine: 5, endColumn: 127, suggestions: [] },
      ],
    },
    {
      name: "authority fields: role, isAdmin, permissions, scopes",
      code: schemaAuthority,
      errors: [
        { messageId: "identityInSchema", line: 5, column: 33, endLine: 5, endColumn: 37, data: { others: "", tool: "grant", kind: "authority", field: "role", source: V1 }, suggestions: [] },
        { messageId: "identityInSchema", line: 5, column: 51, endLine: 5, endColumn: 58, suggestions: [] },
        { messageId: "identityInSchema", line: 5, column: 73, endLine: 5, endColumn: 84, suggestions: [] },
        { messageId: "identityInSchema", line: 5, column: 107, endLine: 5, endColumn: 113, suggestions: [] },
      ],
    },
    {
      name: "credential fields: apiKey, token, password, client_secret",
      code: schemaCredentials,
      errors: [
        { messageId: "identityInSchema", line: 5, column: 33, endLine: 5, endColumn: 39, data: { others: "", tool: "call_api", kind: "credential", field: "apiKey", source: V1 }, suggestions: [] },
        { messageId: "identityInSchema", line: 5, column: 53, endLine: 5, endColumn: 58, suggestions: [] },
        { messageId: "identityInSchema", line: 5, column: 72, endLine: 5, endColumn: 80, suggestions: [] },
        { messageId: "identityInSchema", line: 5, column: 94, endLine: 5, endColumn: 107, suggestions: [] },
      ],
    },
    {
      name: "a nested identity field",
      code: schemaNested,
      errors: [{ messageId: "identityInSchema", line: 5, column: 58, endLine: 5, endColumn: 66, data: { others: "", tool: "search", kind: "identity", field: "tenantId", source: V1 }, suggestions: [] }],
    },
    {
      name: "a raw shape given to registerTool",
      code: rawShapeRegister,
      errors: [{ messageId: "identityInSchema", line: 4, column: 55, endLine: 4, endColumn: 69, suggestions: [] }],
    },
    {
      name: "SDK v1 tool(name, description, shape, cb): reported in the shape, not again at the handler's read",
      code: sdkToolShape,
      errors: [{ messageId: "identityInSchema", line: 4, column: 47, endLine: 4, endColumn: 58, data: { others: "", tool: "list_members", kind: "identity", field: "workspaceId", source: V1 }, suggestions: [] }],
    },
    {
      name: "low-level tools/list JSON Schema",
      code: jsonToolsList,
      errors: [{ messageId: "identityInSchema", line: 5, column: 74, endLine: 5, endColumn: 80, data: { others: "", tool: "export", kind: "identity", field: "org_id", source: V1 }, suggestions: [] }],
    },
    {
      name: "SDK v2 registerTool: the message points to ctx.http?.authInfo",
      code: v2Schema,
      errors: [{ messageId: "identityInSchema", line: 4, column: 63, endLine: 4, endColumn: 71, data: { others: "", tool: "export", kind: "identity", field: "tenantId", source: V2 }, suggestions: [] }],
    },
    {
      name: "SDK v2 tools/list",
      code: v2ToolsList,
      errors: [{ messageId: "identityInSchema", line: 4, column: 74, endLine: 4, endColumn: 83, data: { others: "", tool: "export", kind: "identity", field: "accountId", source: V2 }, suggestions: [] }],
    },
    {
      name: "fastmcp addTool: the message points to context.session",
      code: fastSchema,
      errors: [{ messageId: "identityInSchema", line: 6, column: 32, endLine: 6, endColumn: 43, data: { others: "", tool: "export", kind: "identity", field: "workspaceId", source: FAST }, suggestions: [] }],
    },
    {
      name: "fastmcp addTools",
      code: fastAddTools,
      errors: [{ messageId: "identityInSchema", line: 6, column: 45, endLine: 6, endColumn: 56, data: { others: "", tool: "b", kind: "identity", field: "impersonate", source: FAST }, suggestions: [] }],
    },
    {
      name: "a field declared in the schema and read in the handler is reported once, in the schema",
      code: declaredAndRead,
      errors: [{ messageId: "identityInSchema", line: 4, column: 63, endLine: 4, endColumn: 68, suggestions: [] }],
    },
    {
      name: "a read of an undeclared identity field: args.tenantId",
      code: readProperty,
      errors: [{
        messageId: "identityRead", line: 5, column: 37, endLine: 5, endColumn: 50,
        data: { subject: 'The handler of tool "export"', kind: "identity", field: "tenantId", source: V1 },
        suggestions: [],
      }],
    },
    {
      name: "an element access: args[\"workspace_id\"]",
      code: readElement,
      errors: [{ messageId: "identityRead", line: 5, column: 63, endLine: 5, endColumn: 83, suggestions: [] }],
    },
    {
      name: "a destructured arguments parameter: ({ reportId, accountId })",
      code: readDestructuredParameter,
      errors: [{ messageId: "identityRead", line: 4, column: 109, endLine: 4, endColumn: 118, suggestions: [] }],
    },
    {
      name: "a renamed destructured parameter: ({ orgId: org })",
      code: readRenamedParameter,
      errors: [{ messageId: "identityRead", line: 4, column: 99, endLine: 4, endColumn: 104, data: { subject: 'The handler of tool "export"', kind: "identity", field: "orgId", source: V1 }, suggestions: [] }],
    },
    {
      name: "aliases: const a = args; const input = a; input.tenantId",
      code: readAlias,
      errors: [{ messageId: "identityRead", line: 7, column: 63, endLine: 7, endColumn: 77, suggestions: [] }],
    },
    {
      name: "const { teamId: team, ...rest } = args",
      code: readDestructuredVariable,
      errors: [{ messageId: "identityRead", line: 5, column: 21, endLine: 5, endColumn: 27, suggestions: [] }],
    },
    {
      name: "a cast: (args as T).userId",
      code: readCast,
      errors: [{ messageId: "identityRead", line: 5, column: 15, endLine: 5, endColumn: 50, suggestions: [] }],
    },
    {
      name: "authority and credential reads",
      code: readAuthorityAndCredential,
      errors: [
        { messageId: "identityRead", line: 5, column: 7, endLine: 5, endColumn: 19, data: { subject: 'The handler of tool "export"', kind: "authority", field: "isAdmin", source: V1 }, suggestions: [] },
        { messageId: "identityRead", line: 5, column: 81, endLine: 5, endColumn: 92, data: { subject: 'The handler of tool "export"', kind: "credential", field: "apiKey", source: V1 }, suggestions: [] },
      ],
    },
    {
      name: "a read inside a callback nested in the handler, with optional chaining: args?.tenantId",
      code: readInCallback,
      errors: [{ messageId: "identityRead", line: 5, column: 68, endLine: 5, endColumn: 82, suggestions: [] }],
    },
    {
      name: "a handler declared as a function in the same file",
      code: declaredHandler,
      errors: [{ messageId: "identityRead", line: 5, column: 63, endLine: 5, endColumn: 76, suggestions: [] }],
    },
    {
      name: "a handler held in a const arrow function",
      code: constArrowHandler,
      errors: [{ messageId: "identityRead", line: 4, column: 32, endLine: 4, endColumn: 38, suggestions: [] }],
    },
    {
      name: "low-level tools/call: request.params.arguments?.x, destructuring with a default, ?.[\"x\"]",
      code: lowLevelReads,
      errors: [
        {
          messageId: "identityRead", line: 5, column: 18, endLine: 5, endColumn: 52,
          data: { subject: "The tools/call handler", kind: "identity", field: "tenantId", source: V1 },
          suggestions: [],
        },
        { messageId: "identityRead", line: 6, column: 11, endLine: 6, endColumn: 16, suggestions: [] },
        { messageId: "identityRead", line: 7, column: 17, endLine: 7, endColumn: 55, suggestions: [] },
      ],
    },
    {
      name: "low-level tools/call: const { arguments: args } = request.params",
      code: lowLevelParamsDestructured,
      errors: [{ messageId: "identityRead", line: 6, column: 54, endLine: 6, endColumn: 68, suggestions: [] }],
    },
    {
      name: "SDK v2: registerTool and setRequestHandler(\"tools/call\") reads name ctx.http?.authInfo",
      code: v2Reads,
      errors: [
        { messageId: "identityRead", line: 5, column: 54, endLine: 5, endColumn: 70, data: { subject: 'The handler of tool "export"', kind: "identity", field: "workspaceId", source: V2 }, suggestions: [] },
        { messageId: "identityRead", line: 9, column: 44, endLine: 9, endColumn: 56, data: { subject: "The tools/call handler", kind: "identity", field: "tenant", source: V2 }, suggestions: [] },
      ],
    },
    {
      name: "fastmcp execute(args, context) reads name context.session",
      code: fastReads,
      errors: [
        { messageId: "identityRead", line: 7, column: 50, endLine: 7, endColumn: 60, data: { subject: 'The handler of tool "export"', kind: "identity", field: "orgId", source: FAST }, suggestions: [] },
        { messageId: "identityRead", line: 12, column: 31, endLine: 12, endColumn: 35, data: { subject: 'The handler of tool "whoami"', kind: "authority", field: "role", source: FAST }, suggestions: [] },
      ],
    },
    {
      name: "fastmcp execute written as a method",
      code: fastExecuteMethod,
      errors: [{ messageId: "identityRead", line: 7, column: 29, endLine: 7, endColumn: 34, data: { subject: 'The handler of tool "export"', kind: "identity", field: "orgId", source: FAST }, suggestions: [] }],
    },
    {
      name: "low-level tools/call: the validated arguments are still the model's: parsed.data.org_id",
      code: lowLevelValidated,
      errors: [{ messageId: "identityRead", line: 10, column: 63, endLine: 10, endColumn: 81, data: { subject: "The tools/call handler", kind: "identity", field: "org_id", source: V1 }, suggestions: [] }],
    },
    {
      name: "plain JavaScript with espree",
      code: jsReads,
      ...asJs,
      errors: [{ messageId: "identityInSchema", line: 4, column: 85, endLine: 4, endColumn: 93, suggestions: [] }],
    },
    {
      name: "options add identity, authority and credential names, and remove one",
      code: customNames,
      options: [{ identityNames: ["merchantId"], authorityNames: ["tier"], credentialNames: ["pin"], allowNames: ["team"] }],
      errors: [
        { messageId: "identityInSchema", line: 5, column: 33, endLine: 5, endColumn: 44, data: { others: "", tool: "pay", kind: "identity", field: "merchant_id", source: V1 }, suggestions: [] },
        { messageId: "identityInSchema", line: 5, column: 58, endLine: 5, endColumn: 62, data: { others: "", tool: "pay", kind: "authority", field: "tier", source: V1 }, suggestions: [] },
        { messageId: "identityInSchema", line: 5, column: 76, endLine: 5, endColumn: 79, data: { others: "", tool: "pay", kind: "credential", field: "pin", source: V1 }, suggestions: [] },
      ],
    },
  ],
});

describe("no-identity-in-args options", () => {
  const code = readProperty;
  const lint = (options: unknown) => lintWithRuleOptions("no-identity-in-args", code, options, "server.js");

  it("rejects a name list that is not an array", () => {
    expect(() => lint({ identityNames: "tenant" })).toThrow(/Key "rules": Key "mcp-guard\/no-identity-in-args":[\s\S]*should be array/);
  });

  it("rejects an unknown option key", () => {
    expect(() => lint({ allow: ["team"] })).toThrow(/Key "mcp-guard\/no-identity-in-args":[\s\S]*Unexpected property "allow"/);
  });

  it("rejects an empty name", () => {
    expect(() => lint({ credentialNames: [""] })).toThrow(/Key "mcp-guard\/no-identity-in-args":[\s\S]*should NOT be shorter than 1 characters/);
  });

  it("rejects a repeated name", () => {
    expect(() => lint({ authorityNames: ["tier", "tier"] })).toThrow(/Key "mcp-guard\/no-identity-in-args":[\s\S]*duplicate items/);
  });

  it("reports with the full message", () => {
    const messages = lint({});
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toBe(
      'The handler of tool "export" reads identity field "tenantId" from its arguments; use extra.authInfo.',
    );
  });
});

// A tool handler that only forwards its arguments to a function of the file is judged in that function.
const forwardedToolHandler = `${SDK_ZOD}server.registerTool("export", { inputSchema: z.strictObject({ format: z.enum(["csv", "json"]) }) }, (args, extra) => runExport(args, extra));
async function runExport(input, context) {
  const rows = await db.query(input.tenantId);
  return { content: [{ type: "text", text: String(rows.length) }] };
}
`;

ruleTester.run("no-identity-in-args: a handler that forwards its arguments", rule, {
  valid: [{ name: "the function reads its tenant from the session", code: forwardedToolHandler.replace("input.tenantId", "context.authInfo.extra.tenantId") }],
  invalid: [
    {
      name: "the read is reported in the function the arguments are forwarded to",
      code: forwardedToolHandler,
      errors: [{
        messageId: "identityRead", line: 6, column: 31, endLine: 6, endColumn: 45,
        data: { subject: 'The handler of tool "export"', kind: "identity", field: "tenantId", source: V1 },
        suggestions: [],
      }],
    },
  ],
});

// Regressions (real servers): tenants are selected by slugs, keys and names too; and names whose
// meaning depends on what sits around them.
const slugs = `${SDK_ZOD}server.registerTool("get_usage", {
  inputSchema: z.strictObject({ organizationSlug: z.string(), orgSlug: z.string(), workspaceSlug: z.string(), tenantKey: z.string(), accountName: z.string() }),
}, async () => ({ content: [] }));
`;
const contextual = `${SDK_ZOD}server.registerTool("chat", {
  inputSchema: z.strictObject({
    messages: z.array(z.strictObject({ role: z.enum(["user", "assistant"]), content: z.string() })),
    history: z.array(z.strictObject({ role: z.string(), content: z.string() })),
    project: z.string(), team: z.string(),
    scope: z.enum(["all", "mine"]), where: z.strictObject({ scope: z.string() }),
  }),
}, async (args) => ({ content: [{ type: "text", text: await run(args.scope, args.project, args.team) }] }));
server.registerTool("create_account", { inputSchema: z.strictObject({ accountName: z.string() }) }, async () => ({ content: [] }));
`;
const setCredential = `${SDK_ZOD}server.registerTool("import_site", {
  inputSchema: z.strictObject({
    url: z.string(),
    password: z.string().optional().describe("Optional password to protect the imported site."),
    secret: { type: "string", description: "Signing secret of the new webhook." },
  }),
}, async () => ({ content: [] }));
`;
const presentedCredential = `${SDK_ZOD}server.registerTool("login", {
  inputSchema: z.strictObject({ user: z.string(), password: z.string().describe("The account's password."), apiKey: z.string() }),
}, async () => ({ content: [] }));
`;
const actorTools = `${SDK_ZOD}server.registerTool("call-actor", { inputSchema: z.strictObject({ actor: z.string() }) }, async () => ({ content: [] }));
server.registerTool("get-actor-details", { inputSchema: z.strictObject({ actorId: z.string() }) }, async () => ({ content: [] }));
`;
const actingUser = `${SDK_ZOD}server.registerTool("send_message", { inputSchema: z.strictObject({ actor: z.string() }) }, async () => ({ content: [] }));
`;
const authority = `${SDK_ZOD}server.registerTool("invite", {
  inputSchema: z.strictObject({ role: z.enum(["admin", "member"]), scope: z.enum(["read:org", "write:org"]), scopes: z.array(z.string()), team: z.string() }),
}, async () => ({ content: [] }));
`;
const wrapperExtend = `${SDK_ZOD}function accountTool(name: string, schema: z.ZodObject, handler: any) {
  server.registerTool(name, { inputSchema: schema.extend({ account_id: z.string() }).strict() }, handler);
}
accountTool("a", z.strictObject({ q: z.string() }), async () => ({ content: [] }));
accountTool("b", z.strictObject({ r: z.string() }), async () => ({ content: [] }));
`;
const wrapperSpread = `${SDK_ZOD}export const orgTool = (name: string, shape: z.ZodRawShape, handler: any) => {
  const input = z.strictObject({ ...shape, orgSlug: z.string() });
  server.registerTool(name, { inputSchema: input }, handler);
};
`;

ruleTester.run("no-identity-in-args: slugs, wrappers and names in context", rule, {
  valid: [
    { name: "a chat message's role, a team inside the named project, a scope that is a search breadth, accountName of a new account", code: contextual },
    { name: "a credential the tool puts on what it makes (its description says so) is not the caller's", code: setCredential },
    { name: "the actor a tool named after actors runs or reads (an Apify Actor) is what it works on", code: actorTools },
    {
      name: "a shape spread from a module constant is not a wrapper's field: the tool reports it itself",
      code: `${SDK_ZOD}const BASE = { q: z.string() };\nserver.registerTool("s", { inputSchema: z.strictObject({ ...BASE, limit: z.number() }) }, async () => ({ content: [] }));\n`,
    },
  ],
  invalid: [
    {
      name: "slugs, keys and the account's name select the tenant",
      code: slugs,
      errors: [
        { messageId: "identityInSchema", line: 5, column: 33, endLine: 5, endColumn: 49, data: { others: "", tool: "get_usage", kind: "identity", field: "organizationSlug", source: V1 } },
        { messageId: "identityInSchema", line: 5, column: 63, endLine: 5, endColumn: 70, data: { others: "", tool: "get_usage", kind: "identity", field: "orgSlug", source: V1 } },
        { messageId: "identityInSchema", line: 5, column: 84, endLine: 5, endColumn: 97, data: { others: "", tool: "get_usage", kind: "identity", field: "workspaceSlug", source: V1 } },
        { messageId: "identityInSchema", line: 5, column: 111, endLine: 5, endColumn: 120, data: { others: "", tool: "get_usage", kind: "identity", field: "tenantKey", source: V1 } },
        { messageId: "identityInSchema", line: 5, column: 134, endLine: 5, endColumn: 145, data: { others: "", tool: "get_usage", kind: "identity", field: "accountName", source: V1 } },
      ],
    },
    {
      name: "a role that grants, an OAuth-like scope, scopes, and a team with no project stay reported",
      code: authority,
      errors: [
        { messageId: "identityInSchema", line: 5, column: 33, endLine: 5, endColumn: 37, data: { others: "", tool: "invite", kind: "authority", field: "role", source: V1 } },
        { messageId: "identityInSchema", line: 5, column: 68, endLine: 5, endColumn: 73, data: { others: "", tool: "invite", kind: "authority", field: "scope", source: V1 } },
        { messageId: "identityInSchema", line: 5, column: 110, endLine: 5, endColumn: 116, data: { others: "", tool: "invite", kind: "authority", field: "scopes", source: V1 } },
        { messageId: "identityInSchema", line: 5, column: 139, endLine: 5, endColumn: 143, data: { others: "", tool: "invite", kind: "identity", field: "team", source: V1 } },
      ],
    },
    {
      name: "an actor in a tool that is not about actors is the acting user",
      code: actingUser,
      errors: [{ messageId: "identityInSchema", line: 4, column: 69, endLine: 4, endColumn: 74, data: { others: "", tool: "send_message", kind: "identity", field: "actor", source: V1 } }],
    },
    {
      name: "a credential the caller presents stays reported, described or not",
      code: presentedCredential,
      errors: [
        { messageId: "identityInSchema", line: 5, column: 51, endLine: 5, endColumn: 59, data: { others: "", tool: "login", kind: "credential", field: "password", source: V1 } },
        { messageId: "identityInSchema", line: 5, column: 109, endLine: 5, endColumn: 115, data: { others: "", tool: "login", kind: "credential", field: "apiKey", source: V1 } },
      ],
    },
    {
      name: "a wrapper's schema.extend({ account_id }): reported once, in the wrapper, whatever its callers",
      code: wrapperExtend,
      errors: [{ messageId: "identityFromWrapper", line: 5, column: 60, endLine: 5, endColumn: 70, data: { wrapper: "accountTool", kind: "identity", field: "account_id", source: V1 } }],
    },
    {
      name: "a wrapper that spreads its shape parameter next to orgSlug, with no caller in the file",
      code: wrapperSpread,
      errors: [{ messageId: "identityFromWrapper", line: 5, column: 44, endLine: 5, endColumn: 51, data: { wrapper: "orgTool", kind: "identity", field: "orgSlug", source: V1 } }],
    },
  ],
});
