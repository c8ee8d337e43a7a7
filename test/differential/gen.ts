/**
 * Seeded generator of random zod schema expressions for the differential test.
 *
 * Every generated expression comes as source text for two zod APIs (the v3 API and v4 classic) plus a
 * version-independent structure (`Ty`) that says which keys, strings, arrays and union branches a
 * valid input has, so that truth.ts can build valid samples and probe them against real zod.
 *
 * What is generated (depth <= 4 containers, <= 5 fields per object):
 *   objects  z.object / z.strictObject / z.looseObject, z.object(X.shape), z.object({ ...X.shape, k }), a `const`
 *            reference; then .extend({..}) / .extend(X.shape) / .safeExtend, .merge(Y), .pick, .omit, .partial,
 *            .required, and the modes .strict() / .strip() / .passthrough() / .loose() / .catchall(z.string()[.max(64)]);
 *            wrappers .describe(), and in field position .optional() / .nullable() / .nullish()
 *   strings  bounded: .max(n) (n <= 5000), .min(1).max(n), .length(n), .trim().max(n), z.enum, z.literal,
 *            .regex(/^[a-z]{1,8}$/), email + .max(254); unbounded: z.string(), .min(n), .nonempty(), open regexes
 *            (/^[a-z]+$/, /^[a-z]{2,}$/, /^[a-z]*$/, unanchored /[a-z]{1,8}/), .email() / z.email()
 *   arrays   z.array(x) / x.array() with .max(n), .length(n), .min(1).max(n), or nothing / .min(n)
 *   unions   z.union([...]) and a.or(b)[.or(c)]
 *   consts   subschemas hoisted into `const Sn = ...` and reused (shared references), the root sometimes `const Input`
 * Each case has a profile (how likely objects are open, strings and arrays unbounded, and its size), so that many
 * cases have no finding or exactly one, which keeps a per-case yes/no comparison sharp.
 *
 * Where v4 has an API that v3 lacks, the v3 text uses the v3 equivalent:
 *   z.looseObject(s) -> z.object(s).passthrough(),  .loose() -> .passthrough(),  z.email() -> z.string().email(),
 *   .safeExtend(s) -> .extend(s).
 *
 * Intersections (`z.intersection`, `.and`) are deliberately NOT generated: their strictness semantics differ
 * between zod versions (v4: strict ∩ strip strips; v3 merges the parsed halves), so "truth" would need a
 * per-version oracle of its own.
 */

export type Version = "v3" | "v4";
export const VERSIONS: readonly Version[] = ["v3", "v4"];

/** mulberry32: tiny, fast, deterministic 32-bit PRNG. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Structure of a schema, as far as building samples is concerned. */
export type Ty =
  | { k: "object"; fields: Field[] }
  | { k: "string"; desc: string; sample: string; long: string }
  | { k: "number" }
  | { k: "boolean" }
  | { k: "array"; elem: Ty; count: number }
  | { k: "union"; options: Ty[] };

export interface Field {
  key: string;
  ty: Ty;
  optional: boolean;
}

/** Source text for both APIs. */
export interface Src {
  v3: string;
  v4: string;
}

type Mode = "strict" | "strip" | "loose" | "catchall";

/** A generated expression. */
interface G {
  src: Src;
  ty: Ty;
  /** still a ZodObject (no .optional() wrapper), so .shape/.extend/.merge/... may be called on it */
  plainObject: boolean;
  /** the unknown-key mode the generator aimed at (v4 semantics; only used to bias the distribution) */
  mode?: Mode;
}

interface Const {
  name: string;
  g: G;
}

export interface Profile {
  /** probability that an object is left open */
  pOpen: number;
  /** probability that a string is unbounded */
  pUnbStr: number;
  /** probability that an array is unbounded */
  pUnbArr: number;
  /** root budget (containers + 1) and fields per object: small cases give readable mismatches */
  budget: number;
  maxFields: number;
}

export interface GeneratedCase {
  id: number;
  profile: Profile;
  /** `const` declarations, in order, per version */
  decls: Src[];
  /** the expression passed as `inputSchema` */
  root: Src;
  ty: Ty;
}

