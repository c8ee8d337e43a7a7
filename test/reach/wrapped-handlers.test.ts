/**
 * Typed: handlers registered through a decorating wrapper (`withTelemetry(name, HANDLERS[tool.name])` in a
 * loop) are the wrapped functions, read per tool. A caller that builds the error's text and hands it to a
 * helper of another file (`errorOutput(\`failed: ${error.message}\`)`) leaks where the text is built. Clean
 * twins: a fixed text, a re-throw, and a wrapper that answers for itself (not looked through, and its text is fixed).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatFindings, lintFixture } from "../rules/typed-helpers.js";

const cwd = fileURLToPath(new URL("../fixtures/reach", import.meta.url));
const FILES = ["wrapped-server.ts", "wrapped-handlers.ts", "telemetry.ts", "error-output.ts"];

describe("handlers behind a decorating wrapper", () => {
  it("typed: the wrapped handler's leak is reported where the error's text is built", async () => {
    const findings = formatFindings(await lintFixture(FILES, { typed: true, cwd }));
    expect(findings).toEqual(["wrapped-handlers.ts:8:24 mcp-guard/no-raw-error-in-result rawError"]);
  }, 120_000);

  it("untyped: the handlers are in other files, so nothing is reported", async () => {
    expect(formatFindings(await lintFixture(FILES, { typed: false, cwd }))).toEqual([]);
  }, 120_000);
});
