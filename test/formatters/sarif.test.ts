/**
 * formatters/sarif.js: ESLint's results as SARIF 2.1.0, valid against the SARIF 2.1.0 schema (./sarif-schema.ts), with
 * relative locations and the rule metadata code scanning needs to rank security alerts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import tsParser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import type * as Sarif from "sarif";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import formatSarif, { artifactLocation, reportingDescriptor, SOURCE_ROOT, sourceRoot, toSarif } from "../../src/formatters/sarif.js";
import { docsUrl } from "../../src/eslint/create-rule.js";
import { ruleDefinitions } from "../../src/rules.js";

import { sarifErrors as schemaErrors } from "./sarif-schema.js";

const SERVER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "s", version: "1.0.0" });
server.registerTool(
  "send",
  { inputSchema: z.strictObject({ body: z.string() }), annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true } },
  async () => ({ content: [] }),
);
const unused = 1;
`;

let repo: string;
let results: ESLint.LintResult[];
let eslint: ESLint;

beforeAll(async () => {
  repo = mkdtempSync(join(tmpdir(), "mcp-guard-sarif-"));
  mkdirSync(join(repo, ".git"));
  mkdirSync(join(repo, "packages", "my tools"), { recursive: true });
  writeFileSync(join(repo, "packages", "my tools", "server.ts"), SERVER);
  writeFileSync(join(repo, "packages", "my tools", "broken.ts"), "const = ;\n");
  const config: Linter.Config[] = [
    { files: ["**/*.ts"], languageOptions: { parser: tsParser } },
    plugin.configs.recommended,
    { rules: { "no-unused-vars": "warn" } },
  ];
  // ESLint runs in the package's directory, as a monorepo job does; the repository root is two levels up.
  eslint = new ESLint({ cwd: join(repo, "packages", "my tools"), overrideConfigFile: true, overrideConfig: config });
  results = await eslint.lintFiles(["."]);
});

afterAll(() => {
  if (repo) rmSync(repo, { recursive: true, force: true });
});

function format(): Sarif.Log {
  const text = formatSarif(results, { cwd: join(repo, "packages", "my tools"), rulesMeta: eslint.getRulesMetaForResults(results) });
  return JSON.parse(text) as Sarif.Log;
}

