// End to end: bad shared settings stop ESLint (10 and 9) as bad rule options do, with exit code 2 and
// one error that names each bad key path and what was expected. Each bad value alone goes through the
// Node API (in process, cheap); the CLI runs once with all of them, and once with valid settings, from
// the plugin bundled from source with esbuild (typescript stays external, so the bundle sits where it
// resolves) and a flat config in a temporary project that imports it.
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { ESLint as ESLint10 } from "eslint";
import { ESLint as ESLint9 } from "eslint9";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { REPO_ROOT } from "../ts-plugin/harness.js";

const run = promisify(execFile);

const SERVER = `import { registerAccountTool } from "@acme/mcp-kit";
import { z } from "zod";

registerAccountTool("send_invoice", z.object({ to: z.string().max(254) }), async () => ({ content: [] }));
`;

const DECLARED = { callee: "registerAccountTool", name: 0, schema: 1, handler: 2 };

/** Each bad value of issue 13, with the line the error must carry for it. */
const BAD_SETTINGS: [string, Record<string, unknown>, string[]][] = [
  ["a misspelt key", { zodModuls: ["@acme/schema"], registrations: [DECLARED] }, ['settings["mcp-guard"].zodModuls: unknown key (did you mean "zodModules"?)']],
  ["a string for a list", { zodModules: "@acme/schema", registrations: [DECLARED] }, ['settings["mcp-guard"].zodModules: expected an array of strings, got "@acme/schema"']],
  ["a zod version that does not exist", { zodVersion: 5, registrations: [DECLARED] }, ['settings["mcp-guard"].zodVersion: expected 3 or 4, got 5']],
  [
    "a callee that is not a string",
    { registrations: [{ callee: 42 }] },
    ['settings["mcp-guard"].registrations[0].callee: expected a string, got 42', 'settings["mcp-guard"].registrations[0]: needs at least one of "schema", "handler"'],
  ],
];

const CLIS = [
  ["ESLint 10", join(REPO_ROOT, "node_modules", "eslint", "bin", "eslint.js")],
  ["ESLint 9", join(REPO_ROOT, "node_modules", "eslint9", "bin", "eslint.js")],
] as const;

let bundleDir: string;
let projectDir: string;

beforeAll(() => {
  // Below the repository's node_modules, so that the bundle's `import "typescript"` resolves.
  mkdirSync(join(REPO_ROOT, "node_modules", ".cache"), { recursive: true });
  bundleDir = mkdtempSync(join(REPO_ROOT, "node_modules", ".cache", "mcp-guard-settings-"));
  execFileSync(join(REPO_ROOT, "node_modules", ".bin", "esbuild"), [
    join(REPO_ROOT, "src", "index.ts"), "--bundle", "--platform=node", "--format=esm", "--target=node20", "--packages=external",
    `--outfile=${join(bundleDir, "plugin.js")}`, "--log-level=warning",
  ]);
  // Outside node_modules, which ESLint ignores.
  projectDir = mkdtempSync(join(tmpdir(), "mcp-guard-settings-"));
  writeFileSync(join(projectDir, "server.mjs"), SERVER);
  writeFileSync(join(projectDir, "other.mjs"), SERVER);
}, 60_000);

afterAll(() => {
  for (const dir of [bundleDir, projectDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Writes a flat config with the recommended rules and these settings, and runs a CLI on two files. */
async function lint(cli: string, name: string, settings: unknown): Promise<{ code: number; stdout: string; stderr: string }> {
  const config = join(projectDir, `${name}.config.mjs`);
  writeFileSync(config, `import plugin from ${JSON.stringify(pathToFileURL(join(bundleDir, "plugin.js")).href)};
export default [plugin.configs.recommended, { settings: { "mcp-guard": ${JSON.stringify(settings)} } }];
`);
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, "--config", config, "server.mjs", "other.mjs"], { cwd: projectDir });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe.each(CLIS)("%s CLI", (label, cli) => {
  it("reports the findings of valid settings (exit code 1), the ones a bad value would have lost", async () => {
    const result = await lint(cli, `${label}-valid`.replace(/\W/g, "-"), { zodModules: ["@acme/schema"], zodVersion: 4, registrations: [DECLARED] });
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("mcp-guard/require-strict-objects");
    expect(result.code).toBe(1);
  }, 60_000);

  it("stops on bad settings with exit code 2 and one error that names every bad key path", async () => {
    const settings = Object.assign({}, ...BAD_SETTINGS.map(([, bad]) => bad)) as Record<string, unknown>;
    const result = await lint(cli, `${label}-bad`.replace(/\W/g, "-"), settings);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    // Once for the run, not once per rule or per file.
    expect(result.stderr.match(/Invalid settings\["mcp-guard"\] for eslint-plugin-mcp-guard:/g)).toHaveLength(1);
    const reported = result.stderr.split("\n").filter((line) => line.startsWith("\tsettings["));
    expect(reported.sort()).toEqual(BAD_SETTINGS.flatMap(([, , lines]) => lines.map((line) => `\t${line}`)).sort());
    expect(result.stderr).toContain("See https://github.com/mcp-guard/eslint-plugin-mcp-guard#shared-settings");
    // A configuration error, not a crash: no stack frames.
    expect(result.stderr).not.toMatch(/^\s+at /m);
  }, 60_000);
});

describe.each([
  ["ESLint 10", ESLint10],
  ["ESLint 9", ESLint9],
] as const)("%s Node API", (_label, ESLint) => {
  const lintWith = (settings: unknown) =>
    new ESLint({ cwd: projectDir, overrideConfigFile: true, overrideConfig: [plugin.configs.recommended, { settings: { "mcp-guard": settings } }] as never });

  it.each(BAD_SETTINGS)("rejects a lint run on %s with one error naming the key path", async (_what, settings, lines) => {
    const error = await lintWith(settings).lintFiles(["server.mjs", "other.mjs"]).then(() => undefined, (thrown: unknown) => thrown as Error);
    expect(error).toBeInstanceOf(Error);
    const message = error?.message ?? "";
    expect(message).toMatch(/^Error while loading rule 'mcp-guard\/[\w-]+': Invalid settings\["mcp-guard"\] for eslint-plugin-mcp-guard:\n/);
    expect(message.split("\n").filter((line) => line.startsWith("\t"))).toEqual(lines.map((line) => `\t${line}`));
    // The first rule created stops the run: one file named, once.
    expect(message.match(/^Occurred while linting .*(server|other)\.mjs$/gm)).toHaveLength(1);
    expect(error?.stack).toBe(`Error: ${message}`);
  });

  it("lints with valid settings", async () => {
    const results = await lintWith({ registrations: [DECLARED] }).lintFiles(["server.mjs"]);
    expect(results[0]?.messages.map((message) => message.ruleId)).toContain("mcp-guard/require-strict-objects");
  });
});
