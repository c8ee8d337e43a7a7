import { describe, expect, it } from "vitest";
import { asJs, pluginRule, ruleTester, lintWithRuleOptions } from "./helpers.js";

type MessageIds = "envPassthrough";
type Options = [Record<string, never>];

const rule = pluginRule<MessageIds, Options>("no-env-passthrough");

/** An SDK v1 client; the transport is created on line 4. */
const CLIENT = `import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
const client = new Client({ name: "auditor", version: "1.0.0" });
`;

// ---------------------------------------------------------------------------------------------------
// Sources.

const wholeEnv = `${CLIENT}const transport = new StdioClientTransport({ command: "node", args: ["server.js"], env: process.env });
`;
const spreadEnv = `${CLIENT}const transport = new StdioClientTransport({ command: "node", args: ["server.js"], env: { ...process.env } });
`;
const spreadEnvPlus = `${CLIENT}const transport = new StdioClientTransport({
  command: "npx",
  args: ["-y", "@acme/mcp-server"],
  env: { ...process.env, ACME_REGION: "eu" },
});
`;
const assignEnv = `${CLIENT}const transport = new StdioClientTransport({ command: "node", env: Object.assign({}, process.env) });
`;
const assignEnvPlus = `${CLIENT}const transport = new StdioClientTransport({ command: "node", env: Object.assign({}, process.env, { DEBUG: "1" }) });
`;
const viaConst = `${CLIENT}const serverEnv = { ...process.env, DEBUG: "1" };
const transport = new StdioClientTransport({ command: "node", env: serverEnv });
`;
const viaConstChain = `${CLIENT}const base = process.env;
const serverEnv = { ...base };
const transport = new StdioClientTransport({ command: "node", env: serverEnv });
`;
const shorthand = `${CLIENT}const env = process.env;
const transport = new StdioClientTransport({ command: "node", env });
`;
const optionsConst = `${CLIENT}const options = { command: "node", args: ["server.js"], env: process.env };
const transport = new StdioClientTransport(options);
`;
const cast = `${CLIENT}const transport = new StdioClientTransport({ command: "node", env: process.env as Record<string, string> });
`;
const spreadCast = `${CLIENT}const transport = new StdioClientTransport({ command: "node", env: { ...(process.env as Record<string, string>), X: "1" } });
`;
const v2Client = `import { Client, StdioClientTransport } from "@modelcontextprotocol/client";
const client = new Client({ name: "auditor", version: "1.0.0" });
await client.connect(new StdioClientTransport({ command: "node", args: ["server.js"], env: process.env }));
`;
const jsRequire = `const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");
const transport = new StdioClientTransport({ command: "node", env: { ...process.env } });
`;

