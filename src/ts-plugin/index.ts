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
import { parseConfig } from "./config.js";
import { FindingsCache } from "./diagnostics.js";
import { createLanguageServiceProxy, type PluginState } from "./language-service.js";
import { createLogger, type PluginLogger } from "./logger.js";

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

function init(modules: { typescript: TS }, options: FactoryOptions = {}): ts.server.PluginModule {
  const t = modules.typescript;
  const definitions = options.definitions ?? ruleDefinitions;
  let active: { state: PluginState; info: ts.server.PluginCreateInfo; logger: PluginLogger } | undefined;

  const configure = (raw: unknown, logger: PluginLogger): PluginState["config"] =>
    parseConfig(raw, (message) => logger.info(`tsconfig plugin entry: ${message}`), definitions);

  return {
    create(info) {
      const logger = createLogger(info);
      try {
        const version = typeof t?.version === "string" ? t.version : "unknown";
        if (!isSupportedTypeScript(version)) {
          logger.info(typeScriptMajor(version) === 7
            ? `TypeScript ${version}: TypeScript 7 has no JavaScript API and no tsserver plugins, so the plugin is off. Fix: ${INSTALL_TYPESCRIPT_6}, and use it as the editor's TypeScript.`
            : `TypeScript ${version} is not supported (supported: ${SUPPORTED_RANGE}); the plugin is off. Use ESLint for mcp-guard findings.`);
          return info.languageService;
        }
        const codes = [...new Set(definitions.map((definition) => codeForRule(definition.name)))];
        registerCodeFixCodes(t, codes, logger);
        const state: PluginState = { config: configure(info.config, logger), cache: new FindingsCache(), codes: new Set(codes) };
        active = { state, info, logger };
        const enabled = state.config.rules.map((rule) => `${rule.id}=${rule.severity}`).join(", ") || "none";
        logger.info(`TypeScript ${version}; rules: ${enabled}.`);
        return createLanguageServiceProxy(t, info.languageService, info.languageServiceHost, state, logger);
      } catch (error) {
        logger.error("create", error);
        return info.languageService;
      }
    },
    /** `configurePlugin` requests: the given keys override the tsconfig entry's. */
    onConfigurationChanged(config: unknown) {
      if (!active) return;
      const { state, info, logger } = active;
      try {
        const base = typeof info.config === "object" && info.config !== null ? (info.config as Record<string, unknown>) : {};
        const override = typeof config === "object" && config !== null ? (config as Record<string, unknown>) : {};
        state.config = configure({ ...base, ...override }, logger);
        state.cache = new FindingsCache();
        info.project.refreshDiagnostics();
      } catch (error) {
        logger.error("onConfigurationChanged", error);
      }
    },
  };
}

export default init;
