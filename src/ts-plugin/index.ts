/**
 * eslint-plugin-mcp-guard/ts-plugin: the TypeScript language-service plugin. tsserver `require()`s
 * dist/ts-plugin.cjs (this file, bundled; `module.exports` is the factory) and calls it once per
 * project with its own `typescript` module, which the engine then uses, so that SyntaxKind numbers
 * always match the server's.
 *
 *   tsconfig.json: { "compilerOptions": { "plugins": [{ "name": "eslint-plugin-mcp-guard/ts-plugin" }] } }
 */
import type * as ts from "typescript";
import type { AnyRuleDefinition } from "../core/rule.js";
import type { TS } from "../core/ts-utils.js";
import { ruleDefinitions } from "../rules.js";
import { INSTALL_TYPESCRIPT_6, typeScriptMajor } from "../core/typescript-support.js";
import { codeForRule } from "./codes.js";
import { isPresetName, parseConfig, type PluginConfig } from "./config.js";
import { FindingsCache } from "./diagnostics.js";
import { createLanguageServiceProxy, type PluginState } from "./language-service.js";
import { createLogger, type PluginLogger } from "./logger.js";
import { loadConfigModule, policyFromFlatConfig } from "./policy-module.js";
import { readSettings } from "../core/settings.js";

/** The TypeScript versions whose tsserver the plugin supports (the package's peer range). */
export const SUPPORTED_RANGE = ">=5.4 <6.1";

export function isSupportedTypeScript(version: string): boolean {
  const [major, minor] = version.split(".").map((part) => Number.parseInt(part, 10));
  if (major === undefined || minor === undefined || Number.isNaN(major) || Number.isNaN(minor)) return false;
  return (major === 5 && minor >= 4) || (major === 6 && minor === 0);
}

interface CodeFixRegistry {
  registerCodeFix?: (registration: { errorCodes: number[]; getCodeActions: () => ts.CodeFixAction[] }) => void;
}

const registeredModules = new WeakSet<object>();

/**
 * Registers a code fix that does nothing for the plugin's codes in TypeScript's global registry.
 * Editors (VS Code) ask for the supported codes once, with no file, and only request fixes for those.
 */
function registerCodeFixCodes(t: TS, codes: number[], logger: PluginLogger): void {
  if (registeredModules.has(t)) return;
  const registry = (t as unknown as { codefix?: CodeFixRegistry }).codefix;
  if (typeof registry?.registerCodeFix !== "function") {
    logger.info("ts.codefix.registerCodeFix is missing in this TypeScript; editors that ask for supported code fixes without a file will not offer mcp-guard quick fixes.");
    return;
  }
  registry.registerCodeFix({ errorCodes: codes, getCodeActions: () => [] });
  registeredModules.add(t);
}

export interface FactoryOptions {
  /** The rules to run; tests narrow it. Defaults to every rule. */
  definitions?: readonly AnyRuleDefinition[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === "object" || typeof value === "function") && value !== null && typeof (value as { then?: unknown }).then === "function";
}

/** Where the project's modules resolve from: the directory of its tsconfig.json. */
function projectDirectory(info: ts.server.PluginCreateInfo): string {
  const project = info.project as Partial<Pick<ts.server.Project, "getCurrentDirectory">>;
  return typeof project.getCurrentDirectory === "function" ? project.getCurrentDirectory() : process.cwd();
}

function logRules(logger: PluginLogger, version: string, config: PluginConfig): void {
  const enabled = config.rules.map((rule) => `${rule.id}=${rule.severity}`).join(", ") || "none";
  logger.info(`TypeScript ${version}; rules: ${enabled}.`);
}

