/**
 * Checks the facts in src/core/schema/zod-vocabulary.ts against real zod at run time:
 * zod 4.6.7 (`zod`, `zod/mini`) and zod 3 (`zod3`, an npm alias of zod 3.25.76, plus the legacy
 * `zod/v3` API that zod 4 ships).
 *
 * - every BOUNDED string format, wherever it exists (v4/mini factory, v4 string method, v3 string method),
 *   accepts a short sample and rejects 100,000-character values built to fit the format as closely as possible;
 * - every UNBOUNDED format accepts some 100,000-character value;
 * - datetime/time accept unlimited fractional digits unless `{ precision: n }` is given;
 * - BOUNDED_NUMBER_FACTORIES reject values just outside their range, NUMBER_FACTORIES do not.
 */
import { describe, expect, it } from "vitest";
import { z as z4 } from "zod";
import * as zMini from "zod/mini";
import { z as z3Legacy } from "zod/v3";
import { z as z3 } from "zod3";
import {
  BOUNDED_NUMBER_FACTORIES,
  BOUNDED_STRING_METHODS,
  NUMBER_FACTORIES,
  PRECISION_FORMATS,
  UNBOUNDED_STRING_FORMATS,
} from "../../src/core/schema/zod-vocabulary.js";

const N = 100_000;

interface Parser {
  safeParse(value: unknown): { success: boolean };
}

type Api = "v4 factory" | "mini factory" | "v4 method" | "zod3 method" | "zod/v3 method";

function isParser(value: unknown): value is Parser {
  return typeof value === "object" && value !== null && typeof (value as Parser).safeParse === "function";
}

/** The `def.type` of a zod 4 schema ("string", "date", …). */
function v4Type(schema: unknown): string | undefined {
  return (schema as { _zod?: { def?: { type?: string } } })._zod?.def?.type;
}

/** A zod 4 factory by vocabulary name (`uuid`, `iso.date`), called with `args`, if it makes a string schema. */
function factory(namespace: unknown, name: string, args: unknown[]): Parser | undefined {
  const path = name.split(".");
  let owner: unknown = namespace;
  for (const segment of path.slice(0, -1)) owner = (owner as Record<string, unknown>)[segment];
  const fn = (owner as Record<string, unknown> | undefined)?.[path[path.length - 1]];
  if (typeof fn !== "function") return undefined;
  const schema: unknown = (fn as (...a: unknown[]) => unknown).apply(owner, args);
  // `z.date()` is a Date schema and `z.lowercase()` a check, not string formats.
  return isParser(schema) && v4Type(schema) === "string" ? schema : undefined;
}

/** `string()[name](...args)`, if the string schema has that method. */
function method(stringSchema: unknown, name: string, args: unknown[]): Parser | undefined {
  if (name.includes(".")) return undefined;
  const fn = (stringSchema as Record<string, unknown>)[name];
  if (typeof fn !== "function") return undefined;
  const schema: unknown = (fn as (...a: unknown[]) => unknown).apply(stringSchema, args);
  return isParser(schema) ? schema : undefined;
}

/** Every schema the vocabulary name stands for, in every API where it exists. */
function schemasFor(name: string, args: unknown[] = []): Array<{ api: Api; schema: Parser }> {
  const found: Array<{ api: Api; schema: Parser | undefined }> = [
    { api: "v4 factory", schema: factory(z4, name, args) },
    { api: "mini factory", schema: factory(zMini, name, args) },
    { api: "v4 method", schema: method(z4.string(), name, args) },
    { api: "zod3 method", schema: method(z3.string(), name, args) },
    { api: "zod/v3 method", schema: method(z3Legacy.string(), name, args) },
  ];
  return found.filter((entry): entry is { api: Api; schema: Parser } => entry.schema !== undefined);
}

/** `prefix + filler… + suffix`, exactly N characters long. */
function fill(prefix: string, filler: string, suffix = ""): string {
  const middle = N - prefix.length - suffix.length;
  const value = prefix + filler.repeat(Math.ceil(middle / filler.length)).slice(0, middle) + suffix;
  expect(value).toHaveLength(N);
  return value;
}

/** `unit sep unit sep …`, cut to exactly N characters. */
function repeatJoined(unit: string, separator: string): string {
  const value = `${unit}${separator}`.repeat(Math.ceil(N / (unit.length + separator.length))).slice(0, N);
  expect(value).toHaveLength(N);
  return value;
}

const LABEL = "a".repeat(63);

