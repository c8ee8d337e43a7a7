/**
 * Ground truth from real zod: build valid samples from a generated `Ty`, then probe the real schema
 * with an unknown key at every object level, a 100,000-character string at every string, and a
 * 10,000-element array at every array.
 */
import { LONG_ARRAY_LEN, UNKNOWN_KEY, type Ty, type Version } from "./gen.js";

export type Step = { f: string } | { e: true } | { u: number };
export type LocKind = "object" | "string" | "array" | "catchall";

export interface Loc {
  what: LocKind;
  path: Step[];
  ty: Ty;
}

export interface LocResult {
  loc: Loc;
  /** the property holds at this location (open object / unbounded string / unbounded array) */
  holds: boolean;
  /** the whole input (root schema) accepted the probe */
  root: boolean;
  /** the schema found at this location accepted the probe on its own */
  sub?: boolean;
}

export interface VariantTruth {
  /** why the variant could not be judged (its sample was invalid), if it could not */
  skipped?: string;
  /** generator/model bugs: the generated structure disagrees with the real schema */
  errors: string[];
  open: boolean;
  unboundedString: boolean;
  unboundedArray: boolean;
  results: LocResult[];
  /** probes accepted by the root only because another union branch took them */
  fallthrough: number;
}

// ---------------------------------------------------------------- samples

export function sampleOf(ty: Ty): unknown {
  switch (ty.k) {
    case "object": {
      const o: Record<string, unknown> = {};
      for (const f of ty.fields) o[f.key] = sampleOf(f.ty);
      return o;
    }
    case "string":
      return ty.sample;
    case "number":
      return 1;
    case "boolean":
      return true;
    case "array":
      return Array.from({ length: ty.count }, () => sampleOf(ty.elem));
    case "union":
      return sampleOf(ty.options[0]);
  }
}

/** a sample whose value at `path` is `leaf(ty at path)`; union steps choose the branch */
export function buildAt(ty: Ty, path: readonly Step[], leaf: (t: Ty) => unknown, i = 0): unknown {
  if (i === path.length) return leaf(ty);
  const st = path[i];
  if (ty.k === "object" && "f" in st) {
    const o: Record<string, unknown> = {};
    for (const f of ty.fields) o[f.key] = f.key === st.f ? buildAt(f.ty, path, leaf, i + 1) : sampleOf(f.ty);
    return o;
  }
  if (ty.k === "array" && "e" in st) {
    return Array.from({ length: ty.count }, (_, j) => (j === 0 ? buildAt(ty.elem, path, leaf, i + 1) : sampleOf(ty.elem)));
  }
  if (ty.k === "union" && "u" in st) return buildAt(ty.options[st.u], path, leaf, i + 1);
  throw new Error(`bad path step ${JSON.stringify(st)} for ${ty.k}`);
}

export function tyAt(ty: Ty, path: readonly Step[]): Ty {
  let t = ty;
  for (const st of path) {
    if (t.k === "object" && "f" in st) t = t.fields.find((f) => f.key === st.f)!.ty;
    else if (t.k === "array" && "e" in st) t = t.elem;
    else if (t.k === "union" && "u" in st) t = t.options[st.u]!;
    else throw new Error("bad path");
  }
  return t;
}

/** object levels, strings and arrays reachable from the root, through every union branch */
export function locations(ty: Ty, path: Step[] = [], out: Loc[] = []): Loc[] {
  switch (ty.k) {
    case "object":
      out.push({ what: "object", path, ty });
      for (const f of ty.fields) locations(f.ty, [...path, { f: f.key }], out);
      break;
    case "string":
      out.push({ what: "string", path, ty });
      break;
    case "array":
      out.push({ what: "array", path, ty });
      locations(ty.elem, [...path, { e: true }], out);
      break;
    case "union":
      ty.options.forEach((o, i) => locations(o, [...path, { u: i }], out));
      break;
    default:
      break;
  }
  return out;
}

export function pathText(path: readonly Step[]): string {
  return (
    "$" +
    path
      .map((s) => ("f" in s ? `.${s.f}` : "e" in s ? "[0]" : `<union option ${s.u}>`))
      .join("")
  );
}

// ---------------------------------------------------------------- real zod introspection

