/**
 * Registration arguments read through the evaluator (test/fixtures/reach): spreads of definition objects,
 * consts of another file, loop elements, factory results and server.tool() overloads decided from values.
 * clean-*.ts are the twins: the same constructs, strict and bounded, nothing to report.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

const FILES = ["defs.ts", "arguments.ts", "clean-defs.ts", "clean-arguments.ts"];

const TYPED = [
  // `{ ...defs.search, title }`: the spread has no annotations; reported at the registration's name.
  "arguments.ts:8:21 mcp-guard/require-tool-annotations missingAnnotations",
  // listed.forEach((tool) => server.tool(tool.method, tool.description, tool.parameters.shape, cb)): the shape of
  // a strict schema returned by a factory is passed raw, so its strictness is lost where `.shape` is passed
  // (a .strict() on the schema would not help); reported there, not at the schema (regression: agent-toolkit).
  "arguments.ts:13:69 mcp-guard/require-strict-objects rawShapeTool",
  // defs.search's schema, reached through the spread.
  "defs.ts:5:49 mcp-guard/require-strict-objects zodObject",
  "defs.ts:5:63 mcp-guard/require-string-bounds unbounded",
  // regs, registered in a destructuring for-of: each element is a tool, reported where it is written.
  "defs.ts:10:11 mcp-guard/require-tool-annotations missingAnnotations",
  "defs.ts:10:44 mcp-guard/require-strict-objects zodObject",
  "defs.ts:11:64 mcp-guard/require-string-bounds unbounded",
  // makeConfig("By id"): the factory's returned object.
  "defs.ts:15:38 mcp-guard/require-strict-objects zodObject",
  // server.tool(t.name, t.description, t.shape, t.annotations, cb): the overload decided from the values.
  "defs.ts:19:47 mcp-guard/require-strict-objects rawShapeTool",
  "defs.ts:19:52 mcp-guard/require-string-bounds unbounded",
  "defs.ts:25:34 mcp-guard/require-tool-annotations missingAnnotations",
];

describe("registration arguments built in code", () => {
  it("typed: each tool is read where its parts are written", async () => {
    expect(await reachFindings(FILES, true)).toEqual(TYPED);
  }, 120_000);

  it("typed, linting only defs.ts: its findings, because tools in other files use its definitions", async () => {
    expect(await reachFindings(["defs.ts"], true)).toEqual(TYPED.filter((line) => line.startsWith("defs.ts:")));
  }, 120_000);

  it("untyped: imports cannot be followed, so only what arguments.ts writes itself is judged", async () => {
    // server.tool() takes only raw shapes, so its third of five arguments is one whatever it holds.
    // `{ ...defs.search }` may hold annotations: not judged.
    expect(await reachFindings(FILES, false)).toEqual(["arguments.ts:12:60 mcp-guard/require-strict-objects rawShapeTool"]);
  }, 120_000);
});
