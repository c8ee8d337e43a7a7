/**
 * A repository that adopts an organisation's shared policy (test/fixtures/org-repo, consuming
 * examples/org-config), with both packages installed from their packed tarballs:
 *
 * - ESLint and tsserver report the same findings there, from the one policy module;
 * - the CI workflow of docs/ci.md runs on it: the lint step fails on the findings and writes SARIF that
 *   the SARIF 2.1.0 schema accepts, the upload step takes that file, `mcp-guard surface --check` passes
 *   on the committed mcp-surface.json and fails on a widened tool, the inventory goes to the job summary;
 * - adopting with ESLint's bulk suppressions behaves as docs/ci.md says, on ESLint 10 and 9;
 * - `--cache` and `--concurrency` give the findings of a plain run.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type * as Sarif from "sarif";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../ts-plugin/harness.js";
import { sarifErrors } from "../formatters/sarif-schema.js";
import { TsServer } from "../ts-plugin/tsserver-client.js";
import { installProject, packDirectory, run } from "./packed.js";
import { sharedPluginTarball } from "./shared-pack.js";
import { workflowSteps, type WorkflowStep } from "./workflow.js";

/** Installation: the suite installs the packed packages itself. */
const INSTALL_STEPS = ["npm ci"];

const ESLINT_9 = join(REPO_ROOT, "node_modules", "eslint9", "bin", "eslint.js");

interface EslintMessage { ruleId: string | null; severity: number; message: string; line: number; column: number; endLine?: number; endColumn?: number }
interface EslintResult { filePath: string; messages: EslintMessage[] }

let workDir: string;
let project: string;
let installNote = "";

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), "mcp-guard-org-"));
  const plugin = sharedPluginTarball();
  expect(plugin.files).toEqual(expect.arrayContaining(["formatters/sarif.js", "dist/src/formatters/sarif.js", "dist/ts-plugin.cjs", "ts-plugin/package.json"]));
  const org = packDirectory(join(REPO_ROOT, "examples", "org-config"), workDir);
  expect(org.files.sort()).toEqual(["README.md", "index.js", "package.json", "settings.js"]);
  project = join(workDir, "repo");
  cpSync(join(REPO_ROOT, "test", "fixtures", "org-repo"), project, { recursive: true });
  // A checkout has .git at its root; the SARIF formatter writes paths relative to it.
  mkdirSync(join(project, ".git"));
  installNote = installProject(project, { "eslint-plugin-mcp-guard": plugin.tarball, "@acme/eslint-config-mcp": org.tarball });
  console.log(`org-repo fixture: ${installNote.split("\n")[0]}`);
}, 600_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}, 120_000);

/** A copy of the installed repository, sharing its node_modules, for a test that edits files. */
function copyOfProject(name: string): string {
  const copy = join(workDir, name);
  cpSync(project, copy, { recursive: true, filter: (source) => !source.startsWith(join(project, "node_modules")) });
  symlinkSync(join(project, "node_modules"), join(copy, "node_modules"), "dir");
  return copy;
}

function eslintBin(cwd: string): string {
  return join(cwd, "node_modules", "eslint", "bin", "eslint.js");
}

/** `file:line:column-endLine:endColumn rule severity message`, sorted: what both front ends must agree on. */
function eslintFindings(cwd: string, args: string[] = [], bin = eslintBin(cwd)): string[] {
  const result = run(process.execPath, [bin, ".", "--format", "json", ...args], cwd);
  if (result.status !== 0 && result.status !== 1) throw new Error(`eslint exited ${result.status}: ${result.stderr}\n${installNote}`);
  const results = JSON.parse(result.stdout) as EslintResult[];
  return results.flatMap((file) => file.messages.map((m) => `${relative(cwd, file.filePath)}:${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${m.ruleId} ${m.severity} ${m.message}`)).sort();
}

let plainRun: string[] | undefined;
/** The installed repository's findings from a plain ESLint run; each copy of it has the same. */
function plainFindings(): string[] {
  plainRun ??= eslintFindings(project);
  return plainRun;
}

function readSarif(path: string): Sarif.Log {
  return JSON.parse(readFileSync(path, "utf8")) as Sarif.Log;
}

