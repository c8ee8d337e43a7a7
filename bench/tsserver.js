#!/usr/bin/env node
// Benchmark: what the tsserver plugin (eslint-plugin-mcp-guard/ts-plugin) adds to semantic diagnostics.
//   npm run build && node bench/tsserver.js [--runs 15] [--warmup 3] [--lines 2000]
// One real tsserver (the repository's TypeScript) serves two projects with the same files: one with
// the plugin in its tsconfig, one without. For each file and run, both projects get the same small edit
// (so TypeScript and the plugin both start from a new version of the file) and are asked for
// `semanticDiagnosticsSync`, alternating which goes first. A second request on the unchanged file shows
// the cached cost. Files: a generated server file of --lines lines, and the demo (examples/support-desk).
// Target (docs/editor.md): with / without at most 1.2x, or under 10 ms added, whichever is larger.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: { runs: { type: "string", default: "15" }, warmup: { type: "string", default: "3" }, lines: { type: "string", default: "2000" } },
});
const runs = Number(args.runs);
const warmup = Number(args.warmup);
const targetLines = Number(args.lines);

if (!existsSync(join(root, "dist", "ts-plugin.cjs"))) {
  console.error("dist/ts-plugin.cjs is missing: run `npm run build` first.");
  process.exit(1);
}

// --- the generated server file -------------------------------------------------------------------

function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generateServer(lines) {
  const rand = prng(20260101);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const strings = [`z.string().max(200)`, `z.string()`, `z.string().email()`, `z.enum(["asc", "desc"])`, `z.uuid()`, `z.string().min(1)`];
  const numbers = [`z.number().int().min(1).max(100)`, `z.number()`, `z.number().min(0)`];
  const field = (i) => {
    const r = rand();
    if (r < 0.4) return `f${i}: ${pick(strings)},`;
    if (r < 0.6) return `n${i}: ${pick(numbers)},`;
    if (r < 0.75) return `l${i}: z.array(${pick(strings)})${rand() < 0.5 ? ".max(50)" : ""},`;
    if (r < 0.85) return `o${i}: z.object({ a: ${pick(strings)}, b: ${pick(numbers)} })${rand() < 0.5 ? ".strict()" : ""},`;
    if (r < 0.92) return `m${i}: z.record(z.string(), z.unknown()),`;
    return `b${i}: z.boolean().default(false),`;
  };
  const out = [
    `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`,
    `import { z } from "zod";`,
    ``,
    `const server = new McpServer({ name: "bench", version: "1.0.0" });`,
    `const text = (value: unknown) => ({ content: [{ type: "text" as const, text: JSON.stringify(value) }] });`,
    ``,
  ];
  for (let tool = 0; out.length < lines - 1; tool++) {
    const fields = Array.from({ length: 3 + Math.floor(rand() * 6) }, (_, i) => `      ${field(i)}`);
    const open = rand() < 0.5 ? "z.strictObject({" : "z.object({";
    out.push(`server.registerTool(`, `  "tool_${tool}",`, `  {`, `    description: "Generated tool ${tool}.",`, `    inputSchema: ${open}`, ...fields, `    }),`);
    out.push(`    annotations: { readOnlyHint: ${rand() < 0.5}, openWorldHint: false },`, `  },`, `  async (args) => text(args),`, `);`, ``);
  }
  return `${out.join("\n")}\n`;
}

const SDK_TYPES = `declare module "@modelcontextprotocol/sdk/server/mcp.js" {
  export class McpServer {
    constructor(info: { name: string; version: string });
    registerTool(name: string, config: { title?: string; description?: string; inputSchema?: unknown; annotations?: Record<string, boolean> }, handler: (args: any) => unknown): void;
  }
}
`;

// --- the two projects ----------------------------------------------------------------------------

const work = mkdtempSync(join(tmpdir(), "tsserver-bench-"));
const requireFromRoot = createRequire(join(root, "package.json"));
mkdirSync(join(work, "node_modules"));
// tsserver finds the plugin by name below a probe location; this repository is the package.
symlinkSync(root, join(work, "node_modules", "eslint-plugin-mcp-guard"), "dir");
symlinkSync(dirname(requireFromRoot.resolve("zod/package.json")), join(work, "node_modules", "zod"), "dir");

