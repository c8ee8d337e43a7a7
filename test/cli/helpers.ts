import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runCli } from "../../src/cli/main.js";

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const FIXTURES = join(REPO_ROOT, "test", "fixtures", "cli");
export const PYTHON_SERVER = join(FIXTURES, "python-server", "server.py");
export const NODE_SERVER_DIR = join(FIXTURES, "node-server");
export const NODE_SERVER = join(NODE_SERVER_DIR, "server.mjs");
export const PROJECT = join(FIXTURES, "project");

/**
 * The Python interpreter behind `python3` (a pyenv shim takes seconds to start on a loaded machine;
 * the interpreter it runs is the same).
 */
export const PYTHON = execFileSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).trim();

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `mcp-guard ARGS` in this process, as the bin would. */
export async function mcpGuard(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    cwd: options.cwd ?? REPO_ROOT,
    env: options.env ?? {},
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

/** A fresh temporary directory. */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `mcp-guard-${prefix}-`));
}

/** A copy of a fixture directory, so a test can change it. */
export function copyFixture(source: string, prefix: string): string {
  const target = join(tempDir(prefix), "project");
  cpSync(source, target, { recursive: true });
  return target;
}

/** What a fixture server recorded: the names of its environment variables, its pid (Python) and every method it received. */
export function recorded(path: string): { env: string[]; pid: number | undefined; methods: string[] } {
  const lines = readFileSync(path, "utf8").trim().split("\n");
  const env = JSON.parse(lines.find((line) => line.startsWith("env "))?.slice(4) ?? "[]") as string[];
  const pid = lines.find((line) => line.startsWith("pid "))?.slice(4);
  return { env, pid: pid === undefined ? undefined : Number(pid), methods: lines.filter((line) => !line.startsWith("env ") && !line.startsWith("pid ")) };
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