function init(modules: { typescript: TS }, options: FactoryOptions = {}): ts.server.PluginModule {
  const t = modules.typescript;
  const definitions = options.definitions ?? ruleDefinitions;
  const version = typeof t?.version === "string" ? t.version : "unknown";
  let active: { state: PluginState; info: ts.server.PluginCreateInfo; logger: PluginLogger } | undefined;
  /** Counts configurations, so that a config module imported late does not undo a newer one. */
  let generation = 0;

  /**
   * The configuration of an entry. When "config" names a module that must be imported asynchronously,
   * no rule runs until it is, and `update` then receives the configuration.
   */
  const configure = (raw: unknown, info: ts.server.PluginCreateInfo, logger: PluginLogger, update: (config: PluginConfig) => void): PluginConfig => {
    const current = ++generation;
    const log = (message: string): void => logger.info(`tsconfig plugin entry: ${message}`);
    const named = isPlainObject(raw) ? raw["config"] : undefined;
    if (typeof named !== "string" || isPresetName(named)) return parseConfig(raw, log, definitions);
    const moduleLog = (message: string): void => log(`"config": "${named}": ${message}`);
    const defaults = (): PluginConfig => parseConfig({ ...(raw as Record<string, unknown>), config: undefined }, log, definitions);
    const fromExport = (exported: unknown, path: string): PluginConfig => {
      const policy = policyFromFlatConfig(exported, moduleLog);
      if (!policy) {
        moduleLog("using the defaults.");
        return defaults();
      }
      logger.info(`config module "${named}": ${path}`);
      return parseConfig(raw, log, definitions, policy);
    };
    const load = loadConfigModule(named, projectDirectory(info));
    if (load.kind === "failed") {
      moduleLog(`not a preset ("recommended", "strict", "all", "none"), and as a module ${load.reason}; using the defaults.`);
      return defaults();
    }
    // ESLint also accepts a config module whose default export is a promise.
    const settle = (value: unknown): unknown => (isPlainObject(value) && isThenable(value["default"]) ? value["default"] : value);
    const exported = settle(load.exported);
    if (!isThenable(exported)) return fromExport(exported, load.path);
    moduleLog(`${load.path} is being imported (an ES module that require() cannot load here, or a promised config); no rule runs until it is.`);
    Promise.resolve(exported)
      .then(settle)
      .then((config) => {
        if (current === generation) update(fromExport(config, load.path));
      })
      .catch((error: unknown) => {
        if (current !== generation) return;
        moduleLog(`importing ${load.path} failed (${error instanceof Error ? error.message : String(error)}); using the defaults.`);
        update(defaults());
      });
    return { rules: [], settings: readSettings(undefined) };
  };

  return {
    create(info) {
      const logger = createLogger(info);
      try {
        if (!isSupportedTypeScript(version)) {
          logger.info(typeScriptMajor(version) === 7
            ? `TypeScript ${version}: TypeScript 7 has no JavaScript API and no tsserver plugins, so the plugin is off. Fix: ${INSTALL_TYPESCRIPT_6}, and use it as the editor's TypeScript.`
            : `TypeScript ${version} is not supported (supported: ${SUPPORTED_RANGE}); the plugin is off. Use ESLint for mcp-guard findings.`);
          return info.languageService;
        }
        const codes = [...new Set(definitions.map((definition) => codeForRule(definition.name)))];
        registerCodeFixCodes(t, codes, logger);
        const state: PluginState = { config: { rules: [], settings: readSettings(undefined) }, cache: new FindingsCache(), codes: new Set(codes) };
        active = { state, info, logger };
        state.config = configure(info.config, info, logger, (config) => apply(config));
        logRules(logger, version, state.config);
        return createLanguageServiceProxy(t, info.languageService, info.languageServiceHost, state, logger);
      } catch (error) {
        logger.error("create", error);
        return info.languageService;
      }
    },
    /** `configurePlugin` requests: the given keys override the tsconfig entry's. */
    onConfigurationChanged(config: unknown) {
      if (!active) return;
      const { info, logger } = active;
      try {
        const base = isPlainObject(info.config) ? info.config : {};
        const override = isPlainObject(config) ? config : {};
        apply(configure({ ...base, ...override }, info, logger, (late) => apply(late)));
      } catch (error) {
        logger.error("onConfigurationChanged", error);
      }
    },
  };

  /** Makes a configuration current: findings are recomputed, and the editor asks for them again. */
  function apply(config: PluginConfig): void {
    if (!active) return;
    const { state, info, logger } = active;
    try {
      state.config = config;
      state.cache = new FindingsCache();
      if (typeof info.project.refreshDiagnostics === "function") info.project.refreshDiagnostics();
      logRules(logger, version, config);
    } catch (error) {
      logger.error("configure", error);
    }
  }
}

export default init;
