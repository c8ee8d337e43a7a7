/**
 * The plugin reports exactly what ESLint reports (same rule, same range, same message) and offers the
 * same fixes, on every file of the corpus: this suite's fixtures, examples/, test/fixtures/ and the
 * rule tests' code samples. Every rule is on, on both sides.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import tsNext from "typescript-5.9";
import { beforeAll, describe, expect, it } from "vitest";
import { RULE_CODES } from "../../src/ts-plugin/codes.js";
import type { TS } from "../../src/core/ts-utils.js";
import { ruleDefinitions } from "../../src/rules.js";
import { buildCorpus, EslintSide, rangeText, sortComparable, type Comparable } from "./corpus.js";
import { applyCodeFix, createProject, REPO_ROOT, type Project } from "./harness.js";

/** The rules this suite's own fixtures exercise. */
const FIXTURE_RULES = { "require-strict-objects": 1, "no-unconstrained-input": 1, "require-string-bounds": 1, "require-array-bounds": 1, "require-number-bounds": 1, "no-action-dispatch": 1 };

const RULE_BY_CODE = new Map(Object.entries(RULE_CODES).map(([name, code]) => [code, `mcp-guard/${name}`]));
const PLUGIN_CONFIG = { name: "eslint-plugin-mcp-guard/ts-plugin", config: "all" };

const corpus = buildCorpus({ samples: true });
const fileNames = [...Object.keys(corpus.files), ...corpus.diskFiles];

function pluginSide(project: Project, fileName: string): { findings: Comparable[]; fixes: string[] } {
  const program = project.service.getProgram();
  const sourceFile = program?.getSourceFile(fileName);
  if (!sourceFile) throw new Error(`not in the plugin's program: ${fileName}`);
  const diagnostics = project.service.getSemanticDiagnostics(fileName).filter((diagnostic) => diagnostic.source === "mcp-guard");
  const findings: Comparable[] = [];
  const fixes = new Set<string>();
  for (const diagnostic of diagnostics) {
    const start = diagnostic.start ?? 0;
    const end = start + (diagnostic.length ?? 0);
    const rule = RULE_BY_CODE.get(diagnostic.code) ?? `unknown code ${diagnostic.code}`;
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    expect(text.startsWith(`${rule}: `), text).toBe(true);
    findings.push({ rule, range: rangeText(sourceFile, start, end), message: text.slice(rule.length + 2) });
    for (const fix of project.service.getCodeFixesAtPosition(fileName, start, end, [diagnostic.code], {}, {})) {
      if (fix.fixName !== "mcp-guard/disable") fixes.add(`${fix.description}\n${applyCodeFix(sourceFile.text, fix)}`);
    }
  }
  return { findings: sortComparable(findings), fixes: [...fixes].sort() };
}

function hasSyntaxErrors(project: Project, fileName: string): boolean {
  return project.base.getSyntacticDiagnostics(fileName).length > 0;
}

describe("the plugin and ESLint report the same findings", () => {
  let project: Project;
  let eslint: EslintSide;
  /** The plugin's results on TypeScript 6, for the comparison with 5.9 below. */
  const onCurrent = new Map<string, ReturnType<typeof pluginSide>>();
  beforeAll(() => {
    project = createProject(ts, { files: corpus.files, diskFiles: corpus.diskFiles, config: PLUGIN_CONFIG });
    eslint = new EslintSide(corpus);
  });

  it.each(fileNames.map((fileName) => [corpus.labels.get(fileName) ?? fileName, fileName]))("%s", (_label, fileName) => {
    if (hasSyntaxErrors(project, fileName)) return;
    const expected = eslint.lint(fileName);
    expect(expected.fatal).toEqual([]);
    const actual = pluginSide(project, fileName);
    onCurrent.set(fileName, actual);
    expect(actual.findings).toEqual(expected.findings);
    expect(actual.fixes).toEqual(expected.fixes);
  });

  it("covers every rule that has tests", () => {
    const seen = new Set([...onCurrent.values()].flatMap((result) => result.findings.map((finding) => finding.rule)));
    const tested = ruleDefinitions
      .filter((definition) => existsSync(join(REPO_ROOT, "test", "rules", `${definition.name}.test.ts`)) || definition.name in FIXTURE_RULES)
      .map((definition) => `mcp-guard/${definition.name}`);
    expect(tested.filter((rule) => !seen.has(rule))).toEqual([]);
  });

  it("logs no engine error", () => {
    expect(project.logs.filter((line) => line.startsWith("Err"))).toEqual([]);
  });

  it("reports the same on TypeScript 5.9 as on 6.0, so the engine runs on the injected module", () => {
    expect((tsNext as unknown as TS).version).toBe("5.9.3");
    const subset = fileNames.filter((fileName) => !corpus.labels.get(fileName)?.startsWith("test/rules/") && onCurrent.has(fileName));
    const older = createProject(tsNext as unknown as TS, { files: corpus.files, diskFiles: corpus.diskFiles, config: PLUGIN_CONFIG });
    for (const fileName of subset) expect(pluginSide(older, fileName), corpus.labels.get(fileName)).toEqual(onCurrent.get(fileName));
    expect(older.logs.filter((line) => line.startsWith("Err"))).toEqual([]);
  });
});
