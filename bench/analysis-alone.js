// The plugin's analysis without ESLint: each corpus file parsed by TypeScript (as typescript-estree parses it),
// then its facts computed and the recommended rules run on them. Every run is a fresh process, as a user's
// `eslint` run is, so its first pass pays for compiling the plugin's code as well; a second pass in the same
// process shows the cost once compiled. The analysis costs what the two modes differ by. It is a lower bound:
// inside ESLint the same analysis also pays for reporting, for ESLint's glue and for a much larger heap.
//   node bench/analysis-alone.js [--runs 5]      (run.js calls measureAnalysisAlone after its own modes)
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startCpuClock } from "./main-thread.js";
import { median } from "./median.js";

const thisFile = fileURLToPath(import.meta.url);
const corpusSources = join(fileURLToPath(new URL("corpus", import.meta.url)), "src");

async function child(mode) {
  const ts = (await import("typescript")).default;
  const { default: plugin } = await import("../dist/src/index.js");
  const { factsForFile } = await import("../dist/src/core/program-index.js");
  const { readSettings } = await import("../dist/src/core/settings.js");
  const { runRuleInFile } = await import("../dist/src/core/rule.js");
  const { ruleDefinitions } = await import("../dist/src/rules.js");
  const { installedZodMajor } = await import("../dist/src/eslint/zod-version.js");
  const recommended = new Set(Object.keys(plugin.configs.recommended.rules).map((id) => id.replace("mcp-guard/", "")));
  const rules = ruleDefinitions.filter((rule) => recommended.has(rule.name));
  const files = readdirSync(corpusSources, { recursive: true })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => join(corpusSources, name))
    .map((path) => [path, readFileSync(path, "utf8")]);
  const passes = [];
  for (let pass = 0; pass < 2; pass++) {
    const stopCpuClock = startCpuClock();
    let findings = 0;
    for (const [path, text] of files) {
      const sourceFile = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      if (mode !== "analysis") continue;
      // The calls the ESLint rules make (create-rule.ts), untyped.
      const factsList = factsForFile(ts, sourceFile, undefined, undefined, readSettings(undefined, installedZodMajor(path)));
      for (const rule of rules) findings += runRuleInFile(rule, factsList, rule.meta.defaultOptions, sourceFile).length;
    }
    const { cpuMs, mainMs } = stopCpuClock();
    passes.push({ cpu: cpuMs, main: mainMs, findings });
  }
  process.stdout.write(JSON.stringify(passes));
}

/** Runs both modes `runs` times, interleaved, and prints their medians against ESLint's baseline (cpu ms). */
export function measureAnalysisAlone({ runs, eslintBaselineCpu, eslintFindings }) {
  const byMode = { parse: [], analysis: [] };
  for (let run = 0; run < runs; run++) {
    for (const mode of run % 2 ? ["analysis", "parse"] : ["parse", "analysis"]) {
      byMode[mode].push(JSON.parse(execFileSync(process.execPath, [thisFile, "--child", mode], { encoding: "utf8" })));
    }
  }
  const at = (mode, pass, field) => median(byMode[mode].map((passes) => passes[pass][field] ?? Number.NaN));
  const cold = at("analysis", 0, "cpu") - at("parse", 0, "cpu");
  const warm = at("analysis", 1, "cpu") - at("parse", 1, "cpu");
  const coldMain = at("analysis", 0, "main") - at("parse", 0, "main");
  const ratio = (ms) => (eslintBaselineCpu ? `  (${(ms / eslintBaselineCpu).toFixed(3)} of ESLint's baseline)` : "");
  const ms = (x) => (Number.isNaN(x) ? "n/a" : `${x.toFixed(0)} ms`);
  const findings = byMode.analysis[0][0].findings;
  const sameFindings = eslintFindings === undefined ? "" : findings === eslintFindings ? ", as in ESLint" : `; ESLint reported ${eslintFindings}: NOT the same analysis`;
  console.log(`\nThe analysis alone, outside ESLint (a fresh process per run, ${runs} runs, cpu medians; ${findings} findings${sameFindings}):`);
  console.log(`  TypeScript's parse only        first pass ${ms(at("parse", 0, "cpu"))}, second pass ${ms(at("parse", 1, "cpu"))}`);
  console.log(`  parse + facts + rules          first pass ${ms(at("analysis", 0, "cpu"))}, second pass ${ms(at("analysis", 1, "cpu"))}`);
  console.log(`  the analysis, first pass       ${ms(cold)}${ratio(cold)}; main thread ${ms(coldMain)}, background (compiler and collector threads) ${ms(cold - coldMain)}`);
  console.log(`  the analysis, second pass      ${ms(warm)}${ratio(warm)}`);
}

if (process.argv[1] === thisFile) {
  const { values: args } = parseArgs({ options: { child: { type: "string" }, runs: { type: "string", default: "5" } } });
  if (args.child) await child(args.child);
  else if (!existsSync(corpusSources)) {
    console.error("bench/corpus is generated by bench/run.js: run `npm run bench` once first.");
    process.exitCode = 1;
  } else measureAnalysisAlone({ runs: Number(args.runs) });
}