/** `file:line:column rule`, from a SARIF log. */
function sarifFindings(log: Sarif.Log): string[] {
  return (log.runs[0].results ?? []).map((result) => {
    const location = result.locations![0].physicalLocation!;
    return `${decodeURIComponent(location.artifactLocation!.uri!)}:${location.region!.startLine}:${location.region!.startColumn} ${result.ruleId}`;
  }).sort();
}

function shortForm(findings: string[]): string[] {
  return findings.map((finding) => finding.replace(/^([^:]+:\d+:\d+)-\S+ (\S+) .*$/u, "$1 $2")).sort();
}

describe("one policy for ESLint and tsserver", () => {
  let eslint: string[];
  beforeAll(() => {
    eslint = plainFindings();
  }, 240_000);

  it("ESLint runs the organisation's rules, options, severities and settings", () => {
    expect(shortForm(eslint)).toEqual([
      "src/schemas.ts:4:26 mcp-guard/require-strict-objects",
      "src/server.ts:14:13 mcp-guard/require-string-bounds",
      "src/server.ts:15:20 mcp-guard/require-array-bounds",
      "src/server.ts:16:17 mcp-guard/require-number-bounds",
      "src/server.ts:33:71 mcp-guard/no-unconstrained-input",
    ]);
    // `ceiling: 10_000` is the policy's option (the default ceiling, 100,000, would accept .max(50_000));
    // require-number-bounds is on through the strict preset; every rule is an error.
    expect(eslint.find((finding) => finding.includes("require-string-bounds"))).toContain("50000");
    expect(eslint.every((finding) => / mcp-guard\/\S+ 2 /u.test(finding))).toBe(true);
    // Off in the policy (no-action-dispatch), and a sanitizer in its settings (toSafeMessage): neither reports.
    expect(eslint.some((finding) => /no-action-dispatch|no-raw-error-in-result/u.test(finding))).toBe(false);
  });

  it("tsserver, given the module's name in the plugin entry, reports the same findings", async () => {
    const server = new TsServer(join(project, "node_modules", "typescript", "lib", "tsserver.js"), project, join(workDir, "tsserver.log"));
    try {
      const found: string[] = [];
      for (const name of ["src/server.ts", "src/schemas.ts", "src/errors.ts"]) {
        const file = join(project, name);
        server.send("open", { file, fileContent: readFileSync(file, "utf8"), projectRootPath: project, scriptKindName: "TS" });
        const diagnostics = await server.request<{ start: { line: number; offset: number }; end: { line: number; offset: number }; text: string; category: string; source?: string }[]>("semanticDiagnosticsSync", { file, includeLinePosition: false });
        expect(diagnostics.filter((d) => d.source !== "mcp-guard"), name).toEqual([]);
        for (const d of diagnostics) {
          const [rule, ...message] = d.text.split(": ");
          found.push(`${name}:${d.start.line}:${d.start.offset}-${d.end.line}:${d.end.offset} ${rule} ${d.category === "error" ? 2 : 1} ${message.join(": ")}`);
        }
      }
      expect(found.sort()).toEqual(eslint);
      expect(readFileSync(server.logFile, "utf8")).toContain(`[mcp-guard] config module "@acme/eslint-config-mcp": ${join(project, "node_modules", "@acme", "eslint-config-mcp", "index.js")}`);
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${installNote}\n${server.relevantLog()}`, { cause: error });
    } finally {
      await server.close();
    }
  }, 240_000);
});

describe("the CI workflow of docs/ci.md, run on the fixture", () => {
  const steps = workflowSteps();
  const lint = steps.find((step) => step.id === "lint")!;
  const runLines = steps.flatMap((step) => (step.run ? [step.run] : []));
  const eslintLines = runLines.filter((line) => line.startsWith("npx eslint "));
  const env = (cwd: string) => ({ PATH: `${join(cwd, "node_modules", ".bin")}:${process.env["PATH"] ?? ""}`, npm_config_offline: "true" });
  const runStep = (step: WorkflowStep, cwd: string) => run("bash", ["-c", step.run!], cwd, env(cwd));

  const surfaceCheck = steps.find((step) => step.run?.startsWith("npx mcp-guard surface "))!;
  const inventory = steps.find((step) => step.run?.startsWith("npx mcp-guard inventory "))!;

  it("runs nothing but the install, the two ESLint steps and the two mcp-guard steps, each tested here", () => {
    expect(eslintLines).toHaveLength(2);
    expect(runLines.filter((line) => !eslintLines.includes(line))).toEqual([...INSTALL_STEPS, surfaceCheck.run, inventory.run]);
    expect(lint.run).toMatch(/ --max-warnings 0 /u);
  });

  it("fails the lint step on the findings, and writes SARIF that the SARIF 2.1.0 schema accepts", () => {
    const cwd = copyOfProject("workflow");
    const result = runStep(lint, cwd);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(1);
    const log = readSarif(join(cwd, "eslint.sarif"));
    expect(sarifErrors(log)).toEqual([]);
    expect(sarifFindings(log)).toEqual(shortForm(plainFindings()));
    const [first] = log.runs[0].results!;
    expect(first.locations![0].physicalLocation!.artifactLocation).toEqual({ uri: "src/schemas.ts", uriBaseId: "%SRCROOT%" });
    for (const rule of log.runs[0].tool.driver.rules!) expect((rule.properties?.tags ?? [])[0], rule.id).toBe("security");

    // The upload step sends that file, and runs when the lint failed.
    const upload = steps.find((step) => step.uses?.startsWith("github/codeql-action/upload-sarif@"))!;
    expect(lint.run).toContain(`--output-file ${upload.with["sarif_file"]}`);
    expect(upload.if).toContain("!cancelled()");

    // The next step prints the findings from the cache the lint step wrote.
    const show = steps.find((step) => step.if?.includes("steps.lint.outcome == 'failure'"))!;
    expect(existsSync(join(cwd, ".cache", "eslint"))).toBe(true);
    const printed = runStep(show, cwd);
    expect(printed.status).toBe(1);
    for (const finding of shortForm(plainFindings())) expect(printed.stdout).toContain(finding.split(" ")[1]);
  }, 240_000);

  it("checks the committed tool surface, and fails with a readable diff when a tool widens or flips a hint", () => {
    const cwd = copyOfProject("surface");
    expect(surfaceCheck.if).toContain("!cancelled()");
    expect(runStep(surfaceCheck, cwd)).toEqual({ status: 0, stdout: "mcp-guard: the tool surface matches mcp-surface.json (2 tools).\n", stderr: "" });

    const server = join(cwd, "src", "server.ts");
    const source = readFileSync(server, "utf8");
    writeFileSync(server, source.replace("body: z.string().max(50_000),", "body: z.string(),").replace("destructiveHint: true,", "destructiveHint: false,"));
    expect(runStep(surfaceCheck, cwd)).toEqual({
      status: 1,
      stdout: [
        "mcp-guard: the tool surface differs from mcp-surface.json:",
        '~ tool "reply_to_ticket" changed',
        "  input changed:",
        "    - body: string ≤ 50000",
        "    + body: string (unbounded)",
        '~ tool "ticket_admin" changed',
        "  destructive: true → false",
        "summary: destructive 1 → 0, additive writes 1 → 2",
        "If the change is intended, run `mcp-guard surface --write mcp-surface.json --config eslint.config.js` and commit the file.",
        "",
      ].join("\n"),
      stderr: "",
    });

    // The change reviewed and accepted: the file is written again, as docs/ci.md says, and the check passes.
    expect(run("bash", ["-c", surfaceCheck.run!.replace(" --check ", " --write ")], cwd, env(cwd))).toEqual({ status: 0, stdout: "mcp-guard: wrote mcp-surface.json (2 tools).\n", stderr: "" });
    expect(runStep(surfaceCheck, cwd).status).toBe(0);
  }, 240_000);

  it("fails the surface step with exit 2 when the committed file is missing or corrupt", () => {
    const cwd = copyOfProject("surface-missing");
    rmSync(join(cwd, "mcp-surface.json"));
    const missing = runStep(surfaceCheck, cwd);
    expect(missing).toMatchObject({ status: 2, stdout: "" });
    expect(missing.stderr).toContain("mcp-guard surface: no surface file at mcp-surface.json. Write it with `mcp-guard surface --write mcp-surface.json`");
    writeFileSync(join(cwd, "mcp-surface.json"), "<<<<<<< HEAD\n");
    const corrupt = runStep(surfaceCheck, cwd);
    expect(corrupt).toMatchObject({ status: 2, stdout: "" });
    expect(corrupt.stderr).toContain("mcp-guard surface: mcp-surface.json is not valid JSON");
  }, 240_000);

  it("writes the tool inventory's markdown to the job summary, with the lint's findings", () => {
    const cwd = copyOfProject("inventory");
    const summary = join(cwd, "step-summary.md");
    writeFileSync(summary, "");
    const result = run("bash", ["-c", inventory.run!], cwd, { ...env(cwd), GITHUB_STEP_SUMMARY: summary });
    expect(result).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(inventory.if).toContain("!cancelled()");
    const markdown = readFileSync(summary, "utf8");
    expect(markdown).toMatch(/^### mcp-guard inventory: \d+ files read \(3 with type information\)\n/u);
    expect(markdown).toContain("| 2 | 0 | 1 | 1 | 1 | 0 |");
    expect(markdown).toContain("| `reply_to_ticket` | src/server.ts:8 | additive write, open-world |");
    expect(markdown).toContain("| `ticket_admin` | src/server.ts:29 | destructive, closed-world |");
    // --config eslint.config.js: the organisation's rules, options and settings, so the findings are the lint step's.
    const findings = markdown.slice(markdown.indexOf("**Findings"));
    const rows = [...findings.matchAll(/^\| `[^`]+` \| [^|]* \| (\S+) \| `([^`]+)` \|/gmu)].map((match) => `${match[1]} mcp-guard/${match[2]}`).sort();
    expect(rows).toEqual(shortForm(plainFindings()).map((finding) => finding.replace(/^([^:]+:\d+):\d+ /u, "$1 ")).sort());
  }, 240_000);
});

describe("adopting with ESLint's bulk suppressions", () => {
  /** The repository's findings, all errors, as `--suppress-all` records them. */
  const RECORDED = {
    "src/schemas.ts": { "mcp-guard/require-strict-objects": { count: 1 } },
    "src/server.ts": {
      "mcp-guard/no-unconstrained-input": { count: 1 },
      "mcp-guard/require-array-bounds": { count: 1 },
      "mcp-guard/require-number-bounds": { count: 1 },
      "mcp-guard/require-string-bounds": { count: 1 },
    },
  };
  const NEW_TOOL = (header: string) => `${header}\nconst s = new McpServer({ name: "x", version: "1" });\ns.registerTool("search", { inputSchema: z.strictObject({ q: z.string() }), annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } }, async () => ({ content: [] }));\n`;

  /** The repository copied, with the ESLint binary to use, the workflow's lint step and the suppressions file. */
  function adoption(name: string, bin: (cwd: string) => string) {
    const cwd = copyOfProject(name);
    const lintArgs = workflowSteps().find((step) => step.id === "lint")!.run!.replace(/^npx eslint /u, "").split(" ");
    const eslint = (...args: string[]) => run(process.execPath, [bin(cwd), ...args], cwd);
    const lint = () => {
      const result = eslint(...lintArgs);
      return { status: result.status, stderr: result.stderr, findings: sarifFindings(readSarif(join(cwd, "eslint.sarif"))) };
    };
    const suppressions = () => JSON.parse(readFileSync(join(cwd, "eslint-suppressions.json"), "utf8")) as Record<string, Record<string, { count: number }>>;
    const server = readFileSync(join(cwd, "src", "server.ts"), "utf8");
    return { cwd, eslint, lint, suppressions, server, header: server.split("\n").slice(0, 2).join("\n") };
  }

  it("on ESLint 10: suppresses today's errors, fails on new ones, and asks for the file to shrink", () => {
    const { cwd, eslint, lint, suppressions, server, header } = adoption("adopt-eslint10", eslintBin);

    // Only errors are suppressed: the same findings as warnings are not recorded.
    expect(eslint(".", "--suppress-all", "--rule", JSON.stringify({ "mcp-guard/require-number-bounds": "warn" })).status).toBe(0);
    expect(suppressions()["src/server.ts"]).not.toHaveProperty("mcp-guard/require-number-bounds");

    expect(eslint(".", "--suppress-all").status).toBe(0);
    expect(suppressions()).toEqual(RECORDED);
    expect(lint()).toEqual({ status: 0, stderr: "", findings: [] });

    // A finding in a new file is reported alone.
    writeFileSync(join(cwd, "src", "search.ts"), NEW_TOOL(header));
    expect(lint()).toMatchObject({ status: 1, findings: ["src/search.ts:4:61 mcp-guard/require-string-bounds"] });
    rmSync(join(cwd, "src", "search.ts"));

    // One more of a suppressed rule in the same file reports all of that file's findings of the rule.
    writeFileSync(join(cwd, "src", "server.ts"), server.replace("      priority:", "      notes: z.string(),\n      priority:"));
    expect(lint()).toMatchObject({ status: 1, findings: ["src/server.ts:14:13 mcp-guard/require-string-bounds", "src/server.ts:16:14 mcp-guard/require-string-bounds"] });

    // Fixing a suppressed finding fails until the file is pruned.
    writeFileSync(join(cwd, "src", "server.ts"), server.replace("z.array(z.string().max(200))", "z.array(z.string().max(200)).max(10)"));
    const unpruned = lint();
    expect(unpruned.status).toBe(2);
    expect(unpruned.stderr).toContain("There are suppressions left that do not occur anymore");
    expect(eslint(".", "--prune-suppressions").status).toBe(0);
    expect(suppressions()["src/server.ts"]).not.toHaveProperty("mcp-guard/require-array-bounds");
    expect(lint()).toEqual({ status: 0, stderr: "", findings: [] });
  }, 300_000);

  it("on ESLint 9: the same file, and the same gate", () => {
    const { cwd, eslint, lint, suppressions, server, header } = adoption("adopt-eslint9", () => ESLINT_9);
    expect(eslint(".", "--suppress-all").status).toBe(0);
    expect(suppressions()).toEqual(RECORDED);
    writeFileSync(join(cwd, "src", "search.ts"), NEW_TOOL(header));
    expect(lint()).toMatchObject({ status: 1, findings: ["src/search.ts:4:61 mcp-guard/require-string-bounds"] });
    rmSync(join(cwd, "src", "search.ts"));
    writeFileSync(join(cwd, "src", "server.ts"), server.replace("z.array(z.string().max(200))", "z.array(z.string().max(200)).max(10)"));
    expect(lint()).toMatchObject({ status: 2, stderr: expect.stringContaining("There are suppressions left that do not occur anymore") as unknown });
  }, 300_000);
});

describe("ESLint's --cache and --concurrency", () => {
  it("give the findings of a plain run", () => {
    const cwd = copyOfProject("cache");
    const plain = plainFindings();
    expect(plain.length).toBeGreaterThan(0);
    const cache = ["--cache", "--cache-location", join(workDir, "eslint-cache")];
    expect(eslintFindings(cwd, cache), "--cache, writing the cache").toEqual(plain);
    const cached = JSON.parse(readFileSync(join(workDir, "eslint-cache"), "utf8")) as unknown[];
    expect(JSON.stringify(cached)).toContain(join(cwd, "src", "schemas.ts"));
    expect(eslintFindings(cwd, cache), "--cache, reading the cache").toEqual(plain);
    expect(eslintFindings(cwd, ["--concurrency", "auto"]), "--concurrency auto").toEqual(plain);
    // `auto` uses half the cores, so on a 2-core machine it stays on one thread; 2 forces two.
    expect(eslintFindings(cwd, ["--concurrency", "2"]), "--concurrency 2").toEqual(plain);
  }, 300_000);

  it("keep a file's cached findings when only the file that uses it changed, under typed linting (docs/ci.md)", () => {
    const cwd = copyOfProject("stale-cache");
    const cache = ["--cache", "--cache-location", join(workDir, "stale-cache-file")];
    const strictObjects = (findings: string[]) => shortForm(findings).filter((finding) => finding.includes("require-strict-objects"));
    expect(strictObjects(eslintFindings(cwd, cache))).toEqual(["src/schemas.ts:4:26 mcp-guard/require-strict-objects"]);
    // server.ts stops using the shared schema, so schemas.ts has no tool input left to report.
    const server = readFileSync(join(cwd, "src", "server.ts"), "utf8");
    writeFileSync(join(cwd, "src", "server.ts"), server.replace(`import { TicketRef } from "./schemas.js";\n`, "").replace("ticket: TicketRef,", "ticket: z.strictObject({ id: z.string().max(40) }),"));
    expect(strictObjects(eslintFindings(cwd))).toEqual([]);
    expect(strictObjects(eslintFindings(cwd, cache))).toEqual(["src/schemas.ts:4:26 mcp-guard/require-strict-objects"]);
  }, 300_000);
});
