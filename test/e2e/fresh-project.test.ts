/**
 * End to end, as a new user meets the plugin: the packed tarball installed from the npm registry into
 * an empty project with the README's own install line and config, linted by ESLint's CLI; and the same
 * project with TypeScript 7 forced in, which must stop the run with one clear line.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, run } from "./packed-plugin.js";
import { sharedPluginTarball } from "./shared-pack.js";

const README = readFileSync(join(REPO_ROOT, "README.md"), "utf8");

/** A plain JavaScript server with one finding: `body` has no maximum length (line 10). */
const SERVER_MJS = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const server = new McpServer({ name: "fresh", version: "1.0.0" });

server.registerTool(
  "send_message",
  {
    description: "Send a message.",
    inputSchema: z.strictObject({ to: z.string().max(254), body: z.string() }),
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  },
  async () => ({ content: [{ type: "text", text: "sent" }] }),
);
`;

/** A TypeScript project whose open object is written in one file and used by a tool in another. */
const TYPED_FILES: Record<string, string> = {
  "tsconfig.json": JSON.stringify({ compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, skipLibCheck: true }, include: ["src"] }),
  "src/schemas.ts": `import { z } from "zod";

export const SearchInput = z.object({ query: z.string().max(200) });
`,
  "src/server.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SearchInput } from "./schemas.js";

const server = new McpServer({ name: "typed", version: "1.0.0" });

server.registerTool(
  "search",
  { inputSchema: SearchInput, annotations: { readOnlyHint: true, openWorldHint: false } },
  async () => ({ content: [] }),
);
`,
};

/** The README's install line, as a user copies it. */
function readmeInstallLine(): string {
  const line = /^npm install -D eslint-plugin-mcp-guard\b.*$/m.exec(README.slice(README.indexOf("## Installation")))?.[0];
  if (!line) throw new Error("README.md has no `npm install -D eslint-plugin-mcp-guard` line under Installation");
  return line;
}

/** The README's first config, the one a user starts with. */
function readmeConfig(): { file: string; text: string } {
  const usage = README.slice(README.indexOf("## Usage"));
  const file = /In `(eslint\.config\.m?js)`/.exec(usage)?.[1];
  const text = /```js\n([\s\S]*?)```/.exec(usage)?.[1];
  if (!file || !text) throw new Error("README.md's Usage names no config file or shows no config");
  return { file, text };
}

/** The README's typed config, under Typed linting. */
function readmeTypedConfig(): string {
  const typed = README.slice(README.indexOf("### Typed linting"));
  const text = /```js\n([\s\S]*?)```/.exec(typed)?.[1];
  if (!text?.includes("recommendedTypeChecked")) throw new Error("README.md's Typed linting shows no recommendedTypeChecked config");
  return text;
}

/** npm flags that keep a test install quiet and use the cache where it can; never --force or --legacy-peer-deps. */
const QUIET = ["--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];

let workDir: string;
let tarball: string;

function newProject(name: string): string {
  const dir = join(workDir, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `mcp-guard-${name}`, version: "1.0.0", private: true }, null, 2));
  return dir;
}

