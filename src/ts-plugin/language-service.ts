/**
 * The language-service proxy: every method forwards to TypeScript's own service; three add the
 * plugin's work on top. Whatever the plugin does wrong is caught, logged, and TypeScript's own answer
 * is returned unchanged.
 */
import type * as ts from "typescript";
import type { TS } from "../core/ts-utils.js";
import { codeFixesFor } from "./code-fixes.js";
import type { PluginConfig } from "./config.js";
import { analyzeFile, FindingsCache, toDiagnostic, type PluginFinding } from "./diagnostics.js";
import type { PluginLogger } from "./logger.js";

export interface PluginState {
  config: PluginConfig;
  cache: FindingsCache;
  /** Every code the plugin can report, enabled or not. */
  codes: ReadonlySet<number>;
}

type AnyFunction = (...args: unknown[]) => unknown;

/** A copy of the service whose methods call the original, so that overriding one leaves it intact. */
function forwardAll(languageService: ts.LanguageService): ts.LanguageService {
  const proxy = Object.create(null) as Record<string, unknown>;
  const source = languageService as unknown as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const member = source[key];
    proxy[key] = typeof member === "function" ? (...args: unknown[]) => (member as AnyFunction).apply(languageService, args) : member;
  }
  return proxy as unknown as ts.LanguageService;
}

export function createLanguageServiceProxy(
  t: TS,
  languageService: ts.LanguageService,
  host: Pick<ts.LanguageServiceHost, "getScriptVersion">,
  state: PluginState,
  logger: PluginLogger,
): ts.LanguageService {
  const proxy = forwardAll(languageService);

  const findingsFor = (fileName: string): { sourceFile: ts.SourceFile; findings: PluginFinding[] } | undefined => {
    if (state.config.rules.length === 0) return undefined;
    const program = languageService.getProgram();
    const sourceFile = program?.getSourceFile(fileName);
    if (!program || !sourceFile) return undefined;
    const version = host.getScriptVersion(fileName);
    const findings = state.cache.get(program, sourceFile, version, () => analyzeFile(t, program, sourceFile, state.config));
    return { sourceFile, findings };
  };

  proxy.getSemanticDiagnostics = (fileName) => {
    const own = languageService.getSemanticDiagnostics(fileName);
    try {
      const result = findingsFor(fileName);
      if (!result || result.findings.length === 0) return own;
      return [...own, ...result.findings.map((finding) => toDiagnostic(t, result.sourceFile, finding))];
    } catch (error) {
      logger.error("getSemanticDiagnostics", error, fileName);
      return own;
    }
  };

  proxy.getCodeFixesAtPosition = (fileName, start, end, errorCodes, formatOptions, preferences) => {
    // TypeScript only sees the codes it knows; the plugin's go to the plugin.
    const theirs = errorCodes.filter((code) => !state.codes.has(code));
    const ours = new Set(errorCodes.filter((code) => state.codes.has(code)));
    const own = theirs.length > 0 || ours.size === 0
      ? languageService.getCodeFixesAtPosition(fileName, start, end, theirs, formatOptions, preferences)
      : [];
    if (ours.size === 0) return own;
    try {
      const result = findingsFor(fileName);
      if (!result) return own;
      return [...own, ...codeFixesFor(result.sourceFile, result.findings, start, end, ours, formatOptions)];
    } catch (error) {
      logger.error("getCodeFixesAtPosition", error, fileName);
      return own;
    }
  };

  proxy.getSupportedCodeFixes = (fileName) => {
    const own = languageService.getSupportedCodeFixes(fileName);
    try {
      return [...new Set([...own, ...[...state.codes].map(String)])];
    } catch (error) {
      logger.error("getSupportedCodeFixes", error);
      return own;
    }
  };

  return proxy;
}
