/**
 * typescript-eslint rebuilds its program for each file whose text differs from the disk's, which ESLint's
 * blanked shebang always does: three shebang entries in chrome-devtools-mcp meant four programs, four checkers
 * and every file analysed four times. A program that differs only so is analysed as the one before it.
 */
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { canonicalProgram } from "../../src/core/program-equivalence.js";
import { inMemoryProgram } from "./in-memory-program.js";

const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, noLib: true, types: [] };

/** A program over in-memory files, reusing the unchanged SourceFiles of `old` as a watch program does. */
const programOf = (files: Record<string, string>, old?: ts.Program, compilerOptions: ts.CompilerOptions = options): ts.Program => inMemoryProgram(files, compilerOptions, old);

const entry = `#!/usr/bin/env node\nimport { tools } from "./tools";\nexport const count = tools.length;\n`;
const tools = `export const tools = ["a", "b"];\n`;

// Each test has files of its own: a program equivalent to an earlier test's would rightly map to it.
describe("canonicalProgram", () => {
  it("keeps a program seen first as its own", () => {
    const first = programOf({ "/p0/entry.ts": entry, "/p0/tools.ts": tools });
    expect(canonicalProgram(first)).toBe(first);
  });

  it("analyses a program rebuilt for a blanked shebang as the program before it, every time", () => {
    const first = programOf({ "/p1/entry.ts": entry, "/p1/tools.ts": tools });
    expect(canonicalProgram(first)).toBe(first);
    const blanked = programOf({ "/p1/entry.ts": entry.replace("#!", "//"), "/p1/tools.ts": tools }, first);
    expect(blanked.getSourceFile("/p1/tools.ts")).toBe(first.getSourceFile("/p1/tools.ts"));
    expect(canonicalProgram(blanked)).toBe(first);
    expect(canonicalProgram(blanked)).toBe(first);
  });

  it("keeps a program whose text really changed (an edit in the editor) as its own, and compares the next with it", () => {
    const first = programOf({ "/p2/entry.ts": entry, "/p2/tools.ts": tools });
    canonicalProgram(first);
    const edited = programOf({ "/p2/entry.ts": entry, "/p2/tools.ts": `export const tools = ["a"];\n` }, first);
    expect(canonicalProgram(edited)).toBe(edited);
    const blanked = programOf({ "/p2/entry.ts": entry.replace("#!", "//"), "/p2/tools.ts": `export const tools = ["a"];\n` }, edited);
    expect(canonicalProgram(blanked)).toBe(edited);
  });

  it("keeps a program with another file set or other options as its own", () => {
    const first = programOf({ "/p3/entry.ts": entry, "/p3/tools.ts": tools });
    canonicalProgram(first);
    const more = programOf({ "/p3/entry.ts": entry, "/p3/tools.ts": tools, "/p3/extra.ts": "export {};\n" }, first);
    expect(canonicalProgram(more)).toBe(more);
    const strict = programOf({ "/p3/entry.ts": entry, "/p3/tools.ts": tools, "/p3/extra.ts": "export {};\n" }, more, { ...options, strict: true });
    expect(canonicalProgram(strict)).toBe(strict);
  });

  it("keeps a program built afresh over the same texts (a new lint run) as its own", () => {
    const first = programOf({ "/p5/entry.ts": entry, "/p5/tools.ts": tools });
    canonicalProgram(first);
    const fresh = programOf({ "/p5/entry.ts": entry, "/p5/tools.ts": tools });
    expect(fresh.getSourceFile("/p5/tools.ts")).not.toBe(first.getSourceFile("/p5/tools.ts"));
    expect(canonicalProgram(fresh)).toBe(fresh);
    const blanked = programOf({ "/p5/entry.ts": entry.replace("#!", "//"), "/p5/tools.ts": tools }, fresh);
    expect(canonicalProgram(blanked)).toBe(fresh);
  });

  it("does not take a shebang line that says something else for a blanked one", () => {
    const first = programOf({ "/p4/entry.ts": entry, "/p4/tools.ts": tools });
    canonicalProgram(first);
    const other = programOf({ "/p4/entry.ts": entry.replace("#!/usr/bin/env node", "///usr/bin/env deno"), "/p4/tools.ts": tools }, first);
    expect(canonicalProgram(other)).toBe(other);
  });
});