/** For each bounded format: a short valid value, and long values made as close to the format as possible. */
const BOUNDED_CASES: Record<string, { sample: string; long: string[] }> = {
  uuid: { sample: "123e4567-e89b-42d3-a456-426614174000", long: [fill("123e4567-e89b-42d3-a456-", "4"), repeatJoined("123e4567-e89b-42d3-a456-426614174000", "-"), fill("", "0")] },
  uuidv4: { sample: "123e4567-e89b-42d3-a456-426614174000", long: [fill("123e4567-e89b-42d3-a456-", "4"), repeatJoined("123e4567", "-")] },
  uuidv6: { sample: "1ef21d2f-1207-6660-8c4f-419efbd44d48", long: [fill("1ef21d2f-1207-6660-8c4f-", "4"), repeatJoined("1ef21d2f", "-")] },
  uuidv7: { sample: "01890a5d-ac96-774b-bcce-b302099a8057", long: [fill("01890a5d-ac96-774b-bcce-", "8"), repeatJoined("01890a5d", "-")] },
  guid: { sample: "00000000-0000-0000-0000-000000000000", long: [fill("00000000-0000-0000-0000-", "0"), repeatJoined("0000", "-"), fill("", "f")] },
  ulid: { sample: "01ARZ3NDEKTSV4RRFFQ69G5FAV", long: [fill("01ARZ3NDEKTSV4RRFFQ69G5FAV", "0"), fill("", "0")] },
  nanoid: { sample: "V1StGXR8_Z5jdHi6B-myT", long: [fill("V1StGXR8_Z5jdHi6B-myT", "a"), fill("", "_")] },
  ipv4: { sample: "192.168.0.1", long: [fill("192.168.0.", "1"), repeatJoined("1", "."), repeatJoined("255", ".")] },
  ipv6: { sample: "2001:db8::1", long: [repeatJoined("ffff", ":"), fill("::ffff:", "f"), fill("2001:db8::", "1"), fill("::ffff:1.1.1.", "1")] },
  cidrv4: { sample: "10.0.0.0/8", long: [fill("10.0.0.0/", "1"), fill("10.0.0.", "0", "/8")] },
  cidrv6: { sample: "2001:db8::/32", long: [fill("::/", "1"), fill("2001:db8::", "f", "/32"), repeatJoined("ffff", ":")] },
  ip: { sample: "192.168.0.1", long: [fill("192.168.0.", "1"), repeatJoined("ffff", ":"), fill("::ffff:", "f")] },
  cidr: { sample: "10.0.0.0/8", long: [fill("10.0.0.0/", "1"), fill("::/", "1")] },
  e164: { sample: "+14155552671", long: [fill("+1", "2"), fill("+", "9")] },
  hostname: { sample: "api.example.com", long: [repeatJoined(LABEL, "."), fill("", "a"), repeatJoined("a", "."), fill("api.", "a", ".com")] },
  mac: { sample: "00:1A:2B:3C:4D:5E", long: [repeatJoined("00", ":"), fill("00:1A:2B:3C:4D:5E", "0"), repeatJoined("00", "-")] },
  "iso.date": { sample: "2020-01-01", long: [fill("2020-01-0", "1"), fill("2020-01-01", "0"), fill("", "2", "-01-01")] },
  date: { sample: "2020-01-01", long: [fill("2020-01-0", "1"), fill("2020-01-01", "0"), fill("", "2", "-01-01")] },
  ksuid: { sample: "0ujtsYcgvSTl8PAuAdqWYSMnLOv", long: [fill("0ujtsYcgvSTl8PAuAdqWYSMnLOv", "a"), fill("", "0")] },
  xid: { sample: "9m4e2mr0ui3e8a215n4g", long: [fill("9m4e2mr0ui3e8a215n4g", "a"), fill("", "0")] },
};

const JWT_HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

/** For each unbounded format: a short value and a 100,000-character value it accepts. */
const UNBOUNDED_CASES: Record<string, { sample: string; long: string }> = {
  email: { sample: "a@example.com", long: fill("", "a", "@example.com") },
  url: { sample: "https://example.com/", long: fill("https://example.com/", "a") },
  httpUrl: { sample: "https://example.com/", long: fill("https://example.com/", "a") },
  base64: { sample: "QUJD", long: fill("", "A") },
  base64url: { sample: "QUJD", long: fill("", "A") },
  jwt: { sample: `${JWT_HEADER}.e30.${"A".repeat(43)}`, long: fill(`${JWT_HEADER}.`, "A", `.${"A".repeat(43)}`) },
  emoji: { sample: "😀", long: "😀".repeat(N / 2) },
  cuid: { sample: "cjld2cjxh0000qzrmn831i7rn", long: fill("c", "a") },
  cuid2: { sample: "tz4a98xxat96iws9zmbrgj3a", long: fill("", "a") },
  hex: { sample: "deadbeef", long: fill("", "a") },
  "iso.duration": { sample: "P3Y6M4DT12H30M5S", long: fill("P", "1", "D") },
  duration: { sample: "P3Y6M4DT12H30M5S", long: fill("P", "1", "D") },
  lowercase: { sample: "abc", long: fill("", "a") },
  uppercase: { sample: "ABC", long: fill("", "A") },
};

