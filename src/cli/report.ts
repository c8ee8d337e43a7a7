/**
 * The report every command builds: tools with their annotations and input fields, the rules' findings
 * placed on tools and fields, and the summary counts. Built from the engine's facts, whether they come
 * from source files (inventory) or from what a server published (audit).
 */
import type * as ts from "typescript";
import { readAnnotations } from "../core/handler/annotations.js";
import type { FileFacts } from "../core/facts.js";
import { displayName, type ToolRegistration } from "../core/registrations/model.js";
import { findProperty, propertyValue } from "../core/ts-utils.js";
import { placedFindings } from "./findings.js";
import type { RuleRun } from "./rule-set.js";
import { summarize, toolAnnotations, type StatedHints, type SurfaceSummary, type ToolAnnotations } from "./hints.js";
import { canonicalSchema, inputFields, sha256, stableStringify, type InputField } from "./schema-summary.js";

export interface ToolEntry {
  name: string;
  /** False when the name is computed and `name` is a stand-in. */
  nameKnown: boolean;
  /** Where it is registered (inventory only), relative to the working directory. */
  file?: string;
  line?: number;
  framework?: string;
  /** As written or published; undefined when there is none or it could not be read. */
  description: string | undefined;
  annotations: ToolAnnotations;
  fields: InputField[];
  findingCount: number;
  /** What the surface file hashes; not printed. */
  contract: ToolContract;
}

export interface ToolContract {
  description: string | null;
  /** A hash of the input schema: of the published JSON (audit) or of the engine's model (inventory). */
  inputHash: string;
  stated: StatedHints | null;
}

export interface ReportFinding {
  /** The tool's name; undefined for a finding that belongs to no tool (a client transport, a shared helper). */
  tool: string | undefined;
  rule: string;
  path: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

export interface Report {
  summary: SurfaceSummary;
  tools: ToolEntry[];
  findings: ReportFinding[];
}

export interface BuildOptions {
  rules: readonly RuleRun[];
  /** The relative path of a file, or undefined to leave locations out (a published tool has none). */
  fileName?: (sourceFile: ts.SourceFile) => string;
  /** Replaces the model's hash of a tool's input (an audit hashes the published JSON). */
  inputHash?: (registration: ToolRegistration) => string | undefined;
}

/** Tools and findings of one file's facts. */
export function reportOfFacts(facts: FileFacts, options: BuildOptions): { tools: ToolEntry[]; findings: ReportFinding[]; registrations: ToolRegistration[] } {
  const { fileName } = options;
  const located = (sourceFile: ts.SourceFile, start: number): Pick<ReportFinding, "file" | "line" | "column"> => {
    if (!fileName) return {};
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(start);
    return { file: fileName(sourceFile), line: line + 1, column: character + 1 };
  };
  const findings: ReportFinding[] = [];
  const countByRegistration = new Map<ToolRegistration, number>();
  for (const finding of placedFindings(facts, options.rules)) {
    const base = { rule: finding.rule, path: finding.path, message: finding.message, ...located(finding.sourceFile, finding.start) };
    if (finding.registrations.length === 0) findings.push({ tool: undefined, ...base });
    for (const registration of finding.registrations) {
      findings.push({ tool: displayName(registration), ...base });
      countByRegistration.set(registration, (countByRegistration.get(registration) ?? 0) + 1);
    }
  }
  const tools = facts.registrations.map((registration): ToolEntry => {
    const occurrences = facts.inputs.filter((occurrence) => occurrence.registration === registration);
    const stated = statedHints(facts, registration);
    const description = readDescription(facts, registration);
    const root = occurrences.find((occurrence) => occurrence.path === "")?.schema;
    const start = registration.node.getStart();
    return {
      name: displayName(registration),
      nameKnown: registration.toolName !== undefined,
      ...(fileName ? { file: fileName(registration.node.getSourceFile()), line: registration.node.getSourceFile().getLineAndCharacterOfPosition(start).line + 1, framework: registration.framework } : {}),
      description,
      annotations: toolAnnotations(stated),
      fields: inputFields(occurrences),
      findingCount: countByRegistration.get(registration) ?? 0,
      contract: {
        description: description ?? null,
        inputHash: options.inputHash?.(registration) ?? sha256(stableStringify(canonicalSchema(root))),
        stated: stated ?? null,
      },
    };
  });
  return { tools, findings, registrations: facts.registrations };
}

export function finishReport(tools: ToolEntry[], findings: ReportFinding[]): Report {
  const byName = (a: { name: string; file?: string; line?: number }, b: typeof a): number =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : (a.file ?? "") < (b.file ?? "") ? -1 : (a.file ?? "") > (b.file ?? "") ? 1 : (a.line ?? 0) - (b.line ?? 0);
  const sortedFindings = [...findings].sort(
    (a, b) => byName({ name: a.tool ?? "", file: a.file, line: a.line }, { name: b.tool ?? "", file: b.file, line: b.line }) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0),
  );
  return { summary: summarize(tools), tools: [...tools].sort(byName), findings: sortedFindings };
}

/** The stated hints, or undefined when the annotations are written where the analysis cannot read them. */
function statedHints(facts: FileFacts, registration: ToolRegistration): StatedHints | undefined {
  const view = readAnnotations(facts.ts, facts.resolver, registration);
  if (view.kind === "missing") return {};
  if (view.kind === "opaque") return undefined;
  const stated: StatedHints = {};
  for (const [hint, { value }] of view.hints) {
    // A hint computed at run time (`readOnlyHint: isReadOnly`) is not known here.
    if (value === undefined) return undefined;
    stated[hint] = value;
  }
  return stated;
}

/** The tool's description when it is a string written in place or in a constant: `description` of its options, or `server.tool(name, "…", …)`. */
export function readDescription(facts: FileFacts, registration: ToolRegistration): string | undefined {
  const t = facts.ts;
  let expression: ts.Expression | undefined;
  const property = registration.options && findProperty(t, registration.options, "description");
  if (property) expression = propertyValue(t, property);
  else if (registration.api === "tool" && t.isCallExpression(registration.node) && registration.node.arguments.length > 2) expression = registration.node.arguments[1];
  if (!expression) return undefined;
  const value = facts.resolver.followConsts(expression);
  return t.isStringLiteralLike(value) ? value.text : undefined;
}
