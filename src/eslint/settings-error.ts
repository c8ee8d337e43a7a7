import { formatPath } from "../core/json-schema.js";
import { settingsProblems } from "../core/settings.js";

const SETTINGS_DOCS = "https://github.com/mcp-guard/eslint-plugin-mcp-guard#shared-settings";

/**
 * A configuration error, as ESLint's own for bad rule options: the run stops (exit code 2) and the
 * message is all the user needs. Its stack is the message alone, so that the CLI, which prints an
 * error's stack, shows no frames of the plugin's, which would read as a crash; it is computed when
 * read, so it includes what ESLint adds to the message (the rule being loaded, the file).
 */
export class SettingsError extends Error {
  constructor(message: string) {
    super(message);
    Object.defineProperty(this, "stack", { configurable: true, get: () => `${this.name}: ${this.message}` });
  }
}

/**
 * Throws a SettingsError listing every problem of `settings["mcp-guard"]`, one a line with its key path.
 * Rules call it as they are created; the first throw ends the run, so the error comes once.
 */
export function assertValidSettings(raw: unknown): void {
  const problems = settingsProblems(raw);
  if (problems.length === 0) return;
  const lines = problems.map((problem) => `\t${formatPath('settings["mcp-guard"]', problem.path)}: ${problem.message}`);
  throw new SettingsError(`Invalid settings["mcp-guard"] for eslint-plugin-mcp-guard:\n${lines.join("\n")}\nSee ${SETTINGS_DOCS}`);
}
