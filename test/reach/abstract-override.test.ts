/**
 * Typed: a base class's handler calls an abstract `this.execute()`; for each tool class it is that class's
 * override (override-tools.ts), whose catch hands the error to a helper of the base that writes its message
 * (override-base.ts): reported once, in the helper. override-clean.ts is the twin through a helper that logs.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";


describe("a base's abstract this.execute() is the tool class's override", () => {
  it("typed: the override's error reaches the base's helper, reported there", async () => {
    expect(await reachFindings(["override-base.ts", "override-tools.ts", "override-clean.ts"], true)).toEqual([
      "override-base.ts:15:61 mcp-guard/no-raw-error-in-result rawErrorInHelper",
    ]);
  }, 120_000);

  it("typed: the clean twin's file reports nothing (its helper writes a fixed text)", async () => {
    expect(await reachFindings(["override-clean.ts"], true)).toEqual([]);
  }, 120_000);
});
