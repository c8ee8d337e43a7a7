/** Prints a report as text (for a terminal), markdown (for a pull request or a job summary) or JSON. */
import { hintsText, type SurfaceSummary } from "./hints.js";
import type { Report, ReportFinding, ToolEntry } from "./report.js";
import type { UnreadTool } from "./static-inventory.js";

export type Format = "text" | "json" | "markdown";

export interface Coverage {
  /** Published tools the static analysis did not find in the source. */
  publishedNotInSource: string[];
  /** Tools found in the source that the server did not publish. */
  inSourceNotPublished: string[];
}

export interface View {
  /** One line saying what was read: the server, or the files. */
  heading: string;
  report: Report;
  unread?: UnreadTool[];
  coverage?: Coverage;
  /** Extra top-level JSON fields (the server, the analysis). */
  json?: Record<string, unknown>;
}

export function render(view: View, format: Format): string {
  switch (format) {
    case "json":
      return `${JSON.stringify(jsonOf(view), null, 2)}\n`;
    case "markdown":
      return markdownOf(view);
    case "text":
      return textOf(view);
  }
}

function jsonOf(view: View): Record<string, unknown> {
  const { report } = view;
  return {
    ...view.json,
    summary: report.summary,
    tools: report.tools.map((tool) => ({
      name: tool.name,
      ...(tool.file === undefined ? {} : { file: tool.file, line: tool.line, framework: tool.framework }),
      description: tool.description ?? null,
      annotations: { stated: tool.annotations.stated ?? null, effective: tool.annotations.effective ?? null, unannotated: tool.annotations.unannotated },
      fields: tool.fields,
      findingCount: tool.findingCount,
    })),
    findings: report.findings.map((finding) => ({ tool: finding.tool ?? null, rule: finding.rule, path: finding.path, message: finding.message, ...location(finding) })),
    ...(view.unread ? { unread: view.unread } : {}),
    ...(view.coverage ? { coverage: view.coverage } : {}),
  };
}

function location(finding: ReportFinding): Record<string, unknown> {
  return finding.file === undefined ? {} : { file: finding.file, line: finding.line, column: finding.column };
}

