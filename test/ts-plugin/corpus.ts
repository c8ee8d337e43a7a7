/**
 * The files on which the plugin must agree with ESLint: the fixtures of this suite, every source file
 * in examples/ and test/fixtures/, and the code samples of the rule tests. ESLint's side runs with
 * typed linting on its own Program over the same files, so both front ends see a checker, and neither
 * shares a SourceFile (or cached facts) with the other.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import ts from "typescript";
import plugin from "../../src/index.js";
import { ruleDefinitions } from "../../src/rules.js";
import { applyEdits, compilerOptionsFor, REPO_ROOT, virtualPath } from "./harness.js";
import { FIXTURES } from "./fixtures.js";
import { ruleTestSamples } from "./samples.js";

const SOURCE_FILE = /\.(?:[mc]?ts|tsx|[mc]?js|jsx)$/;

function walk(dir: string, out: string[]): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE_FILE.test(name) && !/^(?:eslint|vitest|vite)\.config\./.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

export interface Corpus {
  /** In-memory files by absolute path. */
  files: Record<string, string>;
  /** Real files on disk. */
  diskFiles: string[];
  /** A readable name for every file. */
  labels: Map<string, string>;
}

export function buildCorpus(options: { samples: boolean }): Corpus {
  const files: Record<string, string> = {};
  const labels = new Map<string, string>();
  for (const [name, code] of Object.entries(FIXTURES)) {
    const path = virtualPath(`fixtures/${name}`);
    files[path] = code;
    labels.set(path, `fixture ${name}`);
  }
  const diskFiles = [...walk(join(REPO_ROOT, "examples"), []), ...walk(join(REPO_ROOT, "test", "fixtures"), [])];
  for (const path of diskFiles) labels.set(path, relative(REPO_ROOT, path));
  if (options.samples) {
    ruleTestSamples().forEach((sample, index) => {
      const path = virtualPath(`samples/sample-${index}${sample.extension}`);
      files[path] = sample.code;
      labels.set(path, `test/rules/${sample.label}`);
    });
  }
  return { files, diskFiles, labels };
}

/** One finding as both front ends can describe it: rule, 1-based range, message. */
export interface Comparable {
  rule: string;
  range: string;
  message: string;
}

export function rangeText(sourceFile: ts.SourceFile, start: number, end: number): string {
  const from = sourceFile.getLineAndCharacterOfPosition(start);
  const to = sourceFile.getLineAndCharacterOfPosition(end);
  return `${from.line + 1}:${from.character + 1}-${to.line + 1}:${to.character + 1}`;
}

export const ALL_RULES = Object.fromEntries(ruleDefinitions.map((definition) => [`mcp-guard/${definition.name}`, "error" as const]));

/** ESLint with typed linting over its own Program of the corpus. */
export class EslintSide {
  private readonly linter = new Linter({ configType: "flat", cwd: REPO_ROOT });
  readonly program: ts.Program;
  private readonly config: Linter.Config[];

  constructor(private readonly corpus: Corpus) {
    const options = compilerOptionsFor(ts);
    const host = ts.createCompilerHost(options, true);
    const readVirtual = (fileName: string): string | undefined => corpus.files[fileName];
    const originalGetSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
      const text = readVirtual(fileName);
      return text !== undefined ? ts.createSourceFile(fileName, text, languageVersion, true) : originalGetSourceFile(fileName, languageVersion, onError, shouldCreate);
    };
    const originalFileExists = host.fileExists.bind(host);
    host.fileExists = (fileName) => readVirtual(fileName) !== undefined || originalFileExists(fileName);
    const originalReadFile = host.readFile.bind(host);
    host.readFile = (fileName) => readVirtual(fileName) ?? originalReadFile(fileName);
    this.program = ts.createProgram({ rootNames: [...Object.keys(corpus.files), ...corpus.diskFiles], options, host });
    this.config = [
      {
        files: ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"],
        // An unused directive in a fixture is not a finding of either front end.
        linterOptions: { reportUnusedDisableDirectives: "off" },
        languageOptions: { parser: tsParser, parserOptions: { programs: [this.program] } },
        plugins: { "mcp-guard": plugin },
        rules: ALL_RULES,
      },
    ];
  }

  lint(fileName: string): { findings: Comparable[]; fixes: string[]; fatal: string[] } {
    const sourceFile = this.program.getSourceFile(fileName);
    if (!sourceFile) throw new Error(`not in ESLint's program: ${fileName}`);
    const text = sourceFile.text;
    const messages = this.linter.verify(text, this.config, { filename: fileName });
    const fatal = messages.filter((message) => message.fatal || !message.ruleId).map((message) => message.message);
    const findings: Comparable[] = [];
    const fixes = new Set<string>();
    for (const message of messages) {
      if (!message.ruleId?.startsWith("mcp-guard/")) continue;
      const start = sourceFile.getPositionOfLineAndCharacter(message.line - 1, message.column - 1);
      const end = sourceFile.getPositionOfLineAndCharacter((message.endLine ?? message.line) - 1, (message.endColumn ?? message.column) - 1);
      findings.push({ rule: message.ruleId, range: rangeText(sourceFile, start, end), message: message.message });
      const apply = (fix: { range: [number, number]; text: string }) => applyEdits(text, [{ start: fix.range[0], end: fix.range[1], text: fix.text }]);
      if (message.fix) fixes.add(`Fix this ${message.ruleId} problem\n${apply(message.fix)}`);
      for (const suggestion of message.suggestions ?? []) fixes.add(`${suggestion.desc}\n${apply(suggestion.fix)}`);
    }
    return { findings: sortComparable(findings), fixes: [...fixes].sort(), fatal };
  }
}

export function sortComparable(findings: Comparable[]): Comparable[] {
  return [...findings].sort((a, b) => a.range.localeCompare(b.range, "en", { numeric: true }) || a.rule.localeCompare(b.rule) || a.message.localeCompare(b.message));
}
