#!/usr/bin/env node
// The real-server suite (issue 14): lints pinned checkouts of public MCP servers with every rule of the plugin
// and scores the findings against the hand-written labels in servers/<id>.json. See README.md here.
//   node bench/real-servers/run.js [--plugin DIR] [--mode typed|untyped|both] [--server id,id] [--json FILE] [--verbose] [--bench]
// ESLint, the parser and the plugin are all loaded from DIR, so one script scores an older checkout and the current one.
// Not a test: it exits 0 unless the script itself fails.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
const PREFIX = "mcp-guard";
const UNANALYZED = "no-unanalyzed-tool";
const SOURCE_GLOBS = ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts", "**/*.js", "**/*.jsx", "**/*.mjs", "**/*.cjs"];

const { values: args } = parseArgs({
  options: {
    plugin: { type: "string", default: resolve(here, "../..") },
    mode: { type: "string", default: "both" },
    server: { type: "string" },
    json: { type: "string" },
    verbose: { type: "boolean", default: false },
    bench: { type: "boolean", default: false },
    group: { type: "string" },
    "include-issue": { type: "string", multiple: true, default: [] },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log("usage: node bench/real-servers/run.js [--plugin DIR] [--mode typed|untyped|both] [--server id,id] [--group name] [--include-issue N] [--json FILE] [--verbose] [--bench]");
  process.exit(0);
}
if (!["typed", "untyped", "both"].includes(args.mode)) fail(`--mode must be typed, untyped or both, not ${args.mode}`);
const modes = args.mode === "both" ? ["typed", "untyped"] : [args.mode];
const checkouts = resolve(process.env.MCP_GUARD_CHECKOUTS ?? "/work/real-servers/checkouts");

// ---- the plugin under measurement, with its own ESLint and parser ----
const pluginDir = resolve(args.plugin);
const requireFromPlugin = createRequire(join(pluginDir, "package.json"));
const importFromPlugin = async (specifier) => import(pathToFileURL(requireFromPlugin.resolve(specifier)).href);
const { ESLint } = await importFromPlugin("eslint");
const tsParserModule = await importFromPlugin("@typescript-eslint/parser");
const tsParser = tsParserModule.default ?? tsParserModule;
const pluginEntry = join(pluginDir, "dist/src/index.js");
if (!existsSync(pluginEntry)) fail(`${pluginEntry} is missing: build the plugin in ${pluginDir} first (npm ci && npm run build)`);
const plugin = (await import(pathToFileURL(pluginEntry).href)).default;
const ruleNames = Object.keys(plugin.rules).sort();
const inventory = await loadInventory();

async function loadInventory() {
  const file = join(pluginDir, "dist/src/cli/static-inventory.js");
  if (!existsSync(file)) return undefined;
  try {
    const { staticInventory } = await import(pathToFileURL(file).href);
    return typeof staticInventory === "function" ? staticInventory : undefined;
  } catch (error) {
    console.log(`(the inventory of ${pluginDir} could not be loaded, tools are matched by findings: ${error.message})`);
    return undefined;
  }
}

// ---- the servers ----
const serverDir = join(here, "servers");
const wantedIds = args.server ? new Set(args.server.split(",").map((s) => s.trim()).filter(Boolean)) : undefined;
const servers = [];
for (const name of readdirSync(serverDir).filter((n) => n.endsWith(".json")).sort()) {
  let server;
  try {
    server = JSON.parse(readFileSync(join(serverDir, name), "utf8"));
  } catch (error) {
    console.log(`skipped servers/${name}: not valid JSON (${error.message})`);
    continue;
  }
  if (wantedIds && !wantedIds.has(server.id)) continue;
  if (args.group && (server.group ?? "first") !== args.group) continue;
  servers.push(server);
}
if (wantedIds) for (const id of wantedIds) if (!servers.some((s) => s.id === id)) console.log(`no servers/${id}.json`);

// ---------------------------------------------------------------------------------------------------------

function fail(message) {
  console.error(`run.js: ${message}`);
  process.exit(2);
}

function gitHead(dir) {
  // A worktree's .git is a file pointing at the git dir; reading HEAD through git would need a child process.
  try {
    const dotGit = join(dir, ".git");
    let gitDir = dotGit;
    const text = readFileSync(dotGit, "utf8");
    const match = /^gitdir: (.*)$/m.exec(text);
    if (match) gitDir = resolve(dir, match[1].trim());
    const head = readFileSync(join(gitDir, "HEAD"), "utf8").trim();
    return /^[0-9a-f]{40}$/.test(head) ? head : undefined;
  } catch {
    return undefined;
  }
}

/** A tool's registration sites (`site: "file:line"` or a list of them), as `{ file, line }`. */
function sitesOf(tool) {
  const sites = tool.site === undefined ? [] : Array.isArray(tool.site) ? tool.site : [tool.site];
  return sites.map((site) => {
    const match = /^(.*):(\d+)$/.exec(site);
    return match ? { file: match[1], line: Number(match[2]) } : { file: site, line: undefined };
  });
}

function checkLabels(server, root) {
  const warnings = [];
  const lines = new Map();
  const lineCount = (file) => {
    if (!lines.has(file)) {
      try {
        lines.set(file, readFileSync(join(root, file), "utf8").split("\n").length);
      } catch {
        lines.set(file, -1);
      }
    }
    return lines.get(file);
  };
  const place = (what, entry) => {
    const n = lineCount(entry.file);
    if (n < 0) warnings.push(`${what}: no file ${entry.file}`);
    else if (!(entry.line >= 1 && entry.line <= n)) warnings.push(`${what}: line ${entry.line} is outside ${entry.file} (${n} lines)`);
  };
  const toolNames = new Set((server.tools ?? []).map((t) => t.name));
  for (const tool of server.tools ?? []) {
    place(`tool ${tool.name}`, tool);
    for (const site of sitesOf(tool)) {
      if (site.line === undefined) warnings.push(`tool ${tool.name}: site ${site.file} is not "file:line"`);
      else place(`tool ${tool.name} site`, site);
    }
  }
  for (const label of server.labels ?? []) {
    const what = `label ${label.rule} ${label.file}:${label.line}`;
    if (!ruleNames.includes(label.rule) && label.rule !== UNANALYZED) warnings.push(`${what}: the plugin has no rule ${label.rule}`);
    place(what, label);
    for (const tool of label.tools ?? []) if (!toolNames.has(tool)) warnings.push(`${what}: names tool ${tool}, which is not in tools`);
  }
  return warnings;
}

function configFor(server, root, mode, rules) {
  const typed = mode === "typed" && server.tsconfig;
  const parserOptions = typed ? { project: resolve(root, server.tsconfig), tsconfigRootDir: root } : {};
  return [
    // Their own eslint-disable comments name rules this config does not load.
    { linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: "off" } },
    { files: SOURCE_GLOBS, languageOptions: { parser: tsParser, parserOptions } },
    rules,
  ];
}

function allRules() {
  return { files: SOURCE_GLOBS, plugins: { [PREFIX]: plugin }, rules: Object.fromEntries(ruleNames.map((r) => [`${PREFIX}/${r}`, "warn"])) };
}

const emptyRulePlugin = { rules: { empty: { meta: { type: "problem", schema: [] }, create: () => ({}) } } };
function emptyRule() {
  return { files: SOURCE_GLOBS, plugins: { bench: emptyRulePlugin }, rules: { "bench/empty": "warn" } };
}

async function lint(server, root, mode, rules, stats = false) {
  tsParser.clearCaches?.();
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: configFor(server, root, mode, rules), cache: false, errorOnUnmatchedPattern: false, warnIgnored: false, stats });
  return eslint.lintFiles(server.files ?? ["**/*.ts"]);
}

