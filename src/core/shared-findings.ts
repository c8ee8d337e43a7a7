import type { Finding } from "./rule.js";

/**
 * A schema, annotations object or helper written once and used by several tools is one finding, where it is
 * written: every tool's report of it lands on the same range. The first tool is named and the others counted,
 * `field "q" of tool "search" (and 3 other tools)`, so that a fix made there is known to reach them all.
 *
 * The tool is a finding's `data.tool`. A message with an `{{others}}` placeholder gets the count there;
 * one whose `{{where}}` names the tool (`field "q" of tool "search"`) gets it at the end of `where`.
 */
export class SharedFindings<MessageIds extends string> {
  private readonly byRange = new Map<string, { shown: Finding<MessageIds>; tools: string[] }>();

  constructor(private readonly messages: Record<MessageIds, string>) {}

  /** A finding with its range set; a repeat of one already added (same message and range) adds its tool. */
  add(finding: Finding<MessageIds>): void {
    const range = finding.range ?? { start: finding.node.getStart(), end: finding.node.getEnd() };
    const key = `${finding.messageId}:${range.start}:${range.end}`;
    const tool = toolOf(finding);
    const entry = this.byRange.get(key);
    if (!entry) {
      this.byRange.set(key, { shown: finding, tools: tool === undefined ? [] : [tool] });
      return;
    }
    if (tool === undefined || entry.tools.includes(tool)) return;
    entry.tools.push(tool);
    if (speaksBefore(tool, toolOf(entry.shown))) entry.shown = finding;
  }

  /** The findings in the order they were first reported, each naming how many other tools share it. */
  findings(): Finding<MessageIds>[] {
    return [...this.byRange.values()].map(({ shown, tools }) => {
      const named = tools.filter((tool) => !isUnnamed(tool));
      // Unnamed tools are counted only where no tool has a name: beside named ones they are mostly the
      // template a wrapper's calls are read from, not tools of their own.
      const others = (named.length > 0 ? named.length : Math.min(tools.length, 1)) - 1;
      return withOtherTools(shown, this.messages[shown.messageId], others);
    });
  }
}

/** ` (and 3 other tools)`, or "" for none. */
export function otherToolsText(count: number): string {
  if (count <= 0) return "";
  return ` (and ${count} other tool${count === 1 ? "" : "s"})`;
}

/** The placeholder a message puts the other tools in, right after the tool it names. */
const OTHERS = "{{others}}";

function withOtherTools<MessageIds extends string>(finding: Finding<MessageIds>, template: string | undefined, others: number): Finding<MessageIds> {
  const text = otherToolsText(others);
  if (template?.includes(OTHERS)) {
    if (finding.data.others === text) return finding;
    // A copy: typed findings are cached and handed to every file they are written in.
    return { ...finding, data: { ...finding.data, others: text } };
  }
  const where = finding.data.where;
  if (text === "" || typeof where !== "string" || !/\btool "/.test(where)) return finding;
  return { ...finding, data: { ...finding.data, where: `${where}${text}` } };
}

/**
 * Which tool's finding is shown: a named tool rather than an unnamed one (often a wrapper's own registration),
 * and among named ones the first in alphabetical order, so that the message is the same whichever file is linted.
 */
function speaksBefore(tool: string, shown: string | undefined): boolean {
  if (shown === undefined) return false;
  if (isUnnamed(tool) !== isUnnamed(shown)) return isUnnamed(shown);
  return tool < shown;
}

function toolOf(finding: Finding<string>): string | undefined {
  const tool = finding.data.tool;
  return typeof tool === "string" ? tool : undefined;
}

/** `(unnamed tool)`: a tool whose name the analysis could not read. */
function isUnnamed(tool: string): boolean {
  return tool.startsWith("(unnamed");
}
