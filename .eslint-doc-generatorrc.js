// Configuration for eslint-doc-generator (`npm run docs:update` writes, `npm run docs:check` verifies).
// It loads the built plugin through package.json "exports", so run `npm run build` first.

/** @type {import('eslint-doc-generator').GenerateOptions} */
const config = {
  configEmoji: [
    ["recommended", "✅"],
    ["strict", "🔒"],
    ["all", "🌐"],
  ],
  // `all` turns on every rule, so a column for it would be ticked on every row; the type-checked configs
  // turn on the same rules as `recommended` and `strict`.
  ignoreConfig: ["all", "recommendedTypeChecked", "strictTypeChecked"],
  ruleDocTitleFormat: "desc-parens-prefix-name",
  ruleDocNotices: ["configs", "hasSuggestions", "requiresTypeChecking"],
  ruleListColumns: ["name", "description", "configsError", "hasSuggestions", "requiresTypeChecking"],
  // The same address as each rule's `meta.docs.url` (src/eslint/create-rule.ts), so links also work on npm.
  urlRuleDoc: "https://github.com/mcp-guard/eslint-plugin-mcp-guard/blob/main/docs/rules/{name}.md",
};

export default config;
