/**
 * Typed linting for the rule suites: a RuleTester and a whole-project linter over the typed fixture project
 * (test/fixtures/typed, see its README.md), whose files import each other, zod and the real MCP SDK.
 */
import { relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import tsParser from "@typescript-eslint/parser";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { ESLint, type Linter } from "eslint";
import plugin from "../../src/index.js";

/** The typed fixture project's folder (absolute, no trailing separator). */
export const TYPED_FIXTURE_DIR = fileURLToPath(new URL("../fixtures/typed", import.meta.url));

/**
 * RuleTester with typed linting over the fixture project: typescript-eslint's pattern for type-aware rule
 * tests, a project service rooted at a folder whose tsconfig.json includes the file each case names. A case
 * gives `code` and a `filename` relative to the fixture folder, and is linted as if that file held `code`,
 * with every other fixture file as it is on disk:
 *
 * - `filename: "server.ts"` (or any fixture file) to lint that file's text, or a variant of it;
 * - `filename: "file.ts"`, the fixture's scratch file (`export {}` on disk), for code of the case's own that
 *   imports from the fixture (`import { OpenSchema } from "./schemas.js"`). This is the default filename.
 *
 * There is no `allowDefaultProject`: a file that the tsconfig does not include is an error here, not a silent
 * fallback to a default project without the fixture's module resolution. A case that names a file absent from
 * the fixture fails with "was not found by the project service".
 */
export const typedRuleTester = new RuleTester({
  languageOptions: {
    parserOptions: {
      projectService: true,
      tsconfigRootDir: TYPED_FIXTURE_DIR,
    },
  },
});

/** One reported problem, positioned as ESLint reports it (1-based line and column). */
export interface Finding {
  /** Path relative to the linted folder, with `/` separators. */
  file: string;
  line: number;
  column: number;
  ruleId: string;
  messageId: string;
}

export interface LintFixtureOptions {
  /** Typed linting (projectService rooted at `cwd`) or not. Default: false. */
  typed?: boolean;
  /** Folder that holds the files and the tsconfig.json. Default: the typed fixture project. */
  cwd?: string;
  /** Which of the plugin's configs to turn on. Default: "all". */
  config?: "all" | "recommended" | "strict";
  /** Config objects appended after the plugin's (extra rules, settings). */
  extraConfig?: Linter.Config[];
  /**
   * Whether `no-unanalyzed-tool` stays on (when the config has it). Default: false, so that the suites
   * count what the rules find; what the analysis cannot see is that rule's own suite's to count.
   */
  unanalyzed?: boolean;
}

const TS_FILES = ["**/*.ts", "**/*.mts", "**/*.cts"];

/** The flat config `lintFixture` uses: @typescript-eslint/parser (typed or not) and one of the plugin's configs. */
export function fixtureConfig(options: LintFixtureOptions = {}): Linter.Config[] {
  const cwd = options.cwd ?? TYPED_FIXTURE_DIR;
  return [
    {
      files: TS_FILES,
      languageOptions: {
        parser: tsParser,
        parserOptions: options.typed ? { projectService: true, tsconfigRootDir: cwd } : {},
      },
      linterOptions: { reportUnusedDisableDirectives: "off" },
    },
    { ...plugin.configs[options.config ?? "all"], files: TS_FILES },
    ...(options.unanalyzed ? [] : [{ rules: { "mcp-guard/no-unanalyzed-tool": "off" as const } }]),
    ...(options.extraConfig ?? []),
  ];
}

/** Lints files (paths or globs relative to `cwd`) with the real ESLint class; returns ESLint's results as they are. */
export async function lintFixtureResults(files: string[], options: LintFixtureOptions = {}): Promise<ESLint.LintResult[]> {
  const eslint = new ESLint({
    cwd: options.cwd ?? TYPED_FIXTURE_DIR,
    overrideConfigFile: true,
    overrideConfig: fixtureConfig(options),
    cache: false,
    // The fixture lives under test/fixtures, which the repository's own config ignores; this config has no ignores.
    ignore: false,
  });
  return eslint.lintFiles(files);
}

/** Every message of the results as a Finding, sorted by file, line, column, rule and messageId. */
export function findingsOf(results: ESLint.LintResult[], cwd: string = TYPED_FIXTURE_DIR): Finding[] {
  const findings: Finding[] = [];
  for (const result of results) {
    const file = relative(cwd, result.filePath).split(sep).join("/");
    for (const message of result.messages) {
      findings.push({ file, line: message.line, column: message.column, ruleId: message.ruleId ?? "", messageId: message.messageId ?? "" });
    }
  }
  return findings.sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.line - b.line ||
      a.column - b.column ||
      (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0) ||
      (a.messageId < b.messageId ? -1 : a.messageId > b.messageId ? 1 : 0),
  );
}

/**
 * Lints fixture files with the plugin (configs.all unless told) and returns the findings, sorted. A fatal
 * message (a parse error, or a rule that threw while ESLint went on) fails loudly instead of being a finding.
 */
export async function lintFixture(files: string[], options: LintFixtureOptions = {}): Promise<Finding[]> {
  const results = await lintFixtureResults(files, options);
  const fatal = results.flatMap((result) => result.messages.filter((message) => message.fatal).map((message) => `${result.filePath}:${message.line}:${message.column} ${message.message}`));
  if (fatal.length > 0) throw new Error(`lintFixture: fatal messages\n${fatal.join("\n")}`);
  return findingsOf(results, options.cwd ?? TYPED_FIXTURE_DIR);
}

/** `file:line:column ruleId messageId`, one finding a line: compact form for expectations and failure output. */
export function formatFindings(findings: Finding[]): string[] {
  return findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId} ${f.messageId}`);
}