const KEYS = [
  "name", "title", "query", "limit", "tags", "items", "meta", "note", "url", "email", "path", "kind",
  "body", "filter", "label", "size", "page", "sort", "lang", "color", "flag", "text", "level", "slug",
];
const ENUM_VALUES = ["asc", "desc", "auto", "json", "text", "csv", "low", "high"];
export const UNKNOWN_KEY = "zzUnknownKey";
export const LONG_STRING_LEN = 100_000;
export const LONG_ARRAY_LEN = 10_000;

export function tyHeight(ty: Ty): number {
  switch (ty.k) {
    case "object":
      return 1 + Math.max(0, ...ty.fields.map((f) => tyHeight(f.ty)));
    case "array":
      return 1 + tyHeight(ty.elem);
    case "union":
      return 1 + Math.max(...ty.options.map(tyHeight));
    default:
      return 1;
  }
}

const same = (s: string): Src => ({ v3: s, v4: s });
const mapSrc = (a: Src, f: (s: string, v: Version) => string): Src => ({ v3: f(a.v3, "v3"), v4: f(a.v4, "v4") });
const joinSrc = (parts: Src[], sep: string): Src => ({
  v3: parts.map((p) => p.v3).join(sep),
  v4: parts.map((p) => p.v4).join(sep),
});

/** Largest root budget: at most 4 nested containers (objects, arrays, unions) above the leaves. */
const ROOT_BUDGET = 5;
const MAX_FIELDS = 5;

class Generator {
  private readonly rng: () => number;
  private readonly consts: Const[] = [];
  private nextConst = 1;

  constructor(seed: number, private readonly profile: Profile) {
    this.rng = mulberry32(seed);
  }

