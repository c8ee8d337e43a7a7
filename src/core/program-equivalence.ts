import type * as ts from "typescript";

/**
 * Whether two texts of a file are the same but for a leading shebang blanked to a comment. ESLint hands the
 * parser the text with `#!/usr/bin/env node` made `///usr/bin/env node` (same length), while the file on
 * disk, and so every other program's copy, keeps the shebang.
 */
export function sameText(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length !== b.length || !((a.startsWith("#!") && b.startsWith("//")) || (a.startsWith("//") && b.startsWith("#!")))) return false;
  const lineEnd = a.search(/[\r\n\u2028\u2029]/u);
  const end = lineEnd === -1 ? a.length : lineEnd;
  return b.search(/[\r\n\u2028\u2029]/u) === lineEnd && a.slice(2, end) === b.slice(2, end) && a.slice(end) === b.slice(end);
}

/** Each program seen, mapped to the program whose analysis it reuses (itself, or an earlier equivalent one). */
const canonicalOf = new WeakMap<ts.Program, ts.Program>();
/**
 * The program the last one seen maps to; the next is compared with it. Weakly held: once a lint run lets go
 * of its programs, keeping one alive would make every later collection mark its checker.
 */
let latest: WeakRef<ts.Program> | undefined;

/**
 * The program to analyse in place of `program`: the earlier program it was rebuilt from, when their options and
 * files are the same and their texts differ at most by a blanked shebang, or `program` itself. typescript-eslint builds a new
 * program each time it lints a file with a shebang (ESLint's text differs from the disk's), and a new program
 * has a new checker: without this, every cache keyed by the checker, and the checker's own types, start over.
 */
export function canonicalProgram(program: ts.Program): ts.Program {
  const known = canonicalOf.get(program);
  if (known) return known;
  let canonical = program;
  const previous = latest?.deref();
  try {
    if (previous && previous !== program && equivalentPrograms(previous, program)) canonical = previous;
  } catch {
    canonical = program;
  }
  canonicalOf.set(program, canonical);
  latest = new WeakRef(canonical);
  return canonical;
}

/**
 * Same options, same files, same texts but for blanked shebangs, and built one from the other: a rebuild
 * reuses the unchanged files' SourceFiles. A program that shares none comes from another project service (a
 * new lint run over the same files), whose analysis starts afresh, as it would in a new process.
 */
function equivalentPrograms(a: ts.Program, b: ts.Program): boolean {
  if (!sameOptions(a.getCompilerOptions(), b.getCompilerOptions())) return false;
  const aFiles = a.getSourceFiles();
  const bFiles = b.getSourceFiles();
  if (aFiles.length !== bFiles.length) return false;
  let shared = false;
  for (let i = 0; i < aFiles.length; i++) {
    const x = aFiles[i];
    const y = bFiles[i];
    if (x === y) {
      shared = true;
      continue;
    }
    if (x.fileName !== y.fileName || !sameText(x.text, y.text)) return false;
  }
  return shared;
}

function sameOptions(a: ts.CompilerOptions, b: ts.CompilerOptions): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => a[key] === b[key] || JSON.stringify(a[key]) === JSON.stringify(b[key]));
}
