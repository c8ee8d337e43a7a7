import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { GuardedTransport, Wire } from "../../src/cli/guarded-transport.js";
import { mcpGuard } from "./helpers.js";

/** Every JSON-RPC method the HTTP server received, in order. */
const received: string[] = [];
let http: Server;
let url: string;

function toolServer(): McpServer {
  const server = new McpServer({ name: "http-fixture", version: "2.0.0" });
  const done = () => Promise.resolve({ content: [{ type: "text" as const, text: "done" }] });
  server.registerTool("list_invoices", { description: "List invoices.", inputSchema: z.strictObject({ customer: z.string().max(80) }), annotations: { readOnlyHint: true, openWorldHint: false } }, done);
  server.registerTool("refund_invoice", { description: "Refund an invoice.", inputSchema: z.strictObject({ invoiceId: z.string().max(40), note: z.string() }) }, done);
  return server;
}

beforeAll(async () => {
  // Stateless Streamable HTTP: a server and a transport per request, as the SDK's examples do.
  http = createServer((request, response) => {
    void (async () => {
      let body = "";
      for await (const chunk of request) body += String(chunk);
      const message = body ? (JSON.parse(body) as { method?: string } | { method?: string }[]) : undefined;
      for (const entry of Array.isArray(message) ? message : message ? [message] : []) if (entry.method) received.push(entry.method);
      const server = toolServer();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      response.on("close", () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request, response, message);
    })();
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
});

afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
});

describe("mcp-guard audit --url", () => {
  it("audits a Streamable HTTP server with initialize and tools/list only", async () => {
    const result = await mcpGuard(["audit", "--json", "--url", url]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as { server: { name: string }; summary: Record<string, number>; findings: { tool: string; rule: string; path: string }[] };
    expect(json.server.name).toBe("http-fixture");
    expect(json.summary).toMatchObject({ toolCount: 2, readOnlyToolCount: 1, destructiveToolCount: 1, unannotatedToolCount: 1 });
    expect(json.findings.map((finding) => `${finding.tool} ${finding.path || "-"} ${finding.rule}`)).toEqual(["refund_invoice - require-tool-annotations", "refund_invoice note require-string-bounds"]);
    expect(received).toEqual(["initialize", "notifications/initialized", "tools/list"]);
  });

  it("cannot reach a server: exit 2", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await mcpGuard(["audit", "--url", `http://127.0.0.1:${port}/mcp`, "--timeout", "10"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`mcp-guard audit: could not audit http://127.0.0.1:${port}/mcp at initialize:`);
    expect(result.stderr).toContain("ECONNREFUSED");
  });
});

describe("the audit's transport", () => {
  it("refuses to send any request but initialize and tools/list", async () => {
    const sent: JSONRPCMessage[] = [];
    const inner: Transport = {
      start: () => Promise.resolve(),
      close: () => Promise.resolve(),
      send: (message) => {
        sent.push(message);
        return Promise.resolve();
      },
    };
    const transport = new GuardedTransport(inner, new Wire());
    await transport.start();
    await transport.send({ jsonrpc: "2.0", id: 0, method: "initialize", params: {} });
    await expect(transport.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "refund_invoice", arguments: {} } })).rejects.toThrow(
      'mcp-guard audit refused to send "tools/call": an audit sends only initialize and tools/list',
    );
    await expect(transport.send({ jsonrpc: "2.0", method: "notifications/roots/list_changed" })).rejects.toThrow('refused to send "notifications/roots/list_changed"');
    // Answers to the server's own requests (a ping) carry no method and pass.
    await transport.send({ jsonrpc: "2.0", id: 7, result: {} });
    expect(sent.map((message) => ("method" in message ? message.method : "(response)"))).toEqual(["initialize", "(response)"]);
  });
});
