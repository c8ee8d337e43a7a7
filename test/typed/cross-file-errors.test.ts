/**
 * Typed: a caught error's text built in another file (test/fixtures/typed/errors.ts). A helper that writes
 * it into the result (toolError) is reported once, in the helper, naming a calling tool and counting the other, whichever file is
 * linted; a dispatched function that catches for itself is reported where it writes the text; a callee that
 * catches for itself and returns the text as a string is reported in the callee, where it writes the text,
 * since the handler only passes it on. Clean twins: a fixed
 * text, a sanitiser, logging only, a re-throw, and resource and prompt handlers (not tool results).
 */
import { describe, expect, it } from "vitest";
import { lintFixtureResults, TYPED_FIXTURE_DIR } from "../rules/typed-helpers.js";
import { relative } from "node:path";

const RULE = "mcp-guard/no-raw-error-in-result";
const FIX = "Return a fixed message and log the error.";

async function rawErrors(files: string[]): Promise<string[]> {
  const results = await lintFixtureResults(files, { typed: true, extraConfig: [{ rules: { [RULE]: "error" } }] });
  return results.flatMap((result) =>
    result.messages.filter((message) => message.ruleId === RULE).map((message) => `${relative(TYPED_FIXTURE_DIR, result.filePath)}:${message.line}:${message.column}-${message.endLine}:${message.endColumn} ${message.messageId} ${message.message}`),
  );
}

const HELPER = `errors.ts:6:84-6:104 rawErrorInHelper This helper puts a caught error's message into the result of tool "fetch_a" (and 1 other tool). ${FIX}`;
const DISPATCHED = `errors.ts:45:61-45:101 rawError The caught error's message reaches the tool result's text. ${FIX}`;
const CALLEE = `errors.ts:27:12-27:35 rawError The caught error's text reaches the tool result's text. ${FIX}`;

describe("raw errors across files (typed)", () => {
  it("an inherited safeExecute that builds createErrorResponse(error.message), in the base class's file", async () => {
    const inBase = `safe-base.ts:11:39-11:63 rawError The caught error's message reaches a helper that puts it into the tool result. ${FIX}`;
    expect(await rawErrors(["safe-base.ts", "safe-tools.ts"])).toEqual([inBase]);
    expect(await rawErrors(["safe-base.ts"])).toEqual([inBase]);
    expect(await rawErrors(["safe-tools.ts"])).toEqual([]);
  }, 120_000);

  it("linting the tools' files and the helpers' file: each finding once, where the text is written", async () => {
    expect((await rawErrors(["errors.ts", "error-tools.ts", "dispatch-tools.ts"])).sort()).toEqual([CALLEE, HELPER, DISPATCHED].sort());
  }, 120_000);

  it("linting only errors.ts reports the helper and the callee, because tools in other files call it", async () => {
    expect((await rawErrors(["errors.ts"])).sort()).toEqual([CALLEE, HELPER, DISPATCHED].sort());
  }, 120_000);

  it("linting only the tools' files reports nothing of errors.ts there: no report at the call", async () => {
    expect(await rawErrors(["error-tools.ts"])).toEqual([]);
    expect(await rawErrors(["dispatch-tools.ts"])).toEqual([]);
  }, 120_000);
});
