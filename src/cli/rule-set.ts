import type { AnyRuleDefinition } from "../core/rule.js";
import { ruleDefinitions } from "../rules.js";

/** A rule with the options it runs with. */
export interface RuleRun {
  definition: AnyRuleDefinition;
  options: Record<string, unknown>;
}

/** The rules of the plugin's `recommended` config, or of `strict` (which adds require-number-bounds), with their default options. */
export function selectRules(strict: boolean): RuleRun[] {
  return ruleDefinitions
    .filter((rule) => rule.meta.config === "recommended" || (strict && rule.meta.config === "strict"))
    .map((definition) => ({ definition, options: definition.meta.defaultOptions as Record<string, unknown> }));
}