  // ---------- randomness helpers ----------
  private chance(p: number): boolean {
    return this.rng() < p;
  }
  private int(lo: number, hi: number): number {
    return lo + Math.floor(this.rng() * (hi - lo + 1));
  }
  private pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rng() * xs.length)];
  }
  private weighted<T>(xs: readonly (readonly [number, T])[]): T {
    const total = xs.reduce((s, [w]) => s + w, 0);
    let r = this.rng() * total;
    for (const [w, x] of xs) {
      if ((r -= w) < 0) return x;
    }
    return xs[xs.length - 1][1];
  }
  /** a length bound: mostly small, sometimes up to 5000 */
  private bound(): number {
    return this.weighted([
      [5, () => this.int(1, 100)],
      [3, () => this.int(101, 1000)],
      [2, () => this.int(1001, 5000)],
      [1, () => 5000],
    ] as const)();
  }
  private describeText(): string {
    return this.pick(["The value", "Search text", "Options", "Which item", "Free text"]);
  }

  // ---------- consts ----------
  private hoist(g: G): G {
    const name = `S${this.nextConst++}`;
    this.consts.push({ name, g });
    return { src: same(name), ty: g.ty, plainObject: g.plainObject, mode: g.mode };
  }
  private reusable(budget: number, pred: (c: Const) => boolean): Const | undefined {
    const ok = this.consts.filter((c) => tyHeight(c.g.ty) <= budget && pred(c));
    return ok.length ? this.pick(ok) : undefined;
  }
  /** a `const` holding a plain z.object (for `.shape`, `.merge`, `.extend`) */
  private plainObjectConst(budget: number, maxFields: number): G {
    const existing = this.chance(0.5)
      ? this.reusable(budget, (c) => c.g.plainObject && c.g.ty.k === "object" && c.g.ty.fields.length <= maxFields)
      : undefined;
    if (existing) return { src: same(existing.name), ty: existing.g.ty, plainObject: true, mode: existing.g.mode };
    return this.hoist(this.object(budget, { maxFields }));
  }

  // ---------- leaves ----------
  private string(): G {
    const unbounded = this.chance(this.profile.pUnbStr);
    const a = (n: number) => "a".repeat(n);
    const longA = a(LONG_STRING_LEN);
    const longEmail = a(LONG_STRING_LEN - "@example.com".length) + "@example.com";
    let src: Src;
    let sample: string;
    let long = longA;
    if (!unbounded) {
      const kind = this.weighted([
        [4, "max"], [2, "minmax"], [2, "length"], [2, "enum"], [1, "literal"], [2, "regex"], [1, "emailmax"],
        [1, "maxmin"], [1, "trimmax"],
      ] as const);
      switch (kind) {
        case "max": {
          const n = this.bound();
          src = same(`z.string().max(${n})`);
          sample = a(Math.min(n, 3));
          break;
        }
        case "minmax": {
          const n = this.bound();
          src = same(`z.string().min(1).max(${n})`);
          sample = a(Math.min(n, 3));
          break;
        }
        case "maxmin": {
          const n = this.bound();
          src = same(`z.string().max(${n}).min(1)`);
          sample = a(Math.min(n, 3));
          break;
        }
        case "trimmax": {
          const n = this.bound();
          src = same(`z.string().trim().max(${n})`);
          sample = a(Math.min(n, 3));
          break;
        }
        case "length": {
          const n = this.chance(0.8) ? this.int(1, 64) : this.int(65, 5000);
          src = same(`z.string().length(${n})`);
          sample = a(n);
          break;
        }
        case "enum": {
          const vals = [...new Set([this.pick(ENUM_VALUES), this.pick(ENUM_VALUES), this.pick(ENUM_VALUES)])];
          src = same(`z.enum([${vals.map((v) => JSON.stringify(v)).join(", ")}])`);
          sample = vals[0]!;
          break;
        }
        case "literal": {
          const v = this.pick(ENUM_VALUES);
          src = same(`z.literal(${JSON.stringify(v)})`);
          sample = v;
          break;
        }
        case "regex":
          src = same(`z.string().regex(/^[a-z]{1,8}$/)`);
          sample = "abc";
          break;
        case "emailmax":
          src = { v3: `z.string().email().max(254)`, v4: this.chance(0.5) ? `z.email().max(254)` : `z.string().email().max(254)` };
          sample = "a@example.com";
          long = longEmail;
          break;
      }
    } else {
      const kind = this.weighted([[4, "bare"], [2, "min"], [1, "nonempty"], [2, "regex"], [2, "email"]] as const);
      switch (kind) {
        case "bare":
          src = same(`z.string()`);
          sample = "abc";
          break;
        case "nonempty":
          src = same(`z.string().nonempty()`);
          sample = "abc";
          break;
        case "min": {
          const n = this.int(1, 10);
          src = same(`z.string().min(${n})`);
          sample = a(n);
          break;
        }
        case "regex":
          src = same(`z.string().regex(${this.pick(["/^[a-z]+$/", "/^[a-z]{2,}$/", "/[a-z]{1,8}/", "/^[a-z]*$/"])})`);
          sample = "abc";
          break;
        case "email":
          src = { v3: `z.string().email()`, v4: this.chance(0.5) ? `z.email()` : `z.string().email()` };
          sample = "a@example.com";
          long = longEmail;
          break;
      }
    }
    if (this.chance(0.1)) src = mapSrc(src, (s) => `${s}.describe(${JSON.stringify(this.describeText())})`);
    return { src, ty: { k: "string", desc: src.v4, sample, long }, plainObject: false };
  }

  private leaf(): G {
    return this.weighted([
      [7, () => this.string()],
      [1, (): G => ({ src: same("z.number()"), ty: { k: "number" }, plainObject: false })],
      [1, (): G => ({ src: same("z.number().int().min(0).max(100)"), ty: { k: "number" }, plainObject: false })],
      [1, (): G => ({ src: same("z.boolean()"), ty: { k: "boolean" }, plainObject: false })],
    ] as const)();
  }

  // ---------- containers ----------
  /** any schema whose Ty height is at most `budget` */
  schema(budget: number): G {
    if (budget > 1 && this.chance(0.08)) {
      const c = this.reusable(budget, () => true);
      if (c) return { src: same(c.name), ty: c.g.ty, plainObject: c.g.plainObject, mode: c.g.mode };
    }
    let g: G;
    if (budget <= 1) g = this.leaf();
    else
      g = this.weighted([
        [10, () => this.leaf()],
        [4, () => this.object(budget, {})],
        [5, () => this.array(budget)],
        [2, () => this.union(budget, false)],
      ] as const)();
    if (g.ty.k !== "number" && g.ty.k !== "boolean" && this.chance(0.12)) g = this.hoist(g);
    return g;
  }

  private array(budget: number): G {
    const elem = this.schema(budget - 1);
    const unbounded = this.chance(this.profile.pUnbArr);
    let base: Src = this.chance(0.3) ? mapSrc(elem.src, (s) => `${s}.array()`) : mapSrc(elem.src, (s) => `z.array(${s})`);
    let count = 1;
    let suffix: string;
    if (!unbounded) {
      const kind = this.weighted([[4, "max"], [2, "length"], [2, "minmax"]] as const);
      if (kind === "max") suffix = `.max(${this.bound()})`;
      else if (kind === "length") {
        count = this.int(1, 3);
        suffix = `.length(${count})`;
      } else suffix = `.min(1).max(${this.bound()})`;
    } else {
      const kind = this.weighted([[3, "none"], [2, "min"]] as const);
      if (kind === "none") suffix = "";
      else {
        count = this.int(1, 2);
        suffix = `.min(${count})`;
      }
    }
    base = mapSrc(base, (s) => s + suffix);
    if (this.chance(0.08)) base = mapSrc(base, (s) => `${s}.describe(${JSON.stringify(this.describeText())})`);
    return { src: base, ty: { k: "array", elem: elem.ty, count }, plainObject: false };
  }

  /** z.union([...]) / a.or(b); members are never .optional() */
  union(budget: number, objectsOnly: boolean): G {
    const n = this.chance(0.75) ? 2 : 3;
    const members: G[] = [];
    for (let i = 0; i < n; i++) members.push(objectsOnly ? this.object(budget - 1, {}) : this.schema(budget - 1));
    if (this.chance(0.6)) {
      return {
        src: mapSrc(joinSrc(members.map((m) => m.src), ", "), (s) => `z.union([${s}])`),
        ty: { k: "union", options: members.map((m) => m.ty) },
        plainObject: false,
      };
    }
    // a.or(b).or(c) nests: union([union([a, b]), c])
    let acc = members[0];
    for (const m of members.slice(1)) {
      acc = {
        src: { v3: `${acc.src.v3}.or(${m.src.v3})`, v4: `${acc.src.v4}.or(${m.src.v4})` },
        ty: { k: "union", options: [acc.ty, m.ty] },
        plainObject: false,
      };
    }
    if (tyHeight(acc.ty) > budget) {
      // a 3-member .or chain is one level deeper than z.union; fall back to z.union
      return {
        src: mapSrc(joinSrc(members.map((m) => m.src), ", "), (s) => `z.union([${s}])`),
        ty: { k: "union", options: members.map((m) => m.ty) },
        plainObject: false,
      };
    }
    return acc;
  }

  /** n fields with distinct keys drawn from `pool` (default: all keys) minus `avoid` */
  private fields(
    budget: number,
    n: number,
    avoid: readonly string[] = [],
    pool: readonly string[] = KEYS,
  ): { src: Src; fields: Field[] } {
    const keys: string[] = [];
    while (keys.length < n) {
      const k = this.pick(pool);
      if (!keys.includes(k) && !avoid.includes(k)) keys.push(k);
    }
    const fields: Field[] = [];
    const parts: Src[] = [];
    for (const key of keys) {
      let g = this.schema(budget);
      const wrapper = this.weighted([[30, ""], [6, "optional"], [2, "nullable"], [2, "nullish"]] as const);
      const optional = wrapper === "optional" || wrapper === "nullish";
      if (wrapper) g = { ...g, src: mapSrc(g.src, (s) => `${s}.${wrapper}()`), plainObject: false };
      fields.push({ key, ty: g.ty, optional });
      parts.push(mapSrc(g.src, (s) => `${key}: ${s}`));
    }
    return { src: joinSrc(parts, ", "), fields };
  }

  private shouldBeStrict(force: boolean | undefined): boolean {
    return force ?? !this.chance(this.profile.pOpen);
  }

  /**
   * An object schema of Ty height <= budget (budget >= 2). Never wrapped in .optional() (callers add that).
   */
  object(budget: number, opts: { forceStrict?: boolean; maxFields?: number }): G {
    const maxFields = opts.maxFields ?? this.profile.maxFields;
    const wantStrict = this.shouldBeStrict(opts.forceStrict);
    let fields: Field[];
    let src: Src;
    let mode: Mode;

    const form = this.weighted([
      [10, "literal"],
      [2, "shapeOf"],
      [2, "spread"],
      [2, "ref"],
    ] as const);

    if (form === "literal") {
      const f = this.fields(budget - 1, this.int(1, maxFields));
      fields = f.fields;
      const ctor = this.weighted([
        [6, "object"],
        [3, "strictObject"],
        [2, "looseObject"],
      ] as const);
      mode = ctor === "object" ? "strip" : ctor === "strictObject" ? "strict" : "loose";
      src =
        ctor === "looseObject"
          ? { v3: `z.object({ ${f.src.v3} }).passthrough()`, v4: `z.looseObject({ ${f.src.v4} })` }
          : mapSrc(f.src, (s) => `z.${ctor}({ ${s} })`);
    } else if (form === "shapeOf") {
      const x = this.plainObjectConst(budget, maxFields);
      if (x.ty.k !== "object") throw new Error("plainObjectConst returned a non-object");
      fields = x.ty.fields.map((fl) => ({ ...fl }));
      const ctor = this.chance(0.6) ? "object" : "strictObject";
      mode = ctor === "object" ? "strip" : "strict";
      src = mapSrc(x.src, (s) => `z.${ctor}(${s}.shape)`);
    } else if (form === "spread") {
      const x = this.plainObjectConst(budget, maxFields);
      if (x.ty.k !== "object") throw new Error("plainObjectConst returned a non-object");
      const xKeys = x.ty.fields.map((fl) => fl.key);
      // extras: new keys, or (sometimes, or when there is no room left) overrides of x's keys
      const room = maxFields - xKeys.length;
      const extra =
        room === 0 || this.chance(0.3)
          ? this.fields(budget - 1, this.int(1, Math.min(2, xKeys.length)), [], xKeys)
          : this.fields(budget - 1, this.int(1, Math.min(2, room)), xKeys);
      const spreadFirst = this.chance(0.8);
      const ctor = this.chance(0.6) ? "object" : "strictObject";
      mode = ctor === "object" ? "strip" : "strict";
      const spread = mapSrc(x.src, (s) => `...${s}.shape`);
      const inner = spreadFirst ? joinSrc([spread, extra.src], ", ") : joinSrc([extra.src, spread], ", ");
      src = mapSrc(inner, (s) => `z.${ctor}({ ${s} })`);
      fields = spreadFirst ? overrideFields(x.ty.fields, extra.fields) : overrideFields(extra.fields, x.ty.fields);
      if (fields.length > maxFields) throw new Error("spread produced too many fields");
    } else {
      const x = this.plainObjectConst(budget, maxFields);
      if (x.ty.k !== "object") throw new Error("plainObjectConst returned a non-object");
      fields = x.ty.fields.map((fl) => ({ ...fl }));
      src = x.src;
      mode = x.mode ?? "strip";
    }

    // 0..2 shape operations; mode operations may sit between them
    const nOps = this.weighted([[4, 0], [3, 1], [2, 2]] as const);
    for (let i = 0; i < nOps; i++) {
      if (this.chance(0.25)) {
        const m = this.modeOp();
        src = mapSrc(src, (s, v) => s + m.text[v]);
        mode = m.mode;
      }
      const op = this.weighted([
        [3, "extend"],
        [2, "merge"],
        [2, "pick"],
        [2, "omit"],
        [2, "partial"],
        [1, "required"],
        [1, "extendShape"],
        [1, "safeExtend"],
      ] as const);
      if (op === "extendShape") {
        // .extend(Y.shape) / .extend({ ...Y.shape, k: v }): Y's fields, the receiver's mode
        const room = maxFields - fields.length;
        if (room < 1) continue;
        const y = this.plainObjectConst(budget, room);
        if (y.ty.k !== "object") throw new Error("extend source is not an object");
        fields = overrideFields(fields, y.ty.fields);
        if (this.chance(0.5) || fields.length >= maxFields) {
          src = { v3: `${src.v3}.extend(${y.src.v3}.shape)`, v4: `${src.v4}.extend(${y.src.v4}.shape)` };
        } else {
          const extra = this.fields(budget - 1, 1, fields.map((f) => f.key));
          fields = overrideFields(fields, extra.fields);
          src = {
            v3: `${src.v3}.extend({ ...${y.src.v3}.shape, ${extra.src.v3} })`,
            v4: `${src.v4}.extend({ ...${y.src.v4}.shape, ${extra.src.v4} })`,
          };
        }
      } else if (op === "extend" || op === "safeExtend") {
        const keys = fields.map((f) => f.key);
        const room = maxFields - keys.length;
        const extra =
          room === 0 || this.chance(0.3)
            ? this.fields(budget - 1, 1, [], keys)
            : this.fields(budget - 1, this.int(1, Math.min(2, room)), keys);
        fields = overrideFields(fields, extra.fields);
        // .safeExtend is v4 only (4.1+); v3 has .extend
        const m4 = op === "safeExtend" ? "safeExtend" : "extend";
        src = { v3: `${src.v3}.extend({ ${extra.src.v3} })`, v4: `${src.v4}.${m4}({ ${extra.src.v4} })` };
      } else if (op === "merge") {
        const room = maxFields - fields.length;
        if (room < 1) continue;
        const y = this.chance(0.5) ? this.plainObjectConst(budget, room) : this.object(budget, { maxFields: room });
        if (y.ty.k !== "object") throw new Error("merge target is not an object");
        fields = overrideFields(fields, y.ty.fields);
        src = { v3: `${src.v3}.merge(${y.src.v3})`, v4: `${src.v4}.merge(${y.src.v4})` };
        mode = y.mode ?? "strip";
      } else if (op === "pick") {
        if (fields.length < 2) continue;
        const keep = fields.filter(() => this.chance(0.6));
        if (keep.length === 0) keep.push(fields[0]);
        fields = keep.map((f) => ({ ...f }));
        const obj = `{ ${keep.map((f) => `${f.key}: true`).join(", ")} }`;
        src = mapSrc(src, (s) => `${s}.pick(${obj})`);
      } else if (op === "omit") {
        if (fields.length < 2) continue;
        const drop = this.pick(fields);
        fields = fields.filter((f) => f !== drop).map((f) => ({ ...f }));
        src = mapSrc(src, (s) => `${s}.omit({ ${drop.key}: true })`);
      } else if (op === "required") {
        fields = fields.map((f) => ({ ...f, optional: false }));
        src = mapSrc(src, (s) => `${s}.required()`);
      } else {
        fields = fields.map((f) => ({ ...f, optional: true }));
        src = mapSrc(src, (s) => `${s}.partial()`);
      }
    }

    // final unknown-key mode, biased by the profile
    if (wantStrict) {
      if (mode !== "strict" || this.chance(0.1)) {
        src = mapSrc(src, (s) => `${s}.strict()`);
        mode = "strict";
      }
    } else if (mode === "strict" || this.chance(0.4)) {
      const m = this.modeOp(true);
      src = mapSrc(src, (s, v) => s + m.text[v]);
      mode = m.mode;
    }
    if (this.chance(0.1)) src = mapSrc(src, (s) => `${s}.describe(${JSON.stringify(this.describeText())})`);
    const ty: Ty = { k: "object", fields };
    if (fields.length > maxFields) throw new Error(`object has ${fields.length} > ${maxFields} fields`);
    if (tyHeight(ty) > budget) throw new Error(`object too deep: ${tyHeight(ty)} > ${budget}`);
    return { src, ty, plainObject: true, mode };
  }

  private modeOp(openOnly = false): { text: Src; mode: Mode } {
    const ops: (readonly [number, { text: Src; mode: Mode }])[] = [
      [2, { text: same(".passthrough()"), mode: "loose" }],
      [2, { text: same(".strip()"), mode: "strip" }],
      [2, { text: same(".catchall(z.string())"), mode: "catchall" }],
      [1, { text: same(".catchall(z.string().max(64))"), mode: "catchall" }],
      [2, { text: { v3: ".passthrough()", v4: ".loose()" }, mode: "loose" }],
    ];
    if (!openOnly) ops.push([4, { text: same(".strict()"), mode: "strict" }]);
    return this.weighted(ops);
  }

  root(): { decls: Src[]; root: Src; ty: Ty } {
    let g: G;
    const budget = this.profile.budget;
    if (this.chance(0.75)) g = this.object(budget, {});
    else g = this.union(budget, true);
    if (this.chance(0.25)) {
      const name = "Input";
      this.consts.push({ name, g });
      g = { ...g, src: same(name) };
    }
    if (tyHeight(g.ty) > ROOT_BUDGET || tyHeight(g.ty) > budget) throw new Error("root too deep");
    return {
      decls: this.consts.map((c) => ({ v3: `const ${c.name} = ${c.g.src.v3};`, v4: `const ${c.name} = ${c.g.src.v4};` })),
      root: g.src,
      ty: g.ty,
    };
  }
}

