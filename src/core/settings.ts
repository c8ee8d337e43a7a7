import { ZOD_MODULES } from "./schema/zod-vocabulary.js";

/** Shared settings, read from `settings["mcp-guard"]` (ESLint) or the tsserver plugin entry. */
export interface GuardSettings {
  /** Extra modules that re-export zod, such as an in-house `@acme/schema`. */
  zodModules: ReadonlySet<string>;
}

/** Reads user settings leniently: settings are shared by every rule, so a bad value is ignored, never thrown. */
export function readSettings(raw: unknown): GuardSettings {
  const zodModules = new Set(ZOD_MODULES);
  if (raw && typeof raw === "object") {
    const extra = (raw as { zodModules?: unknown }).zodModules;
    if (Array.isArray(extra)) for (const module of extra) if (typeof module === "string") zodModules.add(module);
  }
  return { zodModules };
}

export function settingsKey(settings: GuardSettings): string {
  return [...settings.zodModules].sort().join("\n");
}
