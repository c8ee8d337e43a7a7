import { ZOD_MODULES } from "./schema/zod-vocabulary.js";

/** Shared settings, read from `settings["mcp-guard"]` (ESLint) or the tsserver plugin entry. */
export interface GuardSettings {
  /** Extra modules that re-export zod, such as an in-house `@acme/schema`. */
  zodModules: ReadonlySet<string>;
  /** Functions that turn an error into text safe for the model; their results carry nothing. */
  sanitizers: ReadonlySet<string>;
  /** The major version behind a bare `import … from "zod"` (3.25 is v3), when known. */
  zodMajor: 3 | 4 | undefined;
  /** In-house registration helpers the finder cannot discover (docs/wrappers.md). */
  registrations: readonly DeclaredRegistration[];
}

/** A declared registration helper (a call) or a declared registering base class (docs/wrappers.md). */
export type DeclaredRegistration = DeclaredCall | DeclaredClass;

/**
 * `{ callee: "addTool", options: 0, name: "id", schema: "input", handler: "run" }`: each field is an
 * argument index, or a property of the options-object argument (`options`, argument 0 unless given).
 */
export interface DeclaredCall {
  /** A function or method name (`registerAccountTool`), or a dotted tail the callee must end with (`toolkit.add`). */
  callee: string;
  options: number;
  name?: number | string;
  schema?: number | string;
  handler?: number | string;
  annotations?: number | string;
  /** The helper validates the top level strictly itself (`.strict()`, `z.strictObject(shape)`): its unknown keys are rejected. */
  strict?: boolean;
}

/**
 * `{ baseClass: "ToolBase", name: "name", schema: "inputSchema", handler: "execute", annotations: "annotations" }`:
 * a base class, out of the analysis's sight (a package), that registers each concrete subclass; each field
 * names the member of the subclass the registration reads.
 */
export interface DeclaredClass {
  /** The base class's name, as exported (an import may rename it). */
  baseClass: string;
  name?: string;
  schema?: string;
  handler?: string;
  annotations?: string;
  /** The base class validates the top level strictly itself, as for a declared call. */
  strict?: boolean;
}

export function isDeclaredClass(entry: DeclaredRegistration): entry is DeclaredClass {
  return "baseClass" in entry;
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
  let registrations: DeclaredRegistration[] = [];
  if (raw && typeof raw === "object") {
    const { zodModules: extraModules, sanitizers: extraSanitizers, zodVersion, registrations: declared } = raw as { zodModules?: unknown; sanitizers?: unknown; zodVersion?: unknown; registrations?: unknown };
    for (const module of stringList(extraModules)) zodModules.add(module);
    for (const name of stringList(extraSanitizers)) sanitizers.add(name);
    if (zodVersion === 3 || zodVersion === 4) zodMajor = zodVersion;
    if (Array.isArray(declared)) registrations = declared.flatMap((entry) => declaredRegistration(entry) ?? []);
  }
  return { zodModules, sanitizers, zodMajor, registrations };
}

const CALLEE = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
const DECLARED_FIELDS = ["name", "schema", "handler", "annotations"] as const;

/**
 * One `registrations` entry, or undefined for a bad one. An entry with any bad field is dropped whole:
 * half of a declaration would read the wrong argument as the schema.
 */
function declaredRegistration(entry: unknown): DeclaredRegistration | undefined {
  if (!entry || typeof entry !== "object") return undefined;
  const record = entry as Record<string, unknown>;
  if ("baseClass" in record) return "callee" in record ? undefined : declaredClass(record);
  const { callee, options = 0 } = record;
  if (typeof callee !== "string" || !CALLEE.test(callee) || !isIndex(options)) return undefined;
  const declared: DeclaredCall = { callee, options };
  if (!readStrict(record, declared)) return undefined;
  for (const field of DECLARED_FIELDS) {
    const value = record[field];
    if (value === undefined) continue;
    if (!isIndex(value) && !(typeof value === "string" && value !== "")) return undefined;
    declared[field] = value;
  }
  return declared.schema !== undefined || declared.handler !== undefined ? declared : undefined;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A `baseClass` entry: every field a member name (an identifier); `options` and indexes have no meaning here. */
function declaredClass(record: Record<string, unknown>): DeclaredClass | undefined {
  const { baseClass } = record;
  if (typeof baseClass !== "string" || !IDENTIFIER.test(baseClass) || "options" in record) return undefined;
  const declared: DeclaredClass = { baseClass };
  if (!readStrict(record, declared)) return undefined;
  for (const field of DECLARED_FIELDS) {
    const value = record[field];
    if (value === undefined) continue;
    if (typeof value !== "string" || !IDENTIFIER.test(value)) return undefined;
    declared[field] = value;
  }
  return declared.schema !== undefined || declared.handler !== undefined ? declared : undefined;
}

/** Copies a boolean `strict`; any other value makes the entry bad. */
function readStrict(record: Record<string, unknown>, declared: { strict?: boolean }): boolean {
  if (record.strict === undefined) return true;
  if (typeof record.strict !== "boolean") return false;
  declared.strict = record.strict;
  return true;
}

function isIndex(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

const keys = new WeakMap<GuardSettings, string>();

export function settingsKey(settings: GuardSettings): string {
  let key = keys.get(settings);
  if (key === undefined) {
    key = `${[...settings.zodModules].sort().join(",")}|${[...settings.sanitizers].sort().join(",")}|${settings.zodMajor ?? ""}|${JSON.stringify(settings.registrations)}`;
    keys.set(settings, key);
  }
  return key;
}
