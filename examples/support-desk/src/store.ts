// In-memory ticket store used by the demo. It imports no MCP framework, so the rules skip it.
export interface Ticket {
  id: string;
  subject: string;
  body: string;
  priority: string;
  status: string;
  customerEmail: string;
  assignee?: string;
  tags: string[];
  comments: { author: string; text: string; internal: boolean }[];
}

const tickets = new Map<string, Ticket>();
let nextId = 1000;

export const store = {
  get: (id: string) => tickets.get(id),
  search: (query: string, statuses: string[] = [], limit = 20) =>
    [...tickets.values()]
      .filter((t) => (!statuses.length || statuses.includes(t.status)) && t.subject.includes(query))
      .slice(0, limit),
  create(fields: Omit<Ticket, "id" | "status" | "comments">): Ticket {
    const ticket: Ticket = { ...fields, id: `TKT-${nextId++}`, status: "open", comments: [] };
    tickets.set(ticket.id, ticket);
    return ticket;
  },
  update(id: string, patch: Partial<Ticket>): Ticket {
    const ticket = tickets.get(id);
    if (!ticket) throw new Error(`No ticket ${id}`);
    return Object.assign(ticket, patch);
  },
};
