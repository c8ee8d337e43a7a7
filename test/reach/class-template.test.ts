/**
 * A base class in another file registers every subclass (test/fixtures/reach/template-*.ts): the input is
 * `(this.inputSchema as …).shape`, where `inputSchema` is assigned in the base constructor from what each
 * subclass passes to `super(...)`. Each concrete class is read with `this` bound to an instance of it.
 * `TidyTool` is the clean twin of `WideTool`. `.shape` loses strictness, so the raw shape is reported where
 * it is passed, once for both tools.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

const FILES = ["template-base.ts", "template-schemas.ts", "template-tools.ts"];

describe("a base-class template read per concrete subclass", () => {
  it("typed: each subclass's schema is read through super(...) and reported where it is written", async () => {
    expect(await reachFindings(FILES, true)).toEqual([
      "template-base.ts:17:22 mcp-guard/require-strict-objects rawShape",
      "template-schemas.ts:4:45 mcp-guard/require-string-bounds unbounded",
      "template-schemas.ts:4:65 mcp-guard/require-number-bounds unbounded",
      "template-schemas.ts:4:83 mcp-guard/require-array-bounds unbounded",
    ]);
  }, 120_000);

  it("untyped: the raw shape the base passes is judged where it is written; the subclasses' schemas are not followed", async () => {
    expect(await reachFindings(FILES, false)).toEqual(["template-base.ts:17:22 mcp-guard/require-strict-objects rawShape"]);
  }, 120_000);
});