export interface SafeParser {
  safeParse(v: unknown): { success: boolean };
}

type RealKind = "object" | "optional" | "nullable" | "nonoptional" | "string" | "enum" | "literal" | "array" | "union" | "number" | "boolean" | "other";

interface Introspect {
  kind(s: SafeParser): RealKind;
  inner(s: SafeParser): SafeParser;
  shape(s: SafeParser): Record<string, SafeParser>;
  element(s: SafeParser): SafeParser;
  options(s: SafeParser): SafeParser[];
  /** the schema unknown keys are validated against, when it is a string schema (catchall(z.string()...)) */
  stringCatchall(s: SafeParser): SafeParser | undefined;
}

type Def = Record<string, unknown>;
const v4def = (s: SafeParser): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const v3def = (s: SafeParser): Def => (s as unknown as { _def: Def })._def;

const V4: Introspect = {
  kind(s) {
    const t = v4def(s).type as string;
    return (["object", "optional", "nullable", "nonoptional", "string", "enum", "literal", "array", "union", "number", "boolean"] as const).find(
      (k) => k === t,
    ) ?? "other";
  },
  inner: (s) => v4def(s).innerType as SafeParser,
  shape: (s) => v4def(s).shape as Record<string, SafeParser>,
  element: (s) => v4def(s).element as SafeParser,
  options: (s) => v4def(s).options as SafeParser[],
  stringCatchall(s) {
    const c = v4def(s).catchall as SafeParser | undefined;
    return c && v4def(c).type === "string" ? c : undefined;
  },
};

const V3_KINDS: Record<string, RealKind> = {
  ZodObject: "object",
  ZodOptional: "optional",
  ZodNullable: "nullable",
  ZodString: "string",
  ZodEnum: "enum",
  ZodLiteral: "literal",
  ZodArray: "array",
  ZodUnion: "union",
  ZodNumber: "number",
  ZodBoolean: "boolean",
};

const V3: Introspect = {
  kind: (s) => V3_KINDS[v3def(s).typeName as string] ?? "other",
  inner: (s) => v3def(s).innerType as SafeParser,
  shape: (s) => (v3def(s).shape as () => Record<string, SafeParser>)(),
  element: (s) => v3def(s).type as SafeParser,
  options: (s) => v3def(s).options as SafeParser[],
  stringCatchall(s) {
    // v3: a catchall other than ZodNever applies whatever unknownKeys says (even after .strict())
    const c = v3def(s).catchall as SafeParser | undefined;
    return c && v3def(c).typeName === "ZodString" ? c : undefined;
  },
};

export const INTROSPECT: Record<Version, Introspect> = { v3: V3, v4: V4 };

function unwrap(I: Introspect, s: SafeParser): SafeParser {
  // .optional(), .nullable(), .nullish() and (v4) the nonoptional wrappers of .required()
  while (["optional", "nullable", "nonoptional"].includes(I.kind(s))) s = I.inner(s);
  return s;
}

function navigate(I: Introspect, root: SafeParser, path: readonly Step[]): SafeParser {
  let s = unwrap(I, root);
  for (const st of path) {
    if ("f" in st) s = I.shape(s)[st.f]!;
    else if ("e" in st) s = I.element(s);
    else s = I.options(s)[st.u]!;
    s = unwrap(I, s);
  }
  return s;
}

/** the generated structure must match what zod built (keys after pick/omit/extend/merge/spread, kinds, branches) */
function checkStructure(I: Introspect, ty: Ty, s: SafeParser, where: string, errors: string[]): void {
  s = unwrap(I, s);
  const k = I.kind(s);
  switch (ty.k) {
    case "object": {
      if (k !== "object") return void errors.push(`${where}: expected object, zod has ${k}`);
      const real = Object.keys(I.shape(s)).sort();
      const mine = ty.fields.map((f) => f.key).sort();
      if (real.join() !== mine.join()) return void errors.push(`${where}: keys [${mine.join()}] vs zod [${real.join()}]`);
      for (const f of ty.fields) checkStructure(I, f.ty, I.shape(s)[f.key], `${where}.${f.key}`, errors);
      return;
    }
    case "string":
      if (k !== "string" && k !== "enum" && k !== "literal") errors.push(`${where}: expected string, zod has ${k}`);
      return;
    case "number":
    case "boolean":
      if (k !== ty.k) errors.push(`${where}: expected ${ty.k}, zod has ${k}`);
      return;
    case "array":
      if (k !== "array") return void errors.push(`${where}: expected array, zod has ${k}`);
      return checkStructure(I, ty.elem, I.element(s), `${where}[0]`, errors);
    case "union": {
      if (k !== "union") return void errors.push(`${where}: expected union, zod has ${k}`);
      const opts = I.options(s);
      if (opts.length !== ty.options.length)
        return void errors.push(`${where}: ${ty.options.length} union options vs zod ${opts.length}`);
      ty.options.forEach((o, i) => checkStructure(I, o, opts[i], `${where}<${i}>`, errors));
      return;
    }
  }
}

