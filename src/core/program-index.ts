import type * as ts from "typescript";
import { getFileFacts, mayHaveTools, type FileFacts } from "./facts.js";
import { isProgramSource } from "./resolve.js";
import { rememberProgram, transitiveImporters } from "./importers.js";
import { settingsKey, type GuardSettings } from "./settings.js";
import type { TS } from "./ts-utils.js";
import { getOrCreate } from "./memo.js";

/** Per program and settings: for each file name, the facts of other files whose tools reach into it. */
const reachingByProgram = new WeakMap<ts.Program, Map<string, Map<string, FileFacts[]>>>();

/**
 * The facts to run the rules on when linting `sourceFile`: its own, and, under typed analysis, those
 * of every file whose tools use a schema, helper or handler written in it. A problem is reported where
 * it is written, so linting `schemas.ts` reports the open object that a tool in `server.ts` uses.
 * Only files that import this one, directly or through others, can reach it, so only they are
 * analysed; their facts are cached per file, so linting them later costs nothing more.
 */
export function factsForFile(t: TS, sourceFile: ts.SourceFile, checker: ts.TypeChecker | undefined, program: ts.Program | undefined, settings: GuardSettings): FileFacts[] {
  if (checker && program) rememberProgram(checker, program);
  const own = getFileFacts(t, sourceFile, checker, settings);
  if (!checker || !program) return [own];
  const byFile = getOrCreate(getOrCreate(reachingByProgram, program, () => new Map()), settingsKey(settings), () => new Map());
  const reaching = getOrCreate(byFile, sourceFile.fileName, () => factsReaching(t, program, checker, settings, sourceFile));
  return reaching.length > 0 ? [own, ...reaching] : [own];
}

function factsReaching(t: TS, program: ts.Program, checker: ts.TypeChecker, settings: GuardSettings, target: ts.SourceFile): FileFacts[] {
  const reaching: FileFacts[] = [];
  // A file that registers tools reaches into the files its values come from, importers or not: a server's
  // `runServer(config)` lists the definitions its caller passes in from files the server never imports.
  const candidates = new Set([...transitiveImporters(t, program, checker, target), ...registeringFiles(program, settings)]);
  candidates.delete(target);
  for (const importer of candidates) {
    // No text test here: under typed analysis a file registers tools through imported wrappers and base
    // classes without naming a framework, and its facts are computed anyway when it is linted.
    let facts: FileFacts;
    try {
      facts = getFileFacts(t, importer, checker, settings);
    } catch {
      // The importer's own lint reports the engine error; this file's analysis goes on without it.
      continue;
    }
    if (reachesFile(facts, target)) reaching.push(facts);
  }
  return reaching;
}

/** Per program and settings: its source files that can register tools by their text (see mayHaveTools). */
const registeringByProgram = new WeakMap<ts.Program, Map<string, readonly ts.SourceFile[]>>();

function registeringFiles(program: ts.Program, settings: GuardSettings): readonly ts.SourceFile[] {
  const bySettings = getOrCreate(registeringByProgram, program, () => new Map());
  return getOrCreate(bySettings, settingsKey(settings), () => program.getSourceFiles().filter((file) => isProgramSource(file) && mayHaveTools(file.text, file.fileName, settings)));
}

/** Per facts: the files its tools reach into, worked out once (an entry file is an importer of every other file). */
const reachedFilesByFacts = new WeakMap<FileFacts, ReadonlySet<ts.SourceFile>>();

/** Whether a file's tools reach into `target`: a schema, handler or annotations object written there. */
function reachesFile(facts: FileFacts, target: ts.SourceFile): boolean {
  return getOrCreate(reachedFilesByFacts, facts, () => reachedFiles(facts)).has(target);
}

function reachedFiles(facts: FileFacts): ReadonlySet<ts.SourceFile> {
  const files = new Set<ts.SourceFile>();
  for (const occurrence of facts.inputs) files.add(occurrence.schema.site.getSourceFile());
  for (const handler of facts.handlers) files.add(handler.fn.getSourceFile());
  for (const fn of facts.reachedFunctions) files.add(fn.getSourceFile());
  for (const registration of facts.registrations) {
    // A tool named in a definition object there: a missing-annotations report goes to its name.
    const nameFile = registration.nameNode?.getSourceFile();
    if (nameFile) files.add(nameFile);
    const annotations = registration.annotations && facts.resolver.objectLiteralOf(registration.annotations);
    if (annotations) files.add(annotations.getSourceFile());
  }
  return files;
}
