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
export function readSettings(raw: unknown, detectedZodMajor?: 3 | 4): GuardSettings {
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

export function settingsKey(settings: GuardSettings): string {
  return `${[...settings.zodModules].sort().join(",")}|${[...settings.sanitizers].sort().join(",")}|${settings.zodMajor ?? ""}`;
}
