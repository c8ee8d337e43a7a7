/**
 * Representative server files covering every rule, the frameworks and schema flavours, suppression
 * comments and awkward text (CRLF, JSX, comment-like strings). The plugin must report on them exactly
 * what ESLint reports.
 */
const SDK = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n`;

export const FIXTURES: Record<string, string> = {
  "sdk-zod.ts": `${SDK}import { z } from "zod";
const server = new McpServer({ name: "fixture", version: "1.0.0" });
const Address = z.object({ street: z.string(), zip: z.string().max(10) });

server.registerTool(
  "create_order",
  {
    description: "Create an order.",
    inputSchema: z.object({
      customer: z.string().email(),
      address: Address,
      lines: z.array(z.object({ sku: z.string().max(20), qty: z.number().int() })),
      notes: z.string().min(1),
      metadata: z.record(z.string(), z.unknown()),
      extra: z.any(),
      huge: z.string().max(500000),
    }),
  },
  async () => ({ content: [] }),
);

server.registerTool("raw_shape", { inputSchema: { q: z.string(), limit: z.number().min(0) } }, async () => ({ content: [] }));

server.tool("legacy", { term: z.string() }, async () => ({ content: [] }));

server.registerTool(
  "dispatch",
  { inputSchema: z.strictObject({ action: z.string().max(40), data: z.record(z.string(), z.any()) }) },
  async () => ({ content: [] }),
);

server.registerTool(
  "loose",
  { inputSchema: z.object({ a: z.string().max(5) }).passthrough() },
  async () => ({ content: [] }),
);

server.registerTool(
  "good",
  { inputSchema: z.strictObject({ id: z.uuid(), page: z.number().int().min(1).max(100), tags: z.array(z.enum(["a", "b"])).max(5) }) },
  async () => ({ content: [] }),
);
`,

  "sdk-zod-mini.ts": `${SDK}import * as z from "zod/mini";
const server = new McpServer({ name: "fixture", version: "1.0.0" });
server.registerTool(
  "mini",
  { inputSchema: z.object({ title: z.string(), ids: z.array(z.string().check(z.maxLength(10))), open: z.looseObject({}) }) },
  async () => ({ content: [] }),
);
`,

  "sdk-zod-v3.ts": `${SDK}import { z } from "zod/v3";
const server = new McpServer({ name: "fixture", version: "1.0.0" });
server.registerTool(
  "v3",
  { inputSchema: z.object({ body: z.string().url(), count: z.number().max(3), nested: z.object({ k: z.string().max(3) }).strict() }) },
  async () => ({ content: [] }),
);
`,

  "lowlevel-json.ts": `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "fixture", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: "json_tool",
      inputSchema: {
        type: "object",
        properties: {
          query: { type: "string" },
          ids: { type: "array", items: { type: "string", maxLength: 8 } },
          amount: { type: "number", minimum: 0 },
          anything: {},
          command: { type: "string", maxLength: 20 },
          payload: { type: "object" },
        },
      },
    },
    {
      name: "closed",
      inputSchema: { type: "object", properties: { when: { type: "string", format: "date" } }, additionalProperties: false },
    },
  ],
}));
`,

  "fastmcp.ts": `import { FastMCP } from "fastmcp";
import { z } from "zod";
const kb = new FastMCP({ name: "fixture", version: "1.0.0" });
kb.addTool({
  name: "search",
  parameters: z.object({ query: z.string(), locale: z.enum(["en", "de"]) }),
  execute: async () => "ok",
});
`,

  "suppressed.ts": `${SDK}import { z } from "zod";
const server = new McpServer({ name: "fixture", version: "1.0.0" });
server.registerTool("a", {
  // eslint-disable-next-line mcp-guard/require-strict-objects -- reviewed
  inputSchema: z.object({
    s1: z.string(), // eslint-disable-line mcp-guard/require-string-bounds
    s2: z.string(), // eslint-disable-line mcp-guard/require-array-bounds
    s3: z.string(), /* eslint-disable-line */
    /* eslint-disable mcp-guard/require-string-bounds, mcp-guard/no-unconstrained-input */
    s4: z.string(),
    u1: z.any(),
    /* eslint-enable mcp-guard/no-unconstrained-input */
    s5: z.string(),
    u2: z.any(),
    /* eslint-enable */
    s6: z.string(),
    // eslint-disable mcp-guard/require-string-bounds
    s7: z.string(),
    /** eslint-disable-line mcp-guard/require-string-bounds */ s8: z.string(),
    s9: z.string(), // not a directive: eslint-disable-line
    /* eslint-disable-next-line
       mcp-guard/require-string-bounds */
    s10: z.string(),
  }),
}, async () => ({ content: [] }));
const fake = "// eslint-disable-next-line";
server.registerTool("b", { inputSchema: z.strictObject({ t: z.string() }) }, async () => ({ content: [] }));
const re = /\\/\\/ eslint-disable-line/;
server.registerTool("c", { inputSchema: z.strictObject({ t: z.string() }) }, async () => ({ content: [] })); const tpl = \`\${fake} // eslint-disable-line\`;
/* eslint-disable */
server.registerTool("d", { inputSchema: z.object({ t: z.string() }) }, async () => ({ content: [] }));
`,

  "crlf.ts": `${SDK}import { z } from "zod";\r\nconst server = new McpServer({ name: "fixture", version: "1.0.0" });\r\nserver.registerTool("crlf", {\r\n  inputSchema: z.object({\r\n    text: z.string(), // eslint-disable-line mcp-guard/require-string-bounds\r\n    more: z.string(),\r\n  }),\r\n}, async () => ({ content: [] }));\r\n`,

  "view.tsx": `${SDK}import { z } from "zod";
const server = new McpServer({ name: "fixture", version: "1.0.0" });
declare namespace JSX { interface IntrinsicElements { p: unknown } }
const view = <p>// eslint-disable-next-line mcp-guard/require-string-bounds</p>;
server.registerTool("jsx", { inputSchema: z.strictObject({ text: z.string() }) }, async () => ({ content: [] }));
`,

  "plain.mjs": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "fixture", version: "1.0.0" });
server.registerTool("js", { inputSchema: z.object({ text: z.string(), n: z.number() }) }, async () => ({ content: [] }));
`,

  "shared-schema.ts": `import { z } from "zod";
export const Shared = z.object({ name: z.string() });
`,

  "uses-shared.ts": `${SDK}import { z } from "zod";
import { Shared } from "./shared-schema.js";
const server = new McpServer({ name: "fixture", version: "1.0.0" });
server.registerTool("shared", { inputSchema: Shared }, async () => ({ content: [] }));
server.registerTool("extended", { inputSchema: Shared.extend({ age: z.number() }).strict() }, async () => ({ content: [] }));
`,
};
