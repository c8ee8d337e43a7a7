import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { ESLint, Linter, Rule } from "eslint";
import type { ConfigName } from "../core/rule.js";
import { ruleDefinitions } from "../rules.js";
import { toEslintRule } from "./create-rule.js";
import { assertTypeScriptApi } from "./typescript-api.js";

// Once per run, when ESLint loads the config: with TypeScript 7 installed, one clear line instead of a failure per rule per file.
assertTypeScriptApi();

const PREFIX = "mcp-guard";

function packageVersion(): string {
  // src/eslint/plugin.ts and dist/src/eslint/plugin.js sit at different depths below package.json.
  for (const relative of ["../../package.json", "../../../package.json"]) {
    try {
      const manifest = JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8")) as { name?: string; version?: string };
      if (manifest.name === "eslint-plugin-mcp-guard" && manifest.version) return manifest.version;
    } catch {
      // try the next candidate
    }
  }
  return "0.0.0";
}

// typescript-eslint's rule type and ESLint's own describe the same object; users see ESLint's.
const rules = Object.fromEntries(
  ruleDefinitions.map((definition) => [definition.name, toEslintRule(definition) as unknown as Rule.RuleModule]),
);

type ConfigKey = "recommended" | "strict" | "all";
const CONFIG_MEMBERS: Record<ConfigKey, ReadonlySet<ConfigName> | "all"> = {
  recommended: new Set<ConfigName>(["recommended"]),
  strict: new Set<ConfigName>(["recommended", "strict"]),
  all: "all",
};

/** typescript-eslint's names: a `…TypeChecked` config is its base config with typed linting set up. */
type TypeCheckedKey = "recommendedTypeChecked" | "strictTypeChecked";
const TYPE_CHECKED_BASE: Record<TypeCheckedKey, { base: ConfigKey; name: string }> = {
  recommendedTypeChecked: { base: "recommended", name: "recommended-type-checked" },
  strictTypeChecked: { base: "strict", name: "strict-type-checked" },
};

/** The files typescript-eslint's own configs parse with its parser. */
const TYPESCRIPT_FILES = ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts"];

export interface McpGuardPlugin extends ESLint.Plugin {
  meta: { name: string; version: string };
  rules: Record<string, Rule.RuleModule>;
  configs: Record<ConfigKey, Linter.Config> & Record<TypeCheckedKey, Linter.Config[]>;
}

export const plugin: McpGuardPlugin = {
  meta: { name: "eslint-plugin-mcp-guard", version: packageVersion() },
  rules,
  configs: {} as McpGuardPlugin["configs"],
};

// Configs are generated from rule metadata, so a rule's config membership is stated once, in the rule.
for (const key of Object.keys(CONFIG_MEMBERS) as ConfigKey[]) {
  const members = CONFIG_MEMBERS[key];
  plugin.configs[key] = {
    name: `${PREFIX}/${key}`,
    plugins: { [PREFIX]: plugin },
    rules: Object.fromEntries(
      ruleDefinitions
        .filter((definition) => members === "all" || members.has(definition.meta.config))
        .map((definition) => [`${PREFIX}/${definition.name}`, "error" as const]),
    ),
  };
}

/**
 * `recommendedTypeChecked` and `strictTypeChecked`: TypeScript files parsed by typescript-eslint's parser with
 * the project service, then the base config's rules for every file (JavaScript stays untyped). No
 * `tsconfigRootDir`: the parser then uses the working directory, as typescript-eslint does.
 * Built on first use, since loading the parser costs about as much CPU as loading TypeScript itself.
 */
for (const key of Object.keys(TYPE_CHECKED_BASE) as TypeCheckedKey[]) {
  const { base, name } = TYPE_CHECKED_BASE[key];
  Object.defineProperty(plugin.configs, key, {
    enumerable: true,
    configurable: true,
    get(): Linter.Config[] {
      const parser = createRequire(import.meta.url)("@typescript-eslint/parser") as Linter.Parser;
      const value: Linter.Config[] = [
        { name: `${PREFIX}/${name}/typescript`, files: TYPESCRIPT_FILES, languageOptions: { parser, parserOptions: { projectService: true } } },
        { ...plugin.configs[base], name: `${PREFIX}/${name}` },
      ];
      Object.defineProperty(plugin.configs, key, { value, enumerable: true });
      return value;
    },
  });
}
