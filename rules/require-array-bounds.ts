import { defineRule } from "../src/core/rule.js";
import { allowFieldsSchema, isAllowedField, locationData, upperBoundHint } from "../src/core/describe.js";
import { upperBoundEdits } from "../src/core/bound-fixes.js";

type MessageIds = "unbounded" | "tooLarge" | "addMax";

export default defineRule<{ allowFields: string[]; suggestedMaxItems: number; ceiling: number }, MessageIds>({
  name: "require-array-bounds",
  meta: {
    description: "Require an upper bound on the number of items of every array or set in a tool's input schema",
    config: "recommended",
    security: { cwe: [770], severity: 4.3 },
    hasSuggestions: true,
    messages: {
      unbounded: "The array at {{where}} has no maximum item count; {{hint}}.",
      tooLarge: "The array at {{where}} allows {{limit}} items, over the {{ceiling}} ceiling; lower it.",
      addMax: "Limit the array to {{limit}} items.",
    },
    optionsSchema: {
      type: "object",
      properties: {
        allowFields: allowFieldsSchema,
        suggestedMaxItems: { type: "integer", minimum: 1, description: "The limit the suggestion writes." },
        ceiling: { type: "integer", minimum: 1, description: "A declared maximum above this is still reported." },
      },
      additionalProperties: false,
    },
    defaultOptions: { allowFields: [], suggestedMaxItems: 100, ceiling: 10_000 },
  },
  check(facts, options, report) {
    for (const occurrence of facts.inputs) {
      const schema = occurrence.schema;
      if (schema.kind !== "array" || schema.boundedByShape || isAllowedField(occurrence, options.allowFields)) continue;
      const data = locationData(occurrence);
      if (schema.maxItems !== undefined) {
        if (schema.maxItems > options.ceiling) {
          report({ messageId: "tooLarge", data: { ...data, limit: schema.maxItems, ceiling: options.ceiling }, node: schema.site });
        }
        continue;
      }
      const edits = upperBoundEdits(facts, schema, options.suggestedMaxItems, "maxItems");
      report({
        messageId: "unbounded",
        data: { ...data, hint: upperBoundHint(schema, "maxItems") },
        node: schema.site,
        suggestions: edits ? [{ messageId: "addMax", data: { limit: options.suggestedMaxItems }, edits }] : [],
      });
    }
  },
});
