import ts from "typescript";
import type { TSESLint } from "@typescript-eslint/utils";

const createdFiles = new WeakMap<object, ts.SourceFile>();

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
  if (mapped && mapped.kind === ts.SyntaxKind.SourceFile && (mapped as ts.SourceFile).text === sourceCode.text) {
    const program = services?.program ?? undefined;
    return { sourceFile: mapped as ts.SourceFile, checker: program?.getTypeChecker(), program };
  }
  let created = createdFiles.get(sourceCode);
  if (!created) {
    created = ts.createSourceFile(context.filename, sourceCode.text, ts.ScriptTarget.Latest, true, scriptKindFor(context.filename));
    createdFiles.set(sourceCode, created);
  }
  return { sourceFile: created, checker: undefined, program: undefined };
}