const rel = (root, file) => relative(root, file).split(sep).join("/");

async function scoreServer(server, root, mode) {
  const results = await lint(server, root, mode, allRules());
  const files = results.map((r) => r.filePath);
  const findings = [];
  const parseErrors = [];
  for (const result of results) {
    const file = rel(root, result.filePath);
    for (const m of result.messages) {
      // typescript-eslint's messages run to several lines of advice; the first says what is wrong.
      if (m.fatal) parseErrors.push({ file, line: m.line, message: m.message.split("\n")[0] });
      // noInlineConfig turns their disable comments into notes with no rule: not ours to count.
      else if (m.ruleId === null) continue;
      else if (m.ruleId.startsWith(`${PREFIX}/`)) findings.push({ rule: m.ruleId.slice(PREFIX.length + 1), file, line: m.line, column: m.column, message: m.message });
      else parseErrors.push({ file, line: m.line, message: `${m.ruleId}: ${m.message}` });
    }
  }
  // A label marked with an issue is a problem only that issue's rules report; it counts once that issue is included.
  const labels = (server.labels ?? []).filter((l) => l.issue === undefined || args["include-issue"].includes(String(l.issue)));
  const { matched, duplicates, unmatched, missed } = matchFindings(findings, labels);

  // Registrations: a labelled tool is found when the inventory lists it, or when it is reported unanalyzed.
  let listed;
  let inventoryError;
  if (inventory) {
    try {
      const inv = inventory(files, { cwd: root, rules: [], typed: mode === "typed" });
      listed = new Set(inv.tools.filter((t) => t.nameKnown !== false).map((t) => t.name));
    } catch (error) {
      inventoryError = error.message;
    }
  }
  const at = (rule, file, line) => findings.some((f) => (rule === undefined || f.rule === rule) && f.file === file && f.line === line);
  const tools = (server.tools ?? []).map((tool) => {
    const found = listed ? listed.has(tool.name) : at(undefined, tool.file, tool.line);
    // A tool is registered where a registration call is written (`site`), often not where its name is.
    const unanalyzed = at(UNANALYZED, tool.file, tool.line) || sitesOf(tool).some((site) => at(UNANALYZED, site.file, site.line));
    return { ...tool, status: found ? "found" : unanalyzed ? "unanalyzed" : "unseen" };
  });

  let bench;
  if (args.bench) bench = await benchServer(server, root, mode);
  return {
    id: server.id,
    mode,
    typed: mode === "typed" && Boolean(server.tsconfig),
    files: files.length,
    findings,
    labels,
    matched,
    duplicates,
    unmatched,
    missed,
    parseErrors,
    tools,
    inventoryError,
    bench,
  };
}

