/**
 * A loop that registers each definition through one of two calls, chosen per element
 * (`if (annotations) server.tool(…, annotations, cb) else server.tool(…, cb)`;
 * test/fixtures/reach/guarded-*.ts): each definition is judged by the call its element reaches, so a
 * tool with annotations is not also reported as having none. The raw shapes `{ params: … }` stay reported.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

describe("a registration call guarded per loop element", () => {
  it("typed: each definition reaches one call", async () => {
    expect(await reachFindings(["guarded-defs.ts", "guarded-server.ts"], true)).toEqual([
      "guarded-defs.ts:7:16 mcp-guard/require-tool-annotations missingHints",
      "guarded-defs.ts:11:9 mcp-guard/require-tool-annotations missingAnnotations",
      "guarded-server.ts:9:46 mcp-guard/require-strict-objects rawShapeTool",
      "guarded-server.ts:11:46 mcp-guard/require-strict-objects rawShapeTool",
    ]);
  }, 120_000);

  it("typed: the clean twin is silent", async () => {
    expect(await reachFindings(["clean-guarded-defs.ts", "clean-guarded-server.ts"], true)).toEqual([]);
  }, 120_000);

  it("untyped: the definitions are in another file; only the raw shape written here is judged", async () => {
    expect(await reachFindings(["guarded-defs.ts", "guarded-server.ts"], false)).toEqual([
      "guarded-server.ts:9:46 mcp-guard/require-strict-objects rawShapeTool",
    ]);
  }, 120_000);
});
