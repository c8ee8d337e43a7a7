import type { AnyRuleDefinition } from "../core/rule.js";
import { ruleDefinitions } from "../rules.js";

/** The rules of the plugin's `recommended` config, or of `strict` (which adds require-number-bounds), with their default options. */
export function selectRules(strict: boolean): AnyRuleDefinition[] {
  return ruleDefinitions.filter((rule) => rule.meta.config === "recommended" || (strict && rule.meta.config === "strict"));
}
