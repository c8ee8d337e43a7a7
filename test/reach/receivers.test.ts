/**
 * Registrations found by what they call (typed): a subclass of McpServer, `this.registerTool` inside it,
 * and an injected context typed as a project interface. clean-kit.ts is the twin with nothing to report.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

const FILES = ["kit.ts", "context.ts", "clean-kit.ts", "tool-module.ts"];

const FINDINGS = [
  // `this.registerTool` inside `class Kit extends McpServer`: a raw shape with an unbounded string.
  "kit.ts:9:51 mcp-guard/require-strict-objects rawShape",
  "kit.ts:9:56 mcp-guard/require-string-bounds unbounded",
  // `kit.registerTool`, kit a Kit.
  "kit.ts:14:67 mcp-guard/require-string-bounds unbounded",
  // `ctx.registerTool`, ctx a ToolContext (a project interface whose registerTool is McpServer's).
  "kit.ts:17:20 mcp-guard/require-tool-annotations missingAnnotations",
  "kit.ts:17:49 mcp-guard/require-strict-objects zodObject",
];

/** tool-module.ts imports no framework: only the checker can tell that its calls register tools. */
const TYPED_ONLY = [
  "tool-module.ts:7:44 mcp-guard/require-strict-objects zodObject",
  "tool-module.ts:8:71 mcp-guard/require-string-bounds unbounded",
];

describe("registrations on receivers that are not McpServer by name", () => {
  it("typed: subclass, this, and an injected context are registrations by what they call", async () => {
    expect(await reachFindings(FILES, true)).toEqual([...FINDINGS, ...TYPED_ONLY]);
  }, 120_000);

  it("untyped: the file imports the SDK, so the same calls count by that evidence", async () => {
    expect(await reachFindings(FILES, false)).toEqual(FINDINGS);
  }, 120_000);
});
