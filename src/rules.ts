import type { AnyRuleDefinition } from "./core/rule.js";
import noActionDispatch from "../rules/no-action-dispatch.js";
import noUnconstrainedInput from "../rules/no-unconstrained-input.js";
import requireArrayBounds from "../rules/require-array-bounds.js";
import requireNumberBounds from "../rules/require-number-bounds.js";
import requireStrictObjects from "../rules/require-strict-objects.js";
import requireStringBounds from "../rules/require-string-bounds.js";

/** Every rule, in the order the docs list them. Front ends generate their rules from this list. */
export const ruleDefinitions: readonly AnyRuleDefinition[] = [
  requireStrictObjects,
  noUnconstrainedInput,
  requireStringBounds,
  requireArrayBounds,
  requireNumberBounds,
  noActionDispatch,
];
