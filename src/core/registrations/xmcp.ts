import type * as ts from "typescript";
import { findProperty, type TS } from "../ts-utils.js";
import { literalOf, literalProperty, nameValue, type FinderContext } from "./context.js";
import type { ToolRegistration } from "./model.js";

/**
 * An xmcp tool file (`src/tools/**`, or a file importing "xmcp"): `export const schema = { … }` (a raw
 * shape, which xmcp hands to the SDK's registerTool), `export const metadata = { name, description,
 * annotations }`, and a default-exported handler `(args, extra)`. The file is the registration.
 */
export function xmcpTool(context: FinderContext): ToolRegistration | undefined {
  const { t, sourceFile } = context;
  let schema: ts.Expression | undefined;
  let metadata: ts.Expression | undefined;
  let metadataName: ts.Node | undefined;
  let schemaName: ts.Node | undefined;
  let handler: ts.Expression | ts.FunctionDeclaration | undefined;
  let handlerNode: ts.Node | undefined;
  for (const statement of sourceFile.statements) {
    if (t.isVariableStatement(statement) && hasModifier(t, statement, t.SyntaxKind.ExportKeyword)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!t.isIdentifier(declaration.name) || !declaration.initializer) continue;
        if (declaration.name.text === "schema") [schema, schemaName] = [declaration.initializer, declaration.name];
        else if (declaration.name.text === "metadata") [metadata, metadataName] = [declaration.initializer, declaration.name];
      }
    } else if (t.isFunctionDeclaration(statement) && hasModifier(t, statement, t.SyntaxKind.ExportKeyword) && hasModifier(t, statement, t.SyntaxKind.DefaultKeyword)) {
      handler = statement;
      handlerNode = statement.name ?? t.getModifiers(statement)?.find((modifier) => modifier.kind === t.SyntaxKind.DefaultKeyword);
    } else if (t.isExportAssignment(statement) && !statement.isExportEquals) {
      handler = statement.expression;
      const expression = stripped(t, statement.expression);
      handlerNode = t.isFunctionExpression(expression) && expression.name ? expression.name : t.isIdentifier(expression) ? expression : undefined;
    }
  }
  if (!handler || (!schema && !metadata)) return undefined;
  const metadataLiteral = metadata && literalOf(context, metadata);
  const nameProperty = metadataLiteral && findProperty(t, metadataLiteral, "name");
  const written = nameValue(context, literalProperty(context, metadataLiteral, "name"));
  const annotations = metadata && !metadataLiteral ? metadata : literalProperty(context, metadataLiteral, "annotations");
  const direct = metadataLiteral !== undefined && metadata !== undefined && metadataLiteral === stripped(t, metadata);
  return {
    framework: "xmcp",
    api: "xmcp-file",
    toolName: written ?? fileStem(sourceFile.fileName),
    node: handler,
    input: schema ? { expression: schema, form: "schema-or-shape" } : undefined,
    handler,
    annotations,
    options: metadataLiteral,
    // Where to report a tool-level finding: the tool's name, else the metadata, the handler's name, the schema.
    nameNode: nameProperty ?? metadataName ?? handlerNode ?? schemaName ?? handler,
    handlerParameters: { input: 0, context: 1 },
    annotationsContainer: direct && metadataLiteral ? { literal: metadataLiteral, wrap: (text) => `annotations: ${text}` } : undefined,
  };
}

function stripped(t: TS, expression: ts.Expression): ts.Expression {
  let expr = expression;
  while (t.isParenthesizedExpression(expr) || t.isAsExpression(expr) || t.isSatisfiesExpression(expr)) expr = expr.expression;
  return expr;
}

function hasModifier(t: TS, node: ts.Node, kind: ts.SyntaxKind): boolean {
  return (t.canHaveModifiers(node) ? t.getModifiers(node) : undefined)?.some((modifier) => modifier.kind === kind) ?? false;
}

function fileStem(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.replace(/\.[^.]*$/, "");
}
