/**
 * ESLint's inline suppression comments, read from the TypeScript AST with ESLint's own rules, so a
 * comment written for CI quiets the editor too:
 *
 *   // eslint-disable-next-line mcp-guard/<rule>, ...   (line or block comment; the line after its end)
 *   // eslint-disable-line mcp-guard/<rule>             (line or single-line block comment; its line)
 *   /* eslint-disable mcp-guard/<rule> *\/ ... /* eslint-enable *\/   (block comments only)
 *
 * No rule list means every rule; `-- reason` is allowed after the list. Matching follows ESLint's
 * apply-disable-directives: block directives apply from where the comment starts, in order, and an
 * enable clears the disables of the rules it names (all of them without a list).
 */
import type * as ts from "typescript";
import type { TS } from "../core/ts-utils.js";

type DirectiveType = "disable" | "enable" | "disable-line" | "disable-next-line";

interface Directive {
  type: DirectiveType;
  /** Rule ids it names; empty for every rule. */
  rules: string[];
  /** disable/enable: where the comment starts. Line directives: the line it silences (0-based). */
  position: number;
  line: number;
}

export interface Suppressions {
  isSuppressed(ruleId: string, start: number): boolean;
}

const NONE: Suppressions = { isSuppressed: () => false };

/** Literal tokens whose text is not trivia, so a `//` inside them is not a comment. */
function isLiteralToken(t: TS, kind: ts.SyntaxKind): boolean {
  const k = t.SyntaxKind;
  return (
    kind === k.StringLiteral || kind === k.NumericLiteral || kind === k.BigIntLiteral || kind === k.RegularExpressionLiteral ||
    kind === k.NoSubstitutionTemplateLiteral || kind === k.TemplateHead || kind === k.TemplateMiddle || kind === k.TemplateTail ||
    kind === k.JsxText || kind === k.JsxTextAllWhiteSpaces
  );
}

interface Comment {
  pos: number;
  end: number;
  kind: ts.SyntaxKind;
}

/**
 * The comment that contains `position`, if any. Descends to the innermost node around the position:
 * between two children (or inside a leaf that is not a literal) there are only punctuation, keywords
 * and trivia, which a scanner reads safely; inside a literal only its leading trivia can hold comments.
 */
function commentAt(t: TS, sourceFile: ts.SourceFile, position: number): Comment | undefined {
  let node: ts.Node = sourceFile;
  for (let depth = 0; depth < 10_000; depth++) {
    let inside: ts.Node | undefined;
    let gapStart = node.pos;
    let gapEnd = node.end;
    let hasChildren = false;
    t.forEachChild(node, (child) => {
      hasChildren = true;
      if (child.pos <= position && position < child.end) {
        inside = child;
        return true;
      }
      if (child.end <= position) {
        gapStart = child.end;
        return undefined;
      }
      gapEnd = child.pos;
      return true;
    });
    if (inside) {
      node = inside;
      continue;
    }
    if (!hasChildren && isLiteralToken(t, node.kind)) gapEnd = node.getStart(sourceFile);
    if (position >= gapEnd) return undefined;
    return scanComments(t, sourceFile, gapStart, gapEnd).find((comment) => comment.pos <= position && position < comment.end);
  }
  return undefined;
}

function scanComments(t: TS, sourceFile: ts.SourceFile, start: number, end: number): Comment[] {
  const scanner = t.createScanner(t.ScriptTarget.Latest, false, sourceFile.languageVariant, sourceFile.text, undefined, start, end - start);
  const comments: Comment[] = [];
  for (let token = scanner.scan(); token !== t.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === t.SyntaxKind.SingleLineCommentTrivia || token === t.SyntaxKind.MultiLineCommentTrivia) {
      comments.push({ pos: scanner.getTokenStart(), end: scanner.getTokenEnd(), kind: token });
    }
  }
  return comments;
}

/** ESLint's `parseDirective`: label, rule list and `-- justification`. */
function parseDirective(value: string): { label: string; rules: string[] } | undefined {
  const justification = /\s-{2,}\s/u.exec(value);
  const directivePart = (justification ? value.slice(0, justification.index) : value).trim();
  const match = /^([a-z]+(?:-[a-z]+)*)(?:\s|$)/u.exec(directivePart);
  if (!match?.[1]) return undefined;
  const list = directivePart.slice(match[1].length).trim();
  const rules = list
    .split(",")
    .map((name) => name.trim().replace(/^(['"]?)(.*)\1$/su, "$2"))
    .filter((name) => name !== "");
  return { label: match[1], rules };
}

function readDirective(t: TS, sourceFile: ts.SourceFile, comment: Comment): Directive | undefined {
  const text = sourceFile.text;
  const isLine = comment.kind === t.SyntaxKind.SingleLineCommentTrivia;
  const value = isLine ? text.slice(comment.pos + 2, comment.end) : text.slice(comment.pos + 2, comment.end - 2);
  const parsed = parseDirective(value);
  if (!parsed) return undefined;
  const startLine = sourceFile.getLineAndCharacterOfPosition(comment.pos).line;
  const endLine = isLine ? startLine : sourceFile.getLineAndCharacterOfPosition(comment.end).line;
  switch (parsed.label) {
    case "eslint-disable-line":
      // ESLint rejects a block comment that spans lines here.
      return startLine === endLine ? { type: "disable-line", rules: parsed.rules, position: comment.pos, line: startLine } : undefined;
    case "eslint-disable-next-line":
      return { type: "disable-next-line", rules: parsed.rules, position: comment.pos, line: endLine + 1 };
    case "eslint-disable":
    case "eslint-enable":
      if (isLine) return undefined;
      return { type: parsed.label === "eslint-disable" ? "disable" : "enable", rules: parsed.rules, position: comment.pos, line: startLine };
    default:
      return undefined;
  }
}

/** Reads the file's suppression comments. Cheap when the file has none: one `includes` on its text. */
export function readSuppressions(t: TS, sourceFile: ts.SourceFile): Suppressions {
  const text = sourceFile.text;
  if (!text.includes("eslint-")) return NONE;
  const directives: Directive[] = [];
  for (let index = text.indexOf("eslint-"); index !== -1; ) {
    const comment = commentAt(t, sourceFile, index);
    if (comment) {
      const directive = readDirective(t, sourceFile, comment);
      if (directive) directives.push(directive);
    }
    index = text.indexOf("eslint-", comment ? Math.max(comment.end, index + 1) : index + 1);
  }
  if (directives.length === 0) return NONE;
  const block = directives.filter((directive) => directive.type === "disable" || directive.type === "enable");
  const lines = directives.filter((directive) => directive.type === "disable-line" || directive.type === "disable-next-line");
  const names = (directive: Directive, ruleId: string) => directive.rules.length === 0 || directive.rules.includes(ruleId);

  return {
    isSuppressed(ruleId, start) {
      const line = sourceFile.getLineAndCharacterOfPosition(start).line;
      if (lines.some((directive) => directive.line === line && names(directive, ruleId))) return true;
      let disabled = false;
      for (const directive of block) {
        if (directive.position > start) break;
        if (!names(directive, ruleId)) continue;
        disabled = directive.type === "disable";
      }
      return disabled;
    },
  };
}
