/**
 * JSON Schema definitions built per call by a factory (a computed property key) and copied by a converter without
 * some keys before they are listed (test/fixtures/reach/json-factory-*.ts): the factory's key is read with each
 * call, the copy keeps the definition's keywords and their frame. `count_items` is the clean twin of `lookup_by_order`.
 */
import { describe, expect, it } from "vitest";
import { formatFindings, lintFixture } from "../rules/typed-helpers.js";
import { REACH_FIXTURES } from "./reach-fixture.js";

const FILES = ["json-factory-defs.ts", "json-factory-server.ts"];
const lint = async (typed: boolean): Promise<string[]> => formatFindings(await lintFixture(FILES, { typed, cwd: REACH_FIXTURES, unanalyzed: true }));

describe("a factory's JSON Schema, copied before it is listed", () => {
  it("typed: the string under the computed key is unbounded; the closed objects and the bounded twin are fine", async () => {
    expect(await lint(true)).toEqual(["json-factory-defs.ts:12:85 mcp-guard/require-string-bounds unbounded"]);
  }, 120_000);

  it("untyped: the definitions are another file's, so the list is reported unanalysed", async () => {
    expect(await lint(false)).toEqual(["json-factory-server.ts:11:72 mcp-guard/no-unanalyzed-tool unreadSite"]);
  }, 120_000);
});
