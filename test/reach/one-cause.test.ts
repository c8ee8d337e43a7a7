/**
 * What the analysis cannot read, reported where a user can act on it (test/fixtures/reach/helper-*.ts and
 * cause-*.ts): a base class that builds every subclass's input by a call it cannot follow is one cause for
 * several tools, reported once, where the analysis stops, naming a tool and counting the others. A registration
 * helper that spreads what its calls pass is read with each call when typed; untyped, its callers are in other
 * files, and the helper's own registration is reported with its declaration as the remedy.
 */
import { relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { lintFixtureResults } from "../rules/typed-helpers.js";
import { REACH_FIXTURES } from "./reach-fixture.js";

const UNANALYZED = "mcp-guard/no-unanalyzed-tool";
const HELPER_FILES = ["helper-register.ts", "helper-tools-a.ts", "helper-tools-b.ts"];
const DECLARED = { settings: { "mcp-guard": { registrations: [{ callee: "registerAccountTool", name: 1, options: 2, schema: "inputSchema", handler: 3, annotations: "annotations" }] } } };

async function messages(files: string[], typed: boolean, rules: string[], extra: object[] = []): Promise<string[]> {
  const results = await lintFixtureResults(files, { typed, cwd: REACH_FIXTURES, unanalyzed: true, extraConfig: [...extra] });
  return results
    .flatMap((result) => result.messages.filter((message) => rules.includes(message.ruleId ?? "")).map((message) => `${relative(REACH_FIXTURES, result.filePath).split(sep).join("/")}:${message.line}:${message.column} ${message.messageId} ${message.message}`))
    .sort();
}

describe("one cause for several tools, reported once where the analysis stops", () => {
  it("typed: each call's config is read with that call (issue 28), so nothing is unread and each call's schema is judged", async () => {
    expect(await messages(HELPER_FILES, true, [UNANALYZED, "mcp-guard/require-string-bounds"])).toEqual([
      'helper-tools-a.ts:6:103 unbounded The string at field "cursor" of tool "list_invoices" has no maximum length; add .max(n).',
    ]);
  }, 120_000);

  it("typed: the same whichever file is linted", async () => {
    expect(await messages(["helper-register.ts"], true, [UNANALYZED])).toEqual([]);
    expect(await messages(["helper-tools-a.ts", "helper-tools-b.ts"], true, [UNANALYZED])).toEqual([]);
  }, 120_000);

  it("typed, the helper declared: nothing unread, and each call's own schema is judged where it is written", async () => {
    expect(await messages(HELPER_FILES, true, [UNANALYZED, "mcp-guard/require-string-bounds"], [DECLARED])).toEqual([
      'helper-tools-a.ts:6:103 unbounded The string at field "cursor" of tool "list_invoices" has no maximum length; add .max(n).',
    ]);
  }, 120_000);

  it("untyped: the helper's own registration, whose name and input are its parameters; declared, nothing", async () => {
    expect(await messages(HELPER_FILES, false, [UNANALYZED])).toEqual([
      'helper-register.ts:15:3 unreadParts Tool "(unnamed: name)": its name and input could not be read: the name is the parameter "name" of… Declare registerAccountTool in settings.registrations.',
    ]);
    expect(await messages(HELPER_FILES, false, [UNANALYZED], [DECLARED])).toEqual([]);
  }, 120_000);

  it("typed: a base class's call that builds every subclass's input, reported once, in the base class", async () => {
    expect(await messages(["cause-base.ts", "cause-tools.ts"], true, [UNANALYZED])).toEqual([
      'cause-base.ts:13:5 unreadParts Tool "get_product" (and 1 other tool): its input could not be read: the input comes from loadInputSchema(), a call the analysis does not follow.',
    ]);
  }, 120_000);
});
