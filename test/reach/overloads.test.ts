/**
 * An overloaded `defineOverloaded` (test/fixtures/reach/overload-*.ts): the checker names an overload
 * signature, whose implementation is what runs; its `typeof definition === "function"` branch is taken
 * only for the definition given as a function of the CLI arguments. `overload_fixed` is the clean twin.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatFindings, lintFixture } from "../rules/typed-helpers.js";

const cwd = fileURLToPath(new URL("../fixtures/reach", import.meta.url));
const FILES = ["overload-defs.ts", "overload-server.ts"];

describe("definitions through an overloaded factory", () => {
  it("typed: the definition built by a function of the arguments is read; the open branch of its schema is reported", async () => {
    expect(formatFindings(await lintFixture(FILES, { typed: true, cwd }))).toEqual(["overload-defs.ts:20:132 mcp-guard/require-string-bounds unbounded"]);
  }, 120_000);

  it("untyped: the definitions are in another file; nothing is judged", async () => {
    expect(formatFindings(await lintFixture(FILES, { typed: false, cwd }))).toEqual([]);
  }, 120_000);
});
