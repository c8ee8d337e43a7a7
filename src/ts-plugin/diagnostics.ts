/**
 * Runs the enabled rules on one file of the language service's program and turns their findings into
 * TypeScript diagnostics. All rule logic lives in the rule modules; this only formats what they report.
 */
import type * as ts from "typescript";
import { factsForFile } from "../core/program-index.js";
import { findingRange, runRuleInFile } from "../core/rule.js";
import type { Edit } from "../core/schema/model.js";
import type { TS } from "../core/ts-utils.js";
import type { EnabledRule, PluginConfig } from "./config.js";
import { readSuppressions } from "./suppressions.js";

export const SOURCE = "mcp-guard";

export interface PluginFinding {
  rule: EnabledRule;
  start: number;
  end: number;
  /** Prefixed with the rule id. */
  message: string;
  fix: Edit[] | undefined;
  suggestions: { description: string; edits: Edit[] }[];
}

/**
 * A seam for tests: called before the engine runs on a file. A test sets it to provoke an engine
 * failure; it is never set otherwise.
 */
export const testHooks: { beforeAnalyze: ((fileName: string) => void) | undefined } = { beforeAnalyze: undefined };

/** ESLint's `interpolate`: `{{ key }}` is replaced when `key` is in the data, and left alone otherwise. */
export function interpolate(text: string, data: Record<string, string | number> | undefined): string {
  if (!data || !text.includes("{{")) return text;
  return text.replace(/\{\{([^{}]+)\}\}/gu, (whole, term: string) => {
    const key = term.trim();
    return key in data ? String(data[key]) : whole;
  });
}

/** Findings of the enabled rules in one file, after suppression comments. Throws what the engine throws. */
export function analyzeFile(t: TS, program: ts.Program, sourceFile: ts.SourceFile, config: PluginConfig): PluginFinding[] {
  testHooks.beforeAnalyze?.(sourceFile.fileName);
  if (sourceFile.isDeclarationFile || config.rules.length === 0) return [];
  const factsList = factsForFile(t, sourceFile, program.getTypeChecker(), program, config.settings);
  const suppressions = readSuppressions(t, sourceFile);
  const findings: PluginFinding[] = [];
  for (const rule of config.rules) {
    const messages = rule.definition.meta.messages;
    for (const finding of runRuleInFile(rule.definition, factsList, rule.options, sourceFile)) {
      const { start, end } = findingRange(finding);
      if (suppressions.isSuppressed(rule.id, start)) continue;
      findings.push({
        rule,
        start,
        end,
        message: `${rule.id}: ${interpolate(messages[finding.messageId] ?? String(finding.messageId), finding.data)}`,
        fix: finding.fix,
        suggestions: (finding.suggestions ?? []).map((suggestion) => ({
          description: interpolate(messages[suggestion.messageId] ?? String(suggestion.messageId), suggestion.data),
          edits: suggestion.edits,
        })),
      });
    }
  }
  return findings.sort((a, b) => a.start - b.start || a.end - b.end);
}

export function toDiagnostic(t: TS, sourceFile: ts.SourceFile, finding: PluginFinding): ts.Diagnostic {
  return {
    file: sourceFile,
    start: finding.start,
    length: finding.end - finding.start,
    messageText: finding.message,
    category: finding.rule.severity === "error" ? t.DiagnosticCategory.Error : t.DiagnosticCategory.Warning,
    code: finding.rule.code,
    source: SOURCE,
  };
}

interface CacheEntry {
  version: string;
  sourceFile: ts.SourceFile;
  findings: PluginFinding[];
}

/**
 * Findings per file and script version, held per Program: a request on an unchanged project
 * recomputes nothing, and an edit anywhere (which can change what typed analysis sees through imports)
 * starts afresh. Old programs, and their entries, are dropped by the garbage collector.
 */
export class FindingsCache {
  private readonly byProgram = new WeakMap<ts.Program, Map<string, CacheEntry>>();

  get(program: ts.Program, sourceFile: ts.SourceFile, version: string, compute: () => PluginFinding[]): PluginFinding[] {
    let files = this.byProgram.get(program);
    if (!files) {
      files = new Map();
      this.byProgram.set(program, files);
    }
    const cached = files.get(sourceFile.fileName);
    if (cached && cached.version === version && cached.sourceFile === sourceFile) return cached.findings;
    const findings = compute();
    files.set(sourceFile.fileName, { version, sourceFile, findings });
    return findings;
  }
}
