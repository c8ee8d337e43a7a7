/**
 * Typed: a base class that registers `this.inputSchema.shape`, set in its constructor from `params`, reads
 * each tool class's schema through the `super(...)` calls between them (super-base.ts, super-tools.ts).
 * The shape passed is a raw shape (reported where it is passed); PreviewTool's accessToken is a credential;
 * ListTool is the clean twin apart from the shared shape site.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

const FILES = ["super-base.ts", "super-tools.ts"];

describe("schemas passed up through super(...)", () => {
  it("typed: each tool class's schema is read, its shape reported where it is passed", async () => {
    expect(await reachFindings(FILES, true)).toEqual([
      "super-base.ts:13:51 mcp-guard/require-strict-objects rawShape",
      "super-tools.ts:5:69 mcp-guard/no-identity-in-args identityInSchema",
    ]);
  }, 120_000);
});
