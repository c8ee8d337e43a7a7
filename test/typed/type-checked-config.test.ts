// configs.recommendedTypeChecked and configs.strictTypeChecked, used alone as a user would: they bring the
// parser and the project service for TypeScript files, so the typed fixture project (test/fixtures/typed)
// gets its cross-file findings with no other config. The expected findings are what the hand-written typed
// setup of typed-helpers.ts finds with the same rules.
import tsParser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { TYPED_FIXTURE_DIR, findingsOf, formatFindings, lintFixture } from "../rules/typed-helpers.js";

async function lintWithConfig(config: Linter.Config[], files: string[]) {
  const eslint = new ESLint({
    cwd: TYPED_FIXTURE_DIR,
    overrideConfigFile: true,
    // The fixture has eslint-disable comments for rules of other plugins.
    overrideConfig: [...config, { linterOptions: { reportUnusedDisableDirectives: "off" } }],
    cache: false,
    // The fixture lives under test/fixtures, which the repository's own config ignores.
    ignore: false,
  });
  const results = await eslint.lintFiles(files);
  expect(results.flatMap((result) => result.messages.filter((message) => message.fatal))).toEqual([]);
  return formatFindings(findingsOf(results));
}

describe("configs.recommendedTypeChecked", () => {
  it("is typescript-eslint's parser with the project service for TypeScript files, then recommended's rules for every file", () => {
    const [typescript, rules] = plugin.configs.recommendedTypeChecked;
    expect(plugin.configs.recommendedTypeChecked).toHaveLength(2);
    expect(typescript?.files).toEqual(["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts"]);
    expect(typescript?.languageOptions?.parserOptions).toEqual({ projectService: true });
    expect(typescript?.languageOptions?.parser).toBe(tsParser);
    expect(rules?.files).toBeUndefined();
    expect(rules?.rules).toEqual(plugin.configs.recommended.rules);
    expect(rules?.plugins).toEqual(plugin.configs.recommended.plugins);
    expect(plugin.configs.strictTypeChecked[1]?.rules).toEqual(plugin.configs.strict.rules);
  });

  it("alone, lints the typed multi-file fixture with cross-file findings", async () => {
    const typed = await lintWithConfig(plugin.configs.recommendedTypeChecked, ["**/*.ts"]);
    expect(typed).toEqual(formatFindings(await lintFixture(["**/*.ts"], { typed: true, config: "recommended" })));
    // Found only by following imports: the open object in schemas.ts that tools in server.ts use, the raw
    // error returned by the handler in handlers.ts, and the raw shape server.ts imports through reexport.ts.
    const crossFile = ["schemas.ts:7:27 mcp-guard/require-strict-objects zodObject", "handlers.ts:10:70 mcp-guard/no-raw-error-in-result rawError", "server.ts:29:44 mcp-guard/require-strict-objects rawShape"];
    expect(typed).toEqual(expect.arrayContaining(crossFile));
    const untyped = formatFindings(await lintFixture(["**/*.ts"], { config: "recommended" }));
    for (const finding of crossFile) expect(untyped).not.toContain(finding);
  }, 120_000);

  it("strictTypeChecked gives the typed run of strict's rules", async () => {
    const typed = await lintWithConfig(plugin.configs.strictTypeChecked, ["schemas.ts", "server.ts"]);
    expect(typed).toEqual(formatFindings(await lintFixture(["schemas.ts", "server.ts"], { typed: true, config: "strict" })));
  }, 120_000);
});
