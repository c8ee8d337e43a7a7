/**
 * A low-level server that publishes each tool's JSON Schema `properties` computed from the tool's zod shape
 * (`Object.entries(tool.inputSchema).reduce(…)` or `Object.fromEntries(Object.entries(…).map(…))`, test/fixtures/reach/shape-*.ts):
 * the shape's fields are judged where the module writes them, and the published object by its own keywords.
 * The clean twin bounds its fields; untyped, the module is another file and its fields are not judged.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

describe("JSON Schema properties converted from a zod shape", () => {
  it("typed: the zod fields are judged in the module that writes them (reduce)", async () => {
    expect(await reachFindings(["shape-module.ts", "shape-server.ts"], true)).toEqual([
      "shape-module.ts:4:10 mcp-guard/require-string-bounds unbounded",
      "shape-module.ts:5:10 mcp-guard/require-number-bounds unbounded",
    ]);
  }, 120_000);

  it("typed: the same through Object.fromEntries, whose published object also lacks additionalProperties", async () => {
    expect(await reachFindings(["shape-module.ts", "shape-entries-server.ts"], true)).toEqual([
      "shape-entries-server.ts:23:7 mcp-guard/require-strict-objects jsonMissing",
      "shape-module.ts:4:10 mcp-guard/require-string-bounds unbounded",
      "shape-module.ts:5:10 mcp-guard/require-number-bounds unbounded",
    ]);
  }, 120_000);

  it("typed: the clean twin is silent", async () => {
    expect(await reachFindings(["clean-shape-module.ts", "clean-shape-server.ts"], true)).toEqual([]);
  }, 120_000);

  it("untyped: the module's fields are not judged", async () => {
    expect(await reachFindings(["shape-module.ts", "shape-server.ts"], false)).toEqual([]);
  }, 120_000);
});
