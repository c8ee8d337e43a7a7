// Hands escalations to the vendor's ticketing MCP server, started as a local process.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

// Bad: the vendor's server process inherits every secret in this process's environment.
const transport = new StdioClientTransport({
  command: "npx",
  args: ["-y", "@vendor/ticketing-mcp"],
  env: { ...process.env, VENDOR_REGION: "eu" },
});

export async function escalate(ticketId: string, summary: string): Promise<void> {
  const client = new Client({ name: "support-desk-escalations", version: "1.0.0" });
  await client.connect(transport);
  await client.callTool({ name: "create_escalation", arguments: { ticketId, summary } });
  await client.close();
}
