/**
 * A server's test drives it through the SDK's Client and answers roots/list (test/fixtures/reach/client-roots-*.ts,
 * the shape of chrome-devtools-mcp's tests/index.test.ts). The test file imports the server, so its facts are read
 * when the server is linted; its `client.setRequestHandler(ListRootsRequestSchema, …)` is no tool.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

describe("a client's request handler in a test that imports the server", () => {
  it("typed: only the server's open string is reported; the client's roots/list handler is no tool", async () => {
    expect(await reachFindings(["client-roots-server.ts", "client-roots-test.ts"], true)).toEqual(["client-roots-server.ts:8:41 mcp-guard/require-string-bounds unbounded"]);
  }, 120_000);
});