export function summaryText(summary: SurfaceSummary): string {
  const parts = [
    `${summary.readOnlyToolCount} read-only`,
    `${summary.destructiveToolCount} destructive`,
    `${summary.additiveWriteToolCount} additive write${summary.additiveWriteToolCount === 1 ? "" : "s"}`,
    `${summary.openWorldToolCount} open-world`,
  ];
  let text = `${count(summary.toolCount, "tool")}: ${parts.join(", ")}`;
  if (summary.unannotatedToolCount > 0) text += `; ${summary.unannotatedToolCount} with no hints, counted with the specification's defaults (destructive, open-world)`;
  if (summary.annotationsUnknownToolCount > 0) text += `; ${summary.annotationsUnknownToolCount} whose annotations could not be read, in none of these counts`;
  return text;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function where(tool: { file?: string; line?: number }): string {
  return tool.file === undefined ? "" : `${tool.file}:${tool.line}`;
}

function fieldsText(tool: ToolEntry): string {
  return tool.fields.length === 0 ? "no input" : tool.fields.map((field) => `${field.path}: ${field.type}`).join(", ");
}

function textOf(view: View): string {
  const { report } = view;
  const lines = [view.heading, "", summaryText(report.summary)];
  if (report.tools.length > 0) {
    lines.push("", "Tools");
    for (const tool of report.tools) {
      lines.push(`  ${[tool.name, where(tool), hintsText(tool.annotations), tool.findingCount > 0 ? count(tool.findingCount, "finding") : ""].filter(Boolean).join("  ")}`);
      lines.push(`    input: ${fieldsText(tool)}`);
    }
  }
  if (view.unread && view.unread.length > 0) {
    lines.push("", `Not read (${view.unread.length})`);
    for (const entry of view.unread) lines.push(`  ${entry.tool}  ${entry.file}:${entry.line}`, `    ${entry.reason}`);
  }
  if (report.findings.length > 0) {
    lines.push("", `Findings (${report.findings.length})`);
    for (const finding of report.findings) {
      const at = finding.file === undefined ? "" : `${finding.file}:${finding.line}:${finding.column}  `;
      lines.push(`  ${at}${finding.tool ?? "(no tool)"}${finding.path ? ` › ${finding.path}` : ""}  ${finding.rule}`, `    ${finding.message}`);
    }
  } else {
    lines.push("", "No findings.");
  }
  if (view.coverage) {
    lines.push("", "Coverage of the static analysis");
    lines.push(`  published, not found in the source: ${view.coverage.publishedNotInSource.join(", ") || "none"}`);
    lines.push(`  found in the source, not published: ${view.coverage.inSourceNotPublished.join(", ") || "none"}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Markdown table cell: no line breaks, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");
}

function code(text: string): string {
  return text === "" ? "" : `\`${text.replace(/`/g, "'")}\``;
}

function markdownOf(view: View): string {
  const { report } = view;
  const { summary } = report;
  const lines = [`### ${cell(view.heading)}`, ""];
  lines.push("| tools | read-only | destructive | additive writes | open-world | no hints |", "| ---: | ---: | ---: | ---: | ---: | ---: |");
  lines.push(`| ${summary.toolCount} | ${summary.readOnlyToolCount} | ${summary.destructiveToolCount} | ${summary.additiveWriteToolCount} | ${summary.openWorldToolCount} | ${summary.unannotatedToolCount} |`, "");
  lines.push("Tools with no hints are counted with the specification's defaults: destructive and open-world.");
  if (summary.annotationsUnknownToolCount > 0) lines.push(`${count(summary.annotationsUnknownToolCount, "tool")} have annotations the analysis could not read, and are in none of the counts.`);
  if (report.tools.length > 0) {
    const located = report.tools.some((tool) => tool.file !== undefined);
    lines.push("", `| tool |${located ? " where |" : ""} hints | input | findings |`, `| --- |${located ? " --- |" : ""} --- | --- | ---: |`);
    for (const tool of report.tools) {
      lines.push(`| ${code(cell(tool.name))} |${located ? ` ${cell(where(tool))} |` : ""} ${cell(hintsText(tool.annotations))} | ${cell(fieldsText(tool))} | ${tool.findingCount} |`);
    }
  }
  if (view.unread && view.unread.length > 0) {
    lines.push("", `**Not read (${view.unread.length}):** the analysis could not see all of these tools.`, "");
    for (const entry of view.unread) lines.push(`- ${code(cell(entry.tool))} at ${cell(`${entry.file}:${entry.line}`)}: ${cell(entry.reason)}`);
  }
  lines.push("");
  if (report.findings.length === 0) {
    lines.push("No findings.");
  } else {
    const located = report.findings.some((finding) => finding.file !== undefined);
    lines.push(`**Findings (${report.findings.length})**`, "", `| tool | field |${located ? " where |" : ""} rule | message |`, `| --- | --- |${located ? " --- |" : ""} --- | --- |`);
    for (const finding of report.findings) {
      const at = finding.file === undefined ? "" : `${finding.file}:${finding.line}`;
      lines.push(`| ${code(cell(finding.tool ?? ""))} | ${code(cell(finding.path))} |${located ? ` ${cell(at)} |` : ""} ${code(finding.rule)} | ${cell(finding.message)} |`);
    }
  }
  if (view.coverage) {
    lines.push("", "**Coverage of the static analysis**", "");
    lines.push(`- published, not found in the source: ${view.coverage.publishedNotInSource.map(code).join(", ") || "none"}`);
    lines.push(`- found in the source, not published: ${view.coverage.inSourceNotPublished.map(code).join(", ") || "none"}`);
  }
  return `${lines.join("\n")}\n`;
}
