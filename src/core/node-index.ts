import type * as ts from "typescript";
import type { NodeIndex } from "./registrations/model.js";
import { walk, type TS } from "./ts-utils.js";

/**
 * Adds the nodes of a function written in another file (a handler imported under typed analysis) to a
 * file's index, so that the result and error analysis sees its body like a local handler's.
 */
export function indexForeignFunction(t: TS, fn: ts.Node, nodes: NodeIndex): void {
  const kind = t.SyntaxKind;
  walk(fn, (node) => {
    switch (node.kind) {
      case kind.ObjectLiteralExpression:
        nodes.objectLiterals.push(node as ts.ObjectLiteralExpression);
        break;
      case kind.ReturnStatement:
        nodes.returns.push(node as ts.ReturnStatement);
        break;
      case kind.ArrowFunction:
        if (!t.isBlock((node as ts.ArrowFunction).body)) nodes.conciseArrows.push(node as ts.ArrowFunction);
        break;
      case kind.CallExpression:
        nodes.calls.push(node as ts.CallExpression);
        break;
      case kind.NewExpression:
        nodes.newExpressions.push(node as ts.NewExpression);
        break;
      default:
        break;
    }
  });
}
