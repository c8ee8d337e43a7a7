/**
 * An overloaded `defineOverloaded` (test/fixtures/reach/overload-*.ts): the checker names an overload
 * signature, whose implementation is what runs; its `typeof definition === "function"` branch is taken
 * only for the definition given as a function of the CLI arguments. `overload_fixed` is the clean twin.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

const FILES = ["overload-defs.ts", "overload-server.ts"];

describe("definitions through an overloaded factory", () => {
  it("typed: the definition built by a function of the arguments is read; the open branch of its schema is reported", async () => {
    expect(await reachFindings(FILES, true)).toEqual(["overload-defs.ts:20:132 mcp-guard/require-string-bounds unbounded"]);
  }, 120_000);

  it("untyped: the definitions are in another file; nothing is judged", async () => {
    expect(await reachFindings(FILES, false)).toEqual([]);
  }, 120_000);
});
