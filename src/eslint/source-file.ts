import ts from "typescript";
import type { TSESLint } from "@typescript-eslint/utils";
import { canonicalProgram, sameText } from "../core/program-equivalence.js";

/**
 * The SourceFile parsed here for the file linted last (all of a file's rules run one after another).
 * Not a WeakMap keyed by the SourceCode: V8's young-generation collector keeps such an entry, and the
 * whole AST it reaches, alive until the next full collection (see facts.ts).
 */
let created: { sourceCode: object; sourceFile: ts.SourceFile } | undefined;

/** Drops the SourceFile parsed for `sourceCode`, once the file's rules are done with it (see create-rule.ts). */
export function forgetSourceFile(sourceCode: object): void {
  if (created?.sourceCode === sourceCode) created = undefined;
}

function scriptKindFor(filename: string): ts.ScriptKind {
  if (/\.tsx$/i.test(filename)) return ts.ScriptKind.TSX;
  if (/\.[mc]?ts$/i.test(filename)) return ts.ScriptKind.TS;
  if (/\.jsx$/i.test(filename)) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}

/**
 * The TypeScript view of the file ESLint is linting: the parser's own SourceFile (and checker, under
 * typed linting) when typescript-eslint parsed it, otherwise one parsed here from the same text, so
 * espree-linted `.js` servers get the same analysis.
 */
export function sourceFileFor(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>): {
  sourceFile: ts.SourceFile;
  checker: ts.TypeChecker | undefined;
  program: ts.Program | undefined;
} {
  const sourceCode = context.sourceCode;
  const services = sourceCode.parserServices as Partial<{
    program: ts.Program | null;
    esTreeNodeToTSNodeMap: { get(node: unknown): ts.Node | undefined };
  }> | undefined;
  const mapped = services?.esTreeNodeToTSNodeMap?.get(sourceCode.ast);
  // The parser may have loaded another copy of `typescript`; its SyntaxKind numbers must match ours.
  // Only a leading shebang may differ: ESLint blanks it in the text it parses, and keeps it in SourceCode.
  if (mapped && mapped.kind === ts.SyntaxKind.SourceFile && sameText((mapped as ts.SourceFile).text, sourceCode.text)) {
    const parsed = services?.program ?? undefined;
    if (!parsed) return { sourceFile: mapped as ts.SourceFile, checker: undefined, program: undefined };
    // A program rebuilt only for a blanked shebang is analysed as the one before it, with its checker and caches.
    const program = canonicalProgram(parsed);
    const sourceFile = program === parsed ? (mapped as ts.SourceFile) : program.getSourceFile((mapped as ts.SourceFile).fileName);
    if (!sourceFile) return { sourceFile: mapped as ts.SourceFile, checker: parsed.getTypeChecker(), program: parsed };
    return { sourceFile, checker: program.getTypeChecker(), program };
  }
  if (created?.sourceCode !== sourceCode) {
    created = { sourceCode, sourceFile: ts.createSourceFile(context.filename, sourceCode.text, ts.ScriptTarget.Latest, true, scriptKindFor(context.filename)) };
  }
  return { sourceFile: created.sourceFile, checker: undefined, program: undefined };
}
