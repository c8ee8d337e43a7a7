import { defineRule, type Suggestion } from "../src/core/rule.js";
import { allowFieldsSchema, isAllowedField, locationData } from "../src/core/describe.js";
import type { OpennessReason, SchemaFix } from "../src/core/schema/model.js";
import type { InputOccurrence } from "../src/core/facts.js";

type MessageIds =
  | "zodObject" | "stripCall" | "passthrough" | "looseObject" | "catchall" | "rawShape" | "rawShapeTool"
  | "jsonMissing" | "jsonOpen" | "jsonComposed" | "genkitObject" | "declaredOpen"
  | "useStrictObject" | "appendStrict" | "replaceWithStrict" | "wrapStrictObject" | "setAdditionalFalse" | "setUnevaluatedFalse";

const MESSAGE_BY_REASON: Record<OpennessReason, MessageIds> = {
  "zod-object": "zodObject",
  "strip-call": "stripCall",
  passthrough: "passthrough",
  "loose-object": "looseObject",
  catchall: "catchall",
  "raw-shape": "rawShape",
  "raw-shape-tool": "rawShapeTool",
  "declared-open": "declaredOpen",
  "json-missing": "jsonMissing",
  "json-open": "jsonOpen",
  "json-composed": "jsonComposed",
};

const SUGGESTION_BY_FIX: Record<SchemaFix["kind"], MessageIds> = {
  "use-strict-object": "useStrictObject",
  "append-strict": "appendStrict",
  "replace-with-strict": "replaceWithStrict",
  "wrap-strict-object": "wrapStrictObject",
  "json-additional-false": "setAdditionalFalse",
  "json-unevaluated-false": "setUnevaluatedFalse",
};

const STRIPPING: ReadonlySet<OpennessReason> = new Set(["zod-object", "strip-call", "raw-shape", "raw-shape-tool"]);

/**
 * `z.object({})` or a raw `{}` as the whole input of a tool: the SDK strips every key, so nothing the
 * caller sends reaches the handler. Genkit passes unknown keys on, and a JSON Schema `{ type: "object" }`
 * reaches a low-level handler as sent, so both stay reported; so does a zod schema converted to the JSON
 * Schema a `tools/list` handler publishes (`z.toJSONSchema(z.object({}))`), which nothing parses.
 */
function takesNoArguments(occurrence: InputOccurrence): boolean {
  const schema = occurrence.schema;
  if (occurrence.container || schema.kind !== "object" || schema.flavor !== "zod") return false;
  if (occurrence.registration.input?.form === "json") return false;
  if (schema.properties.length > 0 || !schema.propertiesComplete || schema.catchall) return false;
  return STRIPPING.has(schema.openness.reason!) && occurrence.registration.framework !== "genkit";
}

export default defineRule<{ allowFields: string[] }, MessageIds>({
  name: "require-strict-objects",
  meta: {
    description: "Require every object in a tool's input schema to reject unknown keys",
    config: "recommended",
    security: { cwe: [20, 915], severity: 5.3 },
    hasSuggestions: true,
    messages: {
      zodObject: "z.object() in {{where}} strips unknown keys. Use z.strictObject() or add .strict().",
      stripCall: ".strip() in {{where}} drops unknown keys silently. Use .strict().",
      passthrough: ".{{method}}() in {{where}} lets unknown keys through. Use .strict().",
      looseObject: "z.looseObject() in {{where}} lets unknown keys through. Use z.strictObject().",
      catchall: ".catchall() in {{where}} accepts any key. Declare the fields and use .strict().",
      rawShape: 'The input of tool "{{tool}}"{{others}} is a raw shape, which the SDK wraps in a stripping z.object(). Pass z.strictObject({ ... }).',
      rawShapeTool: 'server.tool() wraps the shape of tool "{{tool}}"{{others}} in a stripping z.object(). Use registerTool() with z.strictObject({ ... }).',
      declaredOpen: "A zod type in {{where}} is not strict. Add .strict() here or where it is defined.",
      jsonMissing: "The object in {{where}} accepts unknown keys. Add additionalProperties: false.",
      jsonOpen: '"additionalProperties" in {{where}} admits unknown keys. Set it to false.',
      genkitObject: "{{call}} in {{where}} lets unknown keys through (Genkit). Use z.strictObject().",
      jsonComposed: "The composition in {{where}} lets unknown keys in. Add unevaluatedProperties: false.",
      useStrictObject: "Use z.strictObject() to reject unknown keys.",
      appendStrict: "Append .strict() to reject unknown keys.",
      replaceWithStrict: "Replace with .strict() to reject unknown keys.",
      wrapStrictObject: "Wrap the shape in z.strictObject().",
      setAdditionalFalse: "Set additionalProperties: false.",
      setUnevaluatedFalse: "Set unevaluatedProperties: false.",
    },
    optionsSchema: {
      type: "object",
      properties: { allowFields: allowFieldsSchema },
      additionalProperties: false,
    },
    defaultOptions: { allowFields: [] },
  },
  check(facts, options, report) {
    for (const occurrence of facts.inputs) {
      const schema = occurrence.schema;
      if (schema.kind !== "object" || schema.openness.closed || !schema.openness.reason) continue;
      if (isAllowedField(occurrence, options.allowFields)) continue;
      // `.strict()` where the tool is registered or dispatched closes the top level, not nested objects.
      if (occurrence.path === "" && occurrence.registration.topLevelClosedBy) continue;
      // Validated against the converted JSON Schema, where the converter closed every strip-mode object.
      if (occurrence.registration.validatedAsConvertedJson && (schema.openness.reason === "zod-object" || schema.openness.reason === "strip-call")) continue;
      if (takesNoArguments(occurrence)) continue;
      const site = schema.openness.site;
      const method = facts.ts.isIdentifier(site) ? site.text : "passthrough";
      const suggestions: Suggestion<MessageIds>[] = schema.openness.fixes.map((fix) => ({ messageId: SUGGESTION_BY_FIX[fix.kind], edits: fix.edits }));
      // Genkit validates against the published JSON Schema and hands the caller's object on as it came.
      const genkit = occurrence.registration.framework === "genkit" && (schema.openness.reason === "zod-object" || schema.openness.reason === "strip-call");
      report({
        messageId: genkit ? "genkitObject" : MESSAGE_BY_REASON[schema.openness.reason],
        data: { ...locationData(occurrence), method, call: schema.openness.reason === "strip-call" ? ".strip()" : "z.object()" },
        node: site,
        suggestions,
      });
    }
  },
});
