import type * as ts from "typescript";
import type { FileFacts } from "./facts.js";
import type { Edit } from "./schema/model.js";

/**
 * Edits that add an upper bound to a string or array schema, in the flavour it is written in:
 * `.max(n)` for classic zod, `.check(z.maxLength(n))` for zod/mini, a keyword for JSON Schema.
 */
export function upperBoundEdits(
  facts: FileFacts,
  schema: { flavor: "zod" | "json"; chainEnd: ts.Node; zodFlavor?: "classic" | "mini"; jsonLiteral?: ts.ObjectLiteralExpression; site: ts.Node; collection?: "array" | "set" | "tuple" },
  limit: number,
  jsonKeyword: "maxLength" | "maxItems",
): Edit[] | undefined {
  const t = facts.ts;
  if (schema.flavor === "json") {
    const anchor = schema.site;
    if (!schema.jsonLiteral || !t.isPropertyAssignment(anchor) || anchor.parent !== schema.jsonLiteral) return undefined;
    return [{ start: anchor.getEnd(), end: anchor.getEnd(), text: `, ${jsonKeyword}: ${limit}` }];
  }
  const end = schema.chainEnd.getEnd();
  // Tuples have no .max(); a tuple with a rest element is better split than capped.
  if (schema.collection === "tuple") return undefined;
  if (schema.zodFlavor === "mini") {
    const namespace = facts.zodNamespace;
    if (!namespace) return undefined;
    const check = schema.collection === "set" ? "maxSize" : "maxLength";
    return [{ start: end, end, text: `.check(${namespace.name}.${check}(${limit}))` }];
  }
  if (!t.isCallExpression(schema.chainEnd)) return undefined;
  return [{ start: end, end, text: `.max(${limit})` }];
}
