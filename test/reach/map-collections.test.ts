/**
 * A low-level server that keeps its tools in a class field `Map` filled by a method its callers pass lists
 * to (`this.tools.set(entry.tool.name, entry)`), lists `Array.from(this.tools.values())`, names tools by
 * enum members, and publishes `zodToJsonSchema(S)` checked by `ajv.compile(zodToJsonSchema(S))`
 * (test/fixtures/reach/map-tools-*.ts). The clean twin is silent; untyped, the definitions are in another file.
 */
import { describe, expect, it } from "vitest";
import { formatFindings, lintFixture } from "../rules/typed-helpers.js";
import { REACH_FIXTURES, reachFindings } from "./reach-fixture.js";

const FILES = ["map-tools-convert.ts", "map-tools-defs.ts", "map-tools-server.ts"];

describe("tools kept in a Map filled at run time", () => {
  it("typed: every tool set on the map is judged, named where its definition reads the enum", async () => {
    expect(await reachFindings(FILES, true)).toEqual([
      // ajv.compile(zodToJsonSchema(searchArgs)) rejects unknown keys: only the unchecked removeArgs is open.
      "map-tools-defs.ts:9:38 mcp-guard/require-string-bounds unbounded",
      "map-tools-defs.ts:10:20 mcp-guard/require-strict-objects zodObject",
      "map-tools-defs.ts:15:11 mcp-guard/require-tool-annotations missingAnnotations",
    ]);
  }, 120_000);

  it("typed: the clean twin is silent", async () => {
    expect(await reachFindings(["map-tools-convert.ts", "clean-map-tools-defs.ts", "clean-map-tools-server.ts"], true)).toEqual([]);
  }, 120_000);

  it("untyped: the definitions are another file's, so nothing is judged and the list says it cannot read them", async () => {
    expect(await reachFindings(FILES, false)).toEqual([]);
    expect(formatFindings(await lintFixture(FILES, { typed: false, cwd: REACH_FIXTURES, unanalyzed: true }))).toEqual(["map-tools-server.ts:11:10 mcp-guard/no-unanalyzed-tool unreadParts"]);
  }, 120_000);
});
