/**
 * Quick fixes: every fix and suggestion a rule offers for a finding under the cursor becomes a code
 * fix, followed by one that writes an `eslint-disable-next-line` comment, as ESLint's editor
 * integrations offer. The edits are the rule's own; nothing is computed here.
 */
import type * as ts from "typescript";
import type { Edit } from "../core/schema/model.js";
import type { PluginFinding } from "./diagnostics.js";

export const FIX_NAME_PREFIX = "mcp-guard";

function textChanges(edits: readonly Edit[]): ts.TextChange[] {
  return [...edits]
    .sort((a, b) => a.start - b.start)
    .map((edit) => ({ span: { start: edit.start, length: edit.end - edit.start }, newText: edit.text }));
}

function action(fileName: string, fixName: string, description: string, edits: readonly Edit[]): ts.CodeFixAction {
  return { fixName, description, changes: [{ fileName, textChanges: textChanges(edits) }] };
}

/** Inserts `// eslint-disable-next-line <rule>` above the line the finding starts on, at its indentation. */
export function disableNextLineEdit(sourceFile: ts.SourceFile, start: number, ruleId: string, newLine: string): Edit {
  const text = sourceFile.text;
  const { line } = sourceFile.getLineAndCharacterOfPosition(start);
  const lineStart = sourceFile.getLineStarts()[line] ?? 0;
  let indentEnd = lineStart;
  while (indentEnd < text.length && (text[indentEnd] === " " || text[indentEnd] === "\t")) indentEnd++;
  const indent = text.slice(lineStart, indentEnd);
  return { start: lineStart, end: lineStart, text: `${indent}// eslint-disable-next-line ${ruleId}${newLine}` };
}

function newLineOf(sourceFile: ts.SourceFile, formatOptions: ts.FormatCodeSettings | undefined): string {
  if (formatOptions?.newLineCharacter) return formatOptions.newLineCharacter;
  return sourceFile.text.includes("\r\n") ? "\r\n" : "\n";
}

/** Code fixes for the findings with one of `errorCodes` that overlap the requested range. */
export function codeFixesFor(
  sourceFile: ts.SourceFile,
  findings: readonly PluginFinding[],
  start: number,
  end: number,
  errorCodes: ReadonlySet<number>,
  formatOptions: ts.FormatCodeSettings | undefined,
): ts.CodeFixAction[] {
  const fileName = sourceFile.fileName;
  const fixes: ts.CodeFixAction[] = [];
  const disables: ts.CodeFixAction[] = [];
  const disabledRules = new Set<string>();
  for (const finding of findings) {
    if (!errorCodes.has(finding.rule.code)) continue;
    // Overlap, with an empty range touching the finding counting as inside it (a cursor).
    if (finding.start > end || finding.end < start) continue;
    const fixName = `${FIX_NAME_PREFIX}/${finding.rule.definition.name}`;
    if (finding.fix) fixes.push(action(fileName, fixName, `Fix this ${finding.rule.id} problem`, finding.fix));
    for (const suggestion of finding.suggestions) fixes.push(action(fileName, fixName, suggestion.description, suggestion.edits));
    if (!disabledRules.has(finding.rule.id)) {
      disabledRules.add(finding.rule.id);
      const edit = disableNextLineEdit(sourceFile, finding.start, finding.rule.id, newLineOf(sourceFile, formatOptions));
      disables.push(action(fileName, `${FIX_NAME_PREFIX}/disable`, `Disable ${finding.rule.id} for this line`, [edit]));
    }
  }
  return [...fixes, ...disables];
}
