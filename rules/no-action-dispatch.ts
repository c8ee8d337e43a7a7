import { defineRule } from "../src/core/rule.js";
import { locationData } from "../src/core/describe.js";
import type { SchemaNode } from "../src/core/schema/model.js";

type MessageIds = "actionDispatch";

const DEFAULT_SELECTORS = ["action", "operation", "op", "command", "cmd", "method", "tool", "toolName", "tool_name", "name", "type", "kind", "verb", "function", "endpoint"];
const DEFAULT_PAYLOADS = ["data", "params", "parameters", "args", "arguments", "options", "payload", "body", "input", "values", "fields", "extra"];

/** Selector names that, in a list's items, name the item rather than pick an operation. */
const ITEM_LABELS = new Set(["name", "type", "kind"]);

/** A payload that accepts arbitrary structure: any/unknown/record, an empty or loose object, a JSON bag. */
function isOpenPayload(schema: SchemaNode): boolean {
  switch (schema.kind) {
    case "unconstrained":
      return !schema.keysEnumerated;
    case "object":
      return (schema.properties.length === 0 && schema.propertiesComplete && !schema.openness.closed) ||
        schema.openness.reason === "passthrough" || schema.openness.reason === "loose-object" ||
        schema.openness.reason === "catchall" || schema.openness.reason === "json-open";
    case "union":
      return schema.members.some(isOpenPayload);
    case "array":
      return isOpenPayload(schema.element) || schema.element.kind === "unconstrained";
    default:
      return false;
  }
}

/** A selector is free when it is not pinned to one literal, as each member of a discriminated union is. */
function isFreeSelector(schema: SchemaNode): boolean {
  return schema.kind === "string" || (schema.kind === "leaf" && schema.enumerated && !schema.singleValue);
}

export default defineRule<{ selectorNames: string[]; payloadNames: string[] }, MessageIds>({
  name: "no-action-dispatch",
  meta: {
    description: "Disallow generic tools that take a free-form action name next to an open payload",
    config: "recommended",
    security: { cwe: [20], severity: 5.4 },
    hasSuggestions: false,
    messages: {
      actionDispatch: 'Tool "{{tool}}"{{others}} dispatches on "{{selector}}" with open "{{payload}}"{{at}}; use one tool per action.',
    },
    optionsSchema: {
      type: "object",
      properties: {
        selectorNames: { type: "array", items: { type: "string", minLength: 1 }, uniqueItems: true, description: "Field names that select an operation." },
        payloadNames: { type: "array", items: { type: "string", minLength: 1 }, uniqueItems: true, description: "Field names that carry the operation's arguments." },
      },
      additionalProperties: false,
    },
    defaultOptions: { selectorNames: DEFAULT_SELECTORS, payloadNames: DEFAULT_PAYLOADS },
  },
  check(facts, options, report) {
    const selectors = new Set(options.selectorNames);
    const payloads = new Set(options.payloadNames);
    for (const occurrence of facts.inputs) {
      const schema = occurrence.schema;
      if (schema.kind !== "object") continue;
      // In the items of a list, `name`, `type` and `kind` label each item (`testCases: [{ name, input }]`).
      const inListItem = occurrence.path.includes("[");
      const selector = schema.properties.find((property) => selectors.has(property.name) && isFreeSelector(property.schema) && !(inListItem && ITEM_LABELS.has(property.name)));
      const payload = schema.properties.find((property) => payloads.has(property.name) && isOpenPayload(property.schema));
      if (!selector || !payload) continue;
      report({
        messageId: "actionDispatch",
        data: { tool: locationData(occurrence).tool, at: occurrence.path === "" ? "" : ` in field "${occurrence.path}"`, selector: selector.name, payload: payload.name },
        node: selector.keyNode ?? schema.site,
      });
    }
  },
});
