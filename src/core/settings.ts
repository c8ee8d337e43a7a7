import { ZOD_MODULES } from "./schema/zod-vocabulary.js";

/** Shared settings, read from `settings["mcp-guard"]` (ESLint) or the tsserver plugin entry. */
export interface GuardSettings {
  /** Extra modules that re-export zod, such as an in-house `@acme/schema`. */
  zodModules: ReadonlySet<string>;
  /** Functions that turn an error into text safe for the model; their results carry nothing. */
  sanitizers: ReadonlySet<string>;
  /** The major version behind a bare `import … from "zod"` (3.25 is v3), when known. */
  zodMajor: 3 | 4 | undefined;
}

/** Reads user settings leniently: settings are shared by every rule, so a bad value is ignored, never thrown. */
const readByObject = new WeakMap<object, Map<3 | 4 | undefined, GuardSettings>>();
const NO_SETTINGS = {};

/**
 * Every rule reads the settings for every file, so the result is kept per settings object (ESLint
 * passes the same one throughout a run). Settings are treated as immutable.
 */
export function readSettings(raw: unknown, detectedZodMajor?: 3 | 4): GuardSettings {
  const key = raw && typeof raw === "object" ? raw : NO_SETTINGS;
  let byMajor = readByObject.get(key);
  if (!byMajor) {
    byMajor = new Map();
    readByObject.set(key, byMajor);
  }
  let settings = byMajor.get(detectedZodMajor);
  if (!settings) {
    settings = parseSettings(raw, detectedZodMajor);
    byMajor.set(detectedZodMajor, settings);
  }
  return settings;
}

function parseSettings(raw: unknown, detectedZodMajor: 3 | 4 | undefined): GuardSettings {
  const zodModules = new Set(ZOD_MODULES);
  const sanitizers = new Set<string>();
  let zodMajor = detectedZodMajor;
  if (raw && typeof raw === "object") {
    const { zodModules: extraModules, sanitizers: extraSanitizers, zodVersion } = raw as { zodModules?: unknown; sanitizers?: unknown; zodVersion?: unknown };
    for (const module of stringList(extraModules)) zodModules.add(module);
    for (const name of stringList(extraSanitizers)) sanitizers.add(name);
    if (zodVersion === 3 || zodVersion === 4) zodMajor = zodVersion;
  }
  return { zodModules, sanitizers, zodMajor };
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

const keys = new WeakMap<GuardSettings, string>();

export function settingsKey(settings: GuardSettings): string {
  let key = keys.get(settings);
  if (key === undefined) {
    key = `${[...settings.zodModules].sort().join(",")}|${[...settings.sanitizers].sort().join(",")}|${settings.zodMajor ?? ""}`;
    keys.set(settings, key);
  }
  return key;
}
