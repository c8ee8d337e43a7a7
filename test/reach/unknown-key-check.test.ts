/**
 * A `tools/call` handler that passes the arguments to a check of another file which throws on a key the tool
 * does not declare (test/fixtures/reach/key-check-*.ts): the server rejects unknown top-level keys whatever the
 * published schema says, so only the nested object is open. The twin's check only looks for required keys, and
 * leaves every level open. Untyped, the check's body is another file's: the top level is judged as published.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

describe("a hand-written check that rejects undeclared keys", () => {
  it("typed: the check closes the top level of every listed tool; the nested object stays open", async () => {
    expect(await reachFindings(["key-check-validate.ts", "key-check-server.ts"], true)).toEqual(["key-check-server.ts:11:104 mcp-guard/require-strict-objects jsonMissing"]);
  }, 120_000);

  it("typed: a check that only looks for required keys closes nothing", async () => {
    expect(await reachFindings(["key-check-validate.ts", "key-check-open-server.ts"], true)).toEqual([
      "key-check-open-server.ts:11:20 mcp-guard/require-strict-objects jsonMissing",
      "key-check-open-server.ts:11:104 mcp-guard/require-strict-objects jsonMissing",
    ]);
  }, 120_000);

  it("untyped: the check is another file's, so the top level is judged as published", async () => {
    expect(await reachFindings(["key-check-validate.ts", "key-check-server.ts"], false)).toEqual([
      "key-check-server.ts:11:20 mcp-guard/require-strict-objects jsonMissing",
      "key-check-server.ts:11:104 mcp-guard/require-strict-objects jsonMissing",
    ]);
  }, 120_000);
});