/**
 * The tool and field a finding's message names: `field "a.b" of tool "t"`, `the input of tool "t"` (field ""),
 * `Tool "t" … field "f"`. Undefined where the message names no tool (a shared helper's report).
 */
function namedPlace(message) {
  const tool = /\b[Tt]ool "([^"]+)"/.exec(message)?.[1];
  if (tool === undefined) return undefined;
  const field = /\bfield "([^"]*)"/.exec(message)?.[1] ?? (/\bthe input of tool "/.test(message) ? "" : undefined);
  return { tool, field };
}

/**
 * A finding matches a label of its rule that names the finding's tool and field path (`field`, "" for the input
 * itself), or one written at the finding's file and line (where the schema or helper is written). A label with a
 * field that names another field of the same line is no match: a line alone never decides between two fields.
 * Several findings on one label count once, in recall and in precision; the extra ones are `duplicates`.
 */
function matchFindings(findings, labels) {
  const strength = (f, l) => {
    if (f.rule !== l.rule) return 0;
    const place = namedPlace(f.message);
    const named = place !== undefined && place.field !== undefined && l.field !== undefined;
    if (named && place.field === l.field && (l.tools ?? []).includes(place.tool)) return 2;
    if (f.file === l.file && f.line === l.line && !(named && place.field !== l.field)) return 1;
    return 0;
  };
  const hitLabels = new Set();
  const matched = [];
  const duplicates = [];
  const unmatched = [];
  for (const f of findings) {
    let best;
    let bestScore = 0;
    for (const l of labels) {
      // A label not yet hit beats one already hit, at the same strength.
      const score = strength(f, l) * 2 + (hitLabels.has(l) ? 0 : 1);
      if (strength(f, l) > 0 && score > bestScore) [best, bestScore] = [l, score];
    }
    if (!best) unmatched.push(f);
    else if (hitLabels.has(best)) duplicates.push(f);
    else {
      hitLabels.add(best);
      matched.push(f);
    }
  }
  return { matched, duplicates, unmatched, missed: labels.filter((l) => !hitLabels.has(l)) };
}

