#!/usr/bin/env node
// Benchmark: how much the plugin adds to an ESLint run over a corpus of MCP server files.
//   npm run bench                      (builds dist/, then runs this)
//   node --expose-gc bench/run.js [--runs 5] [--regenerate] [--files 200] [--registrations 20] [--no-typed] [--floor] [--reference] [--no-alone] [--modes a,b]
// Modes, each linted with a fresh ESLint instance (cache off), runs interleaved and rotated so that machine
// noise hits every mode alike:
//   baseline              @typescript-eslint/parser, no rules
//   recommended           same parser, mcp-guard configs.recommended
//   typed-baseline        parser with projectService: true, no rules
//   typed-recommended     parser with projectService: true, configs.recommended
//   empty-rule            parser, one rule that does nothing: ESLint's own price for enabling any rule
//   typed-empty-rule      the same under projectService
//   replay (--floor)      the recommended findings reported again without analysis: ESLint's own cost for them
//   inventory             `mcp-guard inventory` of the same files: its tsconfig.json's program, facts, recommended rules
//   typed-reference       (--reference) one typed rule of typescript-eslint, no-floating-promises, and nothing else:
//                         what a single widely used typed rule costs over the same floor, for scale
// --modes keeps only the named modes (for example --modes typed-recommended,inventory).
// Then, unless --no-alone, the analysis without ESLint (bench/analysis-alone.js). Where Linux reports it, each
// mode's CPU time is also split into the main thread and V8's background threads (bench/main-thread.js).
// Typed runs start from a cold project service (parser caches cleared), as a fresh `eslint` process would.
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import tsParser from "@typescript-eslint/parser";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import plugin from "../dist/src/index.js";
import { selectRules } from "../dist/src/cli/rule-set.js";
import { staticInventory } from "../dist/src/cli/static-inventory.js";
import { CORPUS_VERSION, generateCorpus } from "./corpus-gen.js";
import { measureAnalysisAlone } from "./analysis-alone.js";
import { startCpuClock } from "./main-thread.js";
import { median } from "./median.js";
import { replayConfig } from "./replay.js";

const here = dirname(fileURLToPath(import.meta.url));
const corpusDir = join(here, "corpus");

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    warmup: { type: "string", default: "1" },
    files: { type: "string", default: "200" },
    registrations: { type: "string", default: "20" },
    regenerate: { type: "boolean", default: false },
    "no-typed": { type: "boolean", default: false },
    floor: { type: "boolean", default: false },
    reference: { type: "boolean", default: false },
    "no-alone": { type: "boolean", default: false },
    modes: { type: "string" },
  },
});
const runs = Number(args.runs);
const warmup = Number(args.warmup);
const files = Number(args.files);
const registrations = Number(args.registrations);

const versionFile = join(corpusDir, ".corpus-version");
const wanted = `${CORPUS_VERSION} ${files} ${registrations} 20260101`;
if (args.regenerate || !existsSync(versionFile) || readFileSync(versionFile, "utf8").trim() !== wanted) {
  const { files: n, lines } = generateCorpus(corpusDir, { files, registrations });
  console.log(`generated bench/corpus: ${n} files, ${lines} lines of server code`);
}

const recommended = plugin.configs.recommended;

let replayed;

// A rule with no listeners. With any rule on, ESLint gives each file a rule context whose prototype is that
// file's shared context; V8 then keeps every file's trees through young-generation collections until a full
// one, so they are copied and promoted (~120 MB more per pass here). A project always has some rule on, so this
// floor is in every real lint; the plugin's own cost is what recommended adds on top of it.
const emptyRulePlugin = { rules: { empty: { meta: { type: "problem", schema: [] }, create: () => ({}) } } };

function config(mode) {
  const parserOptions = mode.typed ? { projectService: true, tsconfigRootDir: corpusDir } : {};
  const languageOptions = { parser: tsParser, parserOptions };
  const out = [{ files: ["**/*.ts"], languageOptions }];
  if (mode.replay) out.push(...replayConfig(replayed, ["**/*.ts"], languageOptions));
  else if (mode.rules) out.push({ ...recommended, files: ["**/*.ts"] });
  else if (mode.reference) out.push({ files: ["**/*.ts"], plugins: { "@typescript-eslint": tseslint.plugin }, rules: { "@typescript-eslint/no-floating-promises": "error" } });
  else if (mode.emptyRule) out.push({ files: ["**/*.ts"], plugins: { bench: emptyRulePlugin }, rules: { "bench/empty": "error" } });
  return out;
}

const modes = [
  { name: "baseline", typed: false, rules: false },
  { name: "recommended", typed: false, rules: true },
  { name: "typed-baseline", typed: true, rules: false },
  { name: "typed-recommended", typed: true, rules: true },
  { name: "empty-rule", typed: false, rules: false, emptyRule: true },
  { name: "typed-empty-rule", typed: true, rules: false, emptyRule: true },
  // --floor: the recommended findings replayed without analysis (bench/replay.js).
  { name: "replay", typed: false, rules: true, replay: true },
  // The command's own work, as `mcp-guard inventory src` in the corpus does it (typed: the corpus has a tsconfig.json).
  { name: "inventory", typed: true, rules: true, inventory: true },
  { name: "typed-reference", typed: true, rules: false, reference: true },
]
  .filter((m) => !(args["no-typed"] && m.typed) && (args.floor || !m.replay) && (args.reference || !m.reference))
  .filter((m) => !args.modes || args.modes.split(",").includes(m.name));

