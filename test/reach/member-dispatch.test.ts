/**
 * Calls that reach a registration or a handler through what a value is, not how it is named (issue 28):
 * `scope.scopedTool(…)` on a parameter typed by an interface whose implementation is an object literal in a file
 * the tool module never imports (test/fixtures/reach/iface-*.ts), and a tools/call handler wrapped in a decorating
 * higher-order function (hof-*.ts). Each has a clean twin.
 */
import { describe, expect, it } from "vitest";
import { formatFindings, lintFixture } from "../rules/typed-helpers.js";
import { REACH_FIXTURES, reachFindings } from "./reach-fixture.js";

describe("a method called on an interface-typed parameter", () => {
  it("typed: the implementation its caller passes registers the tool, judged where the call writes it", async () => {
    expect(await reachFindings(["iface-context.ts", "iface-impl.ts", "iface-tools.ts"], true)).toEqual([
      "iface-tools.ts:6:20 mcp-guard/require-tool-annotations missingAnnotations",
      "iface-tools.ts:6:52 mcp-guard/require-strict-objects rawShape",
      "iface-tools.ts:6:59 mcp-guard/require-string-bounds unbounded",
    ]);
  }, 120_000);

  it("typed: the clean twin is silent", async () => {
    expect(await reachFindings(["iface-context.ts", "clean-iface-impl.ts", "clean-iface-tools.ts"], true)).toEqual([]);
  }, 120_000);

  it("untyped: the implementation's registration is reported unanalysed, nothing is judged", async () => {
    expect(formatFindings(await lintFixture(["iface-context.ts", "iface-impl.ts", "iface-tools.ts"], { typed: false, cwd: REACH_FIXTURES, unanalyzed: true }))).toEqual(["iface-impl.ts:8:5 mcp-guard/no-unanalyzed-tool unreadSite"]);
  }, 120_000);
});

describe("a tools/call handler wrapped in a higher-order function", () => {
  it("typed: the wrapped function is the handler, and its unvalidated read is reported", async () => {
    expect(await reachFindings(["hof-timing.ts", "hof-call-server.ts"], true)).toEqual(["hof-call-server.ts:8:16 mcp-guard/require-validated-args unvalidatedRead"]);
  }, 120_000);

  it("typed: the twin that parses first is silent", async () => {
    expect(await reachFindings(["hof-timing.ts", "clean-hof-call-server.ts"], true)).toEqual([]);
  }, 120_000);

  it("untyped: the wrapper is another file's, so the handler is not judged", async () => {
    expect(await reachFindings(["hof-timing.ts", "hof-call-server.ts"], false)).toEqual([]);
  }, 120_000);
});
