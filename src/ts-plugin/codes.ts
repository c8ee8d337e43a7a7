/**
 * Diagnostic codes of the tsserver plugin: one per rule, stable across releases, so that editors can
 * filter on them and `getCodeFixes` can name them. Documented in docs/editor.md.
 *
 * Codes are assigned here, by name, never derived from the order of the rule list. A rule that is not
 * listed yet still gets a code (see `codeForRule`), but add it here, with the next free number, when
 * the rule lands. Never reuse or renumber a code.
 */
export const RULE_CODES: Readonly<Record<string, number>> = {
  "require-strict-objects": 951001,
  "no-unconstrained-input": 951002,
  "require-string-bounds": 951003,
  "require-array-bounds": 951004,
  "require-number-bounds": 951005,
  "no-action-dispatch": 951006,
  "no-identity-in-args": 951007,
  "no-raw-error-in-result": 951008,
  "require-tool-annotations": 951009,
  "require-validated-args": 951010,
  "no-env-passthrough": 951011,
  "no-unanalyzed-tool": 951012,
};

/** Codes for rules missing from RULE_CODES: 951900-951999, derived from the name so they stay put. */
const FALLBACK_BASE = 951900;

export function codeForRule(name: string): number {
  const listed = RULE_CODES[name];
  if (listed !== undefined) return listed;
  let hash = 0;
  for (let index = 0; index < name.length; index++) hash = (hash * 31 + name.charCodeAt(index)) >>> 0;
  return FALLBACK_BASE + (hash % 100);
}
