/**
 * `--config MODULE`: the commands run the mcp-guard rules, options and settings of a flat config module
 * (the repository's eslint.config.js, or an organisation's shared config package), read as the editor
 * plugin reads its "config" entry (src/ts-plugin/policy-module.ts), so that the inventory, the surface
 * and the audit see what ESLint sees. Without it: the plugin's `recommended` (or `strict`) rules with
 * their default options, and default settings.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { ruleDefinitions } from "../rules.js";
import { parseConfig } from "../ts-plugin/config.js";
import { loadConfigModule, policyFromFlatConfig } from "../ts-plugin/policy-module.js";
import { CliError, messageOf, usageError } from "./errors.js";
import { selectRules, type RuleRun } from "./rule-set.js";

export interface Policy {
  rules: RuleRun[];
  /** The raw `settings["mcp-guard"]`, read per file (with the zod version installed there). */
  settings: unknown;
}

/** `runsRules`: the command judges with the rules (inventory, audit), so a config that turns none on is an error, not a silent pass. */
export async function loadPolicy(command: string, config: string | undefined, options: { strict: boolean; runsRules: boolean; cwd: string; warn: (message: string) => void }): Promise<Policy> {
  const { strict, cwd, warn } = options;
  if (config === undefined) return { rules: selectRules(strict), settings: undefined };
  if (strict) throw usageError(command, "--strict and --config exclude each other: the config module says which rules run.");
  // A path that exists is the file; anything else is a package name, resolved as the project would.
  const local = resolve(cwd, config);
  const load = loadConfigModule(existsSync(local) ? local : config, cwd);
  if (load.kind === "failed") throw new CliError(`--config ${config}: ${load.reason}.`);
  let exported: unknown;
  try {
    exported = load.kind === "pending" ? await load.exported : load.exported;
  } catch (error) {
    throw new CliError(`--config ${config}: loading ${load.path} threw: ${messageOf(error).split("\n")[0]}.`);
  }
  const logged: string[] = [];
  const policy = policyFromFlatConfig(exported, (message) => logged.push(message));
  if (!policy) throw new CliError(`--config ${config}: ${load.path}: ${logged.at(-1) ?? "not a flat config"}.`);
  const log = (message: string): void => warn(`--config ${config}: ${message}`);
  logged.forEach(log);
  const { rules } = parseConfig(undefined, log, ruleDefinitions, policy);
  if (options.runsRules && rules.length === 0) {
    throw new CliError(`--config ${config}: ${load.path} turns on no mcp-guard rule, so nothing would be judged. Name the flat config that does (eslint.config.js, or the shared config package).`);
  }
  return { rules: rules.map(({ definition, options }) => ({ definition, options })), settings: policy.settings };
}
