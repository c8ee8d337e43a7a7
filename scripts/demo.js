#!/usr/bin/env node
// Lints the demo MCP server in examples/support-desk with eslint-plugin-mcp-guard and prints what it finds.
// Usage: npm run demo   (builds dist/ first when it is missing). Exits 0 even when there are findings.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const exampleDir = join(root, "examples", "support-desk");

if (!existsSync(join(root, "dist", "src", "index.js"))) {
  console.log("dist/ is missing: running `npm run build` first...");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
}

const eslint = new ESLint({
  cwd: exampleDir,
  overrideConfigFile: join(exampleDir, "eslint.config.js"),
  cache: false,
});
const results = await eslint.lintFiles(["src"]);
const formatter = await eslint.loadFormatter("stylish");
const output = await formatter.format(results);

console.log(`eslint-plugin-mcp-guard demo: ${relative(process.cwd(), exampleDir) || "."} (configs.recommended)`);
console.log(output.trim() ? output : "\nNo findings.\n");

const perRule = new Map();
for (const result of results) {
  for (const message of result.messages) {
    const ruleId = message.ruleId ?? "(parser)";
    const entry = perRule.get(ruleId) ?? { count: 0, files: new Set() };
    entry.count += 1;
    entry.files.add(relative(exampleDir, result.filePath));
    perRule.set(ruleId, entry);
  }
}

if (perRule.size > 0) {
  console.log("Summary by rule:");
  const width = Math.max(...[...perRule.keys()].map((id) => id.length));
  for (const [ruleId, { count, files }] of [...perRule].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))) {
    console.log(`  ${ruleId.padEnd(width)}  ${String(count).padStart(3)}  in ${[...files].sort().join(", ")}`);
  }
}
const total = results.reduce((n, r) => n + r.messages.length, 0);
console.log(`\n${total} finding(s) in ${results.filter((r) => r.messages.length > 0).length} of ${results.length} file(s). See examples/support-desk/README.md for what each one means.`);
process.exitCode = 0;