const demoDir = join(root, "examples", "support-desk", "src");
const demoFiles = existsSync(demoDir) ? readdirSync(demoDir).filter((name) => name.endsWith(".ts")).sort() : [];
const serverText = generateServer(targetLines);

for (const name of ["with", "without"]) {
  const dir = join(work, name);
  mkdirSync(join(dir, "demo"), { recursive: true });
  const plugins = name === "with" ? [{ name: "eslint-plugin-mcp-guard/ts-plugin" }] : [];
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({
    compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, skipLibCheck: true, types: [], plugins },
    include: ["*.ts", "demo/*.ts"],
  }));
  writeFileSync(join(dir, "server.ts"), serverText);
  writeFileSync(join(dir, "mcp-sdk.d.ts"), SDK_TYPES);
  for (const file of demoFiles) copyFileSync(join(demoDir, file), join(dir, "demo", file));
}

// --- a tsserver client ---------------------------------------------------------------------------

const tsserverPath = requireFromRoot.resolve("typescript/lib/tsserver.js");
const typescriptVersion = requireFromRoot("typescript/package.json").version;
const logFile = join(work, "tsserver.log");
const child = spawn(process.execPath, [tsserverPath, "--pluginProbeLocations", work, "--disableAutomaticTypingAcquisition", "--logVerbosity", "requestTime", "--logFile", logFile], { stdio: "pipe" });
child.stderr.on("data", (data) => process.stderr.write(data));
child.on("exit", (code) => {
  if (code) console.error(`tsserver exited with ${code}; log: ${logFile}`);
});
let buffer = Buffer.alloc(0);
let seq = 0;
const waiting = new Map();
child.stdout.on("data", (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd === -1) return;
    const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, headerEnd).toString())[1]);
    if (buffer.length < headerEnd + 4 + length) return;
    const message = JSON.parse(buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString("utf8"));
    buffer = buffer.subarray(headerEnd + 4 + length);
    if (message.type === "response") waiting.get(message.request_seq)?.(message);
  }
});
const send = (command, argsForCommand) => {
  seq += 1;
  child.stdin.write(`${JSON.stringify({ seq, type: "request", command, arguments: argsForCommand })}\n`);
  return seq;
};
const request = (command, argsForCommand) =>
  new Promise((resolve, reject) => {
    const id = send(command, argsForCommand);
    waiting.set(id, (message) => (message.success ? resolve({ seq: id, body: message.body }) : reject(new Error(`${command}: ${message.message}\nlog: ${logFile}`))));
  });

// --- measuring -----------------------------------------------------------------------------------

const targets = [
  { label: `generated server (${serverText.split("\n").length - 1} lines)`, files: ["server.ts"] },
  { label: `demo (examples/support-desk, ${demoFiles.length} files)`, files: demoFiles.map((file) => `demo/${file}`) },
].filter((target) => target.files.length > 0);

const texts = new Map();
for (const project of ["with", "without"]) {
  for (const target of targets) {
    for (const file of target.files) {
      const path = join(work, project, file);
      const text = readFileSync(path, "utf8");
      texts.set(path, text);
      send("open", { file: path, fileContent: text, projectRootPath: join(work, project) });
    }
  }
}

/** Writes a last comment line that changes each run, so every run starts from a new file version. */
function edit(path, run) {
  // The files end with a newline: line L is the empty line after it, where run 0 inserts `// run 0`.
  const line = texts.get(path).split("\n").length;
  const end = { line: run === 0 ? line : line + 1, offset: 1 };
  send("updateOpen", { changedFiles: [{ fileName: path, textChanges: [{ start: { line, offset: 1 }, end, newText: `// run ${run}\n` }] }] });
}

