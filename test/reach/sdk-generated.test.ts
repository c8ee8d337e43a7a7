/**
 * A generated SDK's tools (test/fixtures/reach/sdk-gen-*.ts, the shape of launchdarkly's mcp-server): a
 * conditional tool type over zod's raw shapes, a generic closure that registers each definition, and model
 * schemas read through a namespace import of an `export *` barrel. The type's members and the barrel's exports
 * are read as written (the checker's answer on them cost more than the rest of the analysis); the findings are
 * the checker's. clean-sdk-gen-tool-audit.ts is the twin whose model is strict and bounded.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

const FILES = ["sdk-gen-tools.ts", "sdk-gen-models.ts", "sdk-gen-model-flags.ts", "sdk-gen-model-audit.ts", "sdk-gen-tool-flags.ts", "clean-sdk-gen-tool-audit.ts", "sdk-gen-server.ts"];

describe("a generated SDK's generic registration wrapper and model barrel", () => {
  it("typed: each definition is a tool; the open model behind the barrel is reported, the strict one is not", async () => {
    expect(await reachFindings(FILES, true)).toEqual([
      "clean-sdk-gen-tool-audit.ts:9:9 mcp-guard/require-tool-annotations missingAnnotations",
      "clean-sdk-gen-tool-audit.ts:11:3 mcp-guard/require-strict-objects rawShapeTool",
      "sdk-gen-model-flags.ts:3:45 mcp-guard/require-strict-objects zodObject",
      "sdk-gen-model-flags.ts:3:65 mcp-guard/require-string-bounds unbounded",
      "sdk-gen-tool-flags.ts:8:9 mcp-guard/require-tool-annotations missingAnnotations",
      "sdk-gen-tool-flags.ts:10:3 mcp-guard/require-strict-objects rawShapeTool",
    ]);
  }, 120_000);

  it("untyped: the definitions reach the wrapper from other files; nothing is judged", async () => {
    expect(await reachFindings(FILES, false)).toEqual([]);
  }, 120_000);
});
