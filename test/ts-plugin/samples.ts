/**
 * The code samples of the rule tests (test/rules/*.test.ts), read statically: every `code:` property
 * whose value is a string built from literals, local string constants and the constants of the suites'
 * shared modules (test/rules/helpers.ts, class-tool-sources.ts). A case that spreads `asJs` or names a `.mjs`/`.js` file is a JavaScript file.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { REPO_ROOT } from "./harness.js";

export interface Sample {
  /** e.g. `require-string-bounds.test.ts#12`. */
  label: string;
  code: string;
  extension: ".ts" | ".mjs" | ".tsx";
}

function evaluate(expression: ts.Expression, scope: Map<string, string>): string | undefined {
  if (ts.isStringLiteralLike(expression)) return expression.text;
  if (ts.isParenthesizedExpression(expression)) return evaluate(expression.expression, scope);
  if (ts.isIdentifier(expression)) return scope.get(expression.text);
  if (ts.isTemplateExpression(expression)) {
    let text = expression.head.text;
    for (const span of expression.templateSpans) {
      const value = evaluate(span.expression, scope);
      if (value === undefined) return undefined;
      text += value + span.literal.text;
    }
    return text;
  }
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = evaluate(expression.left, scope);
    const right = evaluate(expression.right, scope);
    return left === undefined || right === undefined ? undefined : left + right;
  }
  return undefined;
}

/** Top-level `const NAME = <string>` declarations of a file, in order, each able to use the earlier ones. */
function collectConstants(sourceFile: ts.SourceFile, scope: Map<string, string>): void {
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      const value = evaluate(declaration.initializer, scope);
      if (value !== undefined) scope.set(declaration.name.text, value);
    }
  }
}

function extensionOf(object: ts.ObjectLiteralExpression): Sample["extension"] {
  for (const property of object.properties) {
    if (ts.isSpreadAssignment(property) && ts.isIdentifier(property.expression) && property.expression.text === "asJs") return ".mjs";
    if (ts.isPropertyAssignment(property) && property.name.getText() === "filename" && ts.isStringLiteralLike(property.initializer)) {
      const name = property.initializer.text;
      if (/\.[mc]?jsx?$/.test(name)) return ".mjs";
      if (/\.tsx$/.test(name)) return ".tsx";
    }
  }
  return ".ts";
}

export function ruleTestSamples(): Sample[] {
  const dir = join(REPO_ROOT, "test", "rules");
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith(".test.ts")).sort();
  } catch {
    return [];
  }
  // The suites' shared modules (helpers.ts first: the others build on its headers) hold constants the samples use.
  const helpersScope = new Map<string, string>();
  const shared = readdirSync(dir).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts")).sort((a, b) => Number(b === "helpers.ts") - Number(a === "helpers.ts") || a.localeCompare(b));
  for (const name of shared) {
    try {
      collectConstants(ts.createSourceFile(name, readFileSync(join(dir, name), "utf8"), ts.ScriptTarget.Latest, true), helpersScope);
    } catch {
      // an unreadable module: samples that use its constants are skipped
    }
  }
  const samples: Sample[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const sourceFile = ts.createSourceFile(file, readFileSync(join(dir, file), "utf8"), ts.ScriptTarget.Latest, true);
    const scope = new Map(helpersScope);
    collectConstants(sourceFile, scope);
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === "code" && ts.isObjectLiteralExpression(node.parent)) {
        const code = evaluate(node.initializer, scope);
        const extension = extensionOf(node.parent);
        if (code !== undefined && !seen.has(extension + code)) {
          seen.add(extension + code);
          const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
          samples.push({ label: `${file}:${line}`, code, extension });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return samples;
}
