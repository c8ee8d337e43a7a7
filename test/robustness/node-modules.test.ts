// Robustness: every rule of the plugin runs over thousands of real-world files (the project's own node_modules)
// and over synthetic MCP-looking stress inputs, and must never throw. A rule that throws makes ESLint's Linter
// throw; such throws are caught here and counted as crashes, with the file that caused them. The bar is zero.
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import tsParser from "@typescript-eslint/parser";
import { ESLint, Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { stressInputs } from "./stress-inputs.js";
import ts from "typescript";
import { getFileFacts } from "../../src/core/facts.js";
import { runRule } from "../../src/core/rule.js";
import { readSettings } from "../../src/core/settings.js";
import { ruleDefinitions } from "../../src/rules.js";

// The plugin turns an internal error into a process warning so that a user's lint run goes on; here it must throw.
process.env.MCP_GUARD_STRICT_ERRORS = "1";
// Backstop: any such warning that is emitted anyway is a crash too.
const engineWarnings: string[] = [];
process.on("warning", (warning) => {
  if (warning.name === "McpGuardWarning") engineWarnings.push(warning.message);
});

const root = fileURLToPath(new URL("../../", import.meta.url));
const nodeModules = join(root, "node_modules");

/** How many node_modules files to lint: at least 2,000, spread evenly over every package. */
const SAMPLE_SIZE = Number(process.env.MCP_GUARD_ROBUSTNESS_FILES ?? 2200);
const MAX_BYTES = 1024 * 1024;
const SOURCE_FILE = /\.(?:[cm]?js|[cm]?ts)$/;

type Kind = "ts" | "module" | "commonjs" | "js" | "opaque";

/**
 * A parser that keeps the text and returns an empty Program. The plugin then finds no typescript-eslint
 * parser services and parses the text with TypeScript itself, so its engine runs on inputs nested deeper than
 * espree or typescript-estree can parse (both recurse per level and run out of stack first).
 */
const opaqueParser: Linter.Parser = {
  meta: { name: "opaque-text-parser" },
  parse(code: string) {
    const lines = code.split(/\r\n|[\r\n\u2028\u2029]/);
    return {
      type: "Program",
      body: [],
      sourceType: "module",
      comments: [],
      tokens: [],
      range: [0, code.length],
      loc: { start: { line: 1, column: 0 }, end: { line: lines.length, column: lines[lines.length - 1]?.length ?? 0 } },
    };
  },
};

interface Crash {
  file: string;
  error: string;
}

interface FileOutcome {
  parseError: boolean;
  findings: number;
  crash?: Crash;
  fatalMessage?: string;
  /** Non-fatal messages mixed with a parse error, or messages that mention an exception. */
  anomalies: string[];
}

/** Messages whose text says that something threw: a plugin that catches its own errors and reports them. */
const EXCEPTION_TEXT = /exception|threw|thrown|stack overflow|maximum call stack|TypeError|RangeError|ReferenceError|SyntaxError: (?!Unexpected)|Cannot read propert|is not a function|undefined is not|internal error/i;

function collectFiles(): string[] {
  const all: string[] = [];
  const walk = (dir: string): void => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue; // .bin, .cache, .vite, .package-lock.json
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && SOURCE_FILE.test(entry.name) && lstatSync(path).size <= MAX_BYTES) all.push(path);
    }
  };
  walk(nodeModules);
  if (all.length <= SAMPLE_SIZE) return all;
  const step = all.length / SAMPLE_SIZE;
  return Array.from({ length: SAMPLE_SIZE }, (_, i) => all[Math.floor(i * step)]);
}

function kindOf(file: string): Kind {
  if (/\.[cm]?ts$/.test(file)) return "ts";
  if (file.endsWith(".mjs")) return "module";
  if (file.endsWith(".cjs")) return "commonjs";
  return "js";
}

const ALL_FILES = ["**/*.ts", "**/*.mts", "**/*.cts", "**/*.js", "**/*.mjs", "**/*.cjs"];

function configFor(kind: Exclude<Kind, "js"> | "script"): Linter.Config[] {
  const languageOptions: Linter.LanguageOptions =
    kind === "ts"
      ? { parser: tsParser }
      : kind === "opaque"
        ? { parser: opaqueParser }
        : { ecmaVersion: "latest", sourceType: kind };
  return [
    {
      files: ALL_FILES,
      languageOptions,
      // Inline `/* eslint ... */` comments in third-party code would name rules that do not exist here.
      linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: "off", reportUnusedInlineConfigs: "off" },
    },
    { ...plugin.configs.all, files: ALL_FILES },
  ];
}

const configs = {
  ts: configFor("ts"),
  module: configFor("module"),
  commonjs: configFor("commonjs"),
  script: configFor("script"),
  opaque: configFor("opaque"),
};

