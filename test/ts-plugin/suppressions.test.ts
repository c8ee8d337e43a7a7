/**
 * ESLint's suppression comments quiet the editor too. The same fixtures are also checked against
 * ESLint itself in eslint-parity.test.ts; here the expected lines are spelled out.
 */
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { readSuppressions } from "../../src/ts-plugin/suppressions.js";
import { FIXTURES } from "./fixtures.js";
import { createProject, guardDiagnostics, only, virtualPath } from "./harness.js";

function reportedLines(name: string, code: string): string[] {
  const fileName = virtualPath(name);
  const config = only("require-strict-objects", "no-unconstrained-input", "require-string-bounds", "require-array-bounds");
  const project = createProject(ts, { files: { [fileName]: code }, config });
  const sourceFile = project.service.getProgram()!.getSourceFile(fileName)!;
  return guardDiagnostics(project, fileName).map((diagnostic) => {
    const line = sourceFile.getLineAndCharacterOfPosition(diagnostic.start!).line + 1;
    const rule = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n").split(":")[0];
    return `${line} ${rule}`;
  });
}

describe("suppression comments", () => {
  it("are honoured in every form ESLint accepts, and only there", () => {
    expect(reportedLines("suppressed.ts", FIXTURES["suppressed.ts"])).toEqual([
      "8 mcp-guard/require-string-bounds", // the line directive names another rule
      "15 mcp-guard/no-unconstrained-input", // re-enabled by name; strings stay disabled
      "17 mcp-guard/require-string-bounds", // after /* eslint-enable */
      "19 mcp-guard/require-string-bounds", // `// eslint-disable` is not a directive (block comments only)
      "20 mcp-guard/require-string-bounds", // `/** eslint-disable-line */` (JSDoc style) is not a directive
      "21 mcp-guard/require-string-bounds", // the directive must open the comment
      "28 mcp-guard/require-string-bounds", // a directive inside a string is not a comment
      "30 mcp-guard/require-string-bounds", // nor inside a regex or a template literal
    ]);
  });

  it("are not read from JSX text, and work with CRLF line ends", () => {
    expect(reportedLines("view.tsx", FIXTURES["view.tsx"])).toEqual(["6 mcp-guard/require-string-bounds"]);
    expect(reportedLines("crlf.ts", FIXTURES["crlf.ts"])).toEqual(["5 mcp-guard/require-strict-objects", "7 mcp-guard/require-string-bounds"]);
  });

  it("accept quoted rule ids, descriptions after --, and ignore rules of other plugins", () => {
    const code = [
      `// eslint-disable-next-line no-console, "mcp-guard/a" -- why`, // 0: line 1
      "x;",
      "// eslint-disable-next-line no-console",
      "x;",
      "/* eslint-disable-line mcp-guard/b */ x;",
      "/* eslint-disable-line mcp-guard/b",
      "   */ x;",
    ].join("\n");
    const sourceFile = ts.createSourceFile("a.ts", code, ts.ScriptTarget.Latest, true);
    const suppressions = readSuppressions(ts, sourceFile);
    const at = (line: number) => sourceFile.getPositionOfLineAndCharacter(line, 0);
    expect(suppressions.isSuppressed("mcp-guard/a", at(1))).toBe(true);
    expect(suppressions.isSuppressed("mcp-guard/b", at(1))).toBe(false);
    expect(suppressions.isSuppressed("mcp-guard/a", at(3))).toBe(false);
    expect(suppressions.isSuppressed("mcp-guard/b", at(4))).toBe(true);
    // ESLint ignores an eslint-disable-line block comment that spans lines.
    expect(suppressions.isSuppressed("mcp-guard/b", at(6))).toBe(false);
  });

  it("cost one string search on a file without any", () => {
    const sourceFile = ts.createSourceFile("a.ts", "const a = 1;", ts.ScriptTarget.Latest, true);
    expect(readSuppressions(ts, sourceFile).isSuppressed("mcp-guard/a", 0)).toBe(false);
  });
});
