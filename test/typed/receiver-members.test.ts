/**
 * A registration on a member of a server (`this.server.setRequestHandler`, `server.server.setRequestHandler`)
 * is found by the class the member is declared as, read off the declarations: asking the checker for the
 * member's type instantiated the SDK's generic Protocol (half a second per call on actors-mcp-server).
 */
import { pluginRule } from "../rules/helpers.js";
import { typedRuleTester } from "../rules/typed-helpers.js";

const strictObjects = pluginRule<"jsonMissing" | "setAdditionalFalse">("require-strict-objects");

const imports = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
`;
const list = (inputSchema: string) => `async () => ({ tools: [{ name: "search", annotations: { readOnlyHint: true, openWorldHint: false }, inputSchema: ${inputSchema} }] })`;
const open = `{ type: "object", properties: { q: { type: "string", maxLength: 100 } } }`;
const closed = `{ type: "object", properties: { q: { type: "string", maxLength: 100 } }, additionalProperties: false }`;

const typedField = (schema: string) => `${imports}class Search {
  private readonly server: Server;
  constructor() {
    this.server = new Server({ name: "s", version: "1.0.0" }, { capabilities: { tools: {} } });
  }
  start(): void {
    this.server.setRequestHandler(ListToolsRequestSchema, ${list(schema)});
  }
}
`;
const constructedField = (schema: string) => `${imports}class Search {
  private readonly server = new Server({ name: "s", version: "1.0.0" }, { capabilities: { tools: {} } });
  start(): void {
    const run = () => this.server.setRequestHandler(ListToolsRequestSchema, ${list(schema)});
    run();
  }
}
`;
const innerServer = (schema: string) => `${imports}const mcp = new McpServer({ name: "s", version: "1.0.0" });
mcp.server.setRequestHandler(ListToolsRequestSchema, ${list(schema)});
`;
const parameter = (schema: string) => `${imports}export function start(server: Server): void {
  server.setRequestHandler(ListToolsRequestSchema, ${list(schema)});
}
`;

typedRuleTester.run("registrations on a server's members, typed", strictObjects, {
  valid: [
    { name: "this.server declared as Server, closed", filename: "file.ts", code: typedField(closed) },
    { name: "this.server made by new Server, closed", filename: "file.ts", code: constructedField(closed) },
    { name: "mcp.server of an McpServer, closed", filename: "file.ts", code: innerServer(closed) },
    { name: "a parameter declared as Server, closed", filename: "file.ts", code: parameter(closed) },
    {
      name: "this.other of a class that is not a server: not a registration",
      filename: "file.ts",
      code: `import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
class Router { setRequestHandler(_schema: unknown, _handler: () => unknown): void {} }
class Search {
  private readonly other = new Router();
  start(): void {
    this.other.setRequestHandler(ListToolsRequestSchema, ${list(open)});
  }
}
`,
    },
  ],
  invalid: [
    { name: "this.server declared as Server, open", filename: "file.ts", code: typedField(open), errors: [{ messageId: "jsonMissing", line: 10, column: 174, suggestions: [{ messageId: "setAdditionalFalse", output: typedField(closed) }] }] },
    { name: "this.server made by new Server, in an arrow function, open", filename: "file.ts", code: constructedField(open), errors: [{ messageId: "jsonMissing", line: 7, column: 192, suggestions: [{ messageId: "setAdditionalFalse", output: constructedField(closed) }] }] },
    { name: "mcp.server of an McpServer, open", filename: "file.ts", code: innerServer(open), errors: [{ messageId: "jsonMissing", line: 5, column: 169, suggestions: [{ messageId: "setAdditionalFalse", output: innerServer(closed) }] }] },
    { name: "a parameter declared as Server, open", filename: "file.ts", code: parameter(open), errors: [{ messageId: "jsonMissing", line: 5, column: 167, suggestions: [{ messageId: "setAdditionalFalse", output: parameter(closed) }] }] },
  ],
});