/** later fields override earlier ones with the same key (object spread / .extend / .merge semantics) */
function overrideFields(a: Field[], b: Field[]): Field[] {
  const out = a.map((f) => ({ ...f }));
  for (const f of b) {
    const i = out.findIndex((o) => o.key === f.key);
    if (i >= 0) out.splice(i, 1);
    out.push({ ...f });
  }
  return out;
}

const PROFILE_LEVELS = [0, 0, 0.15, 0.4] as const;
const ARRAY_PROFILE_LEVELS = [0, 0.3, 0.7] as const;

export function generateCases(count: number, seed = 0x6d637067 /* "mcpg" */): GeneratedCase[] {
  const master = mulberry32(seed);
  const cases: GeneratedCase[] = [];
  for (let id = 0; id < count; id++) {
    const caseSeed = Math.floor(master() * 2 ** 32);
    const pr = mulberry32(caseSeed ^ 0x9e3779b9);
    const profile: Profile = {
      pOpen: PROFILE_LEVELS[Math.floor(pr() * PROFILE_LEVELS.length)],
      pUnbStr: PROFILE_LEVELS[Math.floor(pr() * PROFILE_LEVELS.length)],
      pUnbArr: ARRAY_PROFILE_LEVELS[Math.floor(pr() * ARRAY_PROFILE_LEVELS.length)],
      budget: [3, 3, 4, 5, 5][Math.floor(pr() * 5)],
      maxFields: [2, 3, 3, 5][Math.floor(pr() * 4)],
    };
    if (profile.maxFields > MAX_FIELDS || profile.budget > ROOT_BUDGET) throw new Error("profile out of range");
    const gen = new Generator(caseSeed, profile);
    const r = gen.root();
    cases.push({ id, profile, decls: r.decls, root: r.root, ty: r.ty });
  }
  return cases;
}

/** the linted file for one variant */
export function fileText(c: GeneratedCase, v: Version): string {
  return [
    `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`,
    v === "v3" ? `import { z } from "zod/v3";` : `import { z } from "zod";`,
    `const server = new McpServer({ name: "t", version: "1.0.0" });`,
    ...c.decls.map((d) => d[v]),
    `server.registerTool("t", { inputSchema: ${c.root[v]} }, async () => ({ content: [] }));`,
    ``,
  ].join("\n");
}

/** the body of `new Function("z", body)` that evaluates the variant with a real zod */
export function evalBody(c: GeneratedCase, v: Version): string {
  return [...c.decls.map((d) => d[v]), `return ${c.root[v]};`].join("\n");
}
