import type * as ts from "typescript";
import type { Resolver } from "../resolve.js";
import { unwrapExpression, type TS } from "../ts-utils.js";

// Types as written in a file's own declarations: enough to answer some questions without the checker, whose
// first look at a generic tool type (zod's shapes inside a conditional type) can cost more than a file's analysis.

/** How many aliases, parentheses and branches deep a written type is read. */
const MAX_TYPE_DEPTH = 4;

/** The members of a type literal, through parentheses, unions, intersections and both branches of a conditional type. */
export function typeLiteralMembers(t: TS, type: ts.TypeNode, depth = 0): ts.TypeElement[] {
  if (depth > MAX_TYPE_DEPTH) return [];
  if (t.isTypeLiteralNode(type)) return [...type.members];
  if (t.isParenthesizedTypeNode(type)) return typeLiteralMembers(t, type.type, depth + 1);
  if (t.isConditionalTypeNode(type)) return [...typeLiteralMembers(t, type.trueType, depth + 1), ...typeLiteralMembers(t, type.falseType, depth + 1)];
  if (t.isUnionTypeNode(type) || t.isIntersectionTypeNode(type)) return type.types.flatMap((member) => typeLiteralMembers(t, member, depth + 1));
  return [];
}

/**
 * Whether every alternative of a written type declares `member` as a string (`description: string`, or
 * `string | undefined`): type literals, both branches of a conditional type, unions, and the aliases and
 * interfaces `file` declares. False whenever the written types do not tell (then ask the checker).
 */
export function writtenMemberIsString(t: TS, file: ts.SourceFile, type: ts.TypeNode, member: string, depth = 0): boolean {
  if (depth > MAX_TYPE_DEPTH) return false;
  if (t.isParenthesizedTypeNode(type)) return writtenMemberIsString(t, file, type.type, member, depth + 1);
  if (t.isConditionalTypeNode(type)) return writtenMemberIsString(t, file, type.trueType, member, depth + 1) && writtenMemberIsString(t, file, type.falseType, member, depth + 1);
  if (t.isUnionTypeNode(type)) return type.types.every((alternative) => writtenMemberIsString(t, file, alternative, member, depth + 1));
  if (t.isTypeLiteralNode(type)) return membersDeclareString(t, type.members, member);
  const declared = t.isTypeReferenceNode(type) && t.isIdentifier(type.typeName) ? fileTypeDeclaration(t, file, type.typeName.text) : undefined;
  if (declared && t.isTypeAliasDeclaration(declared)) return writtenMemberIsString(t, file, declared.type, member, depth + 1);
  // An interface's own members only: one it extends could declare the member otherwise.
  if (declared) return !declared.heritageClauses && membersDeclareString(t, declared.members, member);
  return false;
}

/**
 * The member a written type declares as `member` (`tool: (client, args) => …` of this file's `ToolDefinition<A>`),
 * the first alternative's as the checker names it first; undefined when the written types do not tell.
 */
export function writtenMember(t: TS, file: ts.SourceFile, type: ts.TypeNode, member: string, depth = 0): ts.TypeElement | undefined {
  if (depth > MAX_TYPE_DEPTH) return undefined;
  if (t.isTypeReferenceNode(type) && t.isIdentifier(type.typeName)) {
    const declared = fileTypeDeclaration(t, file, type.typeName.text);
    if (declared && t.isTypeAliasDeclaration(declared)) return writtenMember(t, file, declared.type, member, depth + 1);
    return declared && !declared.heritageClauses ? namedMember(t, declared.members, member) : undefined;
  }
  return namedMember(t, typeLiteralMembers(t, type), member);
}

/** The type alias or interface `file` declares at its top level as `name`. */
export function fileTypeDeclaration(t: TS, file: ts.SourceFile, name: string): ts.TypeAliasDeclaration | ts.InterfaceDeclaration | undefined {
  return file.statements.find((statement): statement is ts.TypeAliasDeclaration | ts.InterfaceDeclaration => (t.isTypeAliasDeclaration(statement) || t.isInterfaceDeclaration(statement)) && statement.name.text === name);
}

/** The type written on the parameter or variable a name is declared by (`tool: ToolDefinition<A>`), if any. */
export function writtenTypeOf(t: TS, resolver: Resolver, expression: ts.Expression): ts.TypeNode | undefined {
  const name = unwrapExpression(t, expression);
  const declaration = t.isIdentifier(name) ? resolver.declarationOf(name) : undefined;
  return declaration && (t.isParameter(declaration) || t.isVariableDeclaration(declaration)) ? declaration.type : undefined;
}

function namedMember(t: TS, members: readonly ts.TypeElement[], member: string): ts.TypeElement | undefined {
  return members.find((element) => element.name !== undefined && t.isIdentifier(element.name) && element.name.text === member);
}

function membersDeclareString(t: TS, members: readonly ts.TypeElement[], member: string): boolean {
  const declared = members.filter((element) => element.name && t.isIdentifier(element.name) && element.name.text === member);
  return declared.length === 1 && t.isPropertySignature(declared[0]) && declared[0].type !== undefined && isStringType(t, declared[0].type);
}

function isStringType(t: TS, type: ts.TypeNode): boolean {
  if (type.kind === t.SyntaxKind.StringKeyword) return true;
  if (t.isLiteralTypeNode(type)) return t.isStringLiteral(type.literal) || t.isNoSubstitutionTemplateLiteral(type.literal);
  if (t.isParenthesizedTypeNode(type)) return isStringType(t, type.type);
  if (!t.isUnionTypeNode(type)) return false;
  const defined = type.types.filter((alternative) => alternative.kind !== t.SyntaxKind.UndefinedKeyword && !(t.isLiteralTypeNode(alternative) && alternative.literal.kind === t.SyntaxKind.NullKeyword));
  return defined.length > 0 && defined.every((alternative) => isStringType(t, alternative));
}
