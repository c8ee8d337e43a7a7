/**
 * A namespace import of a generated SDK's barrel (hundreds of `export *`) made the checker build every
 * module's export table on the first `ns.member` (launchdarkly's mcp-server: ~45 ms of a 250 ms analysis).
 * module-exports.ts reads the export statements instead; each answer here is compared with the checker's.
 */
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ASK_THE_CHECKER, exportedDeclaration } from "../../src/core/module-exports.js";
import { inMemoryProgram } from "./in-memory-program.js";

const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowJs: true, noLib: true, types: [] };

const programOf = (files: Record<string, string>): ts.Program => inMemoryProgram(files, options);

/** The checker's answer: the declaration it names first for `name` among the module's exports. */
function checkersAnswer(checker: ts.TypeChecker, file: ts.SourceFile, name: string): ts.Declaration | undefined {
  const module = checker.getSymbolAtLocation(file);
  let symbol = module && checker.tryGetMemberInModuleExports(name, module);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
}

const files = {
  "/m/index.ts": `export * from "./a";\nexport * from "./b";\nexport { renamed as alias, local } from "./c";\nexport * from "./index";\n`,
  "/m/a.ts": `export const fromA = 1;\nexport function fnA() {}\nexport class ClassA {}\nexport enum EnumA { X }\n`,
  "/m/b.ts": `export * from "./deeper";\nexport const fromB = { b: true };\n`,
  "/m/deeper.ts": `export const deep = "d";\nconst hidden = 2;\nexport { hidden as shown };\n`,
  "/m/c.ts": `export const renamed = 3;\nexport let local = 4;\n`,
  "/m/defaults.ts": `export default { tools: [] };\n`,
  "/m/default-fn.ts": `export default function () {}\n`,
};

describe("exportedDeclaration", () => {
  const program = programOf(files);
  const checker = program.getTypeChecker();
  const index = program.getSourceFile("/m/index.ts")!;

  it.each(["fromA", "fnA", "ClassA", "EnumA", "fromB", "deep", "shown", "alias", "local"])("finds %s where the checker does, through export * and renames", (name) => {
    const written = exportedDeclaration(ts, checker, index, name);
    expect(written).not.toBe(ASK_THE_CHECKER);
    expect(written).toBeDefined();
    expect(written).toBe(checkersAnswer(checker, index, name));
  });

  it("answers no declaration for a name the module does not export (and ends the export * cycle)", () => {
    expect(exportedDeclaration(ts, checker, index, "nothing")).toBeUndefined();
    expect(checkersAnswer(checker, index, "nothing")).toBeUndefined();
    expect(exportedDeclaration(ts, checker, index, "renamed")).toBeUndefined();
    expect(checkersAnswer(checker, index, "renamed")).toBeUndefined();
  });

  it("finds default exports as the checker does", () => {
    for (const name of ["/m/defaults.ts", "/m/default-fn.ts"]) {
      const file = program.getSourceFile(name)!;
      const written = exportedDeclaration(ts, checker, file, "default");
      expect(written).toBeDefined();
      expect(written).toBe(checkersAnswer(checker, file, "default"));
    }
  });

  it("leaves to the checker what statements do not tell: export =, a destructured const, an exported alias, a namespace, CommonJS", () => {
    const other = programOf({
      "/n/equals.ts": `const x = { a: 1 };\nexport = x;\n`,
      "/n/destructured.ts": `const o = { a: 1 };\nexport const { a } = o;\n`,
      "/n/alias.ts": `const handler = () => 1;\nexport default handler;\n`,
      "/n/space.ts": `export namespace tools { export const n = 1; }\n`,
      "/n/reexported-import.ts": `import { fromA } from "./a";\nexport { fromA };\n`,
      "/n/a.ts": `export const fromA = 1;\n`,
      "/n/cjs.js": `exports.tool = { name: "t" };\n`,
    });
    const otherChecker = other.getTypeChecker();
    const ask = (file: string, name: string) => exportedDeclaration(ts, otherChecker, other.getSourceFile(file)!, name);
    expect(ask("/n/equals.ts", "a")).toBe(ASK_THE_CHECKER);
    expect(ask("/n/destructured.ts", "a")).toBe(ASK_THE_CHECKER);
    expect(ask("/n/alias.ts", "default")).toBe(ASK_THE_CHECKER);
    expect(ask("/n/space.ts", "tools")).toBe(ASK_THE_CHECKER);
    expect(ask("/n/reexported-import.ts", "fromA")).toBe(ASK_THE_CHECKER);
    expect(ask("/n/cjs.js", "tool")).toBe(ASK_THE_CHECKER);
  });
});
