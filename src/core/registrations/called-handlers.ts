import { ROOT_ENV } from "../evaluate/env.js";
import { functionOf, objectKeys } from "../evaluate/evaluator.js";
import type { Value } from "../evaluate/value.js";
import { isProgramSource } from "../resolve.js";
import type * as ts from "typescript";
import { unwrapExpression, walk } from "../ts-utils.js";
import { textResultCalls } from "./result-functions.js";
import type { FinderContext } from "./context.js";
import type { CallToolHandler, ToolRegistration } from "./model.js";

/** Definitions a `tools/call` handler may look up, beyond which the pairing is not attempted. */
const MAX_DEFINITIONS = 256;

/**
 * A `tools/call` handler that looks a definition up and calls one of its members (`tool.fn(args, ctx)`):
 * each definition the evaluator finds there carries the name of a tool listed by `tools/list`, and the
 * member it calls is that tool's handler. Typed analysis only; registrations are updated in place.
 */
export function pairCalledHandlers(context: FinderContext, registrations: readonly ToolRegistration[], callToolHandlers: readonly CallToolHandler[]): void {
  const { t, evaluator } = context;
  if (!context.checker || callToolHandlers.length === 0) return;
  const unpaired = new Map<string, ToolRegistration>();
  for (const registration of registrations) {
    if (registration.api === "tools/list" && !registration.handler && registration.toolName) unpaired.set(registration.toolName, registration);
  }
  if (unpaired.size === 0) return;
  for (const callTool of callToolHandlers) {
    const fn = context.resolver.functionOf(callTool.handler);
    if (!fn?.body) continue;
    walk(fn.body, (node) => {
      if (unpaired.size === 0) return false;
      if (!t.isCallExpression(node)) return true;
      const callee = unwrapExpression(t, node.expression);
      if (!t.isPropertyAccessExpression(callee) || callee.expression.kind === t.SyntaxKind.ThisKeyword) return true;
      const definitions = evaluator.values(callee.expression, ROOT_ENV);
      if (definitions.length > MAX_DEFINITIONS || !definitions.some((value) => value.kind === "syntax" && isDefinitionNode(context, value.node))) return true;
      // `text: await tool.handler(args)`: what each definition's handler returns is the tool's text.
      const returnsText = textResultCalls(t, context.resolver, fn).includes(node);
      for (const definition of definitions) {
        const registration = nameOfDefinition(context, definition, unpaired);
        if (!registration) continue;
        const handlers = evaluator.member([definition], callee.name.text, node, ROOT_ENV);
        const [handler] = handlers;
        const handlerFn = handlers.length === 1 && handler?.kind === "syntax" ? functionOf(t, handler.node) : undefined;
        if (!handlerFn || !isProgramSource(handlerFn.getSourceFile()) || t.isMethodDeclaration(handlerFn)) continue;
        registration.handler = handlerFn;
        if (returnsText) registration.resultFunctions = [handlerFn];
        unpaired.delete(registration.toolName ?? "");
      }
      return true;
    });
  }
}

/** The unpaired listed tool whose name a definition carries, one or two members deep (`name`, `mcp.name`). */
function nameOfDefinition(context: FinderContext, definition: Value, unpaired: ReadonlyMap<string, ToolRegistration>): ToolRegistration | undefined {
  const { t, evaluator } = context;
  const search = (value: Value, depth: number): ToolRegistration | undefined => {
    if (value.kind !== "syntax" || !isDefinitionNode(context, value.node)) return undefined;
    for (const key of t.isSourceFile(value.node) ? exportedNames(context, value.node) : objectKeys(evaluator, value)) {
      const members = evaluator.member([value], key, value.node, value.env);
      const [only] = members;
      if (members.length !== 1 || !only) continue;
      if (only.kind === "text" && key === "name") return unpaired.get(only.text);
      if (depth < 1) {
        const inner = search(only, depth + 1);
        if (inner) return inner;
      }
    }
    return undefined;
  };
  return search(definition, 0);
}

/** A definition object, or a module imported as a namespace (`import * as search from "./search.js"`). */
function isDefinitionNode(context: FinderContext, node: ts.Node): boolean {
  return context.t.isObjectLiteralExpression(node) || (context.t.isSourceFile(node) && isProgramSource(node));
}

/** The names a module exports as variables (`export const metadata = { name: … }`). */
function exportedNames(context: FinderContext, file: ts.SourceFile): string[] {
  const { t } = context;
  const names: string[] = [];
  for (const statement of file.statements) {
    if (!t.isVariableStatement(statement) || !statement.modifiers?.some((modifier) => modifier.kind === t.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) if (t.isIdentifier(declaration.name)) names.push(declaration.name.text);
  }
  return names;
}
