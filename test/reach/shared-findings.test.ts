/**
 * A schema and an error helper written once and used by tools of two other files
 * (test/fixtures/reach/shared-*.ts): each problem is reported once, where it is written, naming the first
 * tool in alphabetical order and counting the others, whichever file is linted; the helper is reported at each of its two places
 * that write the error's text, not at the third, which writes only its code. The clean twin is silent, and
 * untyped, where the imports are not followed, nothing is judged.
 */
import { relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { lintFixtureResults } from "../rules/typed-helpers.js";
import { REACH_FIXTURES } from "./reach-fixture.js";

async function messages(files: string[], typed: boolean): Promise<string[]> {
  const results = await lintFixtureResults(files, { typed, cwd: REACH_FIXTURES });
  return results
    .flatMap((result) => result.messages.map((message) => `${relative(REACH_FIXTURES, result.filePath).split(sep).join("/")}:${message.line}:${message.column} ${message.messageId} ${message.message}`))
    .sort();
}

const FILES = ["shared-schemas.ts", "shared-failures.ts", "shared-tools.ts", "shared-more-tools.ts"];
const FIX = "Return a fixed message and log the error.";
const EXPECTED = [
  `shared-failures.ts:6:91 rawErrorInHelper This helper puts a caught error's message into the result of tool "bill_order" (and 2 other tools). ${FIX}`,
  `shared-failures.ts:9:59 rawErrorInHelper This helper puts a caught error's text into the result of tool "bill_order" (and 2 other tools). ${FIX}`,
  'shared-schemas.ts:5:24 zodObject z.object() in field "billing" of tool "bill_order" (and 2 other tools) strips unknown keys. Use z.strictObject() or add .strict().',
  'shared-schemas.ts:5:43 unbounded The string at field "billing.street" of tool "bill_order" (and 2 other tools) has no maximum length; add .max(n).',
];

describe("a schema and a helper shared by tools of several files", () => {
  it("typed: each problem once, where it is written, naming one tool and counting the others", async () => {
    expect(await messages(FILES, true)).toEqual(EXPECTED);
  }, 120_000);

  it("typed: linting only the shared files gives the same findings", async () => {
    expect(await messages(["shared-schemas.ts", "shared-failures.ts"], true)).toEqual(EXPECTED);
  }, 120_000);

  it("typed: the clean twin is silent", async () => {
    expect(await messages(FILES.map((file) => `clean-${file}`), true)).toEqual([]);
  }, 120_000);

  it("untyped: the shared files are imports, not followed; nothing is judged", async () => {
    expect(await messages(FILES, false)).toEqual([]);
  }, 120_000);
});
