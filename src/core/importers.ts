import type * as ts from "typescript";
import { importedFile } from "./module-exports.js";
import { isProgramSource } from "./resolve.js";
import type { TS } from "./ts-utils.js";
import { getOrCreate } from "./memo.js";

// Which files of a program import which: the files a file's values can flow to (its importers read its
// exports) and from (their calls pass arguments into its functions).

/** Per checker: the program it checks, where a front end knows it (the checker does not say). */
const programs = new WeakMap<ts.TypeChecker, ts.Program>();

export function rememberProgram(checker: ts.TypeChecker, program: ts.Program): void {
  programs.set(checker, program);
}

export function programOf(checker: ts.TypeChecker): ts.Program | undefined {
  return programs.get(checker);
}

/** Per program: for each file name, the program source files that import it (directly). */
const importerGraphs = new WeakMap<ts.Program, Map<string, ts.SourceFile[]>>();

/** Files that import `target`, directly or through other files (re-exports, barrels), each once. */
export function transitiveImporters(t: TS, program: ts.Program, checker: ts.TypeChecker, target: ts.SourceFile): ts.SourceFile[] {
  const graph = importerGraph(t, program, checker);
  const seen = new Set<string>([target.fileName]);
  const importers: ts.SourceFile[] = [];
  // The list is its own queue: a large program's importers are hundreds of files.
  for (let next: ts.SourceFile | undefined = target, i = 0; next; next = importers[i++]) {
    for (const importer of graph.get(next.fileName) ?? []) {
      if (seen.has(importer.fileName)) continue;
      seen.add(importer.fileName);
      importers.push(importer);
    }
  }
  return importers;
}

function importerGraph(t: TS, program: ts.Program, checker: ts.TypeChecker): Map<string, ts.SourceFile[]> {
  return getOrCreate(importerGraphs, program, () => {
    const graph = new Map<string, ts.SourceFile[]>();
    for (const file of program.getSourceFiles()) {
      if (!isProgramSource(file)) continue;
      for (const statement of file.statements) {
        const specifier = t.isImportDeclaration(statement) || t.isExportDeclaration(statement) ? statement.moduleSpecifier : undefined;
        if (!specifier || !t.isStringLiteral(specifier)) continue;
        const imported = importedFile(t, checker, specifier);
        if (!imported || imported === file || !isProgramSource(imported)) continue;
        const list = graph.get(imported.fileName);
        if (list) list.push(file);
        else graph.set(imported.fileName, [file]);
      }
    }
    return graph;
  });
}