describe("BOUNDED_STRING_METHODS", () => {
  it("has a test value for every name", () => {
    expect(Object.keys(BOUNDED_CASES).sort()).toEqual([...BOUNDED_STRING_METHODS].sort());
  });

  it("every name exists in zod 4 or zod 3", () => {
    const missing = [...BOUNDED_STRING_METHODS].filter((name) => schemasFor(name).length === 0);
    expect(missing).toEqual([]);
  });

  describe.each([...BOUNDED_STRING_METHODS])("%s", (name) => {
    const cases = BOUNDED_CASES[name] ?? { sample: "", long: [] };
    const schemas = schemasFor(name);

    it.each(schemas.map(({ api, schema }) => [api, schema] as const))("%s accepts a sample and rejects 100,000 characters", (_api, schema) => {
      expect(schema.safeParse(cases.sample).success).toBe(true);
      for (const value of cases.long) {
        expect(value).toHaveLength(N);
        expect(schema.safeParse(value).success, value.slice(0, 60)).toBe(false);
      }
    });
  });

  it("`z.date()` in zod 4 is a Date schema, not a string format (so it never takes a long string)", () => {
    expect(v4Type(z4.date())).toBe("date");
    expect(z4.date().safeParse(fill("2020-01-0", "1")).success).toBe(false);
  });
});

describe("UNBOUNDED_STRING_FORMATS", () => {
  it("has a test value for every name", () => {
    expect(Object.keys(UNBOUNDED_CASES).sort()).toEqual(Object.keys(UNBOUNDED_STRING_FORMATS).sort());
  });

  it("every name exists in zod 4 or zod 3", () => {
    const missing = Object.keys(UNBOUNDED_STRING_FORMATS).filter((name) => schemasFor(name).length === 0);
    expect(missing).toEqual([]);
  });

  it("is disjoint from the bounded and precision formats", () => {
    for (const name of Object.keys(UNBOUNDED_STRING_FORMATS)) {
      expect(BOUNDED_STRING_METHODS.has(name), name).toBe(false);
      expect(PRECISION_FORMATS.has(name), name).toBe(false);
    }
  });

  describe.each(Object.keys(UNBOUNDED_STRING_FORMATS))("%s", (name) => {
    const cases = UNBOUNDED_CASES[name] ?? { sample: "", long: "" };
    it.each(schemasFor(name).map(({ api, schema }) => [api, schema] as const))("%s accepts a 100,000-character value", (_api, schema) => {
      expect(schema.safeParse(cases.sample).success).toBe(true);
      expect(cases.long).toHaveLength(N);
      expect(schema.safeParse(cases.long).success).toBe(true);
    });
  });
});

