/**
 * Typed: handlers registered through a decorating wrapper (`withTelemetry(name, HANDLERS[tool.name])` in a
 * loop) are the wrapped functions, read per tool. A caller that builds the error's text and hands it to a
 * helper of another file (`errorOutput(\`failed: ${error.message}\`)`) leaks where the text is built. Clean
 * twins: a fixed text, a re-throw, and a wrapper that answers for itself (not looked through, and its text is fixed).
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

const FILES = ["wrapped-server.ts", "wrapped-handlers.ts", "telemetry.ts", "error-output.ts"];

describe("handlers behind a decorating wrapper", () => {
  it("typed: the wrapped handler's leak is reported where the error's text is built", async () => {
    const findings = await reachFindings(FILES, true);
    expect(findings).toEqual(["wrapped-handlers.ts:8:24 mcp-guard/no-raw-error-in-result rawError"]);
  }, 120_000);

  it("untyped: the handlers are in other files, so nothing is reported", async () => {
    expect(await reachFindings(FILES, false)).toEqual([]);
  }, 120_000);
});
