import { defineRule } from "../src/core/rule.js";
import { unreadEntries, type UnreadEntry } from "../src/core/unread.js";

type MessageIds = "unreadParts" | "unreadTool" | "unreadSite" | "unreadElements";

const MESSAGES: Record<MessageIds, string> = {
  // `reason` ends the sentence: a full stop, or "…" when it was shortened.
  unreadParts: 'Tool "{{tool}}": its {{parts}} could not be read: {{reason}}',
  unreadTool: 'Tool "{{tool}}" could not be read: {{reason}}',
  unreadSite: "{{what}} could not be read: {{reason}}",
  unreadElements: "Some tools registered here could not be read: {{reason}}",
};

/** Messages stay within this length; the reason is shortened to fit (the inventory gives it whole). */
const MAX_MESSAGE = 160;

/** `name and input`, `name, input and handler`. */
function listParts(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** The reason cut at a word so that the message fits, marked with "…". */
function fit(reason: string, room: number): string {
  if (reason.length + 1 <= room) return `${reason}.`;
  const cut = reason.slice(0, Math.max(0, room - 1));
  const space = cut.lastIndexOf(" ");
  return `${(space > room / 2 ? cut.slice(0, space) : cut).replace(/[,;:]$/, "")}…`;
}

export function messageOf(entry: Pick<UnreadEntry, "tool" | "parts" | "api" | "reason" | "elements">): { messageId: MessageIds; data: Record<string, string> } {
  if (entry.elements) {
    const fixed = MESSAGES.unreadElements.replace("{{reason}}", "").length;
    return { messageId: "unreadElements", data: { reason: fit(entry.reason, MAX_MESSAGE - fixed) } };
  }
  const data: Record<string, string> = entry.parts
    ? { tool: entry.tool ?? "(unnamed)", parts: listParts(entry.parts) }
    : entry.tool !== undefined
      ? { tool: entry.tool }
      : { what: entry.api === "tools/list" ? "Tools listed here" : "The tool registered here" };
  const messageId: MessageIds = entry.parts ? "unreadParts" : entry.tool !== undefined ? "unreadTool" : "unreadSite";
  const fixed = MESSAGES[messageId].replace(/\{\{(\w+)\}\}/g, (_, key: string) => (key === "reason" ? "" : (data[key] ?? ""))).length;
  return { messageId, data: { ...data, reason: fit(entry.reason, MAX_MESSAGE - fixed) } };
}

export default defineRule<Record<string, never>, MessageIds>({
  name: "no-unanalyzed-tool",
  meta: {
    description: "Report tools the analysis found but could not read, so that no rule checked them",
    config: "all",
    // A tool that could not be read has no known weakness: no security ranking (docs/rules/no-unanalyzed-tool.md).
    hasSuggestions: false,
    messages: MESSAGES,
    optionsSchema: { type: "object", properties: {}, additionalProperties: false },
    defaultOptions: {},
  },
  check(facts, _options, report) {
    const t = facts.ts;
    for (const entry of unreadEntries(facts)) {
      const node = entry.node;
      // Underline the callee of a registration call, not its whole argument list.
      const target = t.isCallExpression(node) || t.isNewExpression(node) ? node.expression : node;
      report({ ...messageOf(entry), node: target });
    }
  },
});
