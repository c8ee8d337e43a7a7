/**
 * Decides whether a regular expression literal admits only strings of bounded length: anchored at
 * both ends (`^…$`, no `m` flag) with no unbounded quantifier (`*`, `+`, `{n,}`) and no top-level
 * alternation that escapes the anchors. `/^TKT-[0-9]{1,8}$/` admits at most 12 characters.
 */
export function regexIsBounded(literalText: string): boolean {
  const lastSlash = literalText.lastIndexOf("/");
  if (!literalText.startsWith("/") || lastSlash <= 0) return false;
  const source = literalText.slice(1, lastSlash);
  const flags = literalText.slice(lastSlash + 1);
  if (flags.includes("m")) return false;
  if (!source.startsWith("^") || !source.endsWith("$") || source.endsWith("\\$")) return false;

  let depth = 0;
  let inClass = false;
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (char === "\\") {
      index++;
      continue;
    }
    if (inClass) {
      if (char === "]") inClass = false;
      continue;
    }
    switch (char) {
      case "[":
        inClass = true;
        break;
      case "(":
        depth++;
        break;
      case ")":
        depth--;
        break;
      case "*":
      case "+":
        return false;
      case "|":
        if (depth === 0) return false;
        break;
      case "{": {
        const close = source.indexOf("}", index);
        if (close < 0) break;
        const quantifier = source.slice(index + 1, close);
        if (/^\d+,$/.test(quantifier)) return false;
        index = close;
        break;
      }
      default:
        break;
    }
  }
  return true;
}