function eslintIn(dir: string, args: string[]) {
  return run(process.execPath, [join(dir, "node_modules", "eslint", "bin", "eslint.js"), ...args], dir);
}

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), "fresh-project-e2e-"));
  const packed = sharedPluginTarball();
  tarball = packed.tarball;
  expect(packed.files).toEqual(expect.arrayContaining(["dist/src/index.js", "dist/src/eslint/plugin.js", "package.json", "LICENSE"]));
}, 240_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe("a new project set up as the README says", () => {
  let dir: string;

  beforeAll(() => {
    dir = newProject("readme");
    const [command, ...args] = readmeInstallLine().split(/\s+/);
    expect(command).toBe("npm");
    const install = run("npm", [...args.map((arg) => (arg === "eslint-plugin-mcp-guard" ? `eslint-plugin-mcp-guard@file:${tarball}` : arg)), ...QUIET], dir, 300_000);
    if (!install.ok) throw new Error(`the README's install line failed in an empty project:\n${install.output}`);
    const config = readmeConfig();
    writeFileSync(join(dir, config.file), config.text);
    writeFileSync(join(dir, "server.mjs"), SERVER_MJS);
  }, 360_000);

  it("installs TypeScript 6 and an ESLint within the peer range, without --force", () => {
    const versionOf = (name: string) => (JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
    expect(versionOf("typescript")).toMatch(/^6\.0\./);
    expect(versionOf("eslint")).toMatch(/^(9|10)\./);
  });

  it("lints a plain .mjs server with the README's config and reports its finding", () => {
    const result = eslintIn(dir, ["--format", "json", "server.mjs"]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(1);
    const [file] = JSON.parse(result.stdout) as { messages: { ruleId: string; line: number }[] }[];
    expect(file?.messages.map((message) => `${message.line} ${message.ruleId}`)).toEqual(["10 mcp-guard/require-string-bounds"]);
  });

  it("lints a TypeScript project with the README's typed config, with nothing more installed, and finds a cross-file problem", () => {
    for (const [path, text] of Object.entries(TYPED_FILES)) {
      mkdirSync(join(dir, path, ".."), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    writeFileSync(join(dir, "eslint.typed.config.mjs"), readmeTypedConfig());
    const result = eslintIn(dir, ["--config", "eslint.typed.config.mjs", "--format", "json", "src", "server.mjs"]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(1);
    const files = JSON.parse(result.stdout) as { filePath: string; messages: { ruleId: string; line: number; column: number }[] }[];
    const found = files.flatMap((file) => file.messages.map((message) => `${relative(dir, file.filePath)}:${message.line}:${message.column} ${message.ruleId}`));
    // The open object is reported in schemas.ts, where it is written, because a tool in server.ts uses it.
    expect(found.sort()).toEqual(["server.mjs:10:66 mcp-guard/require-string-bounds", "src/schemas.ts:3:28 mcp-guard/require-strict-objects"]);
  });
});

describe("a project whose typescript is TypeScript 7", () => {
  it("fails the lint run with one line that names TypeScript 7 and the fix, and exit code 2", () => {
    const dir = newProject("typescript-7");
    const eslintVersion = (JSON.parse(readFileSync(join(REPO_ROOT, "node_modules", "eslint", "package.json"), "utf8")) as { version: string }).version;
    // The peer range refuses TypeScript 7, so this is the user who forced it in.
    const install = run("npm", ["install", "-D", `eslint-plugin-mcp-guard@file:${tarball}`, `eslint@${eslintVersion}`, "typescript@npm:typescript@7.0.2", "--legacy-peer-deps", ...QUIET], dir, 300_000);
    if (!install.ok) throw new Error(`installing TypeScript 7 failed:\n${install.output}`);
    expect(readFileSync(join(dir, "node_modules", "typescript", "package.json"), "utf8")).toContain('"version": "7.0.2"');
    writeFileSync(join(dir, "eslint.config.mjs"), 'import mcpGuard from "eslint-plugin-mcp-guard";\n\nexport default [mcpGuard.configs.recommended];\n');
    writeFileSync(join(dir, "server.mjs"), SERVER_MJS);
    writeFileSync(join(dir, "other.mjs"), SERVER_MJS.replace('"send_message"', '"send_other"'));

    const result = eslintIn(dir, ["server.mjs", "other.mjs"]);
    const line = 'eslint-plugin-mcp-guard: the "typescript" package it loads is TypeScript 7.0.2, and TypeScript 7 has no JavaScript API. Fix: npm install -D typescript@~6.0 (the README shows how to keep TypeScript 7\'s tsc beside it).';
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    // ESLint's own frame around a fatal error, then the line, once, with no stack and no per-rule warnings.
    expect(result.stderr.trim().split("\n").filter((text) => text.trim() !== "")).toEqual(["Oops! Something went wrong! :(", `ESLint: ${eslintVersion}`, line]);
  }, 360_000);
});
