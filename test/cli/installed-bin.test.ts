/**
 * The bin as a user's install runs it: the packed package unpacked into a project's node_modules, with
 * TypeScript beside it and no MCP SDK (an optional peer), started as its own Node process.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedPluginTarball } from "../e2e/shared-pack.js";
import { REPO_ROOT, tempDir } from "./helpers.js";

let project: string;
let bin: string;

beforeAll(() => {
  project = tempDir("installed");
  const pkg = join(project, "node_modules", "eslint-plugin-mcp-guard");
  mkdirSync(pkg, { recursive: true });
  // The run's packed plugin (built from the current source), unpacked as npm would place it.
  execFileSync("tar", ["-xzf", sharedPluginTarball().tarball, "-C", pkg, "--strip-components=1"]);
  symlinkSync(join(REPO_ROOT, "node_modules", "typescript"), join(project, "node_modules", "typescript"), "dir");
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "installed-fixture", private: true, type: "module" }));
  writeFileSync(join(project, "server.mjs"), 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst server = new McpServer({ name: "a", version: "1" });\nserver.tool("hello", async () => ({ content: [] }));\n');
  bin = join(pkg, "dist", "src", "cli", "main.js");
}, 240_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: project, encoding: "utf8", timeout: 60_000, env: { PATH: process.env.PATH } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("the installed mcp-guard bin", () => {
  it("runs as a script and exits with the command's code", () => {
    const inventory = run("inventory", "--json", "server.mjs");
    expect(inventory).toMatchObject({ code: 0, stderr: "" });
    expect((JSON.parse(inventory.stdout) as { summary: { toolCount: number; unannotatedToolCount: number } }).summary).toMatchObject({ toolCount: 1, unannotatedToolCount: 1 });
    const check = run("surface", "--check");
    expect(check.code).toBe(2);
    expect(check.stderr).toContain("mcp-guard surface: no surface file at mcp-surface.json.");
  });

  it("without the MCP SDK, says how to install it", () => {
    expect(run("audit", "--", process.execPath, "server.mjs")).toEqual({
      code: 2,
      stdout: "",
      stderr: "mcp-guard audit: the audit talks to servers through the MCP SDK's client, and @modelcontextprotocol/sdk is not installed. Install it next to the plugin: npm install -D @modelcontextprotocol/sdk\n",
    });
  });
});
