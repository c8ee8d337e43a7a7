// @acme/eslint-config-mcp: Acme's mcp-guard policy as an ESLint flat config.
//
// ESLint:      import acme from "@acme/eslint-config-mcp"; export default [parserEntry, ...acme];
// The editor:  tsconfig.json "plugins": [{ "name": "eslint-plugin-mcp-guard/ts-plugin", "config": "@acme/eslint-config-mcp" }]
//
// The TypeScript plugin loads this module and runs the mcp-guard rules and settings of the entries
// below, so CI and the editor report the same findings. It skips entries limited to some files
// (`files: ["test/**"]`), and this module imports nothing but the plugin, so loading it in the editor
// stays cheap: the parser is set up by each repository (see README.md).
import mcpGuard from "eslint-plugin-mcp-guard";
import { settings } from "./settings.js";

export { settings };

export default [
  // Every rule, as errors.
  { ...mcpGuard.configs.strict, name: "@acme/eslint-config-mcp/strict" },
  {
    name: "@acme/eslint-config-mcp/policy",
    rules: {
      // Acme's tools take free text up to 10,000 characters; the fix suggests 2,000.
      "mcp-guard/require-string-bounds": ["error", { suggestedMaxLength: 2000, ceiling: 10_000 }],
      // Acme's gateway validates action names against a registry before dispatch (reviewed 2026-03).
      "mcp-guard/no-action-dispatch": "off",
    },
    settings: { "mcp-guard": settings },
  },
];
