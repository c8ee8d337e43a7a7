/**
 * `--config MODULE`: the commands run the rules, options and settings of a flat config, as ESLint and
 * the editor plugin do, so that the inventory in a job summary and the surface agree with the lint.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture, mcpGuard, PROJECT, PYTHON, PYTHON_SERVER, tempDir } from "./helpers.js";

/** A tool whose schema comes from an in-house module that re-exports zod: only `zodModules` makes it readable. */
const EXTRA = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "@acme/schema";

const server = new McpServer({ name: "extra", version: "1.0.0" });
server.registerTool("lookup", { inputSchema: z.strictObject({ q: z.string() }), annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));
`;

const POLICY = `export default [
  { rules: { "mcp-guard/require-string-bounds": ["error", { ceiling: 1000 }], "mcp-guard/require-tool-annotations": "off" } },
  { files: ["test/**"], rules: { "mcp-guard/require-string-bounds": "off" } },
  { settings: { "mcp-guard": { zodModules: ["@acme/schema"] } } },
];
`;

function project(prefix: string): string {
  const dir = copyFixture(PROJECT, prefix);
  writeFileSync(join(dir, "src", "extra.ts"), EXTRA);
  writeFileSync(join(dir, "policy.mjs"), POLICY);
  return dir;
}

interface Json {
  tools: { name: string; fields: { path: string; type: string }[] }[];
  findings: { file: string; line: number; column: number; tool: string; rule: string; message: string }[];
}

describe("--config", () => {
  it("inventory runs the module's rules with their options, and reads its settings", async () => {
    const dir = project("config-inventory");
    const result = await mcpGuard(["inventory", "--json", "--config", "policy.mjs"], { cwd: dir });
    expect(result.code).toBe(0);
    // The entry limited to some files is skipped, as the editor skips it, and said so.
    expect(result.stderr).toBe('mcp-guard inventory: --config policy.mjs: entry 1 applies only to some files (files: ["test/**"]); the editor runs one policy for the whole project and skips it\n');
    const json = JSON.parse(result.stdout) as Json;
    // Only the module's rules run (no require-strict-objects, no require-tool-annotations), with its ceiling.
    expect(json.findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.tool} ${finding.rule}`)).toEqual([
      "src/schemas.ts:4:41 get_note require-string-bounds",
      "src/extra.ts:5:66 lookup require-string-bounds",
      "src/server.ts:14:65 send_mail require-string-bounds",
    ]);
    expect(json.findings[2]?.message).toBe('The string at field "body" of tool "send_mail" allows 5000 characters, over the 1000 ceiling; lower it.');
    // zodModules: the schema written with @acme/schema is read.
    expect(json.tools.find((tool) => tool.name === "lookup")?.fields).toEqual([
      { path: "(input)", type: "object (closed)" },
      { path: "q", type: "string (unbounded)" },
    ]);
    const plain = JSON.parse((await mcpGuard(["inventory", "--json"], { cwd: dir })).stdout) as Json;
    expect(plain.tools.find((tool) => tool.name === "lookup")?.fields).toEqual([{ path: "(input)", type: "not read" }]);
  });

  it("surface reads the module's settings, so a tool's input is in the contract", async () => {
    const dir = project("config-surface");
    expect((await mcpGuard(["surface", "--write", "--config", "policy.mjs"], { cwd: dir })).code).toBe(0);
    expect(await mcpGuard(["surface", "--check", "--config", "policy.mjs"], { cwd: dir })).toMatchObject({ code: 0, stdout: "mcp-guard: the tool surface matches mcp-surface.json (5 tools).\n" });
    // Checked without the settings, the input of `lookup` can no longer be read: a change, not a silent pass.
    const without = await mcpGuard(["surface", "--check"], { cwd: dir });
    expect(without.code).toBe(1);
    expect(without.stdout).toContain('~ tool "lookup" changed\n  input changed:\n    - (input): object (closed)\n    - q: string (unbounded)\n    + (input): not read\n');
  });

  it("audit judges the published tools with the module's rules", async () => {
    const dir = project("config-audit");
    const result = await mcpGuard(["audit", "--json", "--config", "policy.mjs", "--", PYTHON, PYTHON_SERVER, "ok"], { cwd: dir });
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as Json;
    expect([...new Set(json.findings.map((finding) => finding.rule))]).toEqual(["require-string-bounds"]);
  });

  it("a module that cannot be found, that throws, or that is not a flat config is exit 2, before any server starts", async () => {
    const dir = project("config-bad");
    const missing = await mcpGuard(["inventory", "--config", "@acme/no-such-config"], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^mcp-guard inventory: --config @acme\/no-such-config: it cannot be resolved from .+ \(Cannot find module '@acme\/no-such-config'.*\)\.\n$/u);

    writeFileSync(join(dir, "throws.mjs"), 'throw new Error("no network in CI");\n');
    const throws = await mcpGuard(["surface", "--check", "--config", "throws.mjs"], { cwd: dir });
    expect(throws).toEqual({ code: 2, stdout: "", stderr: `mcp-guard surface: --config throws.mjs: loading ${join(dir, "throws.mjs")} threw: no network in CI.\n` });

    writeFileSync(join(dir, "nothing.mjs"), "export default 42;\n");
    const record = join(tempDir("record"), "calls.txt");
    const nothing = await mcpGuard(["audit", "--config", "nothing.mjs", "--env", `MCP_GUARD_FIXTURE_RECORD=${record}`, "--", PYTHON, PYTHON_SERVER, "ok"], { cwd: dir });
    expect(existsSync(record)).toBe(false);
    expect(nothing).toEqual({
      code: 2,
      stdout: "",
      stderr: `mcp-guard audit: --config nothing.mjs: ${join(dir, "nothing.mjs")} turns on no mcp-guard rule, so nothing would be judged. Name the flat config that does (eslint.config.js, or the shared config package).\n`,
    });
    writeFileSync(join(dir, "null.cjs"), "module.exports = null;\n");
    const notConfig = await mcpGuard(["inventory", "--config", "null.cjs"], { cwd: dir });
    expect(notConfig).toEqual({ code: 2, stdout: "", stderr: `mcp-guard inventory: --config null.cjs: ${join(dir, "null.cjs")}: it exports null, not a flat config (an array of config objects).\n` });

    const both = await mcpGuard(["inventory", "--config", "policy.mjs", "--strict"], { cwd: dir });
    expect(both).toEqual({ code: 2, stdout: "", stderr: "mcp-guard inventory: --strict and --config exclude each other: the config module says which rules run.\nRun `mcp-guard inventory --help` for usage.\n" });
  });
});
