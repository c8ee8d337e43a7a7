import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { judgePublishedTools } from "../../src/cli/published-tools.js";
import { selectRules } from "../../src/cli/rule-set.js";
import plugin from "../../src/index.js";

const TOOLS = [
  {
    name: "create_page",
    description: "Create a page.",
    inputSchema: {
      type: "object",
      properties: {
        workspace_id: { type: "string", maxLength: 36 },
        title: { type: "string", maxLength: 200 },
        blocks: { type: "array", items: { type: "object", properties: { text: { type: "string" } }, additionalProperties: { type: "string" } } },
        action: { type: "string" },
        payload: { type: "object" },
        meta: true,
      },
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, destructiveHint: true },
  },
  { name: "delete_page", inputSchema: { type: "object", properties: { id: { type: "string", format: "uuid" } }, additionalProperties: false }, annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } },
  { name: "stats", inputSchema: { type: "object", properties: { days: { type: "integer" }, filter: { allOf: [{ $ref: "#/$defs/f" }, { properties: { q: { type: "string", maxLength: 5 } } }] } } } },
];

describe("published tools are judged by the rules that judge source", () => {
  it("finds what ESLint finds in a low-level server that lists the same JSON", () => {
    const rules = selectRules(true);
    const report = judgePublishedTools(TOOLS, rules);
    const source = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: ${JSON.stringify(TOOLS, null, 2)} }));
`;
    const linter = new Linter();
    const messages = linter.verify(source, [{ files: ["**/*.js"], languageOptions: { sourceType: "module" } }, { ...plugin.configs.strict, files: ["**/*.js"] }], "server.js");
    expect(messages.filter((message) => message.fatal)).toEqual([]);
    const fromEslint = messages.map((message) => `${message.ruleId?.replace("mcp-guard/", "")}: ${message.message}`).sort();
    const fromAudit = report.findings.map((finding) => `${finding.rule}: ${finding.message}`).sort();
    expect(fromAudit).toEqual(fromEslint);
    expect(fromAudit.length).toBeGreaterThanOrEqual(9);
  });

  it("places each finding on its tool and field path", () => {
    const report = judgePublishedTools(TOOLS, selectRules(true));
    expect(report.findings.map((finding) => `${finding.tool} ${finding.path || "-"} ${finding.rule}`)).toEqual([
      "create_page - require-tool-annotations",
      "create_page - require-tool-annotations",
      "create_page action no-action-dispatch",
      "create_page action require-string-bounds",
      "create_page blocks require-array-bounds",
      "create_page blocks[] require-strict-objects",
      "create_page blocks[].* require-string-bounds",
      "create_page blocks[].text require-string-bounds",
      "create_page meta no-unconstrained-input",
      "create_page payload no-unconstrained-input",
      "create_page payload require-strict-objects",
      "create_page workspace_id no-identity-in-args",
      "delete_page - require-tool-annotations",
      "stats - require-strict-objects",
      "stats - require-tool-annotations",
      "stats days require-number-bounds",
      "stats filter require-strict-objects",
    ]);
  });

  it("counts hints with the specification's defaults", () => {
    const report = judgePublishedTools(
      [
        { name: "a", inputSchema: { type: "object" } },
        { name: "b", inputSchema: { type: "object" }, annotations: { title: "B" } },
        { name: "c", inputSchema: { type: "object" }, annotations: { readOnlyHint: true, destructiveHint: true } },
        { name: "d", inputSchema: { type: "object" }, annotations: { destructiveHint: false } },
        { name: "e", inputSchema: { type: "object" }, annotations: { openWorldHint: false, idempotentHint: true } },
      ],
      [],
    );
    // a and b have no hint: destructive and open-world by default, and counted apart. c is read-only whatever
    // its destructiveHint says; d is an additive write; e states only that it is closed-world.
    expect(report.summary).toEqual({ toolCount: 5, readOnlyToolCount: 1, destructiveToolCount: 3, openWorldToolCount: 4, unannotatedToolCount: 2, additiveWriteToolCount: 1, annotationsUnknownToolCount: 0 });
    expect(report.tools.map((tool) => [tool.name, tool.annotations.unannotated, tool.annotations.effective])).toEqual([
      ["a", true, { readOnly: false, destructive: true, idempotent: false, openWorld: true }],
      ["b", true, { readOnly: false, destructive: true, idempotent: false, openWorld: true }],
      ["c", false, { readOnly: true, destructive: false, idempotent: false, openWorld: true }],
      ["d", false, { readOnly: false, destructive: false, idempotent: false, openWorld: true }],
      ["e", false, { readOnly: false, destructive: true, idempotent: true, openWorld: false }],
    ]);
  });
});
