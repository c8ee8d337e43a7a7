/**
 * src/core/schema/regex-bounds.ts: whether a regex literal admits only strings of bounded length, and
 * the longest one. Each case is cross-checked by running the regex itself:
 * - unbounded: a witness of at least 100,000 characters that the regex matches;
 * - bounded: a string of exactly the computed maximum that matches (the maximum is tight), and
 *   100,000-character strings built from the pattern that do not match.
 */
import { describe, expect, it } from "vitest";
import { regexIsBounded, regexMaxLength } from "../../src/core/schema/regex-bounds.js";

const N = 100_000;

/** `prefix + filler… + suffix`, exactly N characters long. */
function fill(prefix: string, filler: string, suffix = ""): string {
  const middle = N - prefix.length - suffix.length;
  return prefix + filler.repeat(Math.ceil(middle / filler.length)).slice(0, middle) + suffix;
}

/** Compiles a regex literal's text (`/…/flags`) the way JavaScript would. */
function compile(literal: string): RegExp {
  const lastSlash = literal.lastIndexOf("/");
  return new RegExp(literal.slice(1, lastSlash), literal.slice(lastSlash + 1));
}

interface Unbounded {
  literal: string;
  why: string;
  /** A string of at least 100,000 characters that the regex matches. */
  witness: string;
}

interface Bounded {
  literal: string;
  max: number;
  /** A matching string of exactly `max` characters. */
  longest: string;
  /** 100,000-character strings shaped like the pattern, none of which may match. */
  long: string[];
}

const UNBOUNDED: Unbounded[] = [
  { literal: String.raw`/^[a-z]+$/`, why: "open +", witness: fill("", "a") },
  { literal: String.raw`/^[a-z]*$/`, why: "open *", witness: fill("", "a") },
  { literal: String.raw`/^[a-z]{2,}$/`, why: "open {n,}", witness: fill("", "a") },
  { literal: String.raw`/^[a-z]+?$/`, why: "lazy +", witness: fill("", "a") },
  { literal: String.raw`/^(?:a|b)+$/`, why: "quantified group", witness: fill("", "ab") },
  { literal: String.raw`/^\d{1,3}(,\d{3})*$/`, why: "repeated group", witness: `11${",000".repeat(25_000)}` },
  { literal: String.raw`/^[\]]+$/`, why: "escaped ] inside a class, then +", witness: fill("", "]") },
  { literal: String.raw`/[0-9]{1,8}/`, why: "no anchors", witness: fill("", "x", "1") },
  { literal: String.raw`/^[0-9]{1,8}/`, why: "no end anchor", witness: fill("1", "x") },
  { literal: String.raw`/[0-9]{1,8}$/`, why: "no start anchor", witness: fill("", "x", "1") },
  { literal: String.raw`/^abc\$/`, why: "escaped $ is a literal, not an anchor", witness: fill("abc$", "x") },
  { literal: String.raw`/^a|b$/`, why: "top-level alternation: ^a and b$ are each half-anchored", witness: fill("a", "x") },
  { literal: String.raw`/^[a-z]{1,8}$/m`, why: "multiline: ^ and $ match at line breaks", witness: fill("", "x", "\nabc") },
];

