/**
 * A registering function held in a const (test/fixtures/reach/const-arrow.ts), called per group from a
 * forEach: each call's tools are read with its parameters bound, although the request it also passes (used
 * only by the handler) cannot be read. `arrow_tidy` is the clean twin of `arrow_open`.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";


describe("a registering const arrow called from a loop", () => {
  for (const typed of [true, false]) {
    it(`${typed ? "typed" : "untyped"}: each group's tools are read; only the open string is reported`, async () => {
      expect(await reachFindings(["const-arrow.ts"], typed)).toEqual(["const-arrow.ts:10:54 mcp-guard/require-string-bounds unbounded"]);
    }, 120_000);
  }
});
