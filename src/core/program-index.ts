import type * as ts from "typescript";
import { getFileFacts, type FileFacts } from "./facts.js";
import { isProgramSource } from "./resolve.js";
import { mayUseMcpFramework } from "./registrations/frameworks.js";
import { settingsKey, type GuardSettings } from "./settings.js";
import type { TS } from "./ts-utils.js";

/** Per program and settings: for each file name, the facts of other files whose tools reach into it. */
const indexes = new WeakMap<ts.Program, Map<string, Map<string, FileFacts[]>>>();

/**
 * The facts to run the rules on when linting `sourceFile`: its own, and, under typed analysis, those
 * of every file whose tools use a schema, helper or handler written in it. A problem is reported where
 * it is written, so linting `schemas.ts` reports the open object that a tool in `server.ts` uses.
 * The index is built once per Program (the facts it computes are cached per file, so linting those
 * files later costs nothing more).
 */
export function factsForFile(t: TS, sourceFile: ts.SourceFile, checker: ts.TypeChecker | undefined, program: ts.Program | undefined, settings: GuardSettings): FileFacts[] {
  const own = getFileFacts(t, sourceFile, checker, settings);
  if (!checker || !program) return [own];
  const reaching = programIndex(t, program, checker, settings).get(sourceFile.fileName);
  return reaching ? [own, ...reaching.filter((facts) => facts !== own)] : [own];
}

function programIndex(t: TS, program: ts.Program, checker: ts.TypeChecker, settings: GuardSettings): Map<string, FileFacts[]> {
  let bySettings = indexes.get(program);
  if (!bySettings) {
    bySettings = new Map();
    indexes.set(program, bySettings);
  }
  const key = settingsKey(settings);
  let index = bySettings.get(key);
  if (!index) {
    index = buildIndex(t, program, checker, settings);
    bySettings.set(key, index);
  }
  return index;
}

function buildIndex(t: TS, program: ts.Program, checker: ts.TypeChecker, settings: GuardSettings): Map<string, FileFacts[]> {
  const index = new Map<string, FileFacts[]>();
  for (const file of program.getSourceFiles()) {
    // Only a file that mentions a framework can register a tool; the text test keeps the index cheap.
    if (!isProgramSource(file) || !mayUseMcpFramework(file.text, file.fileName)) continue;
    let facts: FileFacts;
    try {
      facts = getFileFacts(t, file, checker, settings);
    } catch {
      // The file's own lint reports the engine error; the index goes on without it.
      continue;
    }
    for (const reached of filesReached(facts)) {
      if (reached === file) continue;
      const list = index.get(reached.fileName);
      if (list) list.push(facts);
      else index.set(reached.fileName, [facts]);
    }
  }
  return index;
}

/** Files other than its own that a file's tools reach: where their schemas, handlers and annotations are written. */
function filesReached(facts: FileFacts): Set<ts.SourceFile> {
  const files = new Set<ts.SourceFile>();
  for (const occurrence of facts.inputs) files.add(occurrence.schema.site.getSourceFile());
  for (const handler of facts.handlers) files.add(handler.fn.getSourceFile());
  for (const registration of facts.registrations) {
    const annotations = registration.annotations && facts.resolver.objectLiteralOf(registration.annotations);
    if (annotations) files.add(annotations.getSourceFile());
  }
  return files;
}