const BOUNDED: Bounded[] = [
  { literal: String.raw`/^TKT-[0-9]{1,8}$/`, max: 12, longest: "TKT-12345678", long: [fill("TKT-", "1"), fill("", "TKT-1")] },
  { literal: String.raw`/^\d{4}-\d{2}-\d{2}$/`, max: 10, longest: "2020-01-01", long: [fill("2020-01-0", "1"), fill("", "2020-01-01")] },
  { literal: String.raw`/^[+*]{1,3}$/`, max: 3, longest: "+*+", long: [fill("", "+"), fill("", "*")] },
  { literal: String.raw`/^\+?[0-9]{1,15}$/`, max: 16, longest: "+123456789012345", long: [fill("+", "1")] },
  { literal: String.raw`/^(a|bcd)$/`, max: 3, longest: "bcd", long: [fill("", "bcd"), fill("", "a")] },
  { literal: String.raw`/^(?:ab){1,5}$/`, max: 10, longest: "ababababab", long: [fill("", "ab")] },
  { literal: String.raw`/^.{0,64}$/`, max: 64, longest: "x".repeat(64), long: [fill("", "x")] },
  { literal: String.raw`/^x{2,5}$/i`, max: 5, longest: "XXXXX", long: [fill("", "X")] },
  { literal: String.raw`/^[/]{1,2}$/`, max: 2, longest: "//", long: [fill("", "/")] },
  { literal: String.raw`/^a$|^bc$/`, max: 2, longest: "bc", long: [fill("", "a"), fill("", "bc")] },
  { literal: String.raw`/^[a-z]{1,8}$|^[0-9]{1,3}$/`, max: 8, longest: "abcdefgh", long: [fill("", "a"), fill("", "1")] },
  { literal: String.raw`/^(?<year>\d{4})-(?<month>\d{2})$/`, max: 7, longest: "2020-01", long: [fill("2020-", "1")] },
  { literal: String.raw`/^a\\$/`, max: 2, longest: "a\\", long: [fill("a", "\\")] },
  { literal: String.raw`/^a{,5}$/`, max: 5, longest: "a{,5}", long: [fill("a", "{,5}")] },
  { literal: String.raw`/^(?:)$/`, max: 0, longest: "", long: [fill("", "x")] },
  { literal: String.raw`/^[a-z]{1,8}$/g`, max: 8, longest: "abcdefgh", long: [fill("", "a")] },
  // With the u flag an atom can match an astral code point, two UTF-16 units: zod's .max and the
  // ceiling count units, so the maximum is in units too.
  { literal: String.raw`/^.{0,64}$/u`, max: 128, longest: "😀".repeat(64), long: [fill("", "😀"), fill("", "x")] },
  { literal: String.raw`/^😀{1,3}$/u`, max: 6, longest: "😀😀😀", long: [fill("", "😀")] },
  { literal: String.raw`/^\p{L}{1,5}$/u`, max: 10, longest: "𝐀".repeat(5), long: [fill("", "𝐀"), fill("", "a")] },
  { literal: String.raw`/^[a-z]{1,3}$/u`, max: 3, longest: "abc", long: [fill("", "a")] },
];

describe("regexMaxLength / regexIsBounded", () => {
  describe.each(UNBOUNDED)("$literal is unbounded ($why)", ({ literal, witness }) => {
    it("has no maximum", () => {
      expect(regexMaxLength(literal)).toBeUndefined();
      expect(regexIsBounded(literal)).toBe(false);
    });
    it("matches a witness of at least 100,000 characters", () => {
      expect(witness.length).toBeGreaterThanOrEqual(N);
      expect(compile(literal).test(witness)).toBe(true);
    });
  });

  describe.each(BOUNDED)("$literal admits at most $max characters", ({ literal, max, longest, long }) => {
    it("has that maximum", () => {
      expect(regexMaxLength(literal)).toBe(max);
      expect(regexIsBounded(literal)).toBe(true);
    });
    it("matches a string of exactly that length", () => {
      expect(longest).toHaveLength(max);
      expect(compile(literal).test(longest)).toBe(true);
    });
    it("rejects 100,000-character strings shaped like the pattern", () => {
      for (const value of long) {
        expect(value).toHaveLength(N);
        expect(compile(literal).test(value), value.slice(0, 40)).toBe(false);
      }
    });
  });

  it("a bounded quantifier above the ceiling is finite but large: /^.{0,200000}$/ accepts 100,000 characters", () => {
    const literal = String.raw`/^.{0,200000}$/`;
    expect(regexMaxLength(literal)).toBe(200_000);
    expect(compile(literal).test(fill("", "x"))).toBe(true);
  });

  it.each([
    ["a backreference", String.raw`/^(a)\1$/`, "aa"],
    ["a length lookahead followed by .*", String.raw`/^(?=.{1,10}$).*$/`, "abcdefghij"],
  ])("errs towards reporting for %s (bounded in fact, no maximum computed)", (_label, literal, sample) => {
    expect(regexMaxLength(literal)).toBeUndefined();
    expect(compile(literal).test(sample)).toBe(true);
    expect(compile(literal).test(fill("", sample))).toBe(false);
  });

  it.each(["not a regex", "", "/", "/^(a$/", "^[a-z]{1,3}$"])("is undefined for text that is not a valid regex literal: %j", (text) => {
    expect(regexMaxLength(text)).toBeUndefined();
    expect(regexIsBounded(text)).toBe(false);
  });
});