async function benchServer(server, root, mode) {
  // The plugin's own rule time, from ESLint's stats in the timed runs: less noisy than a difference of wall times,
  // and without what the plugin costs beside its rules (the collector and compiler threads it keeps busy).
  const ruleMs = [];
  const time = async (rules) => {
    const stats = rules !== emptyRuleConfig;
    const start = performance.now();
    const results = await lint(server, root, mode, rules, stats);
    const ms = performance.now() - start;
    if (stats) ruleMs.push(results.reduce((n, r) => n + (r.stats?.times.passes ?? []).reduce((m, pass) => m + Object.values(pass.rules ?? {}).reduce((k, rule) => k + rule.total, 0), 0), 0));
    return ms;
  };
  const emptyRuleConfig = emptyRule();
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const allRulesConfig = allRules();
  await time(emptyRuleConfig);
  await time(allRulesConfig);
  ruleMs.length = 0;
  const empty = [];
  const all = [];
  // Interleaved, so machine noise hits both alike.
  for (let i = 0; i < 3; i++) {
    empty.push(await time(emptyRuleConfig));
    all.push(await time(allRulesConfig));
  }
  return { emptyMs: median(empty), allMs: median(all), ratio: median(all) / median(empty), rulesMs: median(ruleMs) };
}

function table(perServer) {
  const rows = [];
  const allLabelRules = new Set(perServer.flatMap((s) => s.labels.map((l) => l.rule)));
  const rules = [...new Set([...ruleNames, ...allLabelRules])];
  const row = (rule, pick) => {
    // Duplicates of a matched finding count once.
    const found = perServer.reduce((n, s) => n + s.matched.filter(pick).length + s.unmatched.filter(pick).length, 0);
    const ok = perServer.reduce((n, s) => n + s.matched.filter(pick).length, 0);
    const labels = perServer.reduce((n, s) => n + s.labels.filter(pick).length, 0);
    const hit = perServer.reduce((n, s) => n + s.labels.filter(pick).length - s.missed.filter(pick).length, 0);
    return { rule, found, labelled: labels, hit, recall: labels ? hit / labels : null, falsePositives: found - ok, precision: found ? ok / found : null };
  };
  for (const rule of rules) rows.push(row(rule, (x) => x.rule === rule));
  // no-unanalyzed-tool is scored by the registrations line, not by labels.
  rows.push(row("ALL", (x) => x.rule !== UNANALYZED));
  const tools = { counted: 0, found: 0, unanalyzed: 0, unseen: 0 };
  for (const s of perServer) for (const t of s.tools) {
    tools.counted++;
    tools[t.status]++;
  }
  return { rows, tools };
}

const pct = (x) => (x === null ? "-" : `${Math.round(x * 100)}%`);

