/**
 * For end-to-end suites: commands run in the fixture projects that the packed plugin
 * (sharedPluginTarball() in shared-pack.ts) is installed into.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface CommandResult {
  ok: boolean;
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout, stderr and a spawn error, for failure messages. */
  output: string;
}

export function run(command: string, args: string[], cwd: string, timeout = 120_000): CommandResult {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout, env: { ...process.env, npm_config_update_notifier: "false" } });
  const stdout = result.stdout ?? "";
  const stderr = result.stderr ?? "";
  return { ok: result.status === 0, status: result.status, stdout, stderr, output: `${stdout}${stderr}${result.error ? String(result.error) : ""}` };
}
