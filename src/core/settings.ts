import { isPlainObject, validateJson, type PathSegment, type SchemaProblem } from "./json-schema.js";
import { ZOD_MODULES } from "./schema/zod-vocabulary.js";
import { settingsSchema } from "./settings-schema.js";

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

interface SettingsReading {
  /** Every way the raw value departs from the schema; empty when it is valid. */
  problems: readonly SettingsProblem[];
  byMajor: Map<3 | 4 | undefined, GuardSettings>;
  /** The raw value without its bad parts, as the schema accepts it. */
  valid: RawSettings;
}

/** A schema problem, with the part of the settings that is ignored because of it. */
export interface SettingsProblem extends SchemaProblem {
  /** `["registrations", 0]`: a bad list item is dropped whole, and any other bad value drops its top-level key. */
  ignored: readonly PathSegment[];
}

interface RawSettings {
  zodModules?: string[];
  sanitizers?: string[];
  zodVersion?: 3 | 4;
  registrations?: (Omit<DeclaredCall, "options"> & { options?: number } | DeclaredClass)[];
}

const readings = new WeakMap<object, SettingsReading>();
const NO_SETTINGS = {};

/**
 * Every rule reads the settings for every file, so the reading is kept per settings object (ESLint
 * passes the same one throughout a run). Settings are treated as immutable.
 */
function readingOf(raw: unknown): SettingsReading {
  const value = raw === undefined ? NO_SETTINGS : raw;
  // A value that is not an object (a configuration error) cannot key the cache; it is read afresh.
  const key = value !== null && typeof value === "object" ? value : undefined;
  let reading = key && readings.get(key);
  if (!reading) {
    reading = validateSettings(value);
    if (key) readings.set(key, reading);
  }
  return reading;
}

/** The settings' problems against settingsSchema: the front ends report them (a configuration error, a log line). */
export function settingsProblems(raw: unknown): readonly SettingsProblem[] {
  return readingOf(raw).problems;
}

/**
 * The settings to analyse with: the valid parts of `raw`, so that one bad value leaves the others in
 * force (the tsserver plugin goes on with them; ESLint stops on the problems before it gets here).
 */
export function readSettings(raw: unknown, detectedZodMajor?: 3 | 4): GuardSettings {
  const reading = readingOf(raw);
  let settings = reading.byMajor.get(detectedZodMajor);
  if (!settings) {
    settings = settingsFrom(reading.valid, detectedZodMajor);
    reading.byMajor.set(detectedZodMajor, settings);
  }
  return settings;
}

function validateSettings(raw: unknown): SettingsReading {
  const problems = validateJson(settingsSchema, raw).map((problem) => ({ ...problem, ignored: ignoredPart(problem.path) }));
  return { problems, byMajor: new Map(), valid: withoutParts(raw, problems.map((problem) => problem.ignored)) as RawSettings };
}

function ignoredPart(path: readonly PathSegment[]): readonly PathSegment[] {
  const index = path.findIndex((segment) => typeof segment === "number");
  return index === -1 ? path.slice(0, 1) : path.slice(0, index + 1);
}

/** A copy of `value` without the parts at `paths` (the root itself when a path is empty). */
function withoutParts(value: unknown, paths: readonly (readonly PathSegment[])[]): unknown {
  if (paths.some((path) => path.length === 0)) return {};
  const below = (segment: PathSegment) => paths.filter((path) => path[0] === segment && path.length > 1).map((path) => path.slice(1));
  const dropped = new Set(paths.filter((path) => path.length === 1).map((path) => path[0]));
  if (Array.isArray(value)) return value.flatMap((item, index) => (dropped.has(index) ? [] : [withoutParts(item, below(index))]));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (dropped.has(key) ? [] : [[key, withoutParts(item, below(key))]])));
}

/** Valid settings, read: what the schema checked needs no second check here. */
function settingsFrom(raw: RawSettings, detectedZodMajor: 3 | 4 | undefined): GuardSettings {
  return {
    zodModules: new Set([...ZOD_MODULES, ...(raw.zodModules ?? [])]),
    sanitizers: new Set(raw.sanitizers ?? []),
    zodMajor: raw.zodVersion ?? detectedZodMajor,
    registrations: (raw.registrations ?? []).map((entry) => ("baseClass" in entry ? { ...entry } : { ...entry, options: entry.options ?? 0 })),
  };
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
