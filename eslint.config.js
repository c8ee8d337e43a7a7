// ESLint configuration for developing eslint-plugin-mcp-guard itself
// (not the config users of the plugin write).
import js from "@eslint/js";
import eslintPlugin from "eslint-plugin-eslint-plugin";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

/** Node.js globals for plain .js files (scripts, bench, this file). */
const nodeGlobals = {
  AbortController: "readonly",
  AbortSignal: "readonly",
  Buffer: "readonly",
  URL: "readonly",
  URLSearchParams: "readonly",
  TextDecoder: "readonly",
  TextEncoder: "readonly",
  clearImmediate: "readonly",
  clearInterval: "readonly",
  clearTimeout: "readonly",
  console: "readonly",
  fetch: "readonly",
  global: "readonly",
  globalThis: "readonly",
  performance: "readonly",
  process: "readonly",
  queueMicrotask: "readonly",
  setImmediate: "readonly",
  setInterval: "readonly",
  setTimeout: "readonly",
  structuredClone: "readonly",
};

const tsFiles = ["**/*.ts", "**/*.mts", "**/*.cts"];
const jsFiles = ["**/*.js", "**/*.mjs", "**/*.cjs"];

export default defineConfig(
  {
    ignores: [
      "dist/",
      "node_modules/",
      "examples/",
      "bench/corpus/",
      "test/fixtures/",
      "coverage/",
      "notes/",
      "scratch/",
    ],
  },
  {
    files: jsFiles,
    extends: [js.configs.recommended],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: nodeGlobals,
    },
  },
  {
    files: tsFiles,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: jsFiles,
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ["rules/**/*.ts", "src/eslint/**/*.ts"],
    extends: [eslintPlugin.configs.recommended],
  },
);