function printMode(mode, perServer, { rows, tools }) {
  console.log(`\n## ${mode}${mode === "typed" ? " (parserOptions.project = the server's tsconfig)" : " (no type information)"}\n`);
  const header = ["rule", "found", "labelled", "recall", "false positives", "precision"];
  const body = rows.map((r) => [r.rule, r.found, r.rule === UNANALYZED ? "n/a" : r.labelled, r.rule === UNANALYZED ? "-" : `${pct(r.recall)} (${r.hit})`, r.rule === UNANALYZED ? "-" : r.falsePositives, r.rule === UNANALYZED ? "-" : pct(r.precision)]);
  printTable(header, body);
  console.log(`\nregistrations: ${tools.counted} labelled tools: ${tools.found} found, ${tools.unanalyzed} reported unanalyzed, ${tools.unseen} unseen\n`);
  for (const s of perServer) {
    const labelled = s.labels.length;
    const hit = labelled - s.missed.length;
    const scored = [...s.matched, ...s.unmatched].filter((f) => f.rule !== UNANALYZED);
    const ok = s.matched.filter((f) => f.rule !== UNANALYZED).length;
    const t = { found: 0, unanalyzed: 0, unseen: 0 };
    for (const tool of s.tools) t[tool.status]++;
    const parts = [
      `${s.files} files${mode === "typed" && !s.typed ? " (untyped: no tsconfig in the json)" : ""}`,
      `labels ${hit}/${labelled} (${pct(labelled ? hit / labelled : null)})`,
      `findings ${scored.length}, ${scored.length - ok} unmatched (precision ${pct(scored.length ? ok / scored.length : null)})`,
      `tools ${t.found}/${s.tools.length} found, ${t.unanalyzed} unanalyzed, ${t.unseen} unseen`,
    ];
    if (s.parseErrors.length) parts.push(`${s.parseErrors.length} parse errors (first: ${s.parseErrors[0].file}${s.parseErrors[0].line ? `:${s.parseErrors[0].line}` : ""} ${s.parseErrors[0].message.slice(0, 100)})`);
    if (s.inventoryError) parts.push(`inventory failed: ${s.inventoryError}`);
    if (s.bench) parts.push(`time empty-rule ${s.bench.emptyMs.toFixed(0)} ms, all rules ${s.bench.allMs.toFixed(0)} ms, ratio ${s.bench.ratio.toFixed(2)}, rules' own ${s.bench.rulesMs.toFixed(0)} ms (+${((100 * s.bench.rulesMs) / s.bench.emptyMs).toFixed(1)}%)`);
    console.log(`${s.id}: ${parts.join("; ")}`);
    if (args.verbose) {
      for (const l of s.missed) console.log(`  missed    ${l.file}:${l.line} ${l.rule} [${(l.tools ?? []).join(", ")}]${l.note ? ` (${l.note})` : ""}`);
      for (const f of s.unmatched) console.log(`  unmatched ${f.file}:${f.line}:${f.column} ${f.rule} ${f.message}`);
      for (const tool of s.tools.filter((x) => x.status !== "found")) console.log(`  tool ${tool.status.padEnd(10)} ${tool.file}:${tool.line} ${tool.name}${tool.site ? ` (site ${[tool.site].flat().join(", ")})` : ""}`);
      for (const e of s.parseErrors) console.log(`  parse     ${e.file}:${e.line} ${e.message}`);
    }
  }
  if (perServer.some((s) => s.bench)) {
    const emptyMs = perServer.reduce((n, s) => n + (s.bench?.emptyMs ?? 0), 0);
    const allMs = perServer.reduce((n, s) => n + (s.bench?.allMs ?? 0), 0);
    const rulesMs = perServer.reduce((n, s) => n + (s.bench?.rulesMs ?? 0), 0);
    console.log(`\ntime (${mode}, sum of per-server medians of 3): empty rule ${emptyMs.toFixed(0)} ms, all rules ${allMs.toFixed(0)} ms, ratio all/empty ${(allMs / emptyMs).toFixed(2)}`);
    console.log(`rules' own time (ESLint stats, median of the same runs): ${rulesMs.toFixed(0)} ms, (empty rule + rules' own) / empty rule ${((emptyMs + rulesMs) / emptyMs).toFixed(3)}`);
  }
}

function printTable(header, body) {
  const widths = header.map((h, i) => Math.max(String(h).length, ...body.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
  for (const r of body) console.log(line(r));
}

async function main() {
  console.log(`plugin: ${pluginDir} (${plugin.meta?.version ?? "?"}), ${ruleNames.length} rules; eslint ${ESLint.version}; inventory: ${inventory ? "static inventory" : "findings at registration lines"}`);
  console.log(`checkouts: ${checkouts}`);

  const report = { plugin: pluginDir, version: plugin.meta?.version, eslint: ESLint.version, rules: ruleNames, modes: {} };
  const present = [];
  for (const server of servers) {
    const checkout = join(checkouts, server.id);
    const root = resolve(checkout, server.root ?? "");
    if (!existsSync(root)) {
      console.log(`skipped ${server.id}: no checkout at ${root}`);
      continue;
    }
    const head = gitHead(checkout);
    if (head && server.commit && head !== server.commit) console.log(`warning: ${server.id}: checkout is at ${head.slice(0, 12)}, the labels are for ${server.commit.slice(0, 12)}`);
    for (const warning of checkLabels(server, root)) console.log(`warning: ${server.id}: ${warning}`);
    present.push({ server, root });
  }

  for (const mode of modes) {
    const perServer = [];
    const failed = [];
    for (const { server, root } of present) {
      try {
        perServer.push(await scoreServer(server, root, mode));
      } catch (error) {
        // One server's failure (a tsconfig that does not parse, a parser crash) must not lose the others' scores.
        console.log(`failed ${server.id} (${mode}): ${error?.stack ?? error}`);
        failed.push({ id: server.id, error: String(error?.message ?? error) });
      }
    }
    report.modes[mode] = { servers: perServer, failed, table: table(perServer) };
    printMode(mode, perServer, report.modes[mode].table);
  }

  if (args.json) {
    writeFileSync(resolve(args.json), JSON.stringify(report, null, 2) + "\n");
    console.log(`\nwrote ${args.json}`);
  }
}

await main();
