import type * as ts from "typescript";
import { calleeName, propertyNameText, unwrapExpression, type TS } from "../ts-utils.js";
import type { ToolRegistration } from "../registrations/model.js";

/** Functions that turn a zod schema into the JSON Schema a `tools/list` handler publishes. */
export const ZOD_TO_JSON: ReadonlySet<string> = new Set(["zodToJsonSchema", "toJSONSchema", "toJsonSchema", "zodToJSONSchema"]);

/** Options that make a converter leave strip-mode objects open (`removeAdditionalStrategy: "strict"`, `io: "input"`). */
const OPENING_OPTIONS = new Set(["removeAdditionalStrategy", "io", "allowedAdditionalProperties", "rejectedAdditionalProperties"]);

/**
 * The `ajv.compile(zodToJsonSchema(S))` a tool's definition carries next to `inputSchema:
 * zodToJsonSchema(S)`: the tool is validated against the converted JSON Schema, in which both converters
 * (zod-to-json-schema's defaults, zod 4's output mode) close every strip-mode object with
 * `additionalProperties: false`. So unknown keys are rejected at every level that is not passthrough or catchall.
 */
export function convertedValidator(t: TS, registration: ToolRegistration): ts.CallExpression | undefined {
  const input = registration.input;
  // The finder settles the input where its definition writes it; the conversion is read there, unevaluated.
  const conversion = input && closingConversion(t, unwrapExpression(t, input.expression));
  if (!input || !conversion) return undefined;
  const source = sourceText(t, conversion);
  const definitions: ts.ObjectLiteralExpression[] = registration.options ? [registration.options] : [];
  // `inputSchema: zodToJsonSchema(S)` written in a definition object: that definition.
  const written = input.expression.parent;
  if (t.isPropertyAssignment(written) && t.isObjectLiteralExpression(written.parent)) definitions.push(written.parent);
  for (const definition of definitions) {
    for (const property of definition.properties) {
      if (!t.isPropertyAssignment(property) || propertyNameText(t, property.name) === "inputSchema") continue;
      const value = unwrapExpression(t, property.initializer);
      if (!t.isCallExpression(value) || calleeName(t, value) !== "compile" || !value.arguments[0]) continue;
      const compiled = closingConversion(t, unwrapExpression(t, value.arguments[0]));
      if (compiled && sourceText(t, compiled) === source) return value;
    }
  }
  return undefined;
}

/** `zodToJsonSchema(S)` with no option that leaves strip-mode objects open. */
function closingConversion(t: TS, node: ts.Node): ts.CallExpression | undefined {
  if (!t.isCallExpression(node) || !ZOD_TO_JSON.has(calleeName(t, node) ?? "") || !node.arguments[0]) return undefined;
  const options = node.arguments[1] && unwrapExpression(t, node.arguments[1]);
  if (options && !t.isStringLiteralLike(options)) {
    if (!t.isObjectLiteralExpression(options)) return undefined;
    if (options.properties.some((property) => !property.name || OPENING_OPTIONS.has(propertyNameText(t, property.name) ?? ""))) return undefined;
  }
  return node;
}

function sourceText(t: TS, conversion: ts.CallExpression): string {
  return unwrapExpression(t, conversion.arguments[0]).getText();
}
