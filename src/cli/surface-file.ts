/**
 * The tool-surface contract: a committed file with the summary counts and, per tool, its effective
 * hints, its input as the rules read it, and hashes of its normalised name, description, input schema
 * and annotations. The same tools give the same bytes on every machine: keys sorted, no absolute
 * paths, no line numbers, no dates.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { CliError } from "./errors.js";
import type { EffectiveHints, SurfaceSummary } from "./hints.js";
import { systemMessage } from "./project-files.js";
import type { Report } from "./report.js";
import { sha256, stableStringify } from "./schema-summary.js";

export const SURFACE_VERSION = 1;
export const DEFAULT_SURFACE_FILE = "mcp-surface.json";

export type SurfaceSource = "inventory" | "audit";

export interface SurfaceTool {
  name: string;
  /** Where the tool is registered (inventory), for the reader; not compared. */
  file?: string;
  hints: EffectiveHints | null;
  input: string[];
  descriptionHash: string;
  inputHash: string;
  annotationsHash: string;
  /** Of the name and the three hashes above. */
  hash: string;
}

export interface SurfaceFile {
  mcpGuardSurface: number;
  source: SurfaceSource;
  summary: SurfaceSummary;
  tools: SurfaceTool[];
}

function normalisedDescription(description: string | null): string | null {
  return description === null ? null : description.replace(/\r\n?/g, "\n").trim();
}

export function surfaceOf(report: Report, source: SurfaceSource): SurfaceFile {
  const seen = new Map<string, number>();
  const tools = report.tools.map((tool): SurfaceTool => {
    // Two tools of one name (an error the server would also make) stay apart by their order.
    const times = (seen.get(tool.name) ?? 0) + 1;
    seen.set(tool.name, times);
    const name = times === 1 ? tool.name : `${tool.name}#${times}`;
    const descriptionHash = sha256(stableStringify(normalisedDescription(tool.contract.description)));
    const annotationsHash = sha256(stableStringify(tool.contract.stated));
    const { inputHash } = tool.contract;
    return {
      name,
      ...(tool.file === undefined ? {} : { file: tool.file }),
      hints: tool.annotations.effective ?? null,
      input: tool.fields.map((field) => `${field.path}: ${field.type}`),
      descriptionHash,
      inputHash,
      annotationsHash,
      hash: sha256(stableStringify({ name: tool.name, descriptionHash, inputHash, annotationsHash })),
    };
  });
  return { mcpGuardSurface: SURFACE_VERSION, source, summary: report.summary, tools };
}

/** The file's text: sorted keys, two-space indentation, a final newline. */
export function surfaceText(surface: SurfaceFile): string {
  return `${JSON.stringify(JSON.parse(stableStringify(surface)), null, 2)}\n`;
}

export function writeSurface(path: string, shown: string, surface: SurfaceFile): void {
  try {
    writeFileSync(path, surfaceText(surface));
  } catch (error) {
    throw new CliError(`cannot write ${shown}: ${systemMessage(error)}.`);
  }
}

export function readSurface(path: string, shown: string): SurfaceFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") {
      throw new CliError(`no surface file at ${shown}. Write it with \`mcp-guard surface --write ${shown}\` (or \`mcp-guard audit --surface ${shown} --write -- …\`) and commit it.`);
    }
    throw new CliError(`cannot read ${shown}: ${systemMessage(error)}.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${shown} is not valid JSON (${error instanceof Error ? error.message : String(error)}). Restore it from version control, or write it again with --write.`);
  }
  const problem = shapeProblem(parsed);
  if (problem) throw new CliError(`${shown} is not a surface file mcp-guard can read: ${problem}. Restore it from version control, or write it again with --write.`);
  return parsed as SurfaceFile;
}

function shapeProblem(value: unknown): string | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return "it is not a JSON object";
  const file = value as Partial<Record<keyof SurfaceFile, unknown>>;
  if (file.mcpGuardSurface !== SURFACE_VERSION) return `"mcpGuardSurface" is ${JSON.stringify(file.mcpGuardSurface) ?? "missing"}, not ${SURFACE_VERSION}`;
  if (file.source !== "inventory" && file.source !== "audit") return `"source" is neither "inventory" nor "audit"`;
  if (!file.summary || typeof file.summary !== "object") return `"summary" is missing`;
  if (!Array.isArray(file.tools)) return `"tools" is not a list`;
  for (const [index, tool] of file.tools.entries()) {
    const entry = tool as Partial<Record<keyof SurfaceTool, unknown>> | null;
    if (!entry || typeof entry !== "object") return `tools[${index}] is not an object`;
    if (typeof entry.name !== "string") return `tools[${index}] has no name`;
    for (const key of ["descriptionHash", "inputHash", "annotationsHash", "hash"] as const) if (typeof entry[key] !== "string") return `tool "${entry.name}" has no ${key}`;
    if (!Array.isArray(entry.input) || !entry.input.every((line) => typeof line === "string")) return `tool "${entry.name}" has no input list`;
    if (entry.hints !== null && (typeof entry.hints !== "object" || entry.hints === undefined)) return `tool "${entry.name}" has no hints`;
  }
  return undefined;
}