ruleTester.run("no-env-passthrough", rule, {
  valid: [
    {
      name: "named variables only: { PATH: process.env.PATH }",
      code: `${CLIENT}const transport = new StdioClientTransport({ command: "node", env: { PATH: process.env.PATH ?? "" } });
`,
    },
    {
      name: "getDefaultEnvironment(), alone and with named variables",
      code: `${CLIENT}const a = new StdioClientTransport({ command: "node", env: getDefaultEnvironment() });
const b = new StdioClientTransport({ command: "node", env: { ...getDefaultEnvironment(), ACME_TOKEN: process.env.ACME_TOKEN ?? "" } });
const c = new StdioClientTransport({ command: "node", env: Object.assign({}, getDefaultEnvironment(), { DEBUG: "1" }) });
`,
    },
    {
      name: "no env at all: the SDK passes its default environment",
      code: `${CLIENT}const transport = new StdioClientTransport({ command: "node", args: ["server.js"] });
`,
    },
    {
      name: "a const built from named variables",
      code: `${CLIENT}const serverEnv = { HOME: process.env.HOME, ACME_TOKEN: process.env.ACME_TOKEN };
const transport = new StdioClientTransport({ command: "node", env: serverEnv });
`,
    },
    {
      name: "process.env passed to something that is not an MCP client transport",
      code: `${CLIENT}import { spawn } from "node:child_process";
spawn("node", ["worker.js"], { env: process.env });
const transport = new StdioClientTransport({ command: "node" });
`,
    },
    {
      name: "a file without MCP imports",
      code: `class StdioClientTransport { constructor(options) { this.options = options; } }
const transport = new StdioClientTransport({ command: "node", env: process.env });
`,
    },
  ],
  invalid: [
    {
      name: "env: process.env",
      code: wholeEnv,
      errors: [{ messageId: "envPassthrough", line: 4, column: 89, endLine: 4, endColumn: 100, suggestions: [] }],
    },
    {
      name: "env: { ...process.env }",
      code: spreadEnv,
      errors: [{ messageId: "envPassthrough", line: 4, column: 89, endLine: 4, endColumn: 107, suggestions: [] }],
    },
    {
      name: "env: { ...process.env, X: \"1\" } over several lines",
      code: spreadEnvPlus,
      errors: [{ messageId: "envPassthrough", line: 7, column: 8, endLine: 7, endColumn: 45, suggestions: [] }],
    },
    {
      name: "Object.assign({}, process.env)",
      code: assignEnv,
      errors: [{ messageId: "envPassthrough", line: 4, column: 68, endLine: 4, endColumn: 98, suggestions: [] }],
    },
    {
      name: "Object.assign({}, process.env, { DEBUG: \"1\" })",
      code: assignEnvPlus,
      errors: [{ messageId: "envPassthrough", line: 4, column: 68, endLine: 4, endColumn: 114, suggestions: [] }],
    },
    {
      name: "through a const: env: serverEnv",
      code: viaConst,
      errors: [{ messageId: "envPassthrough", line: 5, column: 68, endLine: 5, endColumn: 77, suggestions: [] }],
    },
    {
      name: "through two consts",
      code: viaConstChain,
      errors: [{ messageId: "envPassthrough", line: 6, column: 68, endLine: 6, endColumn: 77, suggestions: [] }],
    },
    {
      name: "shorthand property { env } of a const holding process.env",
      code: shorthand,
      errors: [{ messageId: "envPassthrough", line: 5, column: 63, endLine: 5, endColumn: 66, suggestions: [] }],
    },
    {
      name: "the transport's options held in a const",
      code: optionsConst,
      errors: [{ messageId: "envPassthrough", line: 4, column: 62, endLine: 4, endColumn: 73, suggestions: [] }],
    },
    {
      name: "a cast: process.env as Record<string, string>",
      code: cast,
      errors: [{ messageId: "envPassthrough", line: 4, column: 68, endLine: 4, endColumn: 105, suggestions: [] }],
    },
    {
      name: "a spread of a cast",
      code: spreadCast,
      errors: [{ messageId: "envPassthrough", line: 4, column: 68, endLine: 4, endColumn: 122, suggestions: [] }],
    },
    {
      name: "SDK v2 client (@modelcontextprotocol/client)",
      code: v2Client,
      errors: [{ messageId: "envPassthrough", line: 3, column: 92, endLine: 3, endColumn: 103, suggestions: [] }],
    },
    {
      name: "CommonJS require in plain JavaScript",
      code: jsRequire,
      ...asJs,
      filename: "client.cjs",
      errors: [{ messageId: "envPassthrough", line: 2, column: 68, endLine: 2, endColumn: 86, suggestions: [] }],
    },
  ],
});

describe("no-env-passthrough options", () => {
  const lint = (options: unknown) => lintWithRuleOptions("no-env-passthrough", wholeEnv, options, "client.js");

  it("takes no options", () => {
    expect(() => lint({ allow: ["PATH"] })).toThrow(/Key "rules": Key "mcp-guard\/no-env-passthrough":[\s\S]*Unexpected property "allow"/);
  });

  it("accepts an empty options object and reports with the full message", () => {
    const messages = lint({});
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toBe(
      "This transport gives the MCP server the whole environment. Pass only what it needs: { ...getDefaultEnvironment(), NAME: process.env.NAME }.",
    );
  });
});
