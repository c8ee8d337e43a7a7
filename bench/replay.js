// The floor under the plugin's cost: rules that report the very findings `recommended` reported (same
// places, messages and suggestions) without analysing anything. What this mode costs over the baseline
// is ESLint's own price for the findings; only the rest is the plugin's analysis.

/** A flat config whose rules replay `results` (ESLint.LintResult[] of a `recommended` run) file by file. */
export function replayConfig(results, files, languageOptions) {
  const byFile = new Map(results.map((result) => [result.filePath, result.messages]));
  const ruleIds = [...new Set(results.flatMap((result) => result.messages.map((message) => message.ruleId).filter(Boolean)))];
  const rules = {};
  for (const ruleId of ruleIds) {
    rules[ruleId.replace("mcp-guard/", "")] = {
      meta: { schema: false, hasSuggestions: true, fixable: "code", messages: { recorded: "{{message}}" } },
      create(context) {
        return {
          Program() {
            for (const message of byFile.get(context.filename) ?? []) {
              if (message.ruleId !== ruleId) continue;
              context.report({
                loc: { start: { line: message.line, column: message.column - 1 }, end: { line: message.endLine, column: message.endColumn - 1 } },
                messageId: "recorded",
                data: { message: message.message },
                suggest: (message.suggestions ?? []).map((suggestion) => ({
                  messageId: "recorded",
                  data: { message: suggestion.desc },
                  fix: (fixer) => fixer.replaceTextRange(suggestion.fix.range, suggestion.fix.text),
                })),
              });
            }
          },
        };
      },
    };
  }
  const enabled = Object.fromEntries(ruleIds.map((ruleId) => [`replay/${ruleId.replace("mcp-guard/", "")}`, "error"]));
  return [{ files, languageOptions, plugins: { replay: { rules } }, rules: enabled }];
}
