import { defineRule, type Suggestion } from "../src/core/rule.js";
import { allowFieldsSchema, isAllowedField, locationData } from "../src/core/describe.js";
import type { OpennessReason, SchemaFix } from "../src/core/schema/model.js";

type MessageIds =
  | "zodObject" | "stripCall" | "passthrough" | "looseObject" | "catchall" | "rawShape" | "rawShapeTool"
  | "jsonMissing" | "jsonOpen" | "jsonComposed" | "genkitObject" | "declaredOpen"
  | "useStrictObject" | "appendStrict" | "replaceWithStrict" | "wrapStrictObject" | "setAdditionalFalse" | "setUnevaluatedFalse";

const WHY = "The model fills in these arguments and can be steered by injected text; an object that does not reject unknown keys hides what it was sent: stripped keys vanish without an error, passed-through keys reach the handler.";

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

export default defineRule<{ allowFields: string[] }, MessageIds>({
  name: "require-strict-objects",
  meta: {
    description: "Require every object in a tool's input schema to reject unknown keys",
    config: "recommended",
    security: { cwe: [20, 915], severity: 5.3 },
    hasSuggestions: true,
    messages: {
      zodObject: `z.object() in {{where}} strips unknown keys instead of rejecting them. ${WHY} Use z.strictObject() or add .strict().`,
      stripCall: `.strip() in {{where}} drops unknown keys silently. ${WHY} Use .strict().`,
      passthrough: `.{{method}}() in {{where}} hands unknown keys to the handler. ${WHY} Use .strict().`,
      looseObject: `z.looseObject() in {{where}} hands unknown keys to the handler. ${WHY} Use z.strictObject().`,
      catchall: `.catchall() in {{where}} accepts any extra key. ${WHY} Declare the fields and use .strict().`,
      rawShape: `The input of tool "{{tool}}" is a raw shape, which the SDK wraps in a stripping z.object(), so unknown keys are dropped silently. ${WHY} Pass z.strictObject({ ... }) instead.`,
      rawShapeTool: `server.tool() wraps the raw shape of tool "{{tool}}" in a stripping z.object() and accepts nothing stricter. ${WHY} Move the tool to server.registerTool() with inputSchema: z.strictObject({ ... }).`,
      declaredOpen: `{{where}} is a zod object declared in a package or .d.ts, and its type says it does not reject unknown keys. ${WHY} Make it strict where it is defined, or use a strict copy here (.strict(), or z.strictObject(X.shape)).`,
      jsonMissing: `The JSON Schema object in {{where}} has no "additionalProperties: false", so unknown keys are accepted. ${WHY} Add additionalProperties: false.`,
      jsonOpen: `"additionalProperties" in {{where}} admits unknown keys. ${WHY} Set it to false and declare the fields.`,
      genkitObject: `{{call}} in {{where}} does not reject unknown keys, and Genkit passes them through to the tool function. ${WHY} Use z.strictObject() or add .strict().`,
      jsonComposed: `The composed JSON Schema (allOf/anyOf/oneOf/$ref) in {{where}} has no "unevaluatedProperties: false", so unknown keys are accepted; "additionalProperties: false" on one part would reject the other parts' fields. Add unevaluatedProperties: false (JSON Schema 2019-09 or later).`,
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
