/**
 * No silent misses (issue 14), over test/fixtures/reach (silent-*.ts; clean-*.ts are the twins):
 * - a registration in a loop over a collection of which some elements are read and others are not
 *   analyses the first and reports the others at the call, with the evaluator's reason and place;
 * - a definition helper given a factory of the CLI arguments (`defineTool((args) => ({ … }))`, called
 *   later with the arguments) is read through the factory;
 * - a tools/list handler listing tool objects built in another file is reported where it is written;
 * - a tools/list handler mapping modules to one literal lists one tool per module;
 * - a generated definition's own `tool` handler (`tool.tool(sdk, args, ctx)`) is no registration.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { staticInventory } from "../../src/cli/static-inventory.js";
import { lintFixtureResults } from "../rules/typed-helpers.js";

const cwd = fileURLToPath(new URL("../fixtures/reach", import.meta.url));
const UNANALYZED = "mcp-guard/no-unanalyzed-tool";

/** `file:line:column rule messageId`, with the message of no-unanalyzed-tool and require-tool-annotations. */
async function lines(files: string[], typed: boolean): Promise<string[]> {
  const results = await lintFixtureResults(files, { typed, cwd, unanalyzed: true });
  return results.flatMap((result) =>
    result.messages.map((message) => {
      const withText = message.ruleId === UNANALYZED || message.ruleId === "mcp-guard/require-tool-annotations";
      return `${result.filePath.split("/").pop()}:${message.line}:${message.column} ${message.ruleId} ${message.messageId}${withText ? ` ${message.message}` : ""}`;
    }),
  );
}

const LOOP = ["silent-server.ts", "silent-tools.ts", "silent-registry.ts", "silent-define.ts", "silent-plugins.ts"];
const LISTS = ["silent-list.ts", "silent-public.ts", "silent-modules.ts", "silent-module-a.ts", "clean-silent-module-b.ts", "silent-generated.ts"];
// What both tools of silent-tools.ts have: a raw shape (open), and list_pages's unbounded filter.
const TOOL_FINDINGS = [
  "silent-tools.ts:10:11 mcp-guard/require-strict-objects rawShape",
  "silent-tools.ts:10:21 mcp-guard/require-string-bounds unbounded",
  "silent-tools.ts:17:11 mcp-guard/require-strict-objects rawShape",
];

describe("a loop over a collection read in part", () => {
  it("typed: the tools read are analysed, the plugins' element is reported at the registration", async () => {
    expect(await lines(LOOP, true)).toEqual([
      `silent-server.ts:10:3 ${UNANALYZED} unreadElements Some tools registered here could not be read: 1 of 3 elements of tools (createTools()): the one at silent-plugins.ts:5: \`JSON\` is not declared where the…`,
      ...TOOL_FINDINGS,
    ]);
  }, 120_000);

  it("typed twin: with every element read, nothing is unanalyzed", async () => {
    expect(await lines(["clean-silent-server.ts", "silent-tools.ts"], true)).toEqual(TOOL_FINDINGS);
  }, 120_000);

  it("typed: both tools are listed by name, the factory's included", () => {
    const inventory = staticInventory([resolve(cwd, "clean-silent-server.ts")], { cwd, rules: [], typed: true });
    expect(inventory.tools.map((tool) => tool.name).sort()).toEqual(["close_page", "list_pages"]);
    expect(inventory.unread).toEqual([]);
  });

  it("untyped: createTools() of another file cannot be followed; each loop's call says so where it is written", async () => {
    const reason = 'Tool "(unnamed: tool.name)": its name, input and annotations could not be read: the tool it passes is each element of tools, which the analysis cannot list.';
    expect(await lines(["silent-server.ts", "clean-silent-server.ts", "silent-tools.ts", "silent-registry.ts"], false)).toEqual([
      `silent-server.ts:15:29 ${UNANALYZED} unreadParts ${reason}`,
      `clean-silent-server.ts:14:29 ${UNANALYZED} unreadParts ${reason}`,
    ]);
  }, 120_000);
});

describe("tools/list handlers and generated definitions", () => {
  it("typed: tool objects of another file are reported at the handler; mapped modules are one tool each; tool.tool() is no registration", async () => {
    expect(await lines(LISTS, true)).toEqual([
      `silent-list.ts:10:1 ${UNANALYZED} unreadParts Tool "(unnamed: tool.name)": its name could not be read: the name is tool.name, where tool is the parameter "tool" of publicFields.`,
      // search_docs declares no annotations; open_doc (the twin module) does: one finding, where the module names it.
      'silent-module-a.ts:2:33 mcp-guard/require-tool-annotations missingAnnotations Tool "search_docs" has no annotations, so clients assume the worst. Declare readOnlyHint, destructiveHint, openWorldHint.',
      // Typed, the function createRegisterTool returns is read at each call of the factory's result (other
      // files; test/reach/returned-wrapper.test.ts): its own registration is a template, and nothing calls it here.
    ]);
  }, 120_000);

  it("typed: the mapped modules' tools are listed by name", () => {
    const inventory = staticInventory([resolve(cwd, "silent-modules.ts")], { cwd, rules: [], typed: true });
    expect(inventory.tools.map((tool) => tool.name).sort()).toEqual(["open_doc", "search_docs"]);
  });

  it("untyped: what the handlers list cannot be read and is reported; tool.tool() stays no registration", async () => {
    expect(await lines(LISTS, false)).toEqual([
      `silent-list.ts:10:72 ${UNANALYZED} unreadSite Tools listed here could not be read: the tools array comes from Array.from(entries.values()).map(), a call the analysis does not follow.`,
      `silent-modules.ts:11:33 ${UNANALYZED} unreadParts Tool "(unnamed: tool.metadata.name)": its name and annotations could not be read: the name is tool.metadata.name, where tool is each element of modules…`,
      `silent-generated.ts:18:5 ${UNANALYZED} unreadParts Tool "(unnamed: tool.name)": its name, input and annotations could not be read: the name is tool.name, where tool is the parameter "tool" of an anonymous…`,
    ]);
  }, 120_000);
});
