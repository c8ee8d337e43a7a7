/**
 * The static tool inventory: every tool the engine finds in the source under some paths, with its
 * annotations, input fields and findings, and the registrations it could not read.
 */
import { readFileSync } from "node:fs";
import { extname, resolve } from "node:path";
import ts from "typescript";
import { getFileFacts, type FileFacts } from "../core/facts.js";
import { displayName, type ToolRegistration } from "../core/registrations/model.js";
import { isProgramSource } from "../core/resolve.js";
import { readSettings } from "../core/settings.js";
import { installedZodMajor } from "../eslint/zod-version.js";
import { collectProjectFiles, displayPath, isWithin, systemMessage } from "./project-files.js";
import { finishReport, reportOfFacts, type Report, type ReportFinding, type ToolEntry } from "./report.js";
import type { RuleRun } from "./rule-set.js";

export interface UnreadTool {
  tool: string;
  file: string;
  line: number;
  reason: string;
}

export interface StaticInventory extends Report {
  unread: UnreadTool[];
  analysis: { typedFiles: number; untypedFiles: number; programs: number };
  warnings: string[];
}

/**
 * The registrations the analysis could not read, with the reason. Derived here from what the facts hold
 * today; when the engine lists them itself (with `no-unanalyzed-tool`), this function is the one place
 * to switch over to that list.
 */
export function unreadRegistrations(facts: FileFacts): { registration: ToolRegistration; reason: string }[] {
  const t = facts.ts;
  const unread: { registration: ToolRegistration; reason: string }[] = [];
  for (const registration of facts.registrations) {
    const reasons: string[] = [];
    if (registration.toolName === undefined) reasons.push("its name is computed");
    if (registration.ambiguous) reasons.push("its arguments cannot be told apart (the description, input or annotations is a value the analysis cannot read), so its annotations are not judged");
    if (registration.input) {
      const root = facts.inputs.find((occurrence) => occurrence.registration === registration && occurrence.path === "");
      if (!root || root.schema.kind === "opaque") reasons.push("its input schema is a value the analysis cannot read (an import without type information, a computed value, a schema library it does not read)");
    } else if (registration.options?.properties.some((property) => t.isSpreadAssignment(property) || (property.name !== undefined && t.isComputedPropertyName(property.name)))) {
      // A tool with no input at all is fine; one whose options hide it behind a spread is not read.
      reasons.push("its options have a spread or computed key, so an input schema may be hidden there");
    }
    if (reasons.length > 0) unread.push({ registration, reason: reasons.join("; ") });
  }
  return unread;
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
    for (const { registration, reason } of unreadRegistrations(facts)) {
      const file = registration.node.getSourceFile();
      unread.push({ tool: displayName(registration), file: fileName(file), line: file.getLineAndCharacterOfPosition(registration.node.getStart()).line + 1, reason });
    }
  };

  const analysed = new Set<string>();
  const wanted = new Set(project.files);
  let typedFiles = 0;
  for (const program of project.programs) {
    const checker = program.getTypeChecker();
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
