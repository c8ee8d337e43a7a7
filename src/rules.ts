import type { AnyRuleDefinition } from "./core/rule.js";
import noActionDispatch from "../rules/no-action-dispatch.js";
import noEnvPassthrough from "../rules/no-env-passthrough.js";
import noIdentityInArgs from "../rules/no-identity-in-args.js";
import noRawErrorInResult from "../rules/no-raw-error-in-result.js";
import requireToolAnnotations from "../rules/require-tool-annotations.js";
import requireValidatedArgs from "../rules/require-validated-args.js";
import noUnconstrainedInput from "../rules/no-unconstrained-input.js";
import requireArrayBounds from "../rules/require-array-bounds.js";
import requireNumberBounds from "../rules/require-number-bounds.js";
import requireStrictObjects from "../rules/require-strict-objects.js";
import requireStringBounds from "../rules/require-string-bounds.js";
import noUnanalyzedTool from "../rules/no-unanalyzed-tool.js";

/** Every rule, in the order the docs list them. Front ends generate their rules from this list. */
export const ruleDefinitions: readonly AnyRuleDefinition[] = [
  requireStrictObjects,
  noUnconstrainedInput,
  requireStringBounds,
  requireArrayBounds,
  requireNumberBounds,
  noActionDispatch,
  noIdentityInArgs,
  noRawErrorInResult,
  requireToolAnnotations,
  requireValidatedArgs,
  noEnvPassthrough,
  noUnanalyzedTool,
];
