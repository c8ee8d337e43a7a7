/**
 * Tool definitions made by a package's helper (test/fixtures/reach/acme-kit.d.ts, kit-defs-server.ts): a helper
 * is read as handing its options back when its declaration says so (`defineTool<T>(definition: T): T`), not by
 * its name. One that returns something else leaves its tool unread, and so does any package helper untyped.
 */
import { describe, expect, it } from "vitest";
import { formatFindings, lintFixture } from "../rules/typed-helpers.js";
import { REACH_FIXTURES } from "./reach-fixture.js";

const lint = async (typed: boolean): Promise<string[]> => formatFindings(await lintFixture(["kit-defs-server.ts"], { typed, cwd: REACH_FIXTURES, unanalyzed: true }));

describe("definitions made by a package's helper", () => {
  it("typed: the helper declared to hand its argument back is read; the other one's tool is unanalysed", async () => {
    expect(await lint(true)).toEqual([
      "kit-defs-server.ts:10:80 mcp-guard/no-unconstrained-input anyValue",
      "kit-defs-server.ts:13:40 mcp-guard/no-unanalyzed-tool unreadParts",
    ]);
  }, 120_000);

  it("untyped: no declaration is read, so the tools are reported unanalysed and nothing is judged", async () => {
    expect(await lint(false)).toEqual(["kit-defs-server.ts:13:40 mcp-guard/no-unanalyzed-tool unreadParts"]);
  }, 120_000);
});
