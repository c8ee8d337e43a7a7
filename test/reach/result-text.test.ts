/**
 * Handlers that write what a definition's function returns into the result's text (test/fixtures/reach/text-*.ts):
 * a low-level tools/call handler over modules imported as namespaces (`text: await tool.handler(args)`), and a
 * registration in a loop whose handler stringifies `await tool.cb(args)`. The functions' own returns are then the
 * tool's text: a caught error's message is reported where the function writes it, in the property of the
 * stringified object. A callee that catches for itself and returns `{ success: false, error }` is reported in the
 * callee, once, and reading its other fields (`result.server`) carries no error. Clean twins log the error and
 * return a fixed text; untyped, the definitions are in other files and nothing is judged.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

describe("a definition's returned text, written into the result by the handler", () => {
  it("typed: a low-level server over namespace modules, each handler's returned text judged where it is written", async () => {
    expect(await reachFindings(["text-module-lookup.ts", "text-module-probe.ts", "text-module-server.ts"], true)).toEqual([
      "text-module-lookup.ts:12:52 mcp-guard/no-raw-error-in-result rawError",
      "text-module-probe.ts:11:37 mcp-guard/no-raw-error-in-result rawError",
    ]);
  }, 120_000);

  it("typed: the clean twin of the low-level server is silent", async () => {
    expect(await reachFindings(["clean-text-module-lookup.ts", "clean-text-module-probe.ts", "clean-text-module-server.ts"], true)).toEqual([]);
  }, 120_000);

  it("typed: a registration loop that stringifies the definition's result", async () => {
    expect(await reachFindings(["text-defs.ts", "text-defs-server.ts"], true)).toEqual(["text-defs.ts:17:16 mcp-guard/no-raw-error-in-result rawError"]);
  }, 120_000);

  it("typed: the clean twin of the registration loop is silent", async () => {
    expect(await reachFindings(["clean-text-defs.ts", "clean-text-defs-server.ts"], true)).toEqual([]);
  }, 120_000);

  it("untyped: the definitions are in other files; no raw error is reported", async () => {
    const findings = await reachFindings(["text-module-lookup.ts", "text-module-probe.ts", "text-module-server.ts", "text-defs.ts", "text-defs-server.ts"], false);
    expect(findings.filter((finding) => finding.includes("no-raw-error-in-result"))).toEqual([]);
  }, 120_000);
});
