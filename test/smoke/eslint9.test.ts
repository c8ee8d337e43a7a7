// Smoke test: the plugin gives the same findings on the demo project under ESLint 9 and ESLint 10.
// ESLint 9 is installed as the npm alias `eslint9`. The plugin is imported from source (vitest compiles it) and
// handed to both engines as a config array, since neither engine can import the .ts sources by itself.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import tsParser from "@typescript-eslint/parser";
import { ESLint as ESLint10 } from "eslint";
import { ESLint as ESLint9 } from "eslint9";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";

// An internal plugin error must fail the test rather than become a process warning.
process.env.MCP_GUARD_STRICT_ERRORS = "1";

const exampleDir = fileURLToPath(new URL("../../examples/support-desk/", import.meta.url));

function configArray(): unknown[] {
  return [
    { files: ["**/*.ts"], languageOptions: { parser: tsParser } },
    { ...plugin.configs.recommended, files: ["**/*.ts"] },
  ];
}

interface Finding {
  file: string;
  line: number;
  ruleId: string | null;
}

type AnyResult = { filePath: string; messages: { line: number; ruleId: string | null; fatal?: boolean; message: string }[] };

function findings(results: AnyResult[]): string[] {
  const out: Finding[] = [];
  for (const result of results) {
    for (const message of result.messages) {
      out.push({ file: relative(exampleDir, result.filePath).split("\\").join("/"), line: message.line, ruleId: message.ruleId });
    }
  }
  return out.map((f) => `${f.file}:${f.line} ${f.ruleId ?? "(none)"}`).sort();
}

describe("ESLint 9 compatibility", () => {
  it("reports the same findings on examples/support-desk as ESLint 10", async () => {
    expect(ESLint9.version.startsWith("9.")).toBe(true);
    expect(ESLint10.version.startsWith("10.")).toBe(true);

    const eslint9 = new ESLint9({
      cwd: exampleDir,
      overrideConfigFile: true,
      overrideConfig: configArray() as ESLint9.Options["overrideConfig"],
      cache: false,
    });
    const eslint10 = new ESLint10({
      cwd: exampleDir,
      overrideConfigFile: true,
      overrideConfig: configArray() as ESLint10.Options["overrideConfig"],
      cache: false,
    });

    const results9 = (await eslint9.lintFiles(["src"])) as AnyResult[];
    const results10 = (await eslint10.lintFiles(["src"])) as AnyResult[];

    // No parser errors, no crashes reported as messages.
    for (const result of [...results9, ...results10]) {
      for (const message of result.messages) {
        expect(message.fatal ?? false, `${result.filePath}: ${message.message}`).toBe(false);
        expect(message.ruleId, `${result.filePath}: ${message.message}`).toMatch(/^mcp-guard\//);
      }
    }

    const lintedFiles = results10.map((r) => relative(exampleDir, r.filePath).split("\\").join("/")).sort();
    expect(lintedFiles).toEqual(["src/escalation-client.ts", "src/fastmcp.ts", "src/lowlevel.ts", "src/server.ts", "src/store.ts"]);

    const f9 = findings(results9);
    const f10 = findings(results10);
    expect(f10.length).toBeGreaterThan(0);
    expect(f9).toEqual(f10);

    // The demo exercises every rule of the first release's recommended config.
    const rulesSeen = new Set(f10.map((f) => f.split(" ")[1]));
    for (const ruleId of ["require-strict-objects", "no-unconstrained-input", "require-string-bounds", "require-array-bounds", "no-action-dispatch"]) {
      expect(rulesSeen.has(`mcp-guard/${ruleId}`), ruleId).toBe(true);
    }

    // Every file that registers tools or starts a server has findings; the plain store module has none.
    const filesWithFindings = new Set(f10.map((f) => f.split(":")[0]));
    expect([...filesWithFindings].sort()).toEqual(["src/escalation-client.ts", "src/fastmcp.ts", "src/lowlevel.ts", "src/server.ts"]);
  }, 120_000);

  it("matches the expected findings listed in examples/support-desk/README.md", async () => {
    const readme = readFileSync(join(exampleDir, "README.md"), "utf8");
    const listed = [...readme.matchAll(/^\| `(src\/[\w.-]+):(\d+)` \| `([\w-]+)` \|/gm)].map((m) => `${m[1]}:${m[2]} mcp-guard/${m[3]}`).sort();
    expect(listed.length).toBeGreaterThan(0);
    const eslint10 = new ESLint10({
      cwd: exampleDir,
      overrideConfigFile: true,
      overrideConfig: configArray() as ESLint10.Options["overrideConfig"],
      cache: false,
    });
    const results = (await eslint10.lintFiles(["src"])) as AnyResult[];
    expect(findings(results)).toEqual(listed);
    // The summary sentence says what `npm run demo` prints: "21 finding(s) in 4 of 5 file(s)".
    const summary = /^(\d+) findings in (\d+) of the (\d+) files/m.exec(readme)?.slice(1).map(Number);
    expect(summary).toEqual([listed.length, results.filter((result) => result.messages.length > 0).length, results.length]);
  }, 120_000);
});
