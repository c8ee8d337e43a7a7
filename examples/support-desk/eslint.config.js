// ESLint flat config for the demo. It uses the plugin as built from this repository
// (`npm run build` writes dist/); in your own project, `import mcpGuard from "eslint-plugin-mcp-guard"`.
import tsParser from "@typescript-eslint/parser";
import mcpGuard from "../../dist/src/index.js";

export default [
  {
    files: ["**/*.ts"],
    languageOptions: { parser: tsParser },
  },
  {
    ...mcpGuard.configs.recommended,
    files: ["**/*.ts"],
  },
];
