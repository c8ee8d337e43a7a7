/**
 * Issue 3's model of a good handler (the seeds' `ExportReportInput.safeParse(request.params.arguments)` handler) must
 * lint clean with every rule of the plugin, and its two bad variants must be flagged by exactly the rules that own them.
 */
import { Linter } from "eslint";
import tsParser from "@typescript-eslint/parser";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { replaceOnce } from "./helpers.js";

const HEAD = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { exportReport, reports, requireAuthenticatedPrincipal } from "./reports.js";

const server = new Server({ name: "reports", version: "1.0.0" }, { capabilities: { tools: {} } });

const ExportReportInput = z.strictObject({ report_id: z.uuid(), format: z.enum(["csv", "pdf"]) });
`;

/** The handler exactly as the issue shows it, lines 10-17. */
const HANDLER = `
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const parsed = ExportReportInput.safeParse(request.params.arguments);
  if (!parsed.success) return { isError: true, content: [{ type: "text", text: "Invalid tool arguments." }] };
  const principal = await requireAuthenticatedPrincipal(request);
  const report = await reports.findVisibleTo(principal.orgId, parsed.data.report_id);
  if (!report) return { isError: true, content: [{ type: "text", text: "Report not available." }] };
  return exportReport(report, parsed.data.format);
});
`;

/** The same server with its tools/list handler: a strict, bounded schema and all four annotations. */
const TOOLS_LIST = `
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: "export_report",
      description: "Export a report the caller can see.",
      inputSchema: {
        type: "object",
        properties: { report_id: { type: "string", format: "uuid" }, format: { enum: ["csv", "pdf"] } },
        required: ["report_id", "format"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
  ],
}));
`;

const model = HEAD + HANDLER;

/** orgId taken from the arguments, before they are validated, instead of from the authenticated principal. */
const orgIdFromArguments = replaceOnce(
  model,
  `  const parsed = ExportReportInput.safeParse(request.params.arguments);
  if (!parsed.success) return { isError: true, content: [{ type: "text", text: "Invalid tool arguments." }] };
  const principal = await requireAuthenticatedPrincipal(request);
  const report = await reports.findVisibleTo(principal.orgId, parsed.data.report_id);`,
  `  const orgId = request.params.arguments?.orgId;
  const parsed = ExportReportInput.safeParse(request.params.arguments);
  if (!parsed.success) return { isError: true, content: [{ type: "text", text: "Invalid tool arguments." }] };
  const report = await reports.findVisibleTo(orgId, parsed.data.report_id);`,
);

/** org_id added to the schema and taken from the validated arguments. */
const orgIdFromValidatedArguments = replaceOnce(
  replaceOnce(model, "report_id: z.uuid(),", "report_id: z.uuid(), org_id: z.uuid(),"),
  "findVisibleTo(principal.orgId,",
  "findVisibleTo(parsed.data.org_id,",
);

/** The lookup's error returned to the model. */
const errorMessageReturned = replaceOnce(
  model,
  `  const report = await reports.findVisibleTo(principal.orgId, parsed.data.report_id);
`,
  `  let report;
  try {
    report = await reports.findVisibleTo(principal.orgId, parsed.data.report_id);
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: error.message }] };
  }
`,
);

function lintAll(code: string) {
  const config: Linter.Config[] = [{ files: ["**/*.ts"], languageOptions: { parser: tsParser } }, plugin.configs.all];
  return new Linter().verify(code, config, "server.ts").map(({ ruleId, messageId, line, column, endLine, endColumn }) => ({
    ruleId, messageId, line, column, endLine, endColumn,
  }));
}

describe("issue 3's model handler with plugin.configs.all", () => {
  it("turns on all twelve rules, the five handler rules among them", () => {
    expect(Object.keys(plugin.configs.all.rules ?? {})).toEqual(expect.arrayContaining([
      "mcp-guard/no-identity-in-args",
      "mcp-guard/no-raw-error-in-result",
      "mcp-guard/require-tool-annotations",
      "mcp-guard/require-validated-args",
      "mcp-guard/no-env-passthrough",
    ]));
    expect(Object.keys(plugin.configs.all.rules ?? {})).toHaveLength(12);
  });

  it("the handler as the issue shows it lints clean", () => {
    expect(lintAll(model)).toEqual([]);
  });

  it("the whole server, with its tools/list handler, lints clean", () => {
    expect(lintAll(HEAD + TOOLS_LIST + HANDLER)).toEqual([]);
  });

  it("orgId from the arguments: no-identity-in-args and require-validated-args", () => {
    expect(lintAll(orgIdFromArguments)).toEqual([
      { ruleId: "mcp-guard/no-identity-in-args", messageId: "identityRead", line: 11, column: 17, endLine: 11, endColumn: 48 },
      { ruleId: "mcp-guard/require-validated-args", messageId: "unvalidatedRead", line: 11, column: 17, endLine: 11, endColumn: 48 },
    ]);
  });

  it("org_id from the validated arguments: no-identity-in-args", () => {
    expect(lintAll(orgIdFromValidatedArguments)).toEqual([
      { ruleId: "mcp-guard/no-identity-in-args", messageId: "identityRead", line: 14, column: 46, endLine: 14, endColumn: 64 },
    ]);
  });

  it("error.message returned: no-raw-error-in-result", () => {
    expect(lintAll(errorMessageReturned)).toEqual([
      { ruleId: "mcp-guard/no-raw-error-in-result", messageId: "rawError", line: 18, column: 61, endLine: 18, endColumn: 74 },
    ]);
  });
});