describe("PRECISION_FORMATS: datetime and time", () => {
  const longDatetimes = [fill("2020-01-01T00:00:00.", "0", "Z"), fill("2020-01-01T00:00:00.", "9", "Z")];
  const longDatetimeOffset = fill("2020-01-01T00:00:00.", "0", "+01:00");
  const longTimes = [fill("00:00:00.", "0"), fill("23:59:59.", "9")];

  const datetimeSchemas = (args: unknown[]) => [...schemasFor("iso.datetime", args), ...schemasFor("datetime", args)];
  const timeSchemas = (args: unknown[]) => [...schemasFor("iso.time", args), ...schemasFor("time", args)];

  it("exist as z.iso.datetime/z.iso.time (v4, mini) and .datetime()/.time() (v4, v3)", () => {
    expect(datetimeSchemas([]).map((entry) => entry.api).sort()).toEqual(["mini factory", "v4 factory", "v4 method", "zod/v3 method", "zod3 method"]);
    expect(timeSchemas([]).map((entry) => entry.api).sort()).toEqual(["mini factory", "v4 factory", "v4 method", "zod/v3 method", "zod3 method"]);
    for (const name of ["datetime", "time", "iso.datetime", "iso.time"]) expect(PRECISION_FORMATS.has(name), name).toBe(true);
  });

  it("without precision, accept unlimited fractional digits (unbounded)", () => {
    for (const { api, schema } of datetimeSchemas([])) {
      for (const value of longDatetimes) expect(schema.safeParse(value).success, `${api} datetime`).toBe(true);
    }
    for (const { api, schema } of timeSchemas([])) {
      for (const value of longTimes) expect(schema.safeParse(value).success, `${api} time`).toBe(true);
    }
    for (const { api, schema } of datetimeSchemas([{ offset: true }])) {
      expect(schema.safeParse(longDatetimeOffset).success, `${api} datetime offset`).toBe(true);
    }
  });

  it.each([0, 3, 9])("with { precision: %i }, reject 100,000 characters (bounded)", (precision) => {
    const digits = "1".repeat(precision);
    const sampleDatetime = precision === 0 ? "2020-01-01T00:00:00Z" : `2020-01-01T00:00:00.${digits}Z`;
    const sampleTime = precision === 0 ? "12:00:00" : `12:00:00.${digits}`;
    for (const { api, schema } of datetimeSchemas([{ precision }])) {
      expect(schema.safeParse(sampleDatetime).success, `${api} datetime sample`).toBe(true);
      for (const value of longDatetimes) expect(schema.safeParse(value).success, `${api} datetime`).toBe(false);
    }
    for (const { api, schema } of datetimeSchemas([{ precision, offset: true }])) {
      expect(schema.safeParse(longDatetimeOffset).success, `${api} datetime offset`).toBe(false);
    }
    for (const { api, schema } of timeSchemas([{ precision }])) {
      expect(schema.safeParse(sampleTime).success, `${api} time sample`).toBe(true);
      for (const value of longTimes) expect(schema.safeParse(value).success, `${api} time`).toBe(false);
    }
  });
});

describe("BOUNDED_NUMBER_FACTORIES", () => {
  const ranges: Record<string, { inside: unknown[]; outside: unknown[] }> = {
    int32: { inside: [0, 2 ** 31 - 1, -(2 ** 31)], outside: [2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1e308] },
    uint32: { inside: [0, 2 ** 32 - 1], outside: [-1, 2 ** 32, 1e308] },
    float32: { inside: [0, 3.4028234663852886e38, -3.4028234663852886e38], outside: [3.5e38, -3.5e38, 1e308] },
    int64: { inside: [0n, 2n ** 63n - 1n, -(2n ** 63n)], outside: [2n ** 63n, -(2n ** 63n) - 1n, 10n ** 100n] },
    uint64: { inside: [0n, 2n ** 64n - 1n], outside: [-1n, 2n ** 64n, 10n ** 100n] },
  };

  it("has a range for every name", () => {
    expect(Object.keys(ranges).sort()).toEqual([...BOUNDED_NUMBER_FACTORIES].sort());
  });

  describe.each([...BOUNDED_NUMBER_FACTORIES])("%s", (name) => {
    const range = ranges[name] ?? { inside: [], outside: [] };
    it.each([
      ["v4", z4],
      ["mini", zMini],
    ] as const)("%s accepts the ends of its range and rejects values outside it", (_label, namespace) => {
      const make = (namespace as unknown as Record<string, () => Parser>)[name];
      expect(typeof make).toBe("function");
      const schema = make();
      for (const value of range.inside) expect(schema.safeParse(value).success, String(value)).toBe(true);
      for (const value of range.outside) expect(schema.safeParse(value).success, String(value)).toBe(false);
    });
  });
});

describe("NUMBER_FACTORIES are unbounded in practice", () => {
  it.each([
    ["number", [1e308, -1e308]],
    ["float64", [1e308, -1e308]],
    // z.int() is limited to safe integers only, which bounds nothing a tool cares about.
    ["int", [Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]],
    ["bigint", [10n ** 100n, -(10n ** 100n)]],
  ] as const)("z.%s() accepts values far outside any tool's range", (name, values) => {
    expect(NUMBER_FACTORIES.has(name)).toBe(true);
    for (const namespace of [z4, zMini] as unknown[]) {
      const schema = (namespace as Record<string, () => Parser>)[name]?.();
      expect(isParser(schema)).toBe(true);
      for (const value of values) expect(schema.safeParse(value).success, String(value)).toBe(true);
    }
  });

  it("z.int() does reject beyond the safe-integer range (its only bound)", () => {
    expect(z4.int().safeParse(2 ** 53).success).toBe(false);
  });

  it("z.coerce.number() and v3 z.number().int() accept huge values", () => {
    expect(z4.coerce.number().safeParse("1e308").success).toBe(true);
    expect(z3.number().int().safeParse(Number.MAX_SAFE_INTEGER).success).toBe(true);
    expect(z3Legacy.number().int().safeParse(Number.MAX_SAFE_INTEGER).success).toBe(true);
  });
});
