import { defineRule } from "../src/core/rule.js";
import { allowFieldsSchema, isAllowedField, locationData } from "../src/core/describe.js";
import type { SchemaNode, UnconstrainedKind } from "../src/core/schema/model.js";

type MessageIds = "anyValue" | "record" | "customUnchecked" | "jsonAnything" | "jsonObjectBag" | "emptyBag";

const MESSAGE_BY_KIND: Record<UnconstrainedKind, MessageIds> = {
  any: "anyValue",
  unknown: "anyValue",
  json: "anyValue",
  record: "record",
  map: "record",
  custom: "customUnchecked",
  "json-empty": "jsonAnything",
  "json-true": "jsonAnything",
};

export default defineRule<{ allowFields: string[]; allowEnumKeyedRecords: boolean }, MessageIds>({
  name: "no-unconstrained-input",
  meta: {
    description: "Disallow tool input values that accept anything: z.any, z.unknown, z.record, property bags, empty JSON Schemas",
    config: "recommended",
    security: { cwe: [20], severity: 6.5 },
    hasSuggestions: false,
    messages: {
      anyValue: "z.{{what}}() in {{where}} accepts any value. Declare the type this field takes.",
      record: "z.{{what}}() in {{where}} accepts any key. Declare the keys, or key it by z.enum().",
      customUnchecked: "z.custom() in {{where}} has no check and accepts any value. Pass a check function.",
      jsonAnything: 'The schema of {{where}} accepts any value. Give it a "type" and constraints.',
      jsonObjectBag: "The object at {{where}} declares no properties, a bag of anything. Declare them.",
      emptyBag: "The empty object at {{where}} accepts any key. Declare fields in a strict object.",
    },
    optionsSchema: {
      type: "object",
      properties: {
        allowFields: allowFieldsSchema,
        allowEnumKeyedRecords: { type: "boolean", description: "Accept records whose keys are an enum or literal (`z.record(z.enum([...]), v)`)." },
      },
      additionalProperties: false,
    },
    defaultOptions: { allowFields: [], allowEnumKeyedRecords: true },
  },
  check(facts, options, report) {
    const isReported = (schema: SchemaNode): boolean => schema.kind === "unconstrained" && !(schema.keysEnumerated && options.allowEnumKeyedRecords);
    for (const occurrence of facts.inputs) {
      if (isAllowedField(occurrence, options.allowFields)) continue;
      const schema = occurrence.schema;
      if (schema.kind === "unconstrained") {
        if (!isReported(schema)) continue;
        // `z.record(z.string(), z.any())` is one bag, reported once at the record.
        const container = occurrence.container;
        if (container && isReported(container) && (schema.what === "any" || schema.what === "unknown")) continue;
        report({ messageId: MESSAGE_BY_KIND[schema.what], data: { ...locationData(occurrence), what: schema.what }, node: schema.site });
      } else if (
        schema.kind === "object" &&
        occurrence.path !== "" &&
        schema.properties.length === 0 &&
        schema.propertiesComplete &&
        !schema.openness.closed &&
        schema.openness.reason !== undefined
      ) {
        // An empty object at the root is a tool without arguments; nested, it is a bag.
        report({ messageId: schema.flavor === "json" ? "jsonObjectBag" : "emptyBag", data: locationData(occurrence), node: schema.site });
      }
    }
  },
});
