/**
 * A low-level server whose tools/list handler is a bound method (`this.listTools.bind(this)`) listing,
 * for the features a method sets (`this.features = …`, so not only the initial `[]`), definitions built by a project factory (test/fixtures/reach/feature-*.ts): the factory publishes
 * `tidySchema(z.toJSONSchema(inputSchema))`, the definitions are pushed as a spread, renamed by a
 * template (`${feature}_${name}`) and returned in two shapes. Each tool is judged once, where its
 * definition writes it; an empty `z.object({})` stays reported, since nothing parses what a low-level
 * handler receives. The tools/call handler looks the definition up and calls `tool.fn(...)`: that is
 * each tool's handler, so a caught error's text is reported where the handler composes it
 * (`failure(\`Could not add: ${e.message}\`)`), or once in the helper when the handler passes the
 * message on as it is.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

describe("a tools/list handler bound to its class, over definitions of a project factory", () => {
  it("typed: each definition is one tool, named where it writes its name", async () => {
    expect(await reachFindings(["feature-tool.ts", "feature-notes.ts", "feature-server.ts"], true)).toEqual([
      "feature-notes.ts:10:18 mcp-guard/require-strict-objects zodObject",
      "feature-notes.ts:10:35 mcp-guard/require-string-bounds unbounded",
      "feature-notes.ts:18:22 mcp-guard/no-raw-error-in-result rawError",
      "feature-notes.ts:25:11 mcp-guard/require-tool-annotations missingAnnotations",
      "feature-notes.ts:25:32 mcp-guard/require-strict-objects zodObject",
      "feature-tool.ts:10:44 mcp-guard/no-raw-error-in-result rawErrorInHelper",
    ]);
  }, 120_000);

  it("typed: the clean twin is silent", async () => {
    expect(await reachFindings(["clean-feature-tool.ts", "clean-feature-notes.ts", "clean-feature-server.ts"], true)).toEqual([]);
  }, 120_000);

  it("untyped: the definitions are in other files; nothing is judged", async () => {
    expect(await reachFindings(["feature-tool.ts", "feature-notes.ts", "feature-server.ts"], false)).toEqual([]);
  }, 120_000);
});
