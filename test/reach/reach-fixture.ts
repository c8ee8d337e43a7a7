// The multi-file fixtures of test/fixtures/reach, linted typed or untyped with every rule, as `file:line:column rule messageId` lines.
import { fileURLToPath } from "node:url";
import { formatFindings, lintFixture } from "../rules/typed-helpers.js";

export const REACH_FIXTURES = fileURLToPath(new URL("../fixtures/reach", import.meta.url));

export async function reachFindings(files: string[], typed: boolean): Promise<string[]> {
  return formatFindings(await lintFixture(files, { typed, cwd: REACH_FIXTURES }));
}
