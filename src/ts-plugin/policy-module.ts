/**
 * A plugin entry whose "config" names a module, such as an organisation's shared ESLint config
 * (`"config": "@acme/eslint-config-mcp"`). The module's flat config is read for the mcp-guard rules and
 * settings that ESLint applies to every TypeScript file, merged as ESLint merges them, so the editor runs
 * the policy CI runs. See docs/editor.md, "One policy for ESLint and the editor".
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export const RULE_NAMESPACE = "mcp-guard";
const PLUGIN_NAME = "eslint-plugin-mcp-guard";

/** The part of a flat config the editor runs: ESLint rule entries (`mcp-guard/<rule>`) and `settings["mcp-guard"]`. */
export interface ModulePolicy {
  rules: Record<string, unknown>;
  settings: Record<string, unknown>;
}

export type ModuleLoad =
  | { kind: "loaded"; path: string; exported: unknown }
  /** An ES module that `require()` cannot load in this Node (no require(esm), or top-level await). */
  | { kind: "pending"; path: string; exported: Promise<unknown> }
  | { kind: "failed"; reason: string };

function errorText(error: unknown): string {
  return error instanceof Error ? error.message.split("\n")[0] : String(error);
}

/** Loads a module as the project would: resolved from the directory of its tsconfig.json. */
export function loadConfigModule(specifier: string, projectDirectory: string): ModuleLoad {
  const requireFromProject = createRequire(join(projectDirectory, "tsconfig.json"));
  let path: string;
  try {
    path = requireFromProject.resolve(specifier);
  } catch (error) {
    return { kind: "failed", reason: `it cannot be resolved from ${projectDirectory} (${errorText(error)})` };
  }
  try {
    return { kind: "loaded", path, exported: requireFromProject(path) as unknown };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "ERR_REQUIRE_ESM" || code === "ERR_REQUIRE_ASYNC_MODULE") {
      return { kind: "pending", path, exported: import(pathToFileURL(path).href) as Promise<unknown> };
    }
    return { kind: "failed", reason: `loading ${path} threw: ${errorText(error)}` };
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `module.exports`, an ES module's namespace (from require(esm) or import()), or a transpiled `exports.default`. */
function exportedConfig(exported: unknown): unknown {
  if (isPlainObject(exported) && "default" in exported && (Array.isArray(exported["default"]) || isPlainObject(exported["default"]))) return exported["default"];
  return exported;
}

/** ESLint's `deepMerge` for settings: objects merge key by key, arrays and scalars are replaced, `undefined` keeps. */
export function mergeSettings(first: Record<string, unknown>, second: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...first, ...second };
  for (const key of Object.keys(second)) {
    const [a, b] = [first[key], second[key]];
    if (isPlainObject(a) && isPlainObject(b)) result[key] = mergeSettings(a, b);
    else if (b === undefined && key in first) result[key] = a;
  }
  return result;
}

/** ESLint's rule merge: a later entry replaces an earlier one, except that a bare severity keeps the earlier options. */
export function mergeRules(first: Record<string, unknown>, second: Record<string, unknown>): Record<string, unknown> {
  const result = { ...first };
  for (const [id, value] of Object.entries(second)) {
    const earlier = result[id];
    const severityOnly = !Array.isArray(value) || value.length === 1;
    if (severityOnly && Array.isArray(earlier) && earlier.length > 1) result[id] = [Array.isArray(value) ? value[0] : value, ...(earlier as unknown[]).slice(1)];
    else result[id] = value;
  }
  return result;
}

/** `**\/*`, `**\/*.ts` and `**\/*.{…,ts,…}`: the `files` forms that select every TypeScript file of a project. */
const EVERY_TS_FILE = /^\*\*\/\*(?:\.ts|\.\{(?:[^{}]*,)?ts(?:,[^{}]*)?\})?$/u;

function coversEveryTsFile(files: unknown): boolean {
  const patterns = Array.isArray(files) ? files : [files];
  return patterns.some((pattern) => typeof pattern === "string" && EVERY_TS_FILE.test(pattern));
}

function describeEntry(entry: Record<string, unknown>, index: number): string {
  return typeof entry["name"] === "string" ? `entry ${index} ("${entry["name"]}")` : `entry ${index}`;
}

/**
 * The mcp-guard rules and settings of a flat config, for every TypeScript file. Entries limited to some
 * files (`files: ["test/**"]`) are skipped with a log line: the editor applies one policy per project.
 */
export function policyFromFlatConfig(exported: unknown, log: (message: string) => void): ModulePolicy | undefined {
  const config = exportedConfig(exported);
  if (!Array.isArray(config) && !isPlainObject(config)) {
    log(`it exports ${config === null ? "null" : typeof config}, not a flat config (an array of config objects)`);
    return undefined;
  }
  const entries = (Array.isArray(config) ? (config as unknown[]).flat(Infinity) : [config]).filter(isPlainObject);
  // A config may register the plugin under another name (`plugins: { guard: mcpGuard }`).
  const namespaces = new Set([RULE_NAMESPACE]);
  for (const entry of entries) {
    if (!isPlainObject(entry["plugins"])) continue;
    for (const [namespace, plugin] of Object.entries(entry["plugins"])) {
      if (isPlainObject(plugin) && isPlainObject(plugin["meta"]) && plugin["meta"]["name"] === PLUGIN_NAME) namespaces.add(namespace);
    }
  }
  let rules: Record<string, unknown> = {};
  let settings: Record<string, unknown> = {};
  entries.forEach((entry, index) => {
    const ownRules: Record<string, unknown> = {};
    if (isPlainObject(entry["rules"])) {
      for (const [id, value] of Object.entries(entry["rules"])) {
        const slash = id.indexOf("/");
        if (slash > 0 && namespaces.has(id.slice(0, slash))) ownRules[`${RULE_NAMESPACE}/${id.slice(slash + 1)}`] = value;
      }
    }
    const ownSettings = isPlainObject(entry["settings"]) ? entry["settings"][RULE_NAMESPACE] : undefined;
    if (Object.keys(ownRules).length === 0 && ownSettings === undefined) return;
    if (entry["files"] !== undefined && !coversEveryTsFile(entry["files"])) {
      log(`${describeEntry(entry, index)} applies only to some files (files: ${JSON.stringify(entry["files"])}); the editor runs one policy for the whole project and skips it`);
      return;
    }
    rules = mergeRules(rules, ownRules);
    if (isPlainObject(ownSettings)) settings = mergeSettings(settings, ownSettings);
  });
  return { rules, settings };
}
