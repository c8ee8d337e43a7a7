/**
 * Differential test against real zod (v3 API from `zod3` = zod@3.25, v4 classic from `zod` = zod@4).
 *
 * A seeded generator (gen.ts) writes random tool input schemas; real zod decides, by probing valid samples
 * (truth.ts), whether each one has an object that accepts unknown keys, a string that accepts 100,000
 * characters, or an array that accepts 10,000 elements; the plugin's three rules must say the same (lint.ts).
 * Intersections are left out of the generator on purpose (their semantics differ between zod versions).
 */
import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z as z4 } from "zod";
import { z as z3 } from "zod3";
import { evalBody, fileText, generateCases, VERSIONS, type GeneratedCase, type Version } from "./gen.js";
import { computeTruth, pathText, type SafeParser, type VariantTruth } from "./truth.js";
import { makeLinter, PROPERTIES, RULES, type Property, type Verdict } from "./lint.js";

// defaults are fixed; override to explore more: DIFFERENTIAL_CASES=5000 DIFFERENTIAL_SEED=7 npx vitest run test/differential
const CASE_COUNT = Number(process.env.DIFFERENTIAL_CASES ?? 600);
const SEED = Number(process.env.DIFFERENTIAL_SEED ?? 0x6d637067);
const MAX_SKIP_RATE = 0.05;

interface Variant {
  c: GeneratedCase;
  v: Version;
  truth: VariantTruth;
}

let prepared: Variant[] | undefined;

function evaluate(c: GeneratedCase, v: Version): SafeParser {
  const zod = v === "v3" ? z3 : z4;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluating the generated schema source is the point
  const make = new Function("z", evalBody(c, v)) as (z: unknown) => SafeParser;
  return make(zod);
}

function prepare(): Variant[] {
  if (prepared) return prepared;
  const cases = generateCases(CASE_COUNT, SEED);
  prepared = [];
  for (const c of cases) {
    for (const v of VERSIONS) {
      let truth: VariantTruth;
      try {
        truth = computeTruth(v, evaluate(c, v), c.ty);
      } catch (e) {
        truth = {
          errors: [`evaluation threw: ${(e as Error).message}`],
          open: false,
          unboundedString: false,
          unboundedArray: false,
          results: [],
          fallthrough: 0,
        };
      }
      prepared.push({ c, v, truth });
    }
  }
  return prepared;
}

const PROPERTY_TEXT: Record<Property, [string, string]> = {
  open: ["open object", "closed objects only"],
  unboundedString: ["unbounded string", "bounded strings only"],
  unboundedArray: ["unbounded array", "bounded arrays only"],
};
const LOC_KIND: Record<Property, readonly string[]> = {
  open: ["object"],
  unboundedString: ["string", "catchall"],
  unboundedArray: ["array"],
};

function describeTruth(t: VariantTruth, p: Property): string {
  const where = t.results
    .filter((r) => r.holds && LOC_KIND[p].includes(r.loc.what))
    .map((r) => pathText(r.loc.path) + (r.loc.what === "catchall" ? " (catchall value)" : ""));
  return t[p] ? `${PROPERTY_TEXT[p][0]} at ${where.join(", ")}` : PROPERTY_TEXT[p][1];
}

