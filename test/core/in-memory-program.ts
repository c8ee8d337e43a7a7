// A TypeScript program over in-memory files, for the core tests that need a checker.
import ts from "typescript";

/**
 * A program over `files` (absolute names). With `old`, its unchanged SourceFiles are reused, as a watch program
 * does, and it is passed on as the old program.
 */
export function inMemoryProgram(files: Record<string, string>, options: ts.CompilerOptions, old?: ts.Program): ts.Program {
  const host = ts.createCompilerHost(options);
  host.fileExists = (name) => name in files;
  host.readFile = (name) => files[name];
  // Module resolution looks for the directories first.
  host.directoryExists = (name) => Object.keys(files).some((file) => file.startsWith(`${name}/`));
  host.getSourceFile = (name, languageVersion) => {
    const text = files[name];
    if (text === undefined) return undefined;
    const reused = old?.getSourceFile(name);
    return reused && reused.text === text ? reused : ts.createSourceFile(name, text, languageVersion, true);
  };
  return ts.createProgram({ rootNames: Object.keys(files), options, host, oldProgram: old });
}
