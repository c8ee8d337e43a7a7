/**
 * The static tool inventory: every tool the engine finds in the source under some paths, with its
 * annotations, input fields and findings, and the registrations it could not read.
 */
import { readFileSync } from "node:fs";
import { extname, resolve } from "node:path";
import ts from "typescript";
import { getFileFacts, type FileFacts } from "../core/facts.js";
import { rememberProgram } from "../core/importers.js";
import { unreadEntries } from "../core/unread.js";
import { isProgramSource } from "../core/resolve.js";
import { readSettings } from "../core/settings.js";
import { installedZodMajor } from "../eslint/zod-version.js";
import { collectProjectFiles, displayPath, isWithin, systemMessage } from "./project-files.js";
import { finishReport, reportOfFacts, type Report, type ReportFinding, type ToolEntry } from "./report.js";
import type { RuleRun } from "./rule-set.js";

export interface UnreadTool {
  /** The tool's name, or `(unnamed tool)`, or `(tools/list)` for a tools/list handler whose tools could not be listed. */
  tool: string;
  file: string;
  line: number;
  /** The parts of a found tool that could not be read; null when no tool could be built from the registration. */
  parts: string[] | null;
  reason: string;
}

export interface StaticInventory extends Report {
  unread: UnreadTool[];
  analysis: { typedFiles: number; untypedFiles: number; programs: number };
  warnings: string[];
}

export function staticInventory(paths: readonly string[], options: { cwd: string; rules: readonly RuleRun[]; typed: boolean; settings?: unknown }): StaticInventory {
  const { cwd, rules, settings } = options;
  const project = collectProjectFiles(paths, cwd, { typed: options.typed });
  const warnings = [...project.warnings];
  const tools: ToolEntry[] = [];
  const findings: ReportFinding[] = [];
  const unread: UnreadTool[] = [];
  const fileName = (sourceFile: ts.SourceFile): string => displayPath(sourceFile.fileName, cwd);
  const add = (facts: FileFacts): void => {
    const part = reportOfFacts(facts, { rules, fileName });
    tools.push(...part.tools);
    findings.push(...part.findings);
    // The list no-unanalyzed-tool reports (core/unread.ts), so the two never disagree.
    for (const entry of unreadEntries(facts)) {
      // Listed where the tool is registered; the reason says where the analysis stopped.
      const file = entry.registeredAt.getSourceFile();
      const tool = entry.tool ?? (entry.parts === undefined && entry.api === "tools/list" ? "(tools/list)" : "(unnamed tool)");
      const remedy = entry.helper ? `; declaring ${entry.helper} in settings["mcp-guard"].registrations makes its calls registrations` : "";
      unread.push({ tool, file: fileName(file), line: file.getLineAndCharacterOfPosition(entry.registeredAt.getStart()).line + 1, parts: entry.parts ? [...entry.parts] : null, reason: `${entry.reason}${remedy}` });
    }
  };

  const analysed = new Set<string>();
  const wanted = new Set(project.files);
  let typedFiles = 0;
  for (const program of project.programs) {
    const checker = program.getTypeChecker();
    rememberProgram(checker, program);
    for (const sourceFile of program.getSourceFiles()) {
      const path = resolve(sourceFile.fileName);
      if (analysed.has(path) || !wanted.has(path) || !isProgramSource(sourceFile) || program.isSourceFileFromExternalLibrary(sourceFile)) continue;
      if (!project.roots.some((root) => isWithin(path, root))) continue;
      analysed.add(path);
      typedFiles++;
      add(getFileFacts(ts, sourceFile, checker, readSettings(settings, installedZodMajor(path))));
    }
  }
  let untypedFiles = 0;
  for (const path of project.files) {
    if (analysed.has(path)) continue;
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      warnings.push(`skipped ${displayPath(path, cwd)}: ${systemMessage(error)}`);
      continue;
    }
    untypedFiles++;
    const sourceFile = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKind(path));
    add(getFileFacts(ts, sourceFile, undefined, readSettings(settings, installedZodMajor(path))));
  }
  unread.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return { ...finishReport(tools, findings), unread, analysis: { typedFiles, untypedFiles, programs: project.programs.length }, warnings };
}

function scriptKind(path: string): ts.ScriptKind {
  switch (extname(path)) {
    case ".tsx":
      return ts.ScriptKind.TSX;
    case ".jsx":
      return ts.ScriptKind.JSX;
    case ".js":
    case ".mjs":
    case ".cjs":
      return ts.ScriptKind.JS;
    default:
      return ts.ScriptKind.TS;
  }
}