describe("differential: generated zod schemas vs real zod", () => {
  it("generator: every sample is valid in real zod and the generated structure matches zod's", () => {
    const variants = prepare();
    const errors = variants.filter((x) => x.truth.errors.length);
    expect(
      errors.map((x) => `case ${x.c.id} ${x.v}: ${x.truth.errors.join("; ")}\n${evalBody(x.c, x.v)}`),
    ).toEqual([]);
    const skipped = variants.filter((x) => x.truth.skipped);
    const stats = (v: Version) => {
      const xs = variants.filter((x) => x.v === v && !x.truth.skipped);
      return `${v}: ${xs.length} judged, open ${xs.filter((x) => x.truth.open).length}, unbounded string ${
        xs.filter((x) => x.truth.unboundedString).length
      }, unbounded array ${xs.filter((x) => x.truth.unboundedArray).length}, union fall-through ${xs.reduce(
        (s, x) => s + x.truth.fallthrough,
        0,
      )}`;
    };
    console.log(`generator: ${variants.length} variants, ${skipped.length} skipped; ${stats("v3")}; ${stats("v4")}`);
    expect(skipped.length / variants.length).toBeLessThanOrEqual(MAX_SKIP_RATE);
    // the distribution must exercise both verdicts of every property
    for (const p of PROPERTIES) {
      const judged = variants.filter((x) => !x.truth.skipped);
      const yes = judged.filter((x) => x.truth[p]).length;
      expect(yes, `${p}: true in ${yes} of ${judged.length}`).toBeGreaterThan(judged.length * 0.15);
      expect(judged.length - yes, `${p}: false in ${judged.length - yes} of ${judged.length}`).toBeGreaterThan(
        judged.length * 0.15,
      );
    }
  }, 600_000);

  it("rules agree with real zod on open objects, unbounded strings and unbounded arrays", async () => {
    const started = Date.now();
    const variants = prepare();
    const lint = await makeLinter();
    const mismatches: { size: number; text: string }[] = [];
    const byCategory = new Map<string, number>();
    const counts: Record<Version, number> = { v3: 0, v4: 0 };
    let skipped = 0;
    for (const x of variants) {
      if (x.truth.skipped || x.truth.errors.length) {
        skipped++;
        continue;
      }
      counts[x.v]++;
      const code = fileText(x.c, x.v);
      const verdict: Verdict = lint(code);
      const wrong = PROPERTIES.filter((p) => verdict[p] !== x.truth[p]);
      if (!wrong.length) continue;
      for (const p of wrong) {
        const cat = `${x.v} ${RULES[p]}: ${x.truth[p] ? "missed (false negative)" : "false positive"}`;
        byCategory.set(cat, (byCategory.get(cat) ?? 0) + 1);
      }
      mismatches.push({
        size: code.length,
        text: [
          `case ${x.c.id} (${x.v}):`,
          ...wrong.map(
            (p) => `  ${RULES[p]}: truth = ${describeTruth(x.truth, p)}; rule says ${verdict[p] ? "flagged" : "nothing"}`,
          ),
          `  --- source ---`,
          ...code.trimEnd().split("\n").map((l, i) => `  ${String(i + 1).padStart(2)}| ${l}`),
          `  --- messages ---`,
          ...(verdict.messages.length
            ? verdict.messages.map((m) => `  ${m.line}:${m.column} ${m.ruleId}: ${m.message}`)
            : ["  (none)"]),
        ].join("\n"),
      });
    }
    const total = counts.v3 + counts.v4;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `differential: ${total} cases (v3 ${counts.v3}, v4 ${counts.v4}), ${skipped} skipped, ${mismatches.length} mismatches (${seconds}s)`,
    );
    if (mismatches.length) {
      const summary = [...byCategory].sort((a, b) => b[1] - a[1]).map(([k, n]) => `  ${n} × ${k}`);
      const report = [
        `${mismatches.length} of ${total} variants disagree with real zod:`,
        ...summary,
        "",
        "(smallest sources first)",
        ...mismatches
          .sort((a, b) => a.size - b.size)
          .slice(0, 40)
          .map((m) => m.text),
        mismatches.length > 40 ? `... and ${mismatches.length - 40} more` : "",
      ].join("\n");
      // the full list, when asked for: DIFFERENTIAL_REPORT=/tmp/differential.txt npx vitest run test/differential
      const out = process.env.DIFFERENTIAL_REPORT;
      if (out) writeFileSync(out, mismatches.map((m) => m.text).join("\n\n") + "\n");
      throw new Error(report);
    }
  }, 600_000);
});