const HINT_LABELS: Record<keyof EffectiveHints, string> = { readOnly: "read-only", destructive: "destructive", idempotent: "idempotent", openWorld: "open-world" };
const SUMMARY_LABELS: Record<keyof SurfaceSummary, string> = {
  toolCount: "tools",
  readOnlyToolCount: "read-only",
  destructiveToolCount: "destructive",
  openWorldToolCount: "open-world",
  unannotatedToolCount: "with no hints",
  additiveWriteToolCount: "additive writes",
  annotationsUnknownToolCount: "annotations not read",
};

/** The differences between the committed surface and the current one, as lines for a reviewer; empty when they agree. */
export function diffSurfaces(committed: SurfaceFile, current: SurfaceFile): string[] {
  const lines: string[] = [];
  // An inventory hashes the engine's model of a schema, an audit the published JSON: those hashes differ by nature.
  const compareInputHashes = committed.source === current.source;
  if (!compareInputHashes) lines.push(`note: the file was written from ${committed.source === "audit" ? "an audit" : "the inventory"} and is checked against ${current.source === "audit" ? "an audit" : "the inventory"}; input schemas are compared field by field, not by hash.`);
  const before = new Map(committed.tools.map((tool) => [tool.name, tool]));
  const after = new Map(current.tools.map((tool) => [tool.name, tool]));
  for (const [name, tool] of after) {
    if (!before.has(name)) lines.push(`+ tool ${JSON.stringify(name)} appeared (${hintsLabel(tool.hints)})`, ...tool.input.map((line) => `    + ${line}`));
  }
  for (const name of before.keys()) if (!after.has(name)) lines.push(`- tool ${JSON.stringify(name)} disappeared`);
  for (const [name, now] of after) {
    const then = before.get(name);
    if (!then) continue;
    const changes: string[] = [];
    for (const hint of Object.keys(HINT_LABELS) as (keyof EffectiveHints)[]) {
      const was = then.hints?.[hint];
      const is = now.hints?.[hint];
      if (was !== is) changes.push(`  ${HINT_LABELS[hint]}: ${String(was ?? "unknown")} → ${String(is ?? "unknown")}`);
    }
    if (then.annotationsHash !== now.annotationsHash && changes.length === 0) changes.push("  annotations changed (the same effective hints)");
    if (then.descriptionHash !== now.descriptionHash) changes.push("  description changed");
    const removed = then.input.filter((line) => !now.input.includes(line));
    const added = now.input.filter((line) => !then.input.includes(line));
    if (removed.length > 0 || added.length > 0) {
      changes.push("  input changed:", ...removed.map((line) => `    - ${line}`), ...added.map((line) => `    + ${line}`));
    } else if (compareInputHashes && then.inputHash !== now.inputHash) {
      changes.push("  input schema changed, though its fields read the same (a description, a default, a keyword the rules do not judge)");
    }
    if (changes.length > 0) lines.push(`~ tool ${JSON.stringify(name)} changed`, ...changes);
  }
  const summaryChanges = (Object.keys(SUMMARY_LABELS) as (keyof SurfaceSummary)[])
    .filter((key) => committed.summary[key] !== current.summary[key])
    .map((key) => `${SUMMARY_LABELS[key]} ${committed.summary[key] ?? 0} → ${current.summary[key]}`);
  if (summaryChanges.length > 0) lines.push(`summary: ${summaryChanges.join(", ")}`);
  const changed = lines.some((line) => !line.startsWith("note:"));
  return changed ? lines : [];
}

function hintsLabel(hints: EffectiveHints | null): string {
  if (!hints) return "annotations not read";
  const kind = hints.readOnly ? "read-only" : hints.destructive ? "destructive" : "additive write";
  return `${kind}, ${hints.openWorld ? "open-world" : "closed-world"}`;
}
