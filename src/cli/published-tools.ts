/**
 * Judges the tools a server published with the engine that judges source code. The `tools/list` result
 * is JSON, and JSON is a TypeScript expression: it is written, as it came, into the one source file a
 * low-level SDK server would be, `setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...] }))`.
 * The registration finder, the JSON-Schema reader, the annotations reader and the rules then run on it
 * unchanged, so the published surface is checked by exactly the code that checks source, with no
 * second implementation of any check.
 */
import ts from "typescript";
import { getFileFacts } from "../core/facts.js";
import { readSettings } from "../core/settings.js";
import { finishReport, reportOfFacts, type Report } from "./report.js";
import type { RuleRun } from "./rule-set.js";
import { sha256, stableStringify } from "./schema-summary.js";

/** The name the published tools are analysed under; it appears in no output. */
const FILE_NAME = "published-tools.ts";

const PROLOGUE = `import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
declare const server: { setRequestHandler(schema: unknown, handler: () => unknown): void };
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [
`;
const EPILOGUE = "\n] }));\n";

export function judgePublishedTools(tools: readonly Record<string, unknown>[], rules: readonly RuleRun[]): Report {
  let text = PROLOGUE;
  const toolAtOffset = new Map<number, Record<string, unknown>>();
  tools.forEach((tool, index) => {
    if (index > 0) text += ",\n";
    toolAtOffset.set(text.length, tool);
    text += JSON.stringify(tool, null, 2);
  });
  text += EPILOGUE;
  const sourceFile = ts.createSourceFile(FILE_NAME, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const facts = getFileFacts(ts, sourceFile, undefined, readSettings(undefined));
  if (facts.registrations.length !== tools.length) {
    throw new Error(`internal error: ${tools.length} published tools were read as ${facts.registrations.length} registrations`);
  }
  const { tools: entries, findings } = reportOfFacts(facts, {
    rules,
    // The published JSON itself, so that a changed field description or default counts too.
    inputHash: (registration) => sha256(stableStringify(toolAtOffset.get(registration.node.getStart())?.inputSchema ?? null)),
  });
  return finishReport(entries, findings);
}