/**
 * The rules only analyse files that import an MCP framework, and no file in node_modules does. So each file gets
 * one line that imports the MCP SDK (after a hashbang, if any): the plugin then looks at every call and schema in
 * it as if it were an MCP server.
 */
function withMcpImport(code: string, sourceType: "module" | "commonjs" | "script"): string {
  const probe =
    sourceType === "module"
      ? 'import "@modelcontextprotocol/sdk/server/mcp.js";'
      : 'var __mcpGuardProbe = require("@modelcontextprotocol/sdk/server/mcp.js");';
  if (code.startsWith("#!")) {
    const eol = code.indexOf("\n");
    return eol === -1 ? `${code}\n${probe}` : `${code.slice(0, eol + 1)}${probe} ${code.slice(eol + 1)}`;
  }
  return `${probe} ${code}`;
}

function lintText(linter: Linter, code: string, filename: string, kind: Kind, probe = false): FileOutcome {
  const outcome: FileOutcome = { parseError: false, findings: 0, anomalies: [] };
  const prepare = (sourceType: "module" | "commonjs" | "script"): string => (probe ? withMcpImport(code, sourceType) : code);
  let messages: Linter.LintMessage[];
  try {
    if (kind === "js") {
      messages = linter.verify(prepare("module"), configs.module, { filename });
      if (messages.some((m) => m.fatal)) messages = linter.verify(prepare("script"), configs.script, { filename });
    } else {
      messages = linter.verify(prepare(kind === "commonjs" ? "commonjs" : "module"), configs[kind], { filename });
    }
  } catch (error) {
    const err = error as Error;
    outcome.crash = { file: filename, error: `${err.message}\n${err.stack ?? ""}` };
    return outcome;
  }
  const fatal = messages.filter((m) => m.fatal);
  const fromRules = messages.filter((m) => m.ruleId?.startsWith("mcp-guard/"));
  outcome.parseError = fatal.length > 0;
  outcome.fatalMessage = fatal[0]?.message;
  outcome.findings = fromRules.length;
  if (outcome.parseError && (fatal.length !== 1 || messages.length !== 1 || fatal[0].ruleId !== null)) {
    outcome.anomalies.push(`parse error plus other messages: ${JSON.stringify(messages)}`);
  }
  for (const message of messages) {
    if (!message.fatal && EXCEPTION_TEXT.test(message.message)) {
      outcome.anomalies.push(`${message.ruleId ?? "(no rule)"}: ${message.message}`);
    }
  }
  return outcome;
}

