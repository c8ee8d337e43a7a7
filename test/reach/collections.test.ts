/**
 * Tool collections computed in code for a low-level tools/list handler (test/fixtures/reach): a handler
 * wrapped in a higher-order function, an async function of another file, a condition, spreads, filter
 * and a rest projection. clean-*.ts are the twins.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

const FILES = ["tool-list.ts", "list-tools.ts", "clean-tool-list.ts", "clean-list-tools.ts"];

describe("computed tool collections", () => {
  it("typed: each listed tool is read where it is written", async () => {
    expect(await reachFindings(FILES, true)).toEqual([
      // read_a: an open JSON Schema object with an unbounded string (READ is in both branches; reported once).
      "tool-list.ts:3:57 mcp-guard/require-strict-objects jsonMissing",
      "tool-list.ts:3:101 mcp-guard/require-string-bounds unbounded",
      // write_b, listed only when not read-only: no annotations.
      "tool-list.ts:6:5 mcp-guard/require-tool-annotations missingAnnotations",
    ]);
  }, 120_000);

  it("untyped: getTools() of another file cannot be followed; nothing is judged", async () => {
    expect(await reachFindings(FILES, false)).toEqual([]);
  }, 120_000);
});
