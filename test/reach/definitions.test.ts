/**
 * Definition objects (test/fixtures/reach/tool-defs.ts): `defineTool({...})` exports gathered with
 * Object.values of a namespace import, pushed into an array, and registered by a local function called
 * in a loop. `beta` is the clean twin of `alpha`.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

const FILES = ["tool-defs.ts", "registry.ts"];

describe("definition objects gathered in a registry", () => {
  it("typed: each definition is a tool, reported where it is written", async () => {
    expect(await reachFindings(FILES, true)).toEqual([
      "tool-defs.ts:15:41 mcp-guard/require-tool-annotations missingAnnotations",
      "tool-defs.ts:15:76 mcp-guard/require-strict-objects zodObject",
      "tool-defs.ts:15:90 mcp-guard/require-string-bounds unbounded",
    ]);
  }, 120_000);

  it("untyped: the namespace import cannot be followed; the wrapper's parameters stay unknown and silent", async () => {
    expect(await reachFindings(FILES, false)).toEqual([]);
  }, 120_000);
});