/** Round-trip time as a client sees it; the request's seq, to find tsserver's own timing in its log. */
async function diagnostics(path) {
  const start = performance.now();
  const { seq: id, body } = await request("semanticDiagnosticsSync", { file: path, includeLinePosition: false });
  return { ms: performance.now() - start, seq: id, findings: body.filter((d) => d.source === "mcp-guard").length };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const results = [];
for (const target of targets) {
  const times = { with: [], without: [], withCached: [], withoutCached: [] };
  const seqs = { with: [], without: [], withCached: [], withoutCached: [] };
  let findings = { with: 0, without: 0 };
  for (let run = 0; run < warmup + runs; run++) {
    const order = run % 2 === 0 ? ["with", "without"] : ["without", "with"];
    for (const project of order) {
      let total = 0;
      let cached = 0;
      let count = 0;
      const runSeqs = [];
      const runCachedSeqs = [];
      for (const file of target.files) {
        const path = join(work, project, file);
        edit(path, run);
        const first = await diagnostics(path);
        const second = await diagnostics(path);
        total += first.ms;
        cached += second.ms;
        count += first.findings;
        runSeqs.push(first.seq);
        runCachedSeqs.push(second.seq);
      }
      findings[project] = count;
      if (run >= warmup) {
        times[project].push(total);
        times[`${project}Cached`].push(cached);
        seqs[project].push(runSeqs);
        seqs[`${project}Cached`].push(runCachedSeqs);
      }
    }
  }
  if (findings.with === 0 || findings.without !== 0) {
    console.error(`The plugin did not load as expected (findings with: ${findings.with}, without: ${findings.without}). See ${logFile}`);
    process.exitCode = 1;
  }
  results.push({ target, times, seqs, findings });
}

const exited = new Promise((resolve) => child.once("exit", resolve));
send("exit");
await exited;

// --- report --------------------------------------------------------------------------------------

// tsserver's own time per request ("Perf ... <seq>::semanticDiagnosticsSync: elapsed time (in milliseconds) <ms>"),
// which leaves out sending the response: large for hundreds of findings, each with a long message.
const serverTime = new Map();
for (const match of readFileSync(logFile, "utf8").matchAll(/ (\d+)::semanticDiagnosticsSync: elapsed time \(in milliseconds\) ([\d.]+)/g)) {
  serverTime.set(Number(match[1]), Number(match[2]));
}
const serverMedian = (runsOfSeqs) => median(runsOfSeqs.map((ids) => ids.reduce((sum, id) => sum + (serverTime.get(id) ?? Number.NaN), 0)));
const ms = (value) => (Number.isNaN(value) ? "?" : value.toFixed(1));

console.log(`\ntsserver plugin benchmark: TypeScript ${typescriptVersion}, ${runs} runs after ${warmup} warm-up, median semanticDiagnosticsSync ms`);
console.log("Each run edits the file first, so TypeScript and the plugin both start afresh; 'unchanged' asks again.");
console.log("'round trip' is what a client sees; 'in tsserver' is the request handler's own time from its log.\n");
const rows = [["file", "", "without", "with", "added", "ratio", "unchanged: without", "with", "target"]];
for (const { target, times, seqs, findings } of results) {
  for (const [kind, pick] of [["round trip", (key) => median(times[key])], ["in tsserver", (key) => serverMedian(seqs[key])]]) {
    const without = pick("without");
    const withPlugin = pick("with");
    const added = withPlugin - without;
    const ratio = withPlugin / without;
    const ok = ratio <= 1.2 || added < 10;
    rows.push([kind === "round trip" ? `${target.label}, ${findings.with} findings` : "", kind, ms(without), ms(withPlugin), ms(added), `${ratio.toFixed(2)}x`, ms(pick("withoutCached")), ms(pick("withCached")), Number.isNaN(ratio) ? "?" : ok ? "met" : "MISSED"]);
  }
}
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
for (const row of rows) console.log(row.map((cell, column) => (column <= 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  "));
console.log("\ntarget: with / without <= 1.2x, or under 10 ms added (whichever is larger)");
rmSync(work, { recursive: true, force: true });
