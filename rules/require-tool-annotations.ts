import type * as ts from "typescript";
import { defineRule } from "../src/core/rule.js";
import { HINT_NAMES, SPEC_DEFAULTS, readAnnotations, type HintName } from "../src/core/handler/annotations.js";
import { FRAMEWORKS_WITH_ANNOTATIONS, displayName, type ToolRegistration } from "../src/core/registrations/model.js";
import type { Edit } from "../src/core/schema/model.js";
import { findProperty, type TS } from "../src/core/ts-utils.js";
import type { FileFacts } from "../src/core/facts.js";

type MessageIds = "missingAnnotations" | "missingHints" | "readOnlyAndDestructive" | "destructiveNameNotDestructive" | "insertDefaults";

const ONLY_FOR_WRITES: ReadonlySet<HintName> = new Set(["destructiveHint", "idempotentHint"]);

const DESTRUCTIVE_NAME = /^(delete|drop|remove|destroy|purge|revoke)([^a-z]|$)/;

/** The specification's defaults, written out. */
function defaultsText(hints: readonly HintName[]): string {
  return hints.map((hint) => `${hint}: ${String(SPEC_DEFAULTS[hint])}`).join(", ");
}

/** Where to insert a new `annotations` property or argument, by registration form. */
function insertAnnotationsEdit(t: TS, facts: FileFacts, registration: ToolRegistration, required: readonly HintName[]): Edit | undefined {
  const object = `{ ${defaultsText(required)} }`;
  // xmcp's metadata, Mastra's options (`mcp: { annotations }`): the finder says where they go.
  if (registration.annotationsContainer) return appendProperty(facts, registration.annotationsContainer.literal, registration.annotationsContainer.wrap(object));
  if (registration.api === "tool-factory" || registration.api === "xmcp-file") return undefined;
  const node = registration.node;
  if (registration.api === "tool" && t.isCallExpression(node)) {
    const callback = node.arguments[node.arguments.length - 1];
    if (!callback) return undefined;
    const start = callback.getStart();
    return { start, end: start, text: `${object}, ` };
  }
  // Only an options literal written at the registration can take the new property in place.
  const container = registration.options;
  if (!container || !(container === node || container.parent === node || (t.isCallExpression(node) && node.arguments.includes(container)))) return undefined;
  return appendProperty(facts, container, `annotations: ${object}`);
}

function appendProperty(facts: FileFacts, literal: ts.ObjectLiteralExpression, text: string): Edit {
  const last = literal.properties[literal.properties.length - 1];
  if (!last) {
    const position = literal.getStart() + 1;
    return { start: position, end: position, text: ` ${text} ` };
  }
  return { start: last.getEnd(), end: last.getEnd(), text: `, ${text}` };
}

/** The syntax naming the tool: its name argument or `name` property, else the registration itself. */
function toolNameNode(t: TS, registration: ToolRegistration): ts.Node {
  if (registration.nameNode) return registration.nameNode;
  const node = registration.node;
  if (t.isCallExpression(node) && registration.api !== "addTool" && registration.api !== "tool-factory") return node.arguments[0] ?? node;
  const name = registration.options ? findProperty(t, registration.options, "name") : undefined;
  return name ?? node;
}

export default defineRule<{ strict: boolean }, MessageIds>({
  name: "require-tool-annotations",
  meta: {
    description: "Require explicit readOnlyHint, destructiveHint and openWorldHint annotations on every tool, and consistent ones",
    config: "recommended",
    security: { cwe: [], severity: 3.7 },
    hasSuggestions: true,
    messages: {
      missingAnnotations: 'Tool "{{tool}}"{{others}} has no annotations, so clients assume the worst. Declare {{hints}}.',
      missingHints: 'Tool "{{tool}}"{{others}} relies on defaults {{defaults}}; state them.',
      readOnlyAndDestructive: 'Tool "{{tool}}"{{others}} is marked both read-only and destructive. A read-only tool changes nothing; decide which it is.',
      destructiveNameNotDestructive: 'Tool "{{tool}}"{{others}} is named like a destructive operation but marked destructiveHint: false. Set it to true, or rename the tool.',
      insertDefaults: "Insert the specification's defaults explicitly ({{defaults}}).",
    },
    optionsSchema: {
      type: "object",
      properties: {
        strict: { type: "boolean", description: "Also require idempotentHint." },
      },
      additionalProperties: false,
    },
    defaultOptions: { strict: false },
  },
  check(facts, options, report) {
    const t = facts.ts;
    const required: HintName[] = HINT_NAMES.filter((hint) => hint !== "idempotentHint" || options.strict);
    for (const registration of facts.registrations) {
      // The AI SDK, OpenAI Agents, LangChain and Genkit have no tool annotations.
      if (!FRAMEWORKS_WITH_ANNOTATIONS.has(registration.framework)) continue;
      const tool = displayName(registration);
      const view = readAnnotations(t, facts.resolver, registration);
      if (view.kind === "opaque") continue;
      if (view.kind === "missing") {
        const edit = insertAnnotationsEdit(t, facts, registration, required);
        report({
          messageId: "missingAnnotations",
          data: { tool, hints: required.join(", ") },
          node: toolNameNode(t, registration),
          suggestions: edit ? [{ messageId: "insertDefaults", data: { defaults: defaultsText(required) }, edits: [edit] }] : [],
        });
        continue;
      }
      const readOnly = view.hints.get("readOnlyHint");
      // The specification gives destructiveHint and idempotentHint a meaning only when readOnlyHint is false.
      const missing = required.filter((hint) => !view.hints.has(hint) && !(readOnly?.value === true && ONLY_FOR_WRITES.has(hint)));
      if (missing.length > 0) {
        const values = defaultsText(missing);
        report({
          messageId: "missingHints",
          data: { tool, hints: missing.join(", "), defaults: values },
          node: registration.annotations ?? view.literal,
          suggestions: [{ messageId: "insertDefaults", data: { defaults: values }, edits: [appendProperty(facts, view.literal, values)] }],
        });
      }
      const destructive = view.hints.get("destructiveHint");
      if (readOnly?.value === true && destructive?.value === true) {
        report({ messageId: "readOnlyAndDestructive", data: { tool }, node: destructive.node });
      }
      if (destructive?.value === false && registration.toolName && DESTRUCTIVE_NAME.test(registration.toolName)) {
        report({ messageId: "destructiveNameNotDestructive", data: { tool }, node: destructive.node });
      }
    }
  },
});
