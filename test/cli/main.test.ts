import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mcpGuard, REPO_ROOT } from "./helpers.js";

describe("mcp-guard", () => {
  it("is the package's bin, built from src/cli/main.ts, a script with a shebang", () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { bin: Record<string, string>; version: string; files: string[] };
    expect(manifest.bin).toEqual({ "mcp-guard": "./dist/src/cli/main.js" });
    expect(manifest.files).toContain("dist");
    // tsconfig.build.json compiles src/ to dist/src/ and keeps the first line.
    expect(readFileSync(join(REPO_ROOT, "src", "cli", "main.ts"), "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  it("prints its help, its version, and rejects unknown commands", async () => {
    const help = await mcpGuard(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: mcp-guard <command> [options]");
    const none = await mcpGuard([]);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe(help.stdout);
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
    expect(await mcpGuard(["--version"])).toEqual({ code: 0, stdout: `${manifest.version}\n`, stderr: "" });
    const unknown = await mcpGuard(["lint"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('mcp-guard: unknown command "lint".');
  });

  it.each(["audit", "inventory", "surface"])("%s --help documents its exit codes", async (command) => {
    const result = await mcpGuard([command, "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Usage: mcp-guard ${command}`);
    expect(result.stdout).toMatch(/Exit codes:\n {2}0 {2}.+\n(?: {2}1 {2}.+\n)?(?: {5}.+\n)* {2}2 {2}/);
  });
});
