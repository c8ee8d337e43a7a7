/**
 * The plugin's verdicts: lint a generated file with ESLint's Linter (flat config) and
 * @typescript-eslint/parser, with the three rules under test switched on.
 */
import { Linter, type ESLint } from "eslint";
import tsParser from "@typescript-eslint/parser";

export const RULES = {
  open: "mcp-guard/require-strict-objects",
  unboundedString: "mcp-guard/require-string-bounds",
  unboundedArray: "mcp-guard/require-array-bounds",
} as const;

export type Property = keyof typeof RULES;
export const PROPERTIES = Object.keys(RULES) as Property[];

export interface Verdict {
  open: boolean;
  unboundedString: boolean;
  unboundedArray: boolean;
  messages: Linter.LintMessage[];
}

export async function makeLinter(): Promise<(code: string) => Verdict> {
  const mod = (await import("../../src/index.js")) as { default: ESLint.Plugin };
  const plugin = mod.default;
  const linter = new Linter();
  const config: Linter.Config[] = [
    {
      files: ["**/*.ts"],
      languageOptions: { parser: tsParser },
      plugins: { "mcp-guard": plugin },
      rules: Object.fromEntries(Object.values(RULES).map((r) => [r, "error"])),
    },
  ];
  return (code) => {
    const messages = linter.verify(code, config, { filename: "differential-case.ts" });
    const fatal = messages.find((m) => m.fatal || m.ruleId === null);
    if (fatal) throw new Error(`lint failed (${fatal.line}:${fatal.column}): ${fatal.message}\n${code}`);
    const has = (rule: string) => messages.some((m) => m.ruleId === rule);
    return {
      open: has(RULES.open),
      unboundedString: has(RULES.unboundedString),
      unboundedArray: has(RULES.unboundedArray),
      messages,
    };
  };
}
