/**
 * A class builds each tool's input (test/fixtures/reach/handler-class.ts): its constructor assigns
 * `this.registeredInputSchema = zod.strictObject(this.inputSchema)` from the definition it is given, with
 * zod imported through the project's own barrel under another name. The schema readers take the value the
 * evaluator finds for `this.inputSchema` in each instance. `steady` is the clean twin of `loose`.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

const FILES = ["vendor.ts", "handler-defs.ts", "handler-class.ts", "handler-server.ts"];

describe("an input schema built by a class per definition", () => {
  it("typed: each definition's shape is read through the instance and reported where it is written", async () => {
    expect(await reachFindings(FILES, true)).toEqual([
      "handler-defs.ts:10:67 mcp-guard/require-string-bounds unbounded",
      "handler-defs.ts:10:88 mcp-guard/require-number-bounds unbounded",
    ]);
  }, 120_000);

  it("untyped: the class and the definitions are in other files; nothing is judged", async () => {
    expect(await reachFindings(FILES, false)).toEqual([]);
  }, 120_000);
});
