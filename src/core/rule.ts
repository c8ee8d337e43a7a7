import type * as ts from "typescript";
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";
import type { FileFacts } from "./facts.js";
import type { Edit } from "./schema/model.js";
import { getOrCreate } from "./memo.js";
import { SharedFindings } from "./shared-findings.js";

/** The smallest shared config that turns a rule on; `all` turns on every rule, so an `all` rule is in no other config. */
export type ConfigName = "recommended" | "strict" | "all";

/**
 * How code scanning ranks a rule's findings (the SARIF formatter writes it; docs/ci.md gives the
 * reason for each rule's choice).
 */
export interface SecurityRanking {
  /** CWE ids that describe the weakness, most specific first; empty when none fits. */
  cwe: readonly number[];
  /** GitHub's `security-severity`, a CVSS-like score from 0.1 to 10 (9+ critical, 7+ high, 4+ medium, else low). */
  severity: number;
}

export interface Suggestion<MessageIds extends string> {
  messageId: MessageIds;
  data?: Record<string, string | number>;
  edits: Edit[];
}

export interface Finding<MessageIds extends string> {
  messageId: MessageIds;
  data: Record<string, string | number>;
  /** The syntax to underline. */
  node: ts.Node;
  /** Applied automatically only when behaviour is unchanged. */
  fix?: Edit[];
  /** The underlined range, filled in by runRule. */
  range?: { start: number; end: number };
  suggestions?: Suggestion<MessageIds>[];
}

export type Report<MessageIds extends string> = (finding: Finding<MessageIds>) => void;

/**
 * A rule, written once and run by every front end (ESLint, the tsserver plugin). It holds its
 * metadata and a pure `check` over a file's facts; no front end adds logic of its own.
 */
export interface RuleDefinition<Options extends Record<string, unknown>, MessageIds extends string> {
  name: string;
  meta: {
    description: string;
    /** The smallest shared config that turns this rule on. */
    config: ConfigName;
    /** Absent for a rule whose findings are no weakness (no-unanalyzed-tool): code scanning shows them as plain problems. */
    security?: SecurityRanking;
    messages: Record<MessageIds, string>;
    /** JSON Schema of the single options object. */
    optionsSchema: JSONSchema4 & { type: "object" };
    defaultOptions: Options;
    hasSuggestions: boolean;
  };
  check(facts: FileFacts, options: Options, report: Report<MessageIds>): void;
}

export function defineRule<Options extends Record<string, unknown>, MessageIds extends string>(
  rule: RuleDefinition<Options, MessageIds>,
): RuleDefinition<Options, MessageIds> {
  return rule;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of rules with their own option and message types
export type AnyRuleDefinition = RuleDefinition<any, string>;

/** A report's range in the file. */
export function findingRange(finding: Finding<string>): { start: number; end: number } {
  return finding.range ?? { start: finding.node.getStart(), end: finding.node.getEnd() };
}

/**
 * Runs a rule over the facts that concern one file (its own, and under typed analysis those of files
 * whose tools reach into it) and keeps the findings written in that file, once each.
 */
export function runRuleInFile<Options extends Record<string, unknown>, MessageIds extends string>(
  rule: RuleDefinition<Options, MessageIds>,
  factsList: readonly FileFacts[],
  options: Options,
  sourceFile: ts.SourceFile,
): Finding<MessageIds>[] {
  const [own] = factsList;
  if (factsList.length === 1 && own && !own.resolver.typeChecker) return runRule(rule, own, options);
  // Typed facts reach into other files, whose offsets can coincide with this file's: keep this file's only.
  const shared = new SharedFindings<MessageIds>(rule.meta.messages);
  const ruleKey = `${rule.name}\0${JSON.stringify(options)}`;
  for (const [index, facts] of factsList.entries()) {
    // The file's own facts are run here only; kept, every file's findings would stay alive with the program.
    for (const { finding, file } of index === 0 ? allFindings(rule, facts, options) : typedFindings(rule, facts, options, ruleKey)) {
      if (file === sourceFile) shared.add(finding);
    }
  }
  return shared.findings();
}

/** A finding with the file it is written in: typed facts report in several files. */
interface PlacedFinding<MessageIds extends string> {
  finding: Finding<MessageIds>;
  file: ts.SourceFile;
}

/**
 * Typed: per facts of another file, rule and options, every finding with the file it is written in. An entry
 * file's facts reach most files of a server, so a rule run once per linted file over them would redo the same work.
 */
const findingsByFacts = new WeakMap<FileFacts, Map<string, readonly PlacedFinding<string>[]>>();

function typedFindings<Options extends Record<string, unknown>, MessageIds extends string>(
  rule: RuleDefinition<Options, MessageIds>,
  facts: FileFacts,
  options: Options,
  /** The rule's name and options. */
  ruleKey: string,
): readonly PlacedFinding<MessageIds>[] {
  const byRule = getOrCreate(findingsByFacts, facts, () => new Map());
  const found = getOrCreate(byRule, ruleKey, () => allFindings(rule, facts, options));
  return found as readonly PlacedFinding<MessageIds>[];
}

function allFindings<Options extends Record<string, unknown>, MessageIds extends string>(
  rule: RuleDefinition<Options, MessageIds>,
  facts: FileFacts,
  options: Options,
): PlacedFinding<MessageIds>[] {
  const all: PlacedFinding<MessageIds>[] = [];
  rule.check(facts, options, (finding) => {
    finding.range = findingRange(finding);
    all.push({ finding, file: finding.node.getSourceFile() });
  });
  return all;
}

/** Runs a rule; a schema shared by several tools is reported once, where it is written, naming how many tools share it. */
export function runRule<Options extends Record<string, unknown>, MessageIds extends string>(
  rule: RuleDefinition<Options, MessageIds>,
  facts: FileFacts,
  options: Options,
): Finding<MessageIds>[] {
  const shared = new SharedFindings<MessageIds>(rule.meta.messages);
  rule.check(facts, options, (finding) => {
    // Each report hands over a fresh object, so it is completed in place rather than copied.
    finding.range = findingRange(finding);
    shared.add(finding);
  });
  return shared.findings();
}
