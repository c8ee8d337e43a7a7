// Knowledge-base tools, served with fastmcp.
import { FastMCP } from "fastmcp";
import { z } from "zod";
import { store } from "./store.js";

const kb = new FastMCP({ name: "support-desk-kb", version: "1.4.0" });

// Bad: z.object strips unknown keys instead of rejecting them.
kb.addTool({
  name: "search_articles",
  description: "Search published knowledge-base articles.",
  parameters: z.object({
    query: z.string().min(2).max(200),
    locale: z.enum(["en", "de", "fr"]).default("en"),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  execute: async ({ query, locale }) => JSON.stringify({ query, locale, hits: [] }),
});

// Good: strict, every field bounded.
kb.addTool({
  name: "suggest_reply",
  description: "Draft a reply to a ticket from matching articles.",
  parameters: z.strictObject({
    ticketId: z.string().regex(/^TKT-[0-9]{1,8}$/),
    tone: z.enum(["formal", "friendly"]),
    maxArticles: z.number().int().min(1).max(5),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  execute: async ({ ticketId, tone }) => {
    const ticket = store.get(ticketId);
    return ticket ? `(${tone}) Re: ${ticket.subject}` : "No such ticket";
  },
});

// Bad: the workspace whose articles are exported comes from the arguments, so injected text can pick
// another customer's workspace. It belongs to the authenticated session (context.session).
kb.addTool({
  name: "export_articles",
  description: "Export the knowledge base of a workspace as Markdown.",
  parameters: z.strictObject({
    workspaceId: z.string().regex(/^ws_[a-z0-9]{12}$/),
    format: z.enum(["markdown", "html"]),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
  execute: async ({ workspaceId, format }) => JSON.stringify({ workspaceId, format, articles: [] }),
});

await kb.start({ transportType: "stdio" });
