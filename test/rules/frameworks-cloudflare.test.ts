/**
 * Cloudflare `agents`: `class X extends McpAgent { async init() { this.server.registerTool(…) } }`, and a server
 * served with `createMcpHandler` from `agents/mcp`. The server is the SDK v1 McpServer, so inputs and
 * annotations are judged as for SDK v1; the identity source is `this.props` or `getMcpAuthContext()`.
 */
import { pluginRule, replaceOnce, ruleTester } from "./helpers.js";

const strictObjects = pluginRule<string>("require-strict-objects");
const identityInArgs = pluginRule<string>("no-identity-in-args");
const annotations = pluginRule<string>("require-tool-annotations");
const rawErrors = pluginRule<string>("no-raw-error-in-result");

/** A Cloudflare McpAgent with zod v4 classic. */
const CF = `import { McpAgent } from "agents/mcp";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
`;
/** Cloudflare's createMcpHandler with zod v4 classic. */
const CFH = `import { createMcpHandler } from "agents/mcp";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
`;

const cfStrict = `${CF}export class NotesMcp extends McpAgent {
  server = new McpServer({ name: "notes", version: "1.0.0" });
  async init() {
    this.server.registerTool("search_notes", { inputSchema: z.strictObject({ q: z.string().max(200) }), annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } }, async ({ q }) => ({
      content: [{ type: "text", text: q }],
    }));
  }
}
`;
const cfShape = `${CF}export class NotesMcp extends McpAgent {
  server = new McpServer({ name: "notes", version: "1.0.0" });
  async init() {
    this.server.registerTool("search_notes", { inputSchema: { q: z.string().max(200) }, annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } }, async ({ q }) => ({
      content: [{ type: "text", text: q }],
    }));
  }
}
`;
const cfToolShape = `${CF}export class NotesMcp extends McpAgent {
  server = new McpServer({ name: "notes", version: "1.0.0" });
  async init() {
    this.server.tool("add", { a: z.number().min(0).max(10), b: z.number().min(0).max(10) }, async ({ a, b }) => ({
      content: [{ type: "text", text: String(a + b) }],
    }));
  }
}
`;
const cfIdentity = `${CF}export class NotesMcp extends McpAgent {
  server = new McpServer({ name: "notes", version: "1.0.0" });
  async init() {
    this.server.registerTool("list_notes", { inputSchema: z.strictObject({ userId: z.string().max(40) }), annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } }, async ({ userId }) => ({
      content: [{ type: "text", text: userId }],
    }));
  }
}
`;
const cfProps = `${CF}export class NotesMcp extends McpAgent<unknown, unknown, { userId: string }> {
  server = new McpServer({ name: "notes", version: "1.0.0" });
  async init() {
    this.server.registerTool("list_notes", { inputSchema: z.strictObject({}), annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } }, async () => ({
      content: [{ type: "text", text: this.props.userId }],
    }));
  }
}
`;
const cfHandler = `${CFH}const server = new McpServer({ name: "notes", version: "1.0.0" });
server.registerTool("search_notes", { inputSchema: z.object({ q: z.string().max(200) }) }, async ({ q }) => ({ content: [{ type: "text", text: q }] }));
export default { fetch: (request: Request, env: unknown, ctx: unknown) => createMcpHandler(server)(request, env, ctx) };
`;
const cfHandlerThrown = `${CFH}const server = new McpServer({ name: "notes", version: "1.0.0" });
server.registerTool("search_notes", { inputSchema: z.strictObject({ q: z.string().max(200) }), annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } }, async ({ q }) => {
  try {
    return { content: [{ type: "text", text: q }] };
  } catch (e) {
    throw new Error(\`Search failed: \${(e as Error).message}\`);
  }
});
export default { fetch: (request: Request, env: unknown, ctx: unknown) => createMcpHandler(server)(request, env, ctx) };
`;

