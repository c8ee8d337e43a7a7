/**
 * What zod's factories and methods mean for the input boundary. Facts checked against zod 3.25 and
 * 4.x at run time (see test/core/zod-facts.test.ts): a 100,000-character value is rejected by the
 * "bounded" formats below and accepted by the "unbounded" ones.
 */

/** String factories whose format admits only short values. */
export const BOUNDED_STRING_FORMATS = new Set([
  "uuid", "uuidv4", "uuidv6", "uuidv7", "guid", "ulid", "nanoid", "ipv4", "ipv6", "cidrv4", "cidrv6", "ip", "cidr",
  "e164", "hostname", "mac", "iso.date", "ksuid", "xid",
]);

/** String methods (zod 3 and classic 4) that bound length; `z.date()` as a factory is a Date, not a string. */
export const BOUNDED_STRING_METHODS = new Set([...BOUNDED_STRING_FORMATS, "date"]);

/**
 * Formats whose regex ends in an open repetition. `datetime` and `time` admit unlimited fractional
 * digits unless a numeric `precision` is given, so they count as bounded only then.
 */
export const UNBOUNDED_STRING_FORMATS: Record<string, "email" | "url" | "base64" | "jwt" | "emoji" | undefined> = {
  email: "email",
  url: "url",
  httpUrl: "url",
  base64: "base64",
  base64url: "base64",
  jwt: "jwt",
  emoji: "emoji",
  cuid: undefined,
  cuid2: undefined,
  hex: undefined,
  "iso.duration": undefined,
  duration: undefined,
  lowercase: undefined,
  uppercase: undefined,
};

export const PRECISION_FORMATS = new Set(["datetime", "time", "iso.datetime", "iso.time"]);

export const BOUNDED_NUMBER_FACTORIES = new Set(["int32", "uint32", "float32", "int64", "uint64"]);
export const NUMBER_FACTORIES = new Set(["number", "int", "float64", "bigint"]);

export const LEAF_FACTORIES = new Set([
  "boolean", "null", "undefined", "void", "never", "date", "symbol", "nan", "file", "instanceof", "stringbool",
  "templateLiteral", "success",
]);
export const ENUM_FACTORIES = new Set(["enum", "nativeEnum", "literal", "keyof"]);

/** Functions of the mini API (also in v4 classic) that wrap their first argument and keep its meaning. */
export const WRAPPER_FUNCTIONS = new Set([
  "optional", "nullable", "nullish", "_default", "prefault", "readonly", "catch", "nonoptional", "exactOptional",
]);

/** Methods that keep the receiver's meaning for input (metadata, wrappers, output transforms). */
export const KEEPING_METHODS = new Set([
  "optional", "nullable", "nullish", "default", "prefault", "catch", "describe", "meta", "brand", "readonly",
  "transform", "overwrite", "trim", "toLowerCase", "toUpperCase", "normalize", "nonoptional", "openapi",
  "pipe", "register", "min", "nonempty", "gt", "gte", "int", "safe", "finite", "multipleOf", "step",
  "startsWith", "endsWith", "includes", "exactOptional", "apply", "with",
]);

/** Methods that return something that is not a schema. */
export const NON_SCHEMA_METHODS = new Set([
  "parse", "safeParse", "parseAsync", "safeParseAsync", "spa", "decode", "encode", "decodeAsync", "encodeAsync",
  "safeDecode", "safeEncode", "isOptional", "isNullable", "toJSONSchema", "unwrap", "element", "removeDefault",
  "innerType", "sourceType", "valueOf", "toString", "then",
]);

export const ZOD_MODULES = new Set([
  "zod", "zod/v3", "zod/v4", "zod/mini", "zod/v4-mini", "zod/v4/mini", "zod/v4/classic", "zod/v4/core", "@zod/mini",
]);

export function isMiniModule(specifier: string): boolean {
  return specifier.includes("mini");
}

/** The zod major version a module path pins, or undefined for the bare `zod` (3.25 is v3, 4.x is v4). */
export function majorOfModule(specifier: string): 3 | 4 | undefined {
  if (specifier.endsWith("/v3")) return 3;
  if (specifier.includes("/v4") || isMiniModule(specifier)) return 4;
  return undefined;
}
