/**
 * A parameter read where its function is written holds what the function's callers pass (issue 28): a setup
 * function's `tools` from a caller in another file, a factory's `options.tools()` from the object its caller
 * builds, and a helper's forwarded `config` read with each call. Each fixture has a clean twin; untyped, the
 * callers are in files only typed linting follows, so the tools are reported unanalysed, never judged wrongly.
 */
import { describe, expect, it } from "vitest";
import { formatFindings, lintFixture } from "../rules/typed-helpers.js";
import { REACH_FIXTURES, reachFindings } from "./reach-fixture.js";

const untypedWithUnanalyzed = async (files: string[]): Promise<string[]> => formatFindings(await lintFixture(files, { typed: false, cwd: REACH_FIXTURES, unanalyzed: true }));

describe("a setup function's parameter, bound by a caller in another file", () => {
  const FILES = ["bind-handlers-setup.ts", "bind-handlers-list.ts", "bind-handlers-main.ts"];

  it("typed: the tools the caller builds are the tools the handler lists", async () => {
    expect(await reachFindings(FILES, true)).toEqual([
      "bind-handlers-list.ts:7:7 mcp-guard/require-tool-annotations missingAnnotations",
      "bind-handlers-list.ts:9:22 mcp-guard/require-strict-objects jsonMissing",
      "bind-handlers-list.ts:9:59 mcp-guard/require-string-bounds unbounded",
    ]);
  }, 120_000);

  it("typed: the clean twin is silent", async () => {
    expect(await reachFindings(["bind-handlers-setup.ts", "clean-bind-handlers-list.ts", "clean-bind-handlers-main.ts"], true)).toEqual([]);
  }, 120_000);

  it("untyped: the list is reported unanalysed, nothing is judged", async () => {
    expect(await untypedWithUnanalyzed(FILES)).toEqual(["bind-handlers-setup.ts:14:67 mcp-guard/no-unanalyzed-tool unreadSite"]);
  }, 120_000);
});

describe("a factory's options, built by its caller", () => {
  const FILES = ["bind-factory-server.ts", "bind-factory-groups.ts", "bind-factory-main.ts"];

  it("typed: `await options.tools()` is every group the caller spreads; only the unbounded number is reported", async () => {
    expect(await reachFindings(FILES, true)).toEqual(["bind-factory-groups.ts:11:60 mcp-guard/require-number-bounds unbounded"]);
  }, 120_000);

  it("untyped: the list is reported unanalysed, nothing is judged", async () => {
    expect(await untypedWithUnanalyzed(FILES)).toEqual(["bind-factory-server.ts:22:58 mcp-guard/no-unanalyzed-tool unreadSite"]);
  }, 120_000);
});

describe("a helper that forwards a tool's whole config", () => {
  const FILES = ["bind-forward-register.ts", "bind-forward-tools.ts"];

  it("typed: each call's config is read with that call; the strict twin stays strict through .extend()", async () => {
    expect(await reachFindings(FILES, true)).toEqual([
      "bind-forward-tools.ts:10:66 mcp-guard/require-strict-objects zodObject",
      "bind-forward-tools.ts:10:83 mcp-guard/require-string-bounds unbounded",
    ]);
  }, 120_000);

  it("untyped: the helper's tools are reported unanalysed, nothing is judged", async () => {
    expect(await untypedWithUnanalyzed(FILES)).toEqual(["bind-forward-register.ts:14:5 mcp-guard/no-unanalyzed-tool unreadParts"]);
  }, 120_000);
});
