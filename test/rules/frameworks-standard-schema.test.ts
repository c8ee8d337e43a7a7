/**
 * Valibot and ArkType schemas handed to SDK v2 (`registerTool`'s inputSchema) or fastmcp (`parameters`): both
 * take any Standard Schema. They are schemas, opaque to the zod rules: no rule reports them as open, unbounded
 * or missing.
 */
import { pluginRule, ruleTester } from "./helpers.js";

const strictObjects = pluginRule<string>("require-strict-objects");
const unconstrained = pluginRule<string>("no-unconstrained-input");
const stringBounds = pluginRule<string>("require-string-bounds");
const annotations = pluginRule<string>("require-tool-annotations");

/** MCP SDK v2 with valibot and arktype. */
const V2 = `import { McpServer } from "@modelcontextprotocol/server";
import * as v from "valibot";
import { type } from "arktype";
`;
/** fastmcp with valibot and arktype. */
const FM = `import { FastMCP } from "fastmcp";
import * as v from "valibot";
import { type } from "arktype";
`;

const v2Valibot = `${V2}const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("search", { inputSchema: v.object({ q: v.string(), tags: v.array(v.string()) }), annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } }, async ({ q }) => ({ content: [{ type: "text", text: q }] }));
`;
const v2ArkType = `${V2}const server = new McpServer({ name: "demo", version: "1.0.0" });
const Search = type({ q: "string", "tenantId?": "string" });
server.registerTool("search", { inputSchema: Search, annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } }, async ({ q }) => ({ content: [{ type: "text", text: q }] }));
`;
const fmValibot = `${FM}const server = new FastMCP({ name: "demo", version: "1.0.0" });
server.addTool({ name: "search", parameters: v.looseObject({ q: v.string() }), annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false }, execute: async ({ q }) => q });
`;
const fmArkType = `${FM}const server = new FastMCP({ name: "demo", version: "1.0.0" });
server.addTool({ name: "search", parameters: type({ q: "string", n: "number" }), annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false }, execute: async ({ q }) => q });
`;

ruleTester.run("require-strict-objects", strictObjects, {
  valid: [
    { name: "SDK v2 with a valibot object", code: v2Valibot },
    { name: "SDK v2 with an ArkType type held in a const", code: v2ArkType },
    { name: "fastmcp with a valibot looseObject", code: fmValibot },
    { name: "fastmcp with an ArkType type", code: fmArkType },
  ],
  invalid: [
  ],
});

ruleTester.run("no-unconstrained-input", unconstrained, {
  valid: [
    { name: "SDK v2 with a valibot object", code: v2Valibot },
    { name: "SDK v2 with an ArkType type held in a const", code: v2ArkType },
    { name: "fastmcp with a valibot looseObject", code: fmValibot },
    { name: "fastmcp with an ArkType type", code: fmArkType },
  ],
  invalid: [
  ],
});

ruleTester.run("require-string-bounds", stringBounds, {
  valid: [
    { name: "SDK v2 with a valibot object", code: v2Valibot },
    { name: "SDK v2 with an ArkType type held in a const", code: v2ArkType },
    { name: "fastmcp with a valibot looseObject", code: fmValibot },
    { name: "fastmcp with an ArkType type", code: fmArkType },
  ],
  invalid: [
  ],
});

ruleTester.run("require-tool-annotations", annotations, {
  valid: [
    { name: "SDK v2 with a valibot object", code: v2Valibot },
    { name: "SDK v2 with an ArkType type held in a const", code: v2ArkType },
    { name: "fastmcp with a valibot looseObject", code: fmValibot },
    { name: "fastmcp with an ArkType type", code: fmArkType },
  ],
  invalid: [
  ],
});
