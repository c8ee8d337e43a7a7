import { defineRule } from "../src/core/rule.js";
import { argumentReads } from "../src/core/handler/argument-reads.js";
import { identityMatcher, type IdentityKind } from "../src/core/handler/identity-names.js";
import { displayName, type Framework } from "../src/core/registrations/model.js";

type MessageIds = "identityInSchema" | "identityRead";

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
      identityInSchema: 'Tool "{{tool}}" takes the {{kind}} field "{{field}}" from its arguments; read it from {{source}}.',
      identityRead: '{{subject}} reads {{kind}} field "{{field}}" from its arguments; use {{source}}.',
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
    const reportedInSchema = new Set<string>();
    for (const occurrence of facts.inputs) {
      const schema = occurrence.schema;
      if (schema.kind !== "object") continue;
      for (const property of schema.properties) {
        const kind = matcher.kindOf(property.name);
        if (!kind || !property.keyNode) continue;
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
      for (const read of argumentReads(facts.ts, facts.flow, handler, (field) => matcher.kindOf(field) !== undefined)) {
        const kind = matcher.kindOf(read.field);
        // A field the schema declares is reported there, where the fix belongs.
        if (!kind || reportedInSchema.has(`${tool}:${read.field}`)) continue;
        report({ messageId: "identityRead", data: { subject, kind: KIND_LABELS[kind], field: read.field, source: TRUSTED_SOURCE[handler.framework] }, node: read.node });
      }
    }
  },
});
