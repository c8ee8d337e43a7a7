/**
 * In-process harness: a TypeScript language service over in-memory files (plus real ones on disk),
 * wrapped by the plugin's `create(info)` exactly as tsserver does, with a logger that records lines.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type * as ts from "typescript";
import type { TS } from "../../src/core/ts-utils.js";
import init, { type FactoryOptions } from "../../src/ts-plugin/index.js";

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Virtual files live below the repository, so that `zod` resolves to its node_modules copy. */
export const VIRTUAL_ROOT = join(REPO_ROOT, "test", "ts-plugin", "__virtual__");

export function compilerOptionsFor(t: TS): ts.CompilerOptions {
  return {
    target: t.ScriptTarget.ES2022,
    module: t.ModuleKind.ESNext,
    moduleResolution: t.ModuleResolutionKind.Bundler,
    moduleDetection: t.ModuleDetectionKind.Force,
    strict: true,
    skipLibCheck: true,
    allowJs: true,
    noEmit: true,
    types: [],
    lib: ["lib.es2022.d.ts"],
  };
}

const registries = new WeakMap<TS, ts.DocumentRegistry>();

/** One registry per TypeScript module, so projects share the parsed lib and zod declarations. */
function documentRegistryFor(t: TS): ts.DocumentRegistry {
  let registry = registries.get(t);
  if (!registry) {
    registry = t.createDocumentRegistry();
    registries.set(t, registry);
  }
  return registry;
}

export interface Project {
  t: TS;
  /** The service the plugin returned. */
  service: ts.LanguageService;
  /** TypeScript's own service underneath. */
  base: ts.LanguageService;
  logs: string[];
  fileNames(): string[];
  text(fileName: string): string;
  update(fileName: string, text: string): void;
  pluginModule: ts.server.PluginModule;
  /** How often the plugin asked the editor to fetch diagnostics again. */
  refreshes(): number;
}

export interface ProjectOptions {
  /** In-memory files, by absolute path. */
  files?: Record<string, string>;
  /** Real files on disk, by absolute path. */
  diskFiles?: string[];
  config?: unknown;
  factory?: FactoryOptions;
  compilerOptions?: ts.CompilerOptions;
  /** The project's directory (where its tsconfig.json would be), from which a config module resolves. */
  projectDirectory?: string;
}

export function createProject(t: TS, options: ProjectOptions): Project {
  const texts = new Map<string, string>(Object.entries(options.files ?? {}));
  for (const file of options.diskFiles ?? []) texts.set(file, t.sys.readFile(file) ?? "");
  const versions = new Map<string, number>();
  const compilerOptions = options.compilerOptions ?? compilerOptionsFor(t);
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [...texts.keys()],
    getScriptVersion: (fileName) => String(versions.get(fileName) ?? 0),
    getScriptSnapshot: (fileName) => {
      const text = texts.get(fileName) ?? t.sys.readFile(fileName);
      return text === undefined ? undefined : t.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => VIRTUAL_ROOT,
    getCompilationSettings: () => compilerOptions,
    getDefaultLibFileName: (settings) => t.getDefaultLibFilePath(settings),
    fileExists: (fileName) => texts.has(fileName) || t.sys.fileExists(fileName),
    readFile: (fileName) => texts.get(fileName) ?? t.sys.readFile(fileName),
    readDirectory: (...args) => t.sys.readDirectory(...args),
    directoryExists: (name) => t.sys.directoryExists(name),
    getDirectories: (name) => t.sys.getDirectories(name),
  };
  const base = t.createLanguageService(host, documentRegistryFor(t));
  const logs: string[] = [];
  const logger = {
    info: (line: string) => logs.push(line),
    msg: (line: string, type?: string) => logs.push(`${type ?? "Info"} ${line}`),
  };
  let refreshes = 0;
  const info = {
    config: options.config ?? { name: "eslint-plugin-mcp-guard/ts-plugin" },
    languageService: base,
    languageServiceHost: host,
    project: {
      projectService: { logger },
      refreshDiagnostics: () => void refreshes++,
      getCurrentDirectory: () => options.projectDirectory ?? VIRTUAL_ROOT,
    },
    serverHost: t.sys,
  } as unknown as ts.server.PluginCreateInfo;
  const pluginModule = init({ typescript: t }, options.factory);
  const service = pluginModule.create(info);
  return {
    t,
    service,
    base,
    logs,
    pluginModule,
    refreshes: () => refreshes,
    fileNames: () => [...texts.keys()],
    text: (fileName) => texts.get(fileName) ?? "",
    update(fileName, text) {
      texts.set(fileName, text);
      versions.set(fileName, (versions.get(fileName) ?? 0) + 1);
    },
  };
}

/** A plugin entry that runs only the given rules (as warnings), so tests do not shift as rules are added. */
export function only(...rules: string[]): Record<string, unknown> {
  return { name: "eslint-plugin-mcp-guard/ts-plugin", config: "none", rules: Object.fromEntries(rules.map((rule) => [rule, "warn"])) };
}

export function virtualPath(name: string): string {
  return join(VIRTUAL_ROOT, name);
}

/** The plugin's own diagnostics for a file. */
export function guardDiagnostics(project: Project, fileName: string): ts.Diagnostic[] {
  return project.service.getSemanticDiagnostics(fileName).filter((diagnostic) => diagnostic.source === "mcp-guard");
}

/** Applies text edits given in the original text's offsets. */
export function applyEdits(text: string, edits: readonly { start: number; end: number; text: string }[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

export function applyCodeFix(text: string, fix: ts.CodeFixAction): string {
  const edits = fix.changes.flatMap((change) => change.textChanges.map((c) => ({ start: c.span.start, end: c.span.start + c.span.length, text: c.newText })));
  return applyEdits(text, edits);
}
