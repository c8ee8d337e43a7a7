/**
 * A registry built by a DI container (test/fixtures/reach/di-*.ts), as cyanheads/git-mcp-server does with
 * tsyringe: `@injectAll(TOKEN)` holds every `container.register(TOKEN, { useValue })`; the registration is in a
 * private method called in a loop, inside a parameterless callback, and spreads the annotations only when a
 * definition has them. `di_tidy` is the clean twin of `di_wide`.
 */
import { describe, expect, it } from "vitest";
import { reachFindings } from "./reach-fixture.js";

const FILES = ["di-defs.ts", "di-registry.ts"];

describe("tools injected by a container", () => {
  it("typed: each registered definition is a tool, judged where it is written", async () => {
    expect(await reachFindings(FILES, true)).toEqual([
      "di-defs.ts:13:38 mcp-guard/require-tool-annotations missingAnnotations",
      "di-defs.ts:13:79 mcp-guard/require-string-bounds unbounded",
    ]);
  }, 120_000);

  it("untyped: the definitions are in another file; nothing is judged", async () => {
    expect(await reachFindings(FILES, false)).toEqual([]);
  }, 120_000);
});
