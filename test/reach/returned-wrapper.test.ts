/**
 * A register function returned by a factory (test/fixtures/reach/factory-*.ts), as Speakeasy generates:
 * `const tool = createRegister(server, client); tool(def)`. Each call is a tool, read from the definition it
 * passes in another file; the description's declared type (string) decides server.tool()'s overload; a
 * definition's `tool:` handler property is not a registration. `factory_none` takes no arguments.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

const FILES = ["factory-tools.ts", "factory-defs.ts", "factory-server.ts"];

describe("a register function returned by a factory", () => {
  it("typed: each call is a tool, judged where its definition writes it", async () => {
    expect(await reachFindings(FILES, true)).toEqual([
      "factory-defs.ts:6:10 mcp-guard/require-string-bounds unbounded",
      "factory-defs.ts:10:9 mcp-guard/require-tool-annotations missingAnnotations",
      "factory-defs.ts:12:3 mcp-guard/require-strict-objects rawShapeTool",
      "factory-defs.ts:17:9 mcp-guard/require-tool-annotations missingAnnotations",
    ]);
  }, 120_000);

  it("untyped: the definitions and the returned function are in other files; nothing is judged", async () => {
    expect(await reachFindings(FILES, false)).toEqual([]);
  }, 120_000);
});
