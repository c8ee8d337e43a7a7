import { defineRule } from "../src/core/rule.js";
import { listWords, unreadEntries, type UnreadEntry } from "../src/core/unread.js";

type MessageIds = "unreadParts" | "unreadTool" | "unreadSite" | "unreadElements";

const MESSAGES: Record<MessageIds, string> = {
  // `reason` ends the sentence: a full stop, or "…" when it was shortened. `others` counts the other tools one
  // cause hides (shared-findings.ts); `remedy` names a helper whose declaration would make the tools readable.
  unreadParts: 'Tool "{{tool}}"{{others}}: its {{parts}} could not be read: {{reason}}{{remedy}}',
  unreadTool: 'Tool "{{tool}}"{{others}} could not be read: {{reason}}{{remedy}}',
  unreadSite: "{{what}} could not be read: {{reason}}",
  unreadElements: "Some tools registered here could not be read: {{reason}}",
};

/** Messages stay within this length; the reason is shortened to fit (the inventory gives it whole). */
const MAX_MESSAGE = 160;
/** The shortest reason worth a remedy beside it: below this, the reason keeps the room and the inventory gives the remedy. */
const MIN_REASON_BESIDE_REMEDY = 40;

/** The reason cut so that the message fits, marked with "…": after a whole clause when one ends past half the room, else at a word. */
function fit(reason: string, room: number): string {
  if (reason.length + 1 <= room) return `${reason}.`;
  const cut = reason.slice(0, Math.max(0, room - 1));
  const clause = Math.max(cut.lastIndexOf(", "), cut.lastIndexOf("; "));
  const space = cut.lastIndexOf(" ");
  const end = clause > room / 2 ? clause : space > room / 2 ? space : cut.length;
  return `${cut.slice(0, end).replace(/[,;:]$/, "")}…`;
}

/** ` Declare registerDatabaseTool in settings.registrations.`: the remedy that makes a helper's calls registrations. */
export function remedyOf(helper: string | undefined): string {
  return helper ? ` Declare ${helper} in settings.registrations.` : "";
}

export function messageOf(entry: Pick<UnreadEntry, "tool" | "parts" | "api" | "reason" | "elements" | "helper">): { messageId: MessageIds; data: Record<string, string> } {
  if (entry.elements) {
    const fixed = MESSAGES.unreadElements.replace("{{reason}}", "").length;
    return { messageId: "unreadElements", data: { reason: fit(entry.reason, MAX_MESSAGE - fixed) } };
  }
  const parts = entry.parts && listWords(entry.parts);
  // The message lists the parts just before the reason: `its input and handler could not be read: both come from …`.
  const reason = parts && entry.parts && entry.reason.startsWith(`the ${parts} come from `) ? `${entry.parts.length === 2 ? "both" : "all"}${entry.reason.slice(`the ${parts}`.length)}` : entry.reason;
  const data: Record<string, string> = parts
    ? { tool: entry.tool ?? "(unnamed)", parts, others: "" }
    : entry.tool !== undefined
      ? { tool: entry.tool, others: "" }
      : { what: entry.api === "tools/list" ? "Tools listed here" : "The tool registered here" };
  const messageId: MessageIds = parts ? "unreadParts" : entry.tool !== undefined ? "unreadTool" : "unreadSite";
  const template = MESSAGES[messageId];
  const fixed = template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => (key === "reason" || key === "remedy" ? "" : (data[key] ?? ""))).length;
  const remedy = template.includes("{{remedy}}") ? remedyOf(entry.helper) : "";
  // The remedy keeps its place only beside a reason long enough to say what could not be read.
  const withRemedy = remedy !== "" && MAX_MESSAGE - fixed - remedy.length >= Math.min(MIN_REASON_BESIDE_REMEDY, reason.length + 1);
  const shownRemedy = withRemedy ? remedy : "";
  return { messageId, data: { ...data, reason: fit(reason, MAX_MESSAGE - fixed - shownRemedy.length), ...(template.includes("{{remedy}}") ? { remedy: shownRemedy } : {}) } };
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