/** Lints with the same parser settings and no plugin; returns the error message if ESLint itself throws. */
function lintWithoutPlugin(code: string, filename: string, kind: Kind): string | undefined {
  const [base] = configFor(kind === "js" ? "module" : kind);
  try {
    new Linter({ cwd: root }).verify(code, [base], { filename });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The plugin's engine and every rule, on the text alone (the ESLint adapter's path for non-TypeScript parsers). */
function runEveryRuleOnText(code: string, name: string): number {
  const sourceFile = ts.createSourceFile(name, code, ts.ScriptTarget.Latest, true);
  const facts = getFileFacts(ts, sourceFile, undefined, readSettings(undefined));
  return ruleDefinitions.reduce((count, rule) => count + runRule(rule, facts, rule.meta.defaultOptions).length, 0);
}

describe("robustness", () => {
  it("lints thousands of node_modules files with every rule on, without a crash", async () => {
    // The MCP import that each file gets does switch the rules on.
    const sample = 'const { z } = require("zod");\nserver.registerTool("x", { inputSchema: z.object({ a: z.string() }) }, cb);\n';
    for (const kind of ["commonjs", "js", "ts"] as const) {
      const check = lintText(new Linter({ cwd: root }), sample, join(root, "__robustness__", `probe.${kind === "commonjs" ? "cjs" : kind}`), kind, true);
      expect(check.findings, `probe (${kind})`).toBeGreaterThan(0);
    }

    const files = collectFiles();
    expect(files.length).toBeGreaterThanOrEqual(Math.min(2000, SAMPLE_SIZE));

    const linter = new Linter({ cwd: root });
    const crashes: Crash[] = [];
    const anomalies: string[] = [];
    let parseErrors = 0;
    let findings = 0;
    const started = Date.now();
    for (const file of files) {
      // Linter ignores paths inside node_modules, so each file gets a stand-in name with the same extension.
      const filename = join(root, "__robustness__", relative(nodeModules, file));
      const outcome = lintText(linter, readFileSync(file, "utf8"), filename, kindOf(file), true);
      if (outcome.crash) crashes.push({ ...outcome.crash, file: relative(root, file) });
      if (outcome.parseError) parseErrors += 1;
      findings += outcome.findings;
      anomalies.push(...outcome.anomalies.map((a) => `${relative(root, file)}: ${a}`));
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    await new Promise((resolve) => setImmediate(resolve)); // let any emitted warning arrive

    console.log(
      `linted ${files.length} files, ${parseErrors} with parse errors, ${crashes.length} crashes ` +
        `(${findings} findings, ${seconds} s)`,
    );
    for (const crash of crashes.slice(0, 10)) console.log(`CRASH ${crash.file}\n${crash.error}`);
    for (const anomaly of anomalies.slice(0, 10)) console.log(`ANOMALY ${anomaly}`);

    expect(crashes.map((c) => `${c.file}: ${c.error.split("\n")[0]}`)).toEqual([]);
    expect(anomalies).toEqual([]);
    expect(engineWarnings).toEqual([]);
  }, 300_000);

  describe("synthetic stress inputs", () => {
    const linter = new Linter({ cwd: root });

    for (const input of stressInputs()) {
      // A known crash is recorded as an expected failure, so that fixing it turns this test red as a reminder.
      const test = input.knownCrash ? it.fails : it;
      test(`${input.name} lints without throwing${input.knownCrash ? ` (known crash: ${input.knownCrash})` : ""}`, () => {
        const variants: [Kind, string][] = [
          ["ts", `${input.name}.ts`],
          ["opaque", `${input.name}.opaque.ts`],
        ];
        if (input.js) variants.push(["module", `${input.name}.mjs`]);
        for (const [kind, name] of variants) {
          const outcome = lintText(linter, input.code, join(root, "__stress__", name), kind);
          if (outcome.crash && input.deep) {
            // ESLint's own scope analysis recurses per AST level. When it runs out of stack with no plugin rule
            // loaded either, the limit is ESLint's; the plugin's part is checked directly on the same text below.
            const withoutPlugin = lintWithoutPlugin(input.code, join(root, "__stress__", name), kind);
            expect(withoutPlugin, `${name}: ESLint alone lints this, so the crash is the plugin's`).toMatch(/Maximum call stack size exceeded/);
            expect(() => runEveryRuleOnText(input.code, name)).not.toThrow();
            continue;
          }
          expect(outcome.crash?.error).toBeUndefined();
          expect(engineWarnings).toEqual([]);
          expect(outcome.anomalies).toEqual([]);
          if (kind === "opaque") {
            // The plugin parsed the text itself (with TypeScript, which recovers from syntax errors).
            expect(outcome.parseError).toBe(false);
          } else if (input.syntaxError) {
            expect(outcome.parseError, `${name} should not parse`).toBe(true);
            continue;
          } else if (outcome.parseError) {
            // Only a parser that runs out of stack on a deliberately deep input may fail here.
            expect(input.deep, `${name}: ${outcome.fatalMessage ?? ""}`).toBe(true);
            expect(outcome.fatalMessage).toMatch(/Maximum call stack size exceeded|Not enough stack space/);
            continue;
          }
          if (input.name.startsWith("huge")) expect(outcome.findings, name).toBeGreaterThan(0);
        }
      }, 90_000);
    }

    it("lints the stress inputs with type information (projectService) without throwing", async () => {
      const dir = mkdtempSync(join(tmpdir(), "mcp-guard-stress-"));
      try {
        // The project's node_modules, so that zod and its types resolve.
        symlinkSync(nodeModules, join(dir, "node_modules"), "dir");
        writeFileSync(
          join(dir, "tsconfig.json"),
          JSON.stringify({
            compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, skipLibCheck: true },
            include: ["*.ts"],
          }),
        );
        writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
        const inputs = stressInputs().filter((input) => !input.deep);
        for (const input of inputs) writeFileSync(join(dir, `${input.name}.ts`), input.code);

        const eslint = new ESLint({
          cwd: dir,
          overrideConfigFile: true,
          cache: false,
          overrideConfig: [
            {
              files: ["**/*.ts"],
              languageOptions: { parser: tsParser, parserOptions: { projectService: true, tsconfigRootDir: dir } },
            },
            { ...plugin.configs.all, files: ["**/*.ts"] },
          ],
        });
        const results = await eslint.lintFiles(["*.ts"]);
        expect(results).toHaveLength(inputs.length);
        for (const result of results) {
          const name = relative(dir, result.filePath).replace(/\.ts$/, "");
          const input = inputs.find((i) => i.name === name)!;
          const fatal = result.messages.filter((m) => m.fatal);
          expect(fatal.length, `${name}: ${JSON.stringify(fatal)}`).toBe(input.syntaxError ? 1 : 0);
          if (input.syntaxError) expect(result.messages).toHaveLength(1);
          for (const message of result.messages) expect(EXCEPTION_TEXT.test(message.message) && !message.fatal, message.message).toBe(false);
        }
        expect(engineWarnings).toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);
  });
});
