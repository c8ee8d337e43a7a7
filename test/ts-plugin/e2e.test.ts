/**
 * End to end: the packed tarball, installed into a fresh project, loaded by a real tsserver (TypeScript
 * 5.9.3 and 6.0.3) through `{"name": "eslint-plugin-mcp-guard/ts-plugin"}`, driven over the protocol.
 * This also tests `files`, the ts-plugin/package.json stub and the CommonJS bundle.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, run } from "../e2e/packed-plugin.js";
import { sharedPluginTarball } from "../e2e/shared-pack.js";
import { TsServer, type ServerMessage } from "./tsserver-client.js";

const STRING_BOUNDS = 951003;
const PLUGIN_NAME = "eslint-plugin-mcp-guard/ts-plugin";

const SERVER_TS = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const server = new McpServer({ name: "e2e", version: "1.0.0" });

server.registerTool(
  "send_message",
  {
    description: "Send a message.",
    inputSchema: z.strictObject({ to: z.string().max(254), body: z.string() }),
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  },
  async () => ({ content: [{ type: "text", text: "sent" }] }),
);

export { server };
`;

const SDK_TYPES = `declare module "@modelcontextprotocol/sdk/server/mcp.js" {
  export class McpServer {
    constructor(info: { name: string; version: string });
    registerTool(
      name: string,
      config: { title?: string; description?: string; inputSchema?: unknown; annotations?: Record<string, boolean> },
      handler: (args: unknown) => Promise<{ content: { type: "text"; text: string }[] }>,
    ): void;
  }
}
`;

interface Location { line: number; offset: number }
interface ProtocolDiagnostic { start: Location; end: Location; text: string; code: number; category: string; source?: string }
interface CodeEdit { start: Location; end: Location; newText: string }
interface CodeFixAction { fixName: string; description: string; changes: { fileName: string; textChanges: CodeEdit[] }[] }

function offsetOf(text: string, location: Location): number {
  const lines = text.split("\n");
  let offset = 0;
  for (let line = 1; line < location.line; line++) offset += (lines[line - 1]?.length ?? 0) + 1;
  return offset + location.offset - 1;
}

function applyCodeEdits(text: string, edits: CodeEdit[]): string {
  const resolved = edits.map((edit) => ({ start: offsetOf(text, edit.start), end: offsetOf(text, edit.end), text: edit.newText }));
  let result = text;
  for (const edit of resolved.sort((a, b) => b.start - a.start)) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

let workDir: string;
let projectDir: string;
let installNote = "";

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), "tsserver-e2e-"));
  projectDir = join(workDir, "project");
  // The bundle is all tsserver loads; the shared tarball is built from the current source.
  const { tarball, files: packedFiles } = sharedPluginTarball();
  expect(packedFiles).toEqual(expect.arrayContaining(["ts-plugin/package.json", "dist/ts-plugin.cjs", "package.json"]));

  mkdirSync(join(projectDir, "src"), { recursive: true });
  writeFileSync(join(projectDir, "package.json"), JSON.stringify({
    name: "mcp-guard-e2e-fixture",
    private: true,
    type: "module",
    devDependencies: { "eslint-plugin-mcp-guard": `file:${tarball}`, typescript: "6.0.3", "typescript-5.9": "npm:typescript@5.9.3", zod: "4.6.7" },
  }, null, 2));
  writeFileSync(join(projectDir, "tsconfig.json"), JSON.stringify({
    compilerOptions: {
      target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, skipLibCheck: true, types: [],
      // A misspelt shared setting: logged, ignored, and the findings still come.
      plugins: [{ name: PLUGIN_NAME, rules: { "mcp-guard/require-string-bounds": "error" }, zodModuls: ["@acme/schema"] }],
    },
    include: ["src"],
  }, null, 2));
  writeFileSync(join(projectDir, "src", "server.ts"), SERVER_TS);
  writeFileSync(join(projectDir, "src", "mcp-sdk.d.ts"), SDK_TYPES);

  const install = run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", "--legacy-peer-deps", "--loglevel=error"], projectDir);
  if (install.ok) {
    installNote = "installed with npm install --offline";
  } else {
    // No network and an npm cache without these packages' metadata: place the same files by hand.
    installNote = `npm install --offline failed, so the tarball was unpacked by hand:\n${install.output.slice(-2000)}`;
    const modules = join(projectDir, "node_modules");
    rmSync(modules, { recursive: true, force: true });
    mkdirSync(modules, { recursive: true });
    execFileSync("tar", ["-xzf", tarball, "-C", modules]);
    renameSync(join(modules, "package"), join(modules, "eslint-plugin-mcp-guard"));
    for (const name of ["typescript", "typescript-5.9", "zod"]) cpSync(join(REPO_ROOT, "node_modules", name), join(modules, name), { recursive: true });
  }
  console.log(`e2e fixture: ${installNote.split("\n")[0]}`);
}, 240_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe.each([
  ["6.0.3", "typescript"],
  ["5.9.3", "typescript-5.9"],
])("tsserver %s with the packed plugin", (version, packageName) => {
  let server: TsServer;
  let file: string;

  beforeAll(() => {
    file = join(projectDir, "src", "server.ts");
    const tsserver = join(projectDir, "node_modules", packageName, "lib", "tsserver.js");
    expect(JSON.parse(readFileSync(join(projectDir, "node_modules", packageName, "package.json"), "utf8"))).toMatchObject({ version });
    server = new TsServer(tsserver, projectDir, join(workDir, `tsserver-${version}.log`));
  });

  afterAll(async () => {
    await server?.close();
  });

  /** Runs a step; on failure the error carries the tsserver log lines that explain it. */
  async function step<T>(name: string, body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`${name}: ${message}\n${installNote}\n${server.relevantLog()}`, { cause: error });
    }
  }

  it("reports, fixes, and clears a finding over the protocol", async () => {
    let text = readFileSync(file, "utf8");
    server.send("open", { file, fileContent: text, projectRootPath: projectDir, scriptKindName: "TS" });

    const diagnostics = await step("semanticDiagnosticsSync", async () => {
      const body = await server.request<ProtocolDiagnostic[]>("semanticDiagnosticsSync", { file, includeLinePosition: false });
      // Other recommended rules may report here too; this test follows the string-bounds finding.
      const ours = body.filter((d) => d.source === "mcp-guard" && d.code === STRING_BOUNDS);
      expect(ours.map((d) => [d.code, d.category, d.text.split(":")[0]])).toEqual([[STRING_BOUNDS, "error", "mcp-guard/require-string-bounds"]]);
      expect(body.filter((d) => d.source !== "mcp-guard")).toEqual([]);
      return ours;
    });
    const finding = diagnostics[0];
    expect(text.split("\n")[finding.start.line - 1].slice(finding.start.offset - 1)).toMatch(/^z\.string\(\) \}\)/);

    await step("getSupportedCodeFixes (no file)", async () => {
      const codes = await server.request<string[]>("getSupportedCodeFixes");
      expect(codes).toEqual(expect.arrayContaining(["951001", "951002", String(STRING_BOUNDS), "951004", "951005", "951006"]));
    });

    const fix = await step("getCodeFixes", async () => {
      const fixes = await server.request<CodeFixAction[]>("getCodeFixes", {
        file, startLine: finding.start.line, startOffset: finding.start.offset, endLine: finding.end.line, endOffset: finding.end.offset, errorCodes: [STRING_BOUNDS],
      });
      expect(fixes.map((f) => f.description)).toEqual(["Limit the length to 1000 characters.", "Disable mcp-guard/require-string-bounds for this line"]);
      return fixes[0];
    });

    await step("updateOpen + geterr", async () => {
      const edits = fix.changes.flatMap((change) => change.textChanges);
      text = applyCodeEdits(text, edits);
      expect(text).toContain("body: z.string().max(1000) })");
      server.send("updateOpen", { changedFiles: [{ fileName: file, textChanges: edits }] });
      const since = server.events.length;
      const seq = server.send("geterr", { files: [file], delay: 0 });
      const semantic = await server.waitForEvent((m: ServerMessage) => m.event === "semanticDiag" && (m.body as { file: string }).file === file, "semanticDiag", since);
      await server.waitForEvent((m) => m.event === "requestCompleted" && (m.body as { request_seq: number }).request_seq === seq, "requestCompleted", since);
      const after = (semantic.body as { diagnostics: ProtocolDiagnostic[] }).diagnostics;
      expect(after.filter((d) => d.code === STRING_BOUNDS || d.source !== "mcp-guard")).toEqual([]);
    });

    expect(readFileSync(server.logFile, "utf8")).toContain(`[mcp-guard] TypeScript ${version}; rules:`);
    expect(readFileSync(server.logFile, "utf8").match(/\[mcp-guard\] tsconfig plugin entry: zodModuls: unknown key \(did you mean "zodModules"\?\); ignoring zodModuls\./g)).toHaveLength(1);
  });

  it("tsc --noEmit succeeds with the plugin configured (tsc never runs plugins)", () => {
    const tsc = join(projectDir, "node_modules", packageName, "bin", "tsc");
    const result = run(process.execPath, [tsc, "--noEmit", "-p", "."], projectDir);
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });
});

it("the fixture's copy of the plugin is the packed one", () => {
  const stub = JSON.parse(readFileSync(join(projectDir, "node_modules", "eslint-plugin-mcp-guard", "ts-plugin", "package.json"), "utf8")) as { main: string };
  expect(stub.main).toBe("../dist/ts-plugin.cjs");
  expect(existsSync(join(projectDir, "node_modules", "eslint-plugin-mcp-guard", "dist", "ts-plugin.cjs"))).toBe(true);
});
