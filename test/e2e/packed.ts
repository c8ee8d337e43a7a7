/**
 * Packed packages installed into a temporary project, as a user's repository gets them: the plugin is
 * built from the current source into a staging copy (so that a concurrent build of dist/ cannot leak a
 * half-written file into the tarball) and packed there, so `files`, `exports` and the stubs are tested.
 */
import { execFileSync, execSync, spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { REPO_ROOT } from "../ts-plugin/harness.js";

/** What the project installs from the registry (or, offline without a cache, links from this repository). */
export const REGISTRY_PACKAGES: Record<string, string> = {
  eslint: "10.15.0",
  typescript: "6.0.3",
  zod: "4.6.7",
  "@typescript-eslint/parser": "8.72.0",
};

export interface Packed {
  tarball: string;
  files: string[];
}

function pack(directory: string, destination: string): Packed {
  const [result] = JSON.parse(execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", destination], { cwd: directory, encoding: "utf8" })) as { filename: string; files: { path: string }[] }[];
  return { tarball: join(destination, result.filename), files: result.files.map((file) => file.path) };
}

/**
 * Builds eslint-plugin-mcp-guard from the current source into `workDir/stage` and packs it. Suites take
 * it through sharedPluginTarball() (shared-pack.ts), which does this once per run.
 */
export function packPlugin(workDir: string): Packed {
  const stage = join(workDir, "stage");
  mkdirSync(stage, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { files: string[]; scripts: Record<string, string> };
  cpSync(join(REPO_ROOT, "package.json"), join(stage, "package.json"));
  // npm packs LICENSE whether `files` names it or not.
  for (const entry of [...manifest.files.filter((name) => name !== "dist"), "LICENSE"]) cpSync(join(REPO_ROOT, entry), join(stage, entry), { recursive: true });
  execFileSync(process.execPath, [join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json", "--outDir", join(stage, "dist")], { cwd: REPO_ROOT, stdio: "pipe" });
  const bundle = manifest.scripts["build:ts-plugin"].replace("--outfile=dist/ts-plugin.cjs", `--outfile=${join(stage, "dist", "ts-plugin.cjs")}`);
  if (!bundle.includes(stage)) throw new Error(`build:ts-plugin no longer writes --outfile=dist/ts-plugin.cjs: ${manifest.scripts["build:ts-plugin"]}`);
  execSync(bundle.replace(/^esbuild /u, `"${join(REPO_ROOT, "node_modules", ".bin", "esbuild")}" `), { cwd: REPO_ROOT, stdio: "pipe" });
  return pack(stage, workDir);
}

/** Packs a package directory of this repository as it is (examples/org-config). */
export function packDirectory(directory: string, workDir: string): Packed {
  return pack(directory, workDir);
}

export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout: 240_000, env: { ...process.env, npm_config_update_notifier: "false", ...env } });
  return { status: result.status, stdout: result.stdout ?? "", stderr: `${result.stderr ?? ""}${result.error ? String(result.error) : ""}` };
}

/**
 * Installs the tarballs (by package name) and REGISTRY_PACKAGES into `projectDir`. `npm install --offline`
 * first; without network and without those packages in npm's cache, the tarballs are unpacked by hand
 * and the registry packages linked from this repository's node_modules. Returns how it was done.
 */
export function installProject(projectDir: string, tarballs: Record<string, string>): string {
  const manifestPath = join(projectDir, "package.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, unknown>;
  const devDependencies = { ...REGISTRY_PACKAGES, ...Object.fromEntries(Object.entries(tarballs).map(([name, tarball]) => [name, `file:${tarball}`])) };
  writeFileSync(manifestPath, `${JSON.stringify({ ...manifest, devDependencies }, null, 2)}\n`);
  const install = run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"], projectDir);
  if (install.status === 0) return "installed with npm install --offline";
  const modules = join(projectDir, "node_modules");
  rmSync(modules, { recursive: true, force: true });
  mkdirSync(join(modules, ".bin"), { recursive: true });
  for (const [name, tarball] of Object.entries(tarballs)) {
    const target = join(modules, ...name.split("/"));
    mkdirSync(dirname(target), { recursive: true });
    const unpacked = join(modules, ".unpacked");
    mkdirSync(unpacked, { recursive: true });
    execFileSync("tar", ["-xzf", tarball, "-C", unpacked]);
    renameSync(join(unpacked, "package"), target);
    rmSync(unpacked, { recursive: true, force: true });
    // As npm links a package's bins (the plugin's `mcp-guard`): into .bin, made executable.
    const { bin } = JSON.parse(readFileSync(join(target, "package.json"), "utf8")) as { bin?: Record<string, string> };
    for (const [command, path] of Object.entries(bin ?? {})) {
      chmodSync(join(target, path), 0o755);
      symlinkSync(join("..", ...name.split("/"), path), join(modules, ".bin", command));
    }
  }
  for (const name of Object.keys(REGISTRY_PACKAGES)) {
    const target = join(modules, ...name.split("/"));
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(join(REPO_ROOT, "node_modules", ...name.split("/")), target, "dir");
  }
  for (const [bin, path] of [["eslint", "eslint/bin/eslint.js"], ["tsc", "typescript/bin/tsc"]] as const) {
    if (existsSync(join(modules, path))) symlinkSync(join("..", path), join(modules, ".bin", bin));
  }
  return `npm install --offline failed, so the tarballs were unpacked by hand:\n${install.stderr.slice(-1500)}`;
}
