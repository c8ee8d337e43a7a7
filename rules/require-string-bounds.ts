import { defineRule } from "../src/core/rule.js";
import { allowFieldsSchema, isAllowedField, locationData, upperBoundHint } from "../src/core/describe.js";
import type { StringFormat } from "../src/core/schema/model.js";
import { upperBoundEdits } from "../src/core/bound-fixes.js";

type MessageIds = "unbounded" | "unboundedFormat" | "tooLarge" | "addMax";

export const FORMAT_LABELS: Record<StringFormat, string> = {
  email: "email",
  url: "URL",
  base64: "base64",
  jwt: "JWT",
  emoji: "emoji",
  "regex-open": "regex",
};

export default defineRule<{ allowFields: string[]; suggestedMaxLength: number; ceiling: number }, MessageIds>({
  name: "require-string-bounds",
  meta: {
    description: "Require an upper length bound on every string in a tool's input schema",
    config: "recommended",
    security: { cwe: [770], severity: 4.3 },
    hasSuggestions: true,
    messages: {
      unbounded: "The string at {{where}} has no maximum length; {{hint}}.",
      unboundedFormat: "The {{format}} string at {{where}} has no maximum length; {{hint}}.",
      tooLarge: "The string at {{where}} allows {{limit}} characters, over the {{ceiling}} ceiling; lower it.",
      addMax: "Limit the length to {{limit}} characters.",
    },
    optionsSchema: {
      type: "object",
      properties: {
        allowFields: allowFieldsSchema,
        suggestedMaxLength: { type: "integer", minimum: 1, description: "The limit the suggestion writes." },
        ceiling: { type: "integer", minimum: 1, description: "A declared maximum above this is still reported." },
      },
      additionalProperties: false,
    },
    defaultOptions: { allowFields: [], suggestedMaxLength: 1000, ceiling: 100_000 },
  },
  check(facts, options, report) {
    for (const occurrence of facts.inputs) {
      const schema = occurrence.schema;
      if (schema.kind !== "string" || schema.boundedByShape || isAllowedField(occurrence, options.allowFields)) continue;
      const data = locationData(occurrence);
      if (schema.maxLength !== undefined) {
        if (schema.maxLength > options.ceiling) {
          report({ messageId: "tooLarge", data: { ...data, limit: schema.maxLength, ceiling: options.ceiling }, node: schema.site });
        }
        continue;
      }
      const edits = upperBoundEdits(facts, schema, options.suggestedMaxLength, "maxLength");
      report({
        messageId: schema.unboundedFormat ? "unboundedFormat" : "unbounded",
        data: { ...data, format: schema.unboundedFormat ? FORMAT_LABELS[schema.unboundedFormat] : "", hint: upperBoundHint(schema, "maxLength") },
        node: schema.site,
        suggestions: edits ? [{ messageId: "addMax", data: { limit: options.suggestedMaxLength }, edits }] : [],
      });
    }
  },
});
