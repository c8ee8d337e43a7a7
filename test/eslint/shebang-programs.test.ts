/**
 * Regression: typescript-eslint's `project` mode rebuilds its program for each file whose parsed text differs
 * from the disk's, and ESLint blanks every shebang in the text it parses. The rebuilt programs are analysed as
 * the first (program-equivalence.ts): each entry keeps its typed findings, and the open schema both entries'
 * tools reach is still reported where it is written.
 */
import { fileURLToPath } from "node:url";
import tsParser from "@typescript-eslint/parser";
import { ESLint } from "eslint";
import { expect, it } from "vitest";
import plugin from "../../src/index.js";
import { findingsOf, formatFindings } from "../rules/typed-helpers.js";

const dir = fileURLToPath(new URL("../fixtures/shebang-entries", import.meta.url));

it("lints two shebang entries typed, through the programs typescript-eslint rebuilds for them", async () => {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ["**/*.ts"], languageOptions: { parser: tsParser, parserOptions: { project: "./tsconfig.json", tsconfigRootDir: dir } } },
      plugin.configs.recommended,
    ],
    cache: false,
    ignore: false,
  });
  const results = await eslint.lintFiles(["http.ts", "stdio.ts", "schemas.ts"]);
  expect(results.flatMap((result) => result.messages.filter((message) => message.fatal || !message.ruleId?.startsWith("mcp-guard/")))).toEqual([]);
  expect(formatFindings(findingsOf(results, dir))).toEqual([
    "http.ts:6:45 mcp-guard/require-strict-objects zodObject",
    "schemas.ts:3:28 mcp-guard/require-strict-objects zodObject",
  ]);
}, 120_000);
