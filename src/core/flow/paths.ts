import type * as ts from "typescript";

// The property paths a value flow carries: reads off a source (`e.message`), keys it was wrapped under on the
// way (`{ error: e }`), and the mark of a `safeParse` result.

/**
 * One way a value reaches an expression: from `source` (a parameter, a catch variable, or a binding
 * element of either), through the property `path` read off it. `stringified` says the value was
 * turned into text on the way (`String(e)`, a template literal, `JSON.stringify`).
 */
export interface Flow {
  source: ts.Node;
  path: readonly string[];
  stringified: boolean;
  /** For a value a callee returns from a `catch` of its own: the callee's returned expression that carries it. */
  writtenAt?: ts.Expression;
  /** Whether the callee had already made it text there (`` return `failed: ${e.message}` ``). */
  writtenAsText?: boolean;
}

/** A path marker for a `safeParse` result, whose `.data` is the parsed input itself. */
export const SAFE_PARSE_RESULT = "#safeParse";

/** A path segment for a value put into an object under a key (`{ error: x }`): reading that key takes it out again. */
const WRAPPED = "+";

/** The flows put into an object under `key` (`{ error: x }`). */
export function wrappedUnder(flows: Flow[], key: string): Flow[] {
  return flows.map((flow) => ({ ...flow, path: [...flow.path, `${WRAPPED}${key}`] }));
}

/**
 * The path after reading `name`: a value wrapped under that key comes out, one wrapped under another key is not
 * there (undefined). `[]` (a key the analysis cannot read) may be any key.
 */
function readProperty(path: readonly string[], name: string): readonly string[] | undefined {
  const last = path[path.length - 1];
  if (last === SAFE_PARSE_RESULT) return name === "data" ? path.slice(0, -1) : [...path.slice(0, -1), `#result.${name}`];
  if (last?.startsWith(WRAPPED)) return last === `${WRAPPED}${name}` || name === "[]" ? path.slice(0, -1) : undefined;
  return [...path, name];
}

/** `path` followed by the segments of `more` (reads and wraps), or undefined when a read finds another key. */
export function extendPath(path: readonly string[], more: readonly string[]): readonly string[] | undefined {
  let current: readonly string[] | undefined = path;
  for (const segment of more) {
    if (!current) return undefined;
    current = segment.startsWith(WRAPPED) || segment === SAFE_PARSE_RESULT ? [...current, segment] : readProperty(current, segment);
  }
  return current;
}

/** The property reads of a path, without the keys a value was wrapped under on the way. */
export function readsOf(path: readonly string[]): readonly string[] {
  return path.some((segment) => segment.startsWith(WRAPPED)) ? path.filter((segment) => !segment.startsWith(WRAPPED)) : path;
}

/**
 * The elements of an array the flows carry. An array keeps no mark of its own (`paths.map(() => ({ error }))` carries
 * `.error`), so a value wrapped under a key is the element itself, key and all.
 */
export function elementsOf(flows: Flow[]): Flow[] {
  return flows.map((flow) => (flow.path[flow.path.length - 1]?.startsWith(WRAPPED) ? flow : { ...flow, path: [...flow.path, "[]"] }));
}

export function readFrom(flows: Flow[], names: readonly string[]): Flow[] {
  const read: Flow[] = [];
  for (const flow of flows) {
    const path = extendPath(flow.path, names);
    if (path) read.push(path === flow.path ? flow : { ...flow, path });
  }
  return read;
}

export function stringify(flows: Flow[]): Flow[] {
  return flows.map((flow) => ({ ...flow, stringified: true }));
}