ruleTester.run("require-strict-objects", strictObjects, {
  valid: [
    { name: "registerTool() in McpAgent.init() with z.strictObject()", code: cfStrict },
  ],
  invalid: [
    {
      name: "a raw shape in McpAgent.init()",
      code: cfShape,
      errors: [
        {
          messageId: "rawShape", line: 7, column: 61, endLine: 7, endColumn: 87,
          data: { others: "", tool: "search_notes" },
          suggestions: [
            { messageId: "wrapStrictObject", output: replaceOnce(cfShape, "{ q: z.string().max(200) }", "z.strictObject({ q: z.string().max(200) })") },
          ],
        },
      ],
    },
    {
      name: "this.server.tool() with a raw shape",
      code: cfToolShape,
      errors: [
        {
          messageId: "rawShapeTool", line: 7, column: 29, endLine: 7, endColumn: 91,
          data: { others: "", tool: "add" },
          suggestions: [],
        },
      ],
    },
    {
      name: "createMcpHandler(server): a z.object() input",
      code: cfHandler,
      errors: [
        {
          messageId: "zodObject", line: 5, column: 52, endLine: 5, endColumn: 60,
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(cfHandler, "z.object", "z.strictObject") },
            { messageId: "appendStrict", output: replaceOnce(cfHandler, ") }) }, ", ") }).strict() }, ") },
          ],
        },
      ],
    },
  ],
});

ruleTester.run("no-identity-in-args", identityInArgs, {
  valid: [
    { name: "the caller read from this.props", code: cfProps },
  ],
  invalid: [
    {
      name: "a user id in the schema names this.props and getMcpAuthContext()",
      code: cfIdentity,
      errors: [
        {
          messageId: "identityInSchema", line: 7, column: 76, endLine: 7, endColumn: 82,
          data: { others: "", tool: "list_notes", kind: "identity", field: "userId", source: "this.props or getMcpAuthContext()" },
          suggestions: [],
        },
      ],
    },
  ],
});

ruleTester.run("require-tool-annotations", annotations, {
  valid: [
    { name: "annotations with every hint", code: cfStrict },
  ],
  invalid: [
    {
      name: "registerTool() without annotations in a createMcpHandler server",
      code: cfHandler,
      errors: [
        {
          messageId: "missingAnnotations", line: 5, column: 21, endLine: 5, endColumn: 35,
          suggestions: [
            { messageId: "insertDefaults", data: { defaults: "readOnlyHint: false, destructiveHint: true, openWorldHint: true" }, output: replaceOnce(cfHandler, ") }) }, ", ") }), annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true } }, ") },
          ],
        },
      ],
    },
    {
      name: "this.server.tool() without annotations",
      code: cfToolShape,
      errors: [
        {
          messageId: "missingAnnotations", line: 7, column: 22, endLine: 7, endColumn: 27,
          suggestions: [
            { messageId: "insertDefaults", data: { defaults: "readOnlyHint: false, destructiveHint: true, openWorldHint: true" }, output: replaceOnce(cfToolShape, ", async (", ", { readOnlyHint: false, destructiveHint: true, openWorldHint: true }, async (") },
          ],
        },
      ],
    },
  ],
});

ruleTester.run("no-raw-error-in-result", rawErrors, {
  valid: [
    { name: "no caught error in the result", code: cfStrict },
  ],
  invalid: [
    {
      name: "a thrown message carries the error's message",
      code: cfHandlerThrown,
      errors: [
        {
          messageId: "rawError", line: 9, column: 21, endLine: 9, endColumn: 61,
          data: { part: "message", sink: "a thrown error's message, which the SDK forwards to the model" },
          suggestions: [
            { messageId: "useFixedText", output: replaceOnce(cfHandlerThrown, "throw new Error(`Search failed: ${(e as Error).message}`", "console.error(e);\n    throw new Error(\"The tool failed. The details are in the server log.\"") },
          ],
        },
      ],
    },
  ],
});