describe("the SARIF formatter", () => {
  it("writes a log that the SARIF 2.1.0 schema accepts", () => {
    const log = format();
    expect(log.version).toBe("2.1.0");
    expect(schemaErrors(log)).toEqual([]);
  });

  it("is checked by a validator that rejects what the schema forbids", () => {
    const log = format();
    const broken = structuredClone(log);
    broken.runs[0].results![0].level = "fatal" as Sarif.Result.level;
    broken.runs[0].results![0].locations![0].physicalLocation!.artifactLocation!.uri = "packages/my tools/server.ts";
    const errors = schemaErrors(broken);
    expect(errors).toContain('#/runs/0/results/0: Property "level" does not match schema.');
    expect(errors.some((error) => error.startsWith("#/runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri: "))).toBe(true);
    // The errata 01 rule the package's schema lacks: a region needs a start.
    const startless = structuredClone(log);
    delete startless.runs[0].results![0].locations![0].physicalLocation!.region!.startLine;
    expect(schemaErrors(startless)).toContain("#/runs/0/results/0/locations/0/physicalLocation/region: a region needs startLine, charOffset or byteOffset (SARIF 2.1.0 errata 01)");
  });

  it("reports each finding at ESLint's position, relative to the repository root", () => {
    const run = format().runs[0];
    const server = results.find((result) => result.filePath.endsWith("server.ts"))!;
    const bounds = server.messages.find((message) => message.ruleId === "mcp-guard/require-string-bounds")!;
    const result = run.results!.find((candidate) => candidate.ruleId === "mcp-guard/require-string-bounds")!;
    expect(result).toEqual({
      ruleId: "mcp-guard/require-string-bounds",
      ruleIndex: run.tool.driver.rules!.findIndex((rule) => rule.id === "mcp-guard/require-string-bounds"),
      level: "error",
      message: { text: bounds.message },
      locations: [{
        physicalLocation: {
          artifactLocation: { uri: "packages/my%20tools/server.ts", uriBaseId: SOURCE_ROOT },
          region: { startLine: 6, startColumn: 41, endLine: 6, endColumn: 49 },
        },
      }],
    });
    expect(bounds).toMatchObject({ line: 6, column: 41, endLine: 6, endColumn: 49 });
    expect(run.results!.find((candidate) => candidate.ruleId === "no-unused-vars")?.level).toBe("warning");
  });

  it("describes mcp-guard's rules as ranked security rules, from their metadata", () => {
    const rules = format().runs[0].tool.driver.rules!;
    const definition = ruleDefinitions.find((candidate) => candidate.name === "require-string-bounds")!;
    expect(rules.find((rule) => rule.id === "mcp-guard/require-string-bounds")).toEqual({
      id: "mcp-guard/require-string-bounds",
      shortDescription: { text: definition.meta.description },
      fullDescription: { text: definition.meta.description },
      helpUri: docsUrl("require-string-bounds"),
      help: {
        text: `${definition.meta.description}\n${docsUrl("require-string-bounds")}`,
        markdown: `${definition.meta.description}\n\n[mcp-guard/require-string-bounds](${docsUrl("require-string-bounds")})\n\n[CWE-770](https://cwe.mitre.org/data/definitions/770.html)`,
      },
      properties: { tags: ["security", "external/cwe/cwe-770"], "security-severity": "4.3", precision: "high" },
    });
    // Another plugin's rule (here ESLint's own) is a plain problem: no security ranking is invented for it.
    expect(rules.find((rule) => rule.id === "no-unused-vars")?.properties).toEqual({ tags: ["problem"] });
    expect(rules.map((rule) => rule.id)).toEqual([...rules.map((rule) => rule.id)].sort());
  });

  it("gives every mcp-guard rule but no-unanalyzed-tool a security tag, a score in code scanning's range and its CWE tags", () => {
    for (const definition of ruleDefinitions) {
      const id = `mcp-guard/${definition.name}`;
      const descriptor = reportingDescriptor(id, plugin.rules[definition.name].meta);
      if (!definition.meta.security) {
        // A tool the analysis could not read is no weakness: a plain problem in code scanning.
        expect(definition.name).toBe("no-unanalyzed-tool");
        expect(descriptor.properties, id).toEqual({ tags: ["problem"] });
        continue;
      }
      const { severity, cwe } = definition.meta.security;
      expect(severity, id).toBeGreaterThanOrEqual(0.1);
      expect(severity, id).toBeLessThanOrEqual(10);
      expect(descriptor.properties, id).toEqual({
        tags: ["security", ...cwe.map((n) => `external/cwe/cwe-${String(n).padStart(3, "0")}`)],
        "security-severity": severity.toFixed(1),
        precision: "high",
      });
      expect(descriptor.helpUri, id).toBe(docsUrl(definition.name));
    }
  });

  it("turns a parse error into a notification on an unsuccessful run, not a result without a rule", () => {
    const run = format().runs[0];
    const parseError = results.find((result) => result.filePath.endsWith("broken.ts"))!.messages[0];
    expect(parseError).toMatchObject({ fatal: true, line: 1, column: 6 });
    expect(run.results!.every((result) => typeof result.ruleId === "string")).toBe(true);
    expect(parseError.message).toMatch(/^Parsing error: /);
    expect(run.invocations).toEqual([{
      executionSuccessful: false,
      toolExecutionNotifications: [{
        level: "error",
        message: { text: parseError.message },
        locations: [{ physicalLocation: { artifactLocation: { uri: "packages/my%20tools/broken.ts", uriBaseId: SOURCE_ROOT }, region: { startLine: 1, startColumn: 6 } } }],
      }],
    }]);
  });

  it("writes an empty, valid log for a clean run", () => {
    const log = toSarif([], { cwd: repo, rulesMeta: {} });
    expect(log.runs[0]).toMatchObject({ results: [], invocations: [{ executionSuccessful: true }], tool: { driver: { name: "ESLint", rules: [] } } });
    expect(schemaErrors(log)).toEqual([]);
  });
});

describe("locations", () => {
  it("are relative below the root, percent-encoded, and absolute file URIs outside it", () => {
    expect(artifactLocation(join(repo, "src", "a#b@c.ts"), repo)).toEqual({ uri: "src/a%23b@c.ts", uriBaseId: SOURCE_ROOT });
    const outside = join(tmpdir(), "elsewhere", "x.ts");
    expect(artifactLocation(outside, repo)).toEqual({ uri: pathToFileURL(outside).href });
    expect(artifactLocation(join(repo, "..x", "y.ts"), join(repo))).toEqual({ uri: "..x/y.ts", uriBaseId: SOURCE_ROOT });
  });

  it("take the nearest directory holding .git as the root, or the working directory without one", () => {
    expect(sourceRoot(join(repo, "packages", "my tools"))).toBe(repo);
    const bare = mkdtempSync(join(tmpdir(), "mcp-guard-sarif-bare-"));
    try {
      expect(sourceRoot(bare)).toBe(bare);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
