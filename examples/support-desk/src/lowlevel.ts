// Reporting endpoints, written against the low-level MCP SDK Server with hand-written JSON Schema.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { store } from "./store.js";

export const reports = new Server(
  { name: "support-desk-reports", version: "1.4.0" },
  { capabilities: { tools: {} } },
);

reports.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      // Good: closed object, enum string, bounded integer.
      name: "sla_report",
      description: "Share of tickets answered within the SLA, per support queue.",
      inputSchema: {
        type: "object",
        properties: {
          queue: { type: "string", enum: ["billing", "technical", "returns"] },
          days: { type: "integer", minimum: 1, maximum: 90 },
        },
        required: ["queue"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    },
    {
      // Bad: no additionalProperties: false.
      name: "export_tickets",
      description: "Export tickets created since a date.",
      inputSchema: {
        type: "object",
        properties: {
          format: { type: "string", enum: ["csv", "json"] },
          since: { type: "string", format: "date" },
        },
        required: ["since"],
      },
      annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    },
    {
      // Bad: the id list has no maxItems, and the note has no maxLength.
      name: "bulk_reassign",
      description: "Move many tickets to another agent.",
      inputSchema: {
        type: "object",
        properties: {
          ticketIds: { type: "array", items: { type: "string", pattern: "^TKT-[0-9]{1,8}$" } },
          assignee: { type: "string", maxLength: 64 },
          note: { type: "string" },
        },
        required: ["ticketIds", "assignee"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
  ],
}));

// Bad: reads the arguments without validating them against the published schema.
reports.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments ?? {};
  switch (request.params.name) {
    case "sla_report":
      return { content: [{ type: "text", text: `SLA report for ${String(args.queue)}` }] };
    case "export_tickets":
      return { content: [{ type: "text", text: JSON.stringify(store.search("")) }] };
    case "bulk_reassign":
      return { content: [{ type: "text", text: "queued" }] };
    default:
      return { isError: true, content: [{ type: "text", text: "Unknown tool" }] };
  }
});