// Every run starts from a collected heap, so no mode pays for the garbage another one left behind, and ends
// with a collection inside the timed window, so every mode pays for all of its own garbage (a CLI process
// that exits never collects its last garbage, so this charges the plugin more than a user's run would).
const collectGarbage = globalThis.gc ?? (() => {});

const inventoryRules = selectRules(false);

function inventoryOnce() {
  collectGarbage();
  const start = performance.now();
  const stopCpuClock = startCpuClock();
  const inventory = staticInventory(["src"], { cwd: corpusDir, rules: inventoryRules, typed: true });
  collectGarbage();
  const { cpuMs, mainMs } = stopCpuClock();
  const ms = performance.now() - start;
  const files = inventory.analysis.typedFiles + inventory.analysis.untypedFiles;
  if (inventory.analysis.typedFiles !== files) throw new Error(`inventory: ${inventory.analysis.untypedFiles} files were read without the corpus's program`);
  // Per tool: a schema shared by two tools counts for each, so this is not ESLint's count.
  return { ms, cpuMs, mainMs, findings: inventory.findings.length, files, results: [] };
}

async function runOnce(mode, stats = false) {
  if (mode.inventory) return inventoryOnce();
  tsParser.clearCaches();
  const eslint = new ESLint({ cwd: corpusDir, overrideConfigFile: true, overrideConfig: config(mode), cache: false, stats });
  collectGarbage();
  const start = performance.now();
  const stopCpuClock = startCpuClock();
  const results = await eslint.lintFiles(["src"]);
  collectGarbage();
  const { cpuMs, mainMs } = stopCpuClock();
  const ms = performance.now() - start;
  let findings = 0;
  let fatal = 0;
  for (const r of results) {
    findings += r.messages.filter((m) => m.ruleId).length;
    fatal += r.messages.filter((m) => m.fatal).length;
  }
  if (fatal > 0) throw new Error(`${mode.name}: ${fatal} parse errors in the corpus`);
  return { ms, cpuMs, mainMs, findings, files: results.length, results };
}