// ---------------------------------------------------------------- truth

const LONG_CATCHALL = "a".repeat(100_000);

export function computeTruth(v: Version, schema: SafeParser, ty: Ty): VariantTruth {
  const I = INTROSPECT[v];
  const t: VariantTruth = { errors: [], open: false, unboundedString: false, unboundedArray: false, results: [], fallthrough: 0 };
  checkStructure(I, ty, schema, "$", t.errors);
  if (t.errors.length) return t;

  const ok = (value: unknown) => schema.safeParse(value).success;
  if (!ok(sampleOf(ty))) {
    t.skipped = "sample rejected";
    return t;
  }

  const locs = locations(ty);
  // catchall(z.string()...) declares a string schema for unknown keys: probe it like a string field
  for (const l of locs.filter((x) => x.what === "object")) {
    if (I.stringCatchall(navigate(I, schema, l.path))) locs.push({ what: "catchall", path: l.path, ty: l.ty });
  }

  const controls = new Map<string, boolean>();
  for (const loc of locs) {
    const key = JSON.stringify(loc.path);
    if (!controls.has(key)) controls.set(key, ok(buildAt(ty, loc.path, sampleOf)));
    if (!controls.get(key)) {
      t.skipped = `sample through ${pathText(loc.path)} rejected`;
      return t;
    }
  }

  for (const loc of locs) {
    const sub = navigate(I, schema, loc.path);
    let r: LocResult;
    switch (loc.what) {
      case "object": {
        // truth is the root's answer (an unknown key accepted anywhere means some object is open); `sub` is
        // this object's own answer, for diagnostics only (a union may hand the probe to another branch)
        const leaf = (x: Ty) => ({ ...(sampleOf(x) as object), [UNKNOWN_KEY]: "x" });
        const root = ok(buildAt(ty, loc.path, leaf));
        r = { loc, root, sub: sub.safeParse(leaf(loc.ty)).success, holds: root };
        break;
      }
      case "catchall": {
        const leaf = (x: Ty) => ({ ...(sampleOf(x) as object), [UNKNOWN_KEY]: LONG_CATCHALL });
        const root = ok(buildAt(ty, loc.path, leaf));
        const subOk = sub.safeParse(leaf(loc.ty)).success;
        r = { loc, root, sub: subOk, holds: root && subOk };
        break;
      }
      case "string": {
        const long = (loc.ty as Extract<Ty, { k: "string" }>).long;
        const subOk = sub.safeParse(long).success;
        const root = ok(buildAt(ty, loc.path, () => long));
        r = { loc, root, sub: subOk, holds: root && subOk };
        break;
      }
      case "array": {
        const elem = (loc.ty as Extract<Ty, { k: "array" }>).elem;
        const one = sampleOf(elem);
        const big = Array.from({ length: LONG_ARRAY_LEN }, () => one);
        const subOk = sub.safeParse(big).success;
        const root = subOk ? ok(buildAt(ty, loc.path, () => big)) : false;
        r = { loc, root, sub: subOk, holds: root && subOk };
        break;
      }
    }
    if (r.sub === true && !r.root) t.errors.push(`${pathText(loc.path)} (${loc.what}): accepted by its own schema but not by the root`);
    if (r.sub === false && r.root && loc.what !== "object") t.fallthrough++;
    t.results.push(r);
    if (r.holds) {
      if (loc.what === "object") t.open = true;
      else if (loc.what === "array") t.unboundedArray = true;
      else t.unboundedString = true;
    }
  }
  return t;
}
