import { defineRule } from "../src/core/rule.js";
import { allowFieldsSchema, isAllowedField, locationData, numberBoundHint } from "../src/core/describe.js";

type MessageIds = "unbounded";

export default defineRule<{ allowFields: string[] }, MessageIds>({
  name: "require-number-bounds",
  meta: {
    description: "Require a minimum and a maximum on every number in a tool's input schema",
    config: "strict",
    security: { cwe: [1284], severity: 3.1 },
    hasSuggestions: false,
    messages: {
      unbounded: "The number at {{where}} has no {{missing}}; {{hint}}.",
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
      if (schema.kind !== "number" || schema.boundedByShape || isAllowedField(occurrence, options.allowFields)) continue;
      if (schema.hasMinimum && schema.hasMaximum) continue;
      const missing = !schema.hasMinimum && !schema.hasMaximum ? "minimum or maximum" : schema.hasMinimum ? "maximum" : "minimum";
      const hint = numberBoundHint(schema);
      report({ messageId: "unbounded", data: { ...locationData(occurrence), missing, hint }, node: schema.site });
    }
  },
});
