/**
 * The files an inventory reads: the source files under the given paths, and the TypeScript programs
 * of the tsconfig.json files that hold them, so that files in a program are analysed with its checker.
 */
import { readdirSync, statSync, type Stats } from "node:fs";
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { CliError, messageOf } from "./errors.js";

export const SOURCE_EXTENSIONS: ReadonlySet<string> = new Set([".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"]);
const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set(["node_modules"]);

export interface ProjectFiles {
  /** The paths asked for, absolute. */
  roots: string[];
  /** Every source file under them (declaration files aside), absolute, sorted. */
  files: string[];
  /** The programs of the tsconfig.json files found (none with `typed: false`). */
  programs: ts.Program[];
  /** What was skipped or could not be used, one line each. */
  warnings: string[];
}

export function isSourceFileName(fileName: string): boolean {
  return SOURCE_EXTENSIONS.has(extname(fileName)) && !/\.d\.[cm]?ts$/.test(fileName);
}

/** Stats a path given on the command line; one that cannot be read is an error, not an empty inventory. */
function statRoot(path: string, shown: string): Stats {
  try {
    return statSync(path);
  } catch (error) {
    throw new CliError(`cannot read ${shown}: ${systemMessage(error)}.`);
  }
}

export function systemMessage(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  switch (code) {
    case "ENOENT":
      return "no such file or directory";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "ENOTDIR":
      return "a part of the path is not a directory";
    case "EISDIR":
      return "it is a directory";
    default:
      return messageOf(error);
  }
}

export function collectProjectFiles(paths: readonly string[], cwd: string, options: { typed: boolean }): ProjectFiles {
  const warnings: string[] = [];
  const roots: string[] = [];
  const files = new Set<string>();
  const configs = new Set<string>();
  for (const path of paths.length > 0 ? paths : ["."]) {
    const absolute = resolve(cwd, path);
    const stats = statRoot(absolute, path);
    roots.push(absolute);
    if (stats.isDirectory()) {
      walk(absolute, files, warnings, cwd);
    } else if (stats.isFile()) {
      if (!SOURCE_EXTENSIONS.has(extname(absolute))) throw new CliError(`cannot read ${path}: not a JavaScript or TypeScript file (${[...SOURCE_EXTENSIONS].join(", ")}).`);
      files.add(absolute);
    } else {
      throw new CliError(`cannot read ${path}: not a file or directory.`);
    }
    const config = findTsconfig(stats.isDirectory() ? absolute : dirname(absolute));
    if (config) configs.add(config);
  }
  const projects: ParsedProject[] = [];
  const seen = new Set<string>();
  for (const config of configs) projects.push(...parseProjects(config, seen, warnings, cwd));
  const programs = options.typed
    ? projects.filter((project) => project.parsed.fileNames.length > 0).map(({ parsed }) => ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true }, projectReferences: parsed.projectReferences }))
    : [];
  const outputDirectories = projects.flatMap(({ parsed }) => {
    const { outDir, declarationDir } = parsed.options;
    return [outDir, declarationDir].filter((dir): dir is string => typeof dir === "string").map((dir) => resolve(dir));
  });
  // A build's output would list every tool a second time; an outDir of "." holds the sources too, which stay.
  const sources = new Set(projects.flatMap(({ parsed }) => parsed.fileNames.map((name) => resolve(name))));
  const kept = [...files].filter((file) => sources.has(file) || !outputDirectories.some((dir) => isWithin(file, dir)));
  return { roots, files: kept.sort(), programs, warnings };
}

export function isWithin(file: string, directory: string): boolean {
  const rel = relative(directory, file);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

function walk(directory: string, into: Set<string>, warnings: string[], cwd: string): void {
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch (error) {
    warnings.push(`skipped ${displayPath(directory, cwd)}: ${systemMessage(error)}`);
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name) && !entry.name.startsWith(".")) walk(path, into, warnings, cwd);
    } else if (entry.isFile() && isSourceFileName(entry.name)) {
      into.add(path);
    }
  }
}

/**
 * The nearest tsconfig.json at or above `directory`, up to the project's root: the first directory that
 * holds a package.json or a .git, so that a project without one is not read with a parent's.
 */
export function findTsconfig(directory: string): string | undefined {
  for (let current = directory; ; current = dirname(current)) {
    const candidate = join(current, "tsconfig.json");
    if (isFile(candidate)) return candidate;
    if (isFile(join(current, "package.json")) || exists(join(current, ".git")) || dirname(current) === current) return undefined;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

interface ParsedProject {
  configPath: string;
  parsed: ts.ParsedCommandLine;
}

/** A tsconfig.json, and the projects it references (a solution config lists no files of its own). */
function parseProjects(configPath: string, seen: Set<string>, warnings: string[], cwd: string): ParsedProject[] {
  if (seen.has(configPath)) return [];
  seen.add(configPath);
  const shown = displayPath(configPath, cwd);
  const read = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  if (read.error) throw new CliError(`cannot read ${shown}: ${flatten(read.error)}`);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(configPath), undefined, configPath);
  // Options TypeScript does not know, or files it cannot find, do not stop tsc either: the analysis goes on.
  for (const error of parsed.errors.filter((diagnostic) => diagnostic.code !== NO_INPUTS)) warnings.push(`${shown}: ${flatten(error)}`);
  const projects: ParsedProject[] = [{ configPath, parsed }];
  for (const reference of parsed.projectReferences ?? []) {
    projects.push(...parseProjects(resolve(ts.resolveProjectReferencePath(reference)), seen, warnings, cwd));
  }
  return projects;
}

/** "No inputs were found in config file": a solution-style tsconfig, whose references are followed instead. */
const NO_INPUTS = 18003;

function flatten(diagnostic: ts.Diagnostic): string {
  return ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
}

/** A path as shown to the user and in reports: relative to the working directory (with `/`) when it is inside it. */
export function displayPath(path: string, cwd: string): string {
  if (!isWithin(path, cwd)) return path;
  const rel = relative(cwd, path);
  const shown = rel === "" ? "." : rel;
  return sep === "/" ? shown : shown.split(sep).join("/");
}
