/**
 * A low-level server whose tools/list handler is a bound method (`this.listTools.bind(this)`) listing,
 * for the features a method sets (`this.features = …`, so not only the initial `[]`), definitions built by a project factory (test/fixtures/reach/feature-*.ts): the factory publishes
 * `tidySchema(z.toJSONSchema(inputSchema))`, the definitions are pushed as a spread, renamed by a
 * template (`${feature}_${name}`) and returned in two shapes. Each tool is judged once, where its
 * definition writes it; an empty `z.object({})` stays reported, since nothing parses what a low-level
 * handler receives.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

describe("a tools/list handler bound to its class, over definitions of a project factory", () => {
  it("typed: each definition is one tool, named where it writes its name", async () => {
    expect(await reachFindings(["feature-tool.ts", "feature-notes.ts", "feature-server.ts"], true)).toEqual([
      "feature-notes.ts:8:18 mcp-guard/require-strict-objects zodObject",
      "feature-notes.ts:8:35 mcp-guard/require-string-bounds unbounded",
      "feature-notes.ts:16:11 mcp-guard/require-tool-annotations missingAnnotations",
      "feature-notes.ts:16:32 mcp-guard/require-strict-objects zodObject",
    ]);
  }, 120_000);

  it("typed: the clean twin is silent", async () => {
    expect(await reachFindings(["feature-tool.ts", "clean-feature-notes.ts", "clean-feature-server.ts"], true)).toEqual([]);
  }, 120_000);

  it("untyped: the definitions are in other files; nothing is judged", async () => {
    expect(await reachFindings(["feature-tool.ts", "feature-notes.ts", "feature-server.ts"], false)).toEqual([]);
  }, 120_000);
});
