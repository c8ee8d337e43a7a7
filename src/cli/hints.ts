/**
 * A tool's annotations as clients read them: the hints the server states, and what each one is once the
 * MCP specification's defaults fill in the rest (DESIGN.md section 9).
 */
import { HINT_NAMES, SPEC_DEFAULTS, type HintName } from "../core/handler/annotations.js";

/** The hints a tool states, each a boolean. */
export type StatedHints = Partial<Record<HintName, boolean>>;

/** What a client assumes of a tool once the specification's defaults apply. */
export interface EffectiveHints {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  openWorld: boolean;
}

export interface ToolAnnotations {
  /** The hints as stated, or undefined when the analysis could not read them (then nothing below is known). */
  stated: StatedHints | undefined;
  effective: EffectiveHints | undefined;
  /** No hint at all (no annotations, or a title only): every effective hint is then the specification's default. */
  unannotated: boolean;
}

export function toolAnnotations(stated: StatedHints | undefined): ToolAnnotations {
  if (!stated) return { stated: undefined, effective: undefined, unannotated: false };
  return { stated, effective: effectiveHints(stated), unannotated: HINT_NAMES.every((hint) => stated[hint] === undefined) };
}

/**
 * Read-only is `readOnlyHint === true`; destructive is not read-only and `destructiveHint !== false`;
 * open-world is `openWorldHint !== false`. Counting `destructiveHint === true` instead would report an
 * unannotated server as harmless.
 */
export function effectiveHints(stated: StatedHints): EffectiveHints {
  const value = (hint: HintName): boolean => stated[hint] ?? SPEC_DEFAULTS[hint];
  const readOnly = value("readOnlyHint");
  return {
    readOnly,
    destructive: !readOnly && value("destructiveHint"),
    // The specification gives idempotentHint a meaning only for tools that write.
    idempotent: !readOnly && value("idempotentHint"),
    openWorld: value("openWorldHint"),
  };
}

/** The counts every report and surface file carries, in this order. */
export interface SurfaceSummary {
  toolCount: number;
  readOnlyToolCount: number;
  destructiveToolCount: number;
  openWorldToolCount: number;
  /** Tools with no hint at all; the counts above include them with the specification's defaults. */
  unannotatedToolCount: number;
  /** Writes that state they destroy nothing: not read-only, `destructiveHint: false`. */
  additiveWriteToolCount: number;
  /** Tools whose annotations the static analysis could not read; they are in none of the hint counts. Always 0 in an audit. */
  annotationsUnknownToolCount: number;
}

export function summarize(tools: readonly { annotations: ToolAnnotations }[]): SurfaceSummary {
  const summary: SurfaceSummary = {
    toolCount: tools.length,
    readOnlyToolCount: 0,
    destructiveToolCount: 0,
    openWorldToolCount: 0,
    unannotatedToolCount: 0,
    additiveWriteToolCount: 0,
    annotationsUnknownToolCount: 0,
  };
  for (const { annotations } of tools) {
    const effective = annotations.effective;
    if (!effective) {
      summary.annotationsUnknownToolCount++;
      continue;
    }
    if (effective.readOnly) summary.readOnlyToolCount++;
    if (effective.destructive) summary.destructiveToolCount++;
    if (effective.openWorld) summary.openWorldToolCount++;
    if (annotations.unannotated) summary.unannotatedToolCount++;
    if (!effective.readOnly && !effective.destructive) summary.additiveWriteToolCount++;
  }
  return summary;
}

/** `read-only, closed-world`, `destructive, open-world (defaults: no hints)`. */
export function hintsText(annotations: ToolAnnotations): string {
  const effective = annotations.effective;
  if (!effective) return "annotations not read";
  const kind = effective.readOnly ? "read-only" : effective.destructive ? "destructive" : "additive write";
  const parts = [kind];
  if (!effective.readOnly && effective.idempotent) parts.push("idempotent");
  parts.push(effective.openWorld ? "open-world" : "closed-world");
  return annotations.unannotated ? `${parts.join(", ")} (no hints: the specification's defaults)` : parts.join(", ");
}

/** Reads the stated hints of a published `annotations` value; anything but booleans is left out. */
export function statedHintsOf(annotations: unknown): StatedHints {
  const stated: StatedHints = {};
  if (!annotations || typeof annotations !== "object") return stated;
  for (const hint of HINT_NAMES) {
    const value = (annotations as Record<string, unknown>)[hint];
    if (typeof value === "boolean") stated[hint] = value;
  }
  return stated;
}
