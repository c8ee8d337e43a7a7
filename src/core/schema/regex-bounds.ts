/**
 * The longest string a regular expression literal admits, or undefined when there is no limit.
 * A pattern limits length only when every top-level alternative is anchored at both ends (`^…$`,
 * without the `m` flag) and no quantifier is open (`*`, `+`, `{n,}`): `/^TKT-[0-9]{1,8}$/` admits at
 * most 12 characters. Backreferences count as unlimited, which errs towards reporting. Lengths are in
 * UTF-16 units, as zod's `.max()` counts them: with the `u` or `v` flag, an atom that can match an
 * astral code point counts 2.
 */
export function regexMaxLength(literalText: string): number | undefined {
  const lastSlash = literalText.lastIndexOf("/");
  if (!literalText.startsWith("/") || lastSlash <= 0) return undefined;
  const flags = literalText.slice(lastSlash + 1);
  if (flags.includes("m")) return undefined;
  try {
    const parser = new PatternParser(literalText.slice(1, lastSlash), flags.includes("u") || flags.includes("v"));
    const alternatives = parser.parseAlternatives();
    if (!parser.atEnd()) return undefined;
    let longest = 0;
    for (const alternative of alternatives) {
      if (!alternative.anchoredStart || !alternative.anchoredEnd) return undefined;
      longest = Math.max(longest, alternative.maxLength);
    }
    return Number.isFinite(longest) ? longest : undefined;
  } catch {
    return undefined;
  }
}

export function regexIsBounded(literalText: string): boolean {
  return regexMaxLength(literalText) !== undefined;
}

interface Sequence {
  maxLength: number;
  anchoredStart: boolean;
  anchoredEnd: boolean;
}

class PatternParser {
  private index = 0;

  constructor(
    private readonly source: string,
    private readonly unicode: boolean,
  ) {}

  atEnd(): boolean {
    return this.index >= this.source.length;
  }

  /** alternatives := sequence ('|' sequence)* */
  parseAlternatives(): Sequence[] {
    const alternatives = [this.parseSequence()];
    while (this.source[this.index] === "|") {
      this.index++;
      alternatives.push(this.parseSequence());
    }
    return alternatives;
  }

  private parseSequence(): Sequence {
    let maxLength = 0;
    let anchoredStart = false;
    let anchoredEnd = false;
    let first = true;
    while (!this.atEnd() && this.source[this.index] !== "|" && this.source[this.index] !== ")") {
      const char = this.source[this.index];
      if (char === "^") {
        this.index++;
        if (first) anchoredStart = true;
        first = false;
        continue;
      }
      if (char === "$") {
        this.index++;
        anchoredEnd = this.atEnd() || this.source[this.index] === "|" || this.source[this.index] === ")";
        continue;
      }
      first = false;
      anchoredEnd = false;
      const atom = this.parseAtom();
      maxLength += atom * this.parseQuantifier();
    }
    return { maxLength, anchoredStart, anchoredEnd };
  }

  /** The longest text one atom matches, in UTF-16 units. */
  private parseAtom(): number {
    const char = this.source[this.index] ?? "";
    const wide = this.unicode ? 2 : 1;
    if (char === "\\") {
      const next = this.source[this.index + 1] ?? "";
      const start = this.index;
      this.index += 2;
      if (/[1-9k]/.test(next)) return Number.POSITIVE_INFINITY; // backreference
      if (next === "b" || next === "B") return 0;
      if (next === "u" && this.source[this.index] === "{") {
        this.skipPast("}");
        return parseInt(this.source.slice(start + 3, this.index - 1), 16) > 0xffff ? 2 : 1;
      }
      if (next === "u") this.index += 4;
      else if (next === "x") this.index += 2;
      else if ((next === "p" || next === "P") && this.source[this.index] === "{") {
        this.skipPast("}");
        return wide;
      }
      return next === "S" || next === "W" || next === "D" ? wide : 1;
    }
    if (char === "[") {
      const start = this.index;
      this.index++;
      const negated = this.source[this.index] === "^";
      if (negated) this.index++;
      if (this.source[this.index] === "]") this.index++;
      while (!this.atEnd() && this.source[this.index] !== "]") this.index += this.source[this.index] === "\\" ? 2 : 1;
      this.index++;
      const body = this.source.slice(start, this.index);
      const astral = negated || /\\[pPSWD]|\\u\{[0-9a-fA-F]{5,}\}|[\uD800-\uDBFF]/.test(body);
      return astral ? wide : 1;
    }
    if (char === "." ) {
      this.index++;
      return wide;
    }
    if (this.unicode && /[\uD800-\uDBFF]/.test(char)) {
      this.index += 2; // a surrogate pair is one atom under the u flag
      return 2;
    }
    if (char === "(") {
      this.index++;
      let lookaround = false;
      if (this.source[this.index] === "?") {
        const marker = this.source.slice(this.index, this.index + 3);
        lookaround = /^\?<?[=!]/.test(marker);
        if (this.source[this.index + 1] === "<" && !lookaround) this.skipPast(">");
        else this.index += marker.startsWith("?<") ? 3 : 2;
      }
      const inner = this.parseAlternatives();
      if (this.source[this.index] !== ")") throw new Error("unbalanced group");
      this.index++;
      return lookaround ? 0 : Math.max(...inner.map((sequence) => sequence.maxLength));
    }
    this.index++;
    return 1;
  }

  /** The largest repetition count of the quantifier after an atom (1 when there is none). */
  private parseQuantifier(): number {
    const char = this.source[this.index];
    let count = 1;
    if (char === "*" || char === "+") {
      this.index++;
      count = Number.POSITIVE_INFINITY;
    } else if (char === "?") {
      this.index++;
    } else if (char === "{") {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.index));
      if (match) {
        this.index += match[0].length;
        count = match[2] === undefined ? Number(match[1]) : match[3] === "" ? Number.POSITIVE_INFINITY : Number(match[3]);
      }
    }
    if (this.source[this.index] === "?") this.index++; // lazy modifier
    return count;
  }

  private skipPast(terminator: string): void {
    const end = this.source.indexOf(terminator, this.index);
    this.index = end < 0 ? this.source.length : end + 1;
  }
}
