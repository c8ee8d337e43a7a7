/**
 * docs/editor.md, "Inherited plugin lists are replaced, not merged": TypeScript's `extends` takes
 * `compilerOptions.plugins` from the nearest config that sets it, whole. These tests pin that
 * behaviour on TypeScript 6.0 and 5.9, and the fix the page gives.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import tsNext from "typescript-5.9";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const MCP_GUARD = { name: "eslint-plugin-mcp-guard/ts-plugin", config: "@acme/eslint-config-mcp" };
const CSS_MODULES = { name: "typescript-plugin-css-modules" };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mcp-guard-tsconfig-"));
  writeFileSync(join(dir, "base.json"), JSON.stringify({ compilerOptions: { strict: true, plugins: [MCP_GUARD] } }));
  writeFileSync(join(dir, "inherits.json"), JSON.stringify({ extends: "./base.json", files: [] }));
  writeFileSync(join(dir, "own-list.json"), JSON.stringify({ extends: "./base.json", compilerOptions: { plugins: [CSS_MODULES] }, files: [] }));
  writeFileSync(join(dir, "repeats-entry.json"), JSON.stringify({ extends: "./base.json", compilerOptions: { plugins: [MCP_GUARD, CSS_MODULES] }, files: [] }));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.each([
  ["6.0", ts],
  ["5.9", tsNext as unknown as typeof ts],
])("TypeScript %s", (_version, t) => {
  function effectivePlugins(name: string): unknown {
    const parsed = t.getParsedCommandLineOfConfigFile(join(dir, name), {}, { ...t.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(t.flattenDiagnosticMessageText(d.messageText, "\n")); } });
    return parsed?.options.plugins;
  }

  it("passes an inherited plugin list on unchanged", () => {
    expect(effectivePlugins("inherits.json")).toEqual([MCP_GUARD]);
  });

  it("replaces the inherited list with a repository's own, dropping mcp-guard", () => {
    expect(effectivePlugins("own-list.json")).toEqual([CSS_MODULES]);
  });

  it("keeps mcp-guard when the repository's list repeats its entry", () => {
    expect(effectivePlugins("repeats-entry.json")).toEqual([MCP_GUARD, CSS_MODULES]);
  });
});
