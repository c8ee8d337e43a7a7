// The typed fixture project (test/fixtures/typed) must type-check as `npx tsc -p test/fixtures/typed --noEmit`
// would, so that typed tests run on a program TypeScript accepts; and its schemas must carry the zod types the
// engine reads (zod 4's `$strict`/`$strip`/`$loose` config alias, zod 3's unknown-keys literal).
import { realpathSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { TYPED_FIXTURE_DIR } from "../rules/typed-helpers.js";

function parseFixtureConfig(): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(TYPED_FIXTURE_DIR, "tsconfig.json"), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  });
  if (!parsed) throw new Error("no tsconfig.json in the typed fixture");
  return parsed;
}

function format(diagnostics: readonly ts.Diagnostic[]): string[] {
  return diagnostics.map((d) => {
    const where = d.file && d.start !== undefined ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : "";
    return `${where}TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

const FILES = [
  "barrel.ts",
  "cycle-a.ts",
  "cycle-b.ts",
  "dispatch-tools.ts",
  "error-tools.ts",
  "errors.ts",
  "file.ts",
  "handlers.ts",
  "lib/external.d.ts",
  "reexport.ts",
  "safe-base.ts",
  "safe-tools.ts",
  "schemas.ts",
  "server-extra.ts",
  "server.ts",
  "src/tools/greet.ts",
  "tool-base.ts",
  "tool-classes.ts",
  "tool-loop.ts",
  "wrappers.ts",
  "zod3-schemas.ts",
];

describe("typed fixture project", () => {
  const config = parseFixtureConfig();
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences });

  it("has the tsconfig the README describes, including every fixture file", () => {
    expect(config.errors).toEqual([]);
    expect(config.options).toMatchObject({ strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext });
    expect(config.fileNames.map((f) => f.slice(TYPED_FIXTURE_DIR.length + 1)).sort()).toEqual(FILES);
  });

  it("type-checks with no diagnostics (tsc -p test/fixtures/typed --noEmit)", () => {
    expect(format(ts.getPreEmitDiagnostics(program))).toEqual([]);
  }, 60_000);

  it("checks lib/external.d.ts itself too (skipLibCheck skips it in the run above)", () => {
    const checked = ts.createProgram({ rootNames: config.fileNames, options: { ...config.options, skipLibCheck: false } });
    const file = checked.getSourceFile(join(TYPED_FIXTURE_DIR, "lib/external.d.ts"));
    expect(file).toBeDefined();
    expect(format(checked.getSemanticDiagnostics(file))).toEqual([]);
  }, 60_000);

  it("resolves zod and the MCP SDK from the repository's node_modules", () => {
    // The file each import resolved to, as the program (and so typed linting) sees it.
    const checker = program.getTypeChecker();
    const resolved = (file: string, name: string) => {
      const source = program.getSourceFile(join(TYPED_FIXTURE_DIR, file))!;
      const declaration = source.statements.find((s): s is ts.ImportDeclaration => ts.isImportDeclaration(s) && (s.moduleSpecifier as ts.StringLiteral).text === name);
      return checker.getSymbolAtLocation(declaration!.moduleSpecifier)?.valueDeclaration?.getSourceFile().fileName;
    };
    // The program names files by their real paths (node_modules may be a symlink in a worktree).
    const nodeModules = realpathSync(join(TYPED_FIXTURE_DIR, "../../../node_modules"));
    expect(resolved("server.ts", "@modelcontextprotocol/sdk/server/mcp.js")).toBe(join(nodeModules, "@modelcontextprotocol/sdk/dist/esm/server/mcp.d.ts"));
    // zod's package.json exports name index.d.cts as "types" for both import and require.
    expect(resolved("server.ts", "zod")).toBe(join(nodeModules, "zod/index.d.cts"));
    expect(resolved("zod3-schemas.ts", "zod/v3")).toBe(join(nodeModules, "zod/v3/index.d.cts"));
    expect(resolved("server-extra.ts", "./lib/external.js")).toBe(join(TYPED_FIXTURE_DIR, "lib/external.d.ts"));
  });

  it("gives each exported object schema the mode type argument the engine reads", () => {
    const checker = program.getTypeChecker();
    const modes: Record<string, string> = {};
    for (const file of ["schemas.ts", "zod3-schemas.ts", "lib/external.d.ts", "cycle-a.ts", "cycle-b.ts"]) {
      const source = program.getSourceFile(join(TYPED_FIXTURE_DIR, file))!;
      const moduleSymbol = checker.getSymbolAtLocation(source)!;
      for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
        const type = checker.getTypeOfSymbol(symbol);
        if (!(type.flags & ts.TypeFlags.Object) || !((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference)) continue;
        if (type.getSymbol()?.name !== "ZodObject") continue;
        const config = checker.getTypeArguments(type as ts.TypeReference)[1];
        if (config) modes[`${file}:${symbol.name}`] = config.aliasSymbol?.name ?? checker.typeToString(config);
      }
    }
    expect(modes).toEqual({
      "schemas.ts:OpenSchema": "$strip",
      "schemas.ts:StrictSchema": "$strict",
      "zod3-schemas.ts:V3Strict": '"strict"',
      "zod3-schemas.ts:V3Open": '"passthrough"',
      "lib/external.d.ts:ExternalStrict": "$strict",
      "lib/external.d.ts:ExternalOpen": "$strip",
      "lib/external.d.ts:ExternalLoose": "$loose",
      "lib/external.d.ts:ExternalV3Strict": '"strict"',
      "lib/external.d.ts:ExternalV3Open": '"strip"',
      "cycle-a.ts:Tag": "$strict",
      "cycle-a.ts:Post": "$strict",
      "cycle-b.ts:User": "$strip",
      "cycle-b.ts:TaggedUser": "$strict",
    });
  });
});
