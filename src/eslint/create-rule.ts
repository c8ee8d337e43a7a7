import ts from "typescript";
import type { TSESLint } from "@typescript-eslint/utils";
import { forgetUntypedFacts, mayHaveTools } from "../core/facts.js";
import { factsForFile } from "../core/program-index.js";
import { findingRange, runRuleInFile, type RuleDefinition, type SecurityRanking } from "../core/rule.js";
import { readSettings, type GuardSettings } from "../core/settings.js";
import { forgetSourceFile, sourceFileFor } from "./source-file.js";
import { reportEngineError } from "./engine-errors.js";
import { assertValidSettings } from "./settings-error.js";
import { installedZodMajor } from "./zod-version.js";

export interface McpGuardDocs {
  description: string;
  recommended?: boolean;
  requiresTypeChecking?: boolean;
  /** Read by formatters/sarif.js from ESLint's rulesMeta, so that code scanning ranks the findings. */
  security?: SecurityRanking;
}

export const REPOSITORY_URL = "https://github.com/mcp-guard/eslint-plugin-mcp-guard";

/** The last file's text test (not a WeakMap keyed by the SourceCode, for the reason in facts.ts). */
let lastTextTest: { sourceCode: object; settings: GuardSettings; answer: boolean } | undefined;

/** The text test, once per file rather than once per rule: most files of a project name no framework and are read whole. */
function mayHaveToolsOnce(sourceCode: { text: string }, filename: string, settings: GuardSettings): boolean {
  if (lastTextTest?.sourceCode === sourceCode && lastTextTest.settings === settings) return lastTextTest.answer;
  const answer = mayHaveTools(sourceCode.text, filename, settings);
  lastTextTest = { sourceCode, settings, answer };
  return answer;
}

/**
 * The file whose rules are running, with how many of them have yet to run. ESLint creates all of a file's
 * rules before it runs any, so when the count reaches zero the file's caches are dropped: kept, they would
 * hold its trees through the next file's parse, and a young-generation collection there would promote them.
 * (ESLint 9 and 10 keep each file's trees until a full collection anyway, through the prototype chain of
 * its rule contexts; this is what the plugin adds when they do not.)
 */
let running: { sourceCode: object; rules: number } | undefined;

function ruleCreated(sourceCode: object): void {
  if (running?.sourceCode !== sourceCode) running = { sourceCode, rules: 0 };
  running.rules++;
}

function ruleFinished(sourceCode: object): void {
  if (running?.sourceCode !== sourceCode || --running.rules > 0) return;
  running = undefined;
  if (lastTextTest?.sourceCode === sourceCode) lastTextTest = undefined;
  forgetSourceFile(sourceCode);
  // The untyped facts held are this file's, or an earlier file's when this one has no tools: stale either way.
  forgetUntypedFacts();
}

export function docsUrl(ruleName: string): string {
  return `${REPOSITORY_URL}/blob/main/docs/rules/${ruleName}.md`;
}

/**
 * Generates the ESLint rule for a rule definition: options, messages and reports; no logic of its own.
 * Written out rather than made with typescript-eslint's RuleCreator, whose per-file `structuredClone`
 * of the default options was a measurable share of the plugin's own cost over a large run.
 */
export function toEslintRule<Options extends Record<string, unknown>, MessageIds extends string>(
  definition: RuleDefinition<Options, MessageIds>,
): TSESLint.RuleModule<MessageIds, [Options], McpGuardDocs> & { name: string } {
  const defaults = definition.meta.defaultOptions;
  return {
    name: definition.name,
    meta: {
      type: "problem",
      docs: { description: definition.meta.description, recommended: definition.meta.config === "recommended", requiresTypeChecking: false, url: docsUrl(definition.name), ...(definition.meta.security ? { security: definition.meta.security } : {}) },
      hasSuggestions: definition.meta.hasSuggestions || undefined,
      messages: definition.meta.messages,
      schema: [definition.meta.optionsSchema],
      defaultOptions: [defaults],
    },
    defaultOptions: [defaults],
    create(context) {
      // Bad settings are a configuration error, thrown before anything runs (not an engine error, never swallowed).
      assertValidSettings(context.settings["mcp-guard"]);
      // Every option is a scalar or a list that replaces the default whole, so a shallow merge is the complete one.
      const options: Options = { ...defaults, ...context.options[0] };
      const check = (sourceCode: typeof context.sourceCode): void => {
        const rawSettings = context.settings["mcp-guard"];
        // Skip parsing a second time when the file cannot contain a registration.
        if (!sourceCode.parserServices?.program && !mayHaveToolsOnce(sourceCode, context.filename, readSettings(rawSettings))) return;
        let findings;
        try {
          const target = sourceFileFor(context);
          const settings = readSettings(rawSettings, installedZodMajor(context.filename));
          const factsList = factsForFile(ts, target.sourceFile, target.checker, target.program, settings);
          findings = runRuleInFile(definition, factsList, options, target.sourceFile);
        } catch (error) {
          reportEngineError(definition.name, context.filename, error);
          return;
        }
        const toFix = (edits: { start: number; end: number; text: string }[]) => (fixer: TSESLint.RuleFixer) =>
          edits.map((edit) => fixer.replaceTextRange([edit.start, edit.end], edit.text));
        for (const finding of findings) {
          const range = findingRange(finding);
          context.report({
            loc: { start: sourceCode.getLocFromIndex(range.start), end: sourceCode.getLocFromIndex(range.end) },
            messageId: finding.messageId,
            data: finding.data,
            fix: finding.fix ? toFix(finding.fix) : undefined,
            suggest: finding.suggestions?.map((suggestion) => ({ messageId: suggestion.messageId, data: suggestion.data, fix: toFix(suggestion.edits) })),
          });
        }
      };
      ruleCreated(context.sourceCode);
      return {
        Program() {
          const sourceCode = context.sourceCode;
          try {
            check(sourceCode);
          } finally {
            ruleFinished(sourceCode);
          }
        },
      };
    },
  };
}
