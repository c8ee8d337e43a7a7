/**
 * Sources of class-based tools that the untyped suite (class-tools.test.ts) and the typed one
 * (typed-tools.test.ts) both lint: each expects the same findings in them.
 */
import { FASTMCP_ZOD, FULL, SDK_ZOD } from "./helpers.js";

/** The base class registers every subclass: `this.name`, `this.inputSchema`, `this.annotations`, `this.execute`. */
const BASE = `abstract class ToolBase {
  abstract name: string;
  abstract inputSchema: unknown;
  annotations = ${FULL};
  abstract execute(args: unknown): Promise<{ content: [] }>;
  register(s: McpServer) {
    s.registerTool(this.name, { inputSchema: this.inputSchema as never, annotations: this.annotations }, (args) => this.execute(args));
  }
}
`;

// SDK_ZOD is three lines and BASE nine: code after `${SDK_ZOD}import…${BASE}` starts on line 14.
export const HEADER = `${SDK_ZOD}import type { McpServer as S } from "@modelcontextprotocol/sdk/server/mcp.js";
${BASE}`;

export const subclassField = `${HEADER}class SendInvoice extends ToolBase {
  name = "send_invoice";
  inputSchema = z.object({ to: z.string().max(50) });
  async execute() { return { content: [] as [] }; }
}
`;

export const instanceLoop = `${SDK_ZOD}class SendInvoice {
  name = "send_invoice";
  readonly schema = { to: z.string().max(50) };
  annotations = ${FULL};
  async execute() { return { content: [] as [] }; }
}
for (const tool of [new SendInvoice()]) server.registerTool(tool.name, { inputSchema: tool.schema, annotations: tool.annotations }, tool.execute.bind(tool));
`;

export const staticClasses = `${SDK_ZOD}class Search {
  static toolName = "search";
  static schema = z.object({ q: z.string().max(50) });
  static annotations = ${FULL};
  static async run() { return { content: [] as [] }; }
}
const toolClasses = [Search];
toolClasses.forEach((T) => server.registerTool(T.toolName, { inputSchema: T.schema, annotations: T.annotations }, (args) => T.run()));
`;

export const strictAtRegistration = `${SDK_ZOD}abstract class Tool {
  abstract name: string;
  abstract schema: z.ZodObject;
  register() {
    server.registerTool(this.name, { inputSchema: this.schema.strict(), annotations: ${FULL} }, (args) => this.run(args));
  }
  abstract run(args: unknown): Promise<{ content: [] }>;
}
class Send extends Tool {
  name = "send";
  get schema() { return z.object({ to: z.string().max(50), meta: z.object({ k: z.string().max(5) }) }); }
  async run() { return { content: [] as [] }; }
}
`;

export const fastmcpClass = `${FASTMCP_ZOD}class Lookup {
  name = "lookup";
  parameters = z.object({ id: z.string().max(20) });
  annotations = ${FULL};
  execute = async () => "ok";
  addTo(s: FastMCP) {
    s.addTool({ name: this.name, parameters: this.parameters, annotations: this.annotations, execute: (args) => this.execute() });
  }
}
`;
