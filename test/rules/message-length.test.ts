/**
 * Every message of every rule fits on one line of terminal or CI output: at most 160 characters when
 * rendered with long, realistic names, and each placeholder given the longest value its rule fills in.
 * The why, the references and the examples live in the rule's doc, which `meta.docs.url` links.
 */
import { describe, expect, it } from "vitest";
import { locationData, numberBoundHint, upperBoundHint } from "../../src/core/describe.js";
import type { InputOccurrence } from "../../src/core/facts.js";
import { HINT_NAMES, SPEC_DEFAULTS } from "../../src/core/handler/annotations.js";
import { ruleDefinitions } from "../../src/rules.js";
import { KIND_LABELS, TRUSTED_SOURCE } from "../../rules/no-identity-in-args.js";
import { FRAMEWORK_SINK_LABELS, SINK_LABELS } from "../../rules/no-raw-error-in-result.js";
import { FORMAT_LABELS } from "../../rules/require-string-bounds.js";
import { messageOf } from "../../rules/no-unanalyzed-tool.js";
import { otherToolsText } from "../../src/core/shared-findings.js";

const MAX_LENGTH = 160;

/** A long tool name and a deep field path, as real servers have them. */
const TOOL = "create_support_ticket_from_email";
const PATH = "customer.billingAddress.postalCode";

const longest = (values: Iterable<string>): string => [...values].reduce((a, b) => (b.length > a.length ? b : a), "");

const nested = locationData({ path: PATH, registration: { toolName: TOOL } } as InputOccurrence);
/**
 * A schema shared by many tools names the first and counts the others (shared-findings.ts): that count may
 * take a message with the longest names past the limit, by its own length and no more.
 */
const OTHERS = otherToolsText(99);
const allHints = HINT_NAMES.join(", ");
const allDefaults = HINT_NAMES.map((hint) => `${hint}: ${String(SPEC_DEFAULTS[hint])}`).join(", ");

/** The longest value of each placeholder, across rules; RULE_DATA narrows it where a rule fills it differently. */
const DATA: Record<string, string> = {
  tool: nested.tool,
  others: "",
  where: nested.where,
  method: "passthrough",
  call: "z.object()",
  what: "unknown",
  format: longest(Object.values(FORMAT_LABELS)),
  limit: "500000",
  ceiling: "100000",
  missing: "minimum or maximum",
  selector: "operation",
  payload: "parameters",
  at: ` in field "${PATH}"`,
  kind: longest(Object.values(KIND_LABELS)),
  field: "actingOrganizationId",
  source: longest(Object.values(TRUSTED_SOURCE)),
  subject: `The handler of tool "${TOOL}"`,
  wrapper: "registerAccountScopedTool",
  part: "message",
  sink: longest([...Object.values(SINK_LABELS), ...Object.values(FRAMEWORK_SINK_LABELS).flatMap((labels) => Object.values(labels ?? {}))]),
  // With the `strict` option all four hints are required.
  hints: allHints,
  defaults: allDefaults,
};

const RULE_DATA: Record<string, Record<string, string>> = {
  "require-string-bounds": {
    hint: longest([upperBoundHint({ flavor: "json" }, "maxLength"), upperBoundHint({ flavor: "zod", zodFlavor: "mini" }, "maxLength"), upperBoundHint({ flavor: "zod" }, "maxLength")]),
  },
  "require-array-bounds": {
    hint: longest((["array", "set", "tuple"] as const).flatMap((collection) => [
      upperBoundHint({ flavor: "zod", collection }, "maxItems"),
      upperBoundHint({ flavor: "zod", zodFlavor: "mini", collection }, "maxItems"),
    ]).concat(upperBoundHint({ flavor: "json" }, "maxItems"))),
  },
  "require-number-bounds": {
    hint: longest([numberBoundHint({ flavor: "json" }), numberBoundHint({ flavor: "zod", zodFlavor: "mini" }), numberBoundHint({ flavor: "zod", zodMajor: 3 }), numberBoundHint({ flavor: "zod", zodMajor: 4 })]),
  },
  "require-validated-args": { field: "customerEmailAddress" },
  // The rule shortens the reason to fit; its longest form is the one beside every part of a long-named tool.
  "no-unanalyzed-tool": {
    ...messageOf({ tool: TOOL, parts: ["name", "input", "annotations", "handler"], api: "registerTool", reason: `the input comes from buildCustomerSupportTicketSchema() imported from "./schemas/support-tickets.js", which only typed linting follows` }).data,
    what: "The tool registered here",
  },
};

function render(template: string, data: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = data[name];
    if (value === undefined) throw new Error(`no test value for the placeholder {{${name}}}`);
    return value;
  });
}

describe.each(ruleDefinitions.map((definition) => [definition.name, definition] as const))("%s", (name, definition) => {
  it.each(Object.entries(definition.meta.messages))(`message %s is at most ${MAX_LENGTH} characters with long names`, (_messageId, template) => {
    const message = render(template, { ...DATA, ...RULE_DATA[name] });
    expect(message.length, message).toBeLessThanOrEqual(MAX_LENGTH);
  });

  it.each(Object.entries(definition.meta.messages))(`message %s shared by 100 tools is at most ${MAX_LENGTH} characters and the count`, (_messageId, template) => {
    const data = { ...DATA, ...RULE_DATA[name] };
    const shared = template.includes("{{others}}") ? { ...data, others: OTHERS } : { ...data, where: `${data.where ?? ""}${OTHERS}` };
    const message = render(template, shared);
    expect(message.length, message).toBeLessThanOrEqual(MAX_LENGTH + OTHERS.length);
  });
});

it("the names used are long ones", () => {
  expect(nested.where).toBe(`field "${PATH}" of tool "${TOOL}"`);
  expect(nested.where.length).toBeGreaterThanOrEqual(80);
});
