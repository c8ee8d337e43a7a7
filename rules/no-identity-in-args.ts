import { defineRule } from "../src/core/rule.js";
import { argumentReads } from "../src/core/handler/argument-reads.js";
import { identityMatcher, type IdentityKind } from "../src/core/handler/identity-names.js";
import { isIdentityInSchema, isIdentityRead, wrapperAddedFields } from "../src/core/handler/identity-context.js";
import type * as ts from "typescript";
import { displayName, type Framework, type ToolRegistration } from "../src/core/registrations/model.js";
import type { FileFacts } from "../src/core/facts.js";

type MessageIds = "identityInSchema" | "identityRead" | "identityFromWrapper";

export const KIND_LABELS: Record<IdentityKind, string> = {
  identity: "identity",
  authority: "authority",
  credential: "credential",
};

export const TRUSTED_SOURCE: Record<Framework, string> = {
  "mcp-sdk-v1": "extra.authInfo",
  "mcp-sdk-v2": "ctx.http?.authInfo",
  fastmcp: "context.session",
  xmcp: "extra.authInfo",
  "cloudflare-agents": "this.props or getMcpAuthContext()",
  "ai-sdk": "options.context",
  "openai-agents": "runContext.context",
  mastra: "context.requestContext",
  langchain: "config.configurable",
  genkit: "context.auth",
};

const namesSchema = { type: "array", items: { type: "string", minLength: 1 }, uniqueItems: true } as const;

export default defineRule<{ identityNames: string[]; authorityNames: string[]; credentialNames: string[]; allowNames: string[] }, MessageIds>({
  name: "no-identity-in-args",
  meta: {
    description: "Disallow taking the caller's identity, authority or credentials from tool arguments",
    config: "recommended",
    security: { cwe: [639, 807], severity: 8.1 },
    hasSuggestions: false,
    messages: {
      identityInSchema: 'Tool "{{tool}}"{{others}} takes the {{kind}} field "{{field}}" from its arguments; read it from {{source}}.',
      identityRead: '{{subject}} reads {{kind}} field "{{field}}" from its arguments; use {{source}}.',
      identityFromWrapper: '{{wrapper}}() adds {{kind}} field "{{field}}" to every tool it registers; read it from {{source}}.',
    },
    optionsSchema: {
      type: "object",
      properties: {
        identityNames: { ...namesSchema, description: "More names of identity fields (tenant, organisation, acting user…)." },
        authorityNames: { ...namesSchema, description: "More names of authority fields (role, permissions…)." },
        credentialNames: { ...namesSchema, description: "More names of credential fields (apiKey, token…)." },
        allowNames: { ...namesSchema, description: "Names that are not identity in this codebase, in any case style." },
      },
      additionalProperties: false,
    },
    defaultOptions: { identityNames: [], authorityNames: [], credentialNames: [], allowNames: [] },
  },
  check(facts, options, report) {
    const matcher = identityMatcher(
      { identity: options.identityNames, authority: options.authorityNames, credential: options.credentialNames },
      options.allowNames,
    );
    const t = facts.ts;
    const reportedInSchema = new Set<string>();
    // Fields a registration wrapper adds to every tool's schema: reported once, in the wrapper.
    const fromWrappers = new Map<ts.Node, { wrapper: string; name: string; kind: IdentityKind; framework: Framework }>();
    for (const field of wrapperAddedFields(t, facts.flow, facts.resolver, facts.unexpandedRegistrations)) {
      const kind = matcher.kindOf(field.name);
      if (kind) fromWrappers.set(field.keyNode, { wrapper: field.wrapper, name: field.name, kind, framework: field.registration.framework });
    }
    const wrapperReported = new Set<ts.Node>();
    const reportWrapperField = (keyNode: ts.Node): void => {
      const field = fromWrappers.get(keyNode);
      if (!field || wrapperReported.has(keyNode)) return;
      wrapperReported.add(keyNode);
      report({
        messageId: "identityFromWrapper",
        data: { wrapper: field.wrapper, kind: KIND_LABELS[field.kind], field: field.name, source: TRUSTED_SOURCE[field.framework] },
        node: keyNode,
      });
    };
    for (const occurrence of facts.inputs) {
      const schema = occurrence.schema;
      if (schema.kind !== "object") continue;
      for (const property of schema.properties) {
        const kind = matcher.kindOf(property.name);
        if (!kind || !property.keyNode) continue;
        if (!isIdentityInSchema(t, kind, property, schema.properties, occurrence.registration)) continue;
        if (fromWrappers.has(property.keyNode)) {
          reportedInSchema.add(`${displayName(occurrence.registration)}:${property.name}`);
          reportWrapperField(property.keyNode);
          continue;
        }
        reportedInSchema.add(`${displayName(occurrence.registration)}:${property.name}`);
        report({
          messageId: "identityInSchema",
          data: { tool: displayName(occurrence.registration), kind: KIND_LABELS[kind], field: property.name, source: TRUSTED_SOURCE[occurrence.registration.framework] },
          node: property.keyNode,
        });
      }
    }
    for (const handler of facts.handlers) {
      const tool = handler.registration ? displayName(handler.registration) : "";
      const subject = handler.registration ? `The handler of tool "${tool}"` : "The tools/call handler";
      const reads = argumentReads(facts.ts, facts.flow, handler, (field) => matcher.kindOf(field) !== undefined);
      let fieldsRead: string[] | undefined;
      for (const read of reads) {
        const kind = matcher.kindOf(read.field);
        // A field the schema declares is reported there, where the fix belongs.
        if (!kind || reportedInSchema.has(`${tool}:${read.field}`)) continue;
        if (handler.registration?.input && declaresField(facts, handler.registration, read.field)) continue;
        fieldsRead ??= argumentReads(facts.ts, facts.flow, handler).map((other) => other.field);
        if (!isIdentityRead(kind, read.field, fieldsRead)) continue;
        report({ messageId: "identityRead", data: { subject, kind: KIND_LABELS[kind], field: read.field, source: TRUSTED_SOURCE[handler.framework] }, node: read.node });
      }
    }
    // A wrapper no tool of this file reaches still adds its fields to the tools of other files.
    for (const [keyNode] of fromWrappers) reportWrapperField(keyNode);
  },
});

/** Whether the tool's schema declares the field, where it was judged (and, for a chat role or a project's team, let go). */
function declaresField(facts: FileFacts, registration: ToolRegistration, field: string): boolean {
  return facts.inputs.some((occurrence) => occurrence.registration === registration && occurrence.schema.kind === "object" && occurrence.schema.properties.some((property) => property.name === field));
}
