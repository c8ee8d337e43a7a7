/**
 * For end-to-end suites: the plugin packed as npm would publish it, and commands run in the fixture
 * projects it is installed into.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { join } from "node:path";
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

/**
 * Builds the part of dist/ a suite tests and packs the package into `destination`. Each suite builds
 * only its own part (the tsserver bundle, or the ESLint entry), so two suites running side by side
 * never rewrite a file the other is packing. Returns the tarball and the paths it holds.
 */
export function packPlugin(destination: string, part: "ts-plugin" | "eslint"): { tarball: string; files: string[] } {
  if (part === "ts-plugin") execFileSync("npm", ["run", "--silent", "build:ts-plugin"], { cwd: REPO_ROOT, stdio: "pipe" });
  else execFileSync(process.execPath, [join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"], { cwd: REPO_ROOT, stdio: "pipe" });
  // The prepack script would rebuild all of dist/ (see above), so scripts are skipped here.
  const packed = JSON.parse(execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", destination], { cwd: REPO_ROOT, encoding: "utf8" })) as { filename: string; files: { path: string }[] }[];
  const [entry] = packed;
  if (!entry) throw new Error("npm pack printed no tarball");
  return { tarball: join(destination, entry.filename), files: entry.files.map((file) => file.path) };
}
