// Help-desk MCP server (MCP SDK v1, high-level API). Some tools are written well, some are not:
// see ../README.md for the findings eslint-plugin-mcp-guard reports here.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { store } from "./store.js";

const server = new McpServer({ name: "support-desk", version: "1.4.0" });

const TicketId = z.string().regex(/^TKT-[0-9]{1,8}$/);
const Priority = z.enum(["low", "normal", "high", "urgent"]);
const Status = z.enum(["open", "pending", "solved", "closed"]);

const text = (value: unknown) => ({ content: [{ type: "text" as const, text: JSON.stringify(value) }] });

// Good: strict object, the id is an anchored pattern of bounded length.
server.registerTool(
  "get_ticket",
  {
    title: "Get ticket",
    description: "Fetch one ticket by its id.",
    inputSchema: z.strictObject({ ticketId: TicketId }),
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  },
  async ({ ticketId }) => text(store.get(ticketId) ?? null),
);

// Good: .strict(), bounded string, bounded array, bounded integer.
server.registerTool(
  "search_tickets",
  {
    title: "Search tickets",
    description: "Full-text search over ticket subjects.",
    inputSchema: z
      .object({
        query: z.string().min(1).max(200),
        statuses: z.array(Status).max(4).optional(),
        limit: z.number().int().min(1).max(100).default(20),
      })
      .strict(),
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  },
  async ({ query, statuses, limit }) => text(store.search(query, statuses, limit)),
);

// Bad: stripping object, an unbounded body, an open nested object, an unbounded tag list.
server.registerTool(
  "create_ticket",
  {
    title: "Create ticket",
    description: "Open a new ticket on behalf of a customer.",
    inputSchema: z.object({
      subject: z.string().max(150),
      body: z.string(),
      priority: Priority.default("normal"),
      customer: z.object({
        email: z.string().email().max(254),
        name: z.string().max(100),
      }),
      tags: z.array(z.string().max(30)),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  },
  async ({ subject, body, priority, customer, tags }) =>
    text(store.create({ subject, body, priority, customerEmail: customer.email, tags })),
);

// Bad: .passthrough() lets any extra key through to store.update().
server.registerTool(
  "update_ticket",
  {
    title: "Update ticket",
    description: "Change the priority, status or assignee of a ticket.",
    inputSchema: z
      .object({
        ticketId: TicketId,
        priority: Priority.optional(),
        status: Status.optional(),
        assignee: z.string().max(64).optional(),
      })
      .passthrough(),
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  },
  async ({ ticketId, ...patch }) => text(store.update(ticketId, patch)),
);

// Bad: a free-form metadata bag.
server.registerTool(
  "annotate_ticket",
  {
    title: "Annotate ticket",
    description: "Attach custom fields to a ticket.",
    inputSchema: z.strictObject({
      ticketId: TicketId,
      metadata: z.record(z.string(), z.string().max(500)),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  },
  async ({ ticketId, metadata }) => text(store.update(ticketId, { tags: Object.keys(metadata) })),
);

// Bad: one tool that does anything, chosen by a free-form `action` string with an open payload.
server.registerTool(
  "ticket_admin",
  {
    title: "Ticket admin",
    description: "Administrative operations on tickets (merge, reopen, escalate, ...).",
    inputSchema: z.strictObject({
      action: z.string().max(32),
      data: z.object({}).passthrough(),
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  },
  async ({ action, data }) => text({ action, accepted: Object.keys(data) }),
);

// Bad: a raw shape. The SDK wraps it in a stripping z.object, so unknown keys are silently dropped.
server.registerTool(
  "add_comment",
  {
    title: "Add comment",
    description: "Add a public reply or an internal note to a ticket.",
    inputSchema: {
      ticketId: TicketId,
      text: z.string().max(5000),
      internal: z.boolean().default(false),
      minutesSpent: z.number().optional(),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  },
  async ({ ticketId, text: comment, internal }) => {
    try {
      store.update(ticketId, {}).comments.push({ author: "assistant", text: comment, internal });
      return text({ ok: true });
    } catch (error) {
      // Bad: the raw error text goes back to the model.
      return { isError: true, content: [{ type: "text", text: `Could not comment: ${(error as Error).message}` }] };
    }
  },
);

// Bad: the deprecated tool() API always takes a raw shape; the resolution note is unbounded.
server.tool(
  "close_ticket",
  "Close a solved ticket with a resolution note.",
  { ticketId: TicketId, resolution: z.string() },
  async ({ ticketId, resolution }) => text(store.update(ticketId, { status: "closed", body: resolution })),
);

await server.connect(new StdioServerTransport());