// Wall-clock time is what a user waits for; process CPU time (user + system) is far less sensitive to other load
// on the machine, so the ratios are computed from CPU time. Each ratio is also taken per round (the two modes ran
// back to back) and the median of those is reported too.
const wall = new Map(modes.map((m) => [m.name, []]));
const cpu = new Map(modes.map((m) => [m.name, []]));
const mainThread = new Map(modes.map((m) => [m.name, []]));
const facts = new Map();
const total = warmup + runs;
if (!globalThis.gc) console.log("note: run with node --expose-gc (npm run bench does) so that no run pays for another's garbage");
console.log(`load average before the runs: ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
if (args.floor) replayed = (await runOnce(modes.find((m) => m.name === "recommended"))).results;
for (let round = 0; round < total; round++) {
  // Rotate the order every round so that no mode always runs first (or right after a GC-heavy one).
  const order = modes.map((_, i) => modes[(i + round) % modes.length]);
  const line = [];
  for (const mode of order) {
    const { ms, cpuMs, mainMs, findings, files: n } = await runOnce(mode);
    facts.set(mode.name, { findings, files: n });
    if (round >= warmup) {
      wall.get(mode.name).push(ms);
      cpu.get(mode.name).push(cpuMs);
      if (mainMs !== undefined) mainThread.get(mode.name).push(mainMs);
    }
    line.push(`${mode.name} ${ms.toFixed(0)}/${cpuMs.toFixed(0)}`);
  }
  console.log(`${round < warmup ? "warm-up" : `run ${round - warmup + 1}/${runs}`} (wall/cpu ms): ${line.join(", ")}`);
}

const rows = modes.map((m) => {
  const c = cpu.get(m.name);
  const main = mainThread.get(m.name);
  // Background: what the process spent beside the main thread, run by run (compiler and collector threads).
  const background = main.length === c.length ? c.map((t, i) => t - main[i]) : [];
  return { mode: m.name, wall: median(wall.get(m.name)), cpu: median(c), min: Math.min(...c), max: Math.max(...c), main: main.length ? median(main) : undefined, background: background.length ? median(background) : undefined, ...facts.get(m.name) };
});
const threadsKnown = rows.every((r) => r.main !== undefined);

console.log(`\nCorpus: ${rows[0].files} files, ${runs} runs per mode after ${warmup} warm-up; node ${process.version}, ESLint ${ESLint.version}`);
console.log(`load average after the runs: ${loadavg().map((x) => x.toFixed(2)).join(" ")}\n`);
const header = ["mode", "wall median ms", "cpu median ms", "cpu min ms", "cpu max ms", ...(threadsKnown ? ["main thread ms", "background ms"] : []), "findings"];
const table = rows.map((r) => [r.mode, r.wall.toFixed(0), r.cpu.toFixed(0), r.min.toFixed(0), r.max.toFixed(0), ...(threadsKnown ? [r.main.toFixed(0), r.background.toFixed(0)] : []), String(r.findings)]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const fmt = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
console.log(fmt(header));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const row of table) console.log(fmt(row));

function ratios(numerator, denominator) {
  if (!cpu.has(numerator) || !cpu.has(denominator)) return undefined;
  const paired = cpu.get(numerator).map((t, i) => t / cpu.get(denominator)[i]);
  return {
    cpu: median(cpu.get(numerator)) / median(cpu.get(denominator)),
    paired: median(paired),
    wall: median(wall.get(numerator)) / median(wall.get(denominator)),
    main: threadsKnown ? median(mainThread.get(numerator)) / median(mainThread.get(denominator)) : undefined,
  };
}

console.log("");
const line = (label, r, note = "") =>
  r && console.log(`${label.padEnd(35)} cpu ${r.cpu.toFixed(3)}  per-round ${r.paired.toFixed(3)}  wall ${r.wall.toFixed(3)}${r.main === undefined ? "" : `  main thread ${r.main.toFixed(3)}`}${note}`);
const untyped = ratios("recommended", "baseline");
if (untyped) line("recommended / baseline", untyped, `  (target <= 1.15 on cpu: ${untyped.cpu <= 1.15 ? "met" : "NOT met"})`);
line("replay / baseline (ESLint's own cost)", ratios("replay", "baseline"));
line("typed-recommended / typed-baseline", ratios("typed-recommended", "typed-baseline"));
const inventoryRatio = ratios("inventory", "typed-recommended");
if (inventoryRatio) {
  line("inventory / typed-recommended", inventoryRatio, `  (target <= 1.2 on cpu: ${inventoryRatio.cpu <= 1.2 ? "met" : "NOT met"})`);
}
// The same ratios split at ESLint's floor for any enabled rule (see emptyRulePlugin).
console.log("\nSplit at ESLint's floor for enabling any rule (one rule that does nothing):");
line("empty-rule / baseline", ratios("empty-rule", "baseline"));
line("recommended / empty-rule", ratios("recommended", "empty-rule"));
line("typed-empty-rule / typed-baseline", ratios("typed-empty-rule", "typed-baseline"));
line("typed-recommended / typed-empty-rule", ratios("typed-recommended", "typed-empty-rule"));
line("typed-reference / typed-empty-rule", ratios("typed-reference", "typed-empty-rule"), "  (one typescript-eslint typed rule, for scale)");

// Where the time goes inside one run: ESLint's own per-file statistics (`stats: true`) split each file's time into
// parsing and each rule. The plugin computes a file's facts once, in whichever of its rules runs first, so that
// rule carries the shared cost.
console.log("\nWhere the time goes, from ESLint stats (one extra run per mode, wall ms):");
const parseTimes = new Map();
for (const mode of modes.filter((m) => !m.replay && !m.inventory)) {
  const { results } = await runOnce(mode, true);
  let parse = 0;
  let total = 0;
  const perRule = new Map();
  for (const result of results) {
    for (const pass of result.stats?.times.passes ?? []) {
      parse += pass.parse?.total ?? 0;
      total += pass.total;
      for (const [ruleId, { total: t }] of Object.entries(pass.rules ?? {})) perRule.set(ruleId, (perRule.get(ruleId) ?? 0) + t);
    }
  }
  const rulesTotal = [...perRule.values()].reduce((a, b) => a + b, 0);
  parseTimes.set(mode.name, parse);
  // The same parses take longer when rules ran before them: the collector reclaims the rules' garbage
  // during later parses. That share of the plugin's cost shows up here, not in its rules' time.
  const parseBase = parseTimes.get(mode.typed ? "typed-baseline" : "baseline");
  const delta = parseBase === undefined ? 0 : parse - parseBase;
  const parseDelta = (mode.rules || mode.emptyRule) && parseBase !== undefined ? `, parse ${delta >= 0 ? "+" : ""}${delta.toFixed(0)} ms against ${mode.typed ? "typed-baseline" : "baseline"}` : "";
  console.log(`  ${mode.name}: parse ${parse.toFixed(0)} ms, all rules ${rulesTotal.toFixed(0)} ms (${((100 * rulesTotal) / parse).toFixed(1)}% of parse), files total ${total.toFixed(0)} ms${parseDelta}`);
  for (const [ruleId, t] of [...perRule].sort((a, b) => b[1] - a[1])) console.log(`    ${ruleId.padEnd(36)} ${t.toFixed(0).padStart(6)} ms`);
}

// The lower bound under the plugin's share: its analysis with no ESLint around it, in fresh processes.
if (!args["no-alone"]) {
  measureAnalysisAlone({ runs, eslintBaselineCpu: rows.find((r) => r.mode === "baseline")?.cpu, eslintFindings: rows.find((r) => r.mode === "recommended")?.findings });
}
