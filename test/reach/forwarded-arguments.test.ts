/**
 * A tools/call handler that passes `request.params.arguments` on to a method (test/fixtures/reach/forward-args-*.ts):
 * the method is the handler whose reads and catches the rules judge, typed or not (it is in the same file). The
 * clean twin parses the arguments and throws a fixed message.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

const FINDINGS = [
  "forward-args-server.ts:16:17 mcp-guard/require-validated-args unvalidatedRead",
  "forward-args-server.ts:20:55 mcp-guard/no-raw-error-in-result rawError",
];

describe("arguments passed on by a tools/call handler", () => {
  it("typed: the method's unvalidated read and its raw error are reported", async () => {
    expect(await reachFindings(["forward-args-server.ts"], true)).toEqual(FINDINGS);
  }, 120_000);

  it("untyped: the same, since the method is in the same file", async () => {
    expect(await reachFindings(["forward-args-server.ts"], false)).toEqual(FINDINGS);
  }, 120_000);

  it("the clean twin is silent, typed and untyped", async () => {
    expect(await reachFindings(["clean-forward-args-server.ts"], true)).toEqual([]);
    expect(await reachFindings(["clean-forward-args-server.ts"], false)).toEqual([]);
  }, 120_000);
});
