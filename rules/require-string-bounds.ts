import { defineRule } from "../src/core/rule.js";
import { allowFieldsSchema, isAllowedField, locationData, upperBoundHint } from "../src/core/describe.js";
import type { StringFormat } from "../src/core/schema/model.js";
import { upperBoundEdits } from "../src/core/bound-fixes.js";

type MessageIds = "unbounded" | "unboundedFormat" | "tooLarge" | "addMax";

const FORMAT_LABELS: Record<StringFormat, string> = {
  email: "email",
  url: "URL",
  base64: "base64",
  jwt: "JWT",
  emoji: "emoji",
  "regex-open": "open-ended pattern",
};

const WHY = "The model can be steered into sending megabytes of text, which costs tokens, memory and downstream storage, and carries injected instructions onward.";

export default defineRule<{ allowFields: string[]; suggestedMaxLength: number; ceiling: number }, MessageIds>({
  name: "require-string-bounds",
  meta: {
    description: "Require an upper length bound on every string in a tool's input schema",
    config: "recommended",
    security: { cwe: [770], severity: 4.3 },
    hasSuggestions: true,
    messages: {
      unbounded: `The string at {{where}} has no maximum length. ${WHY} To fix it, {{hint}}, or use an enum.`,
      unboundedFormat: `The string at {{where}} has no maximum length; its {{format}} check does not limit length. ${WHY} To fix it, {{hint}}.`,
      tooLarge: `The string at {{where}} allows up to {{limit}} characters, above the configured ceiling of {{ceiling}}. ${WHY} Lower the bound.`,
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
