import type * as ts from "typescript";
import { reportUnread, type FinderContext } from "./context.js";
import type { MissedElements } from "./evaluated.js";
import type { Framework, RegistrationApi } from "./model.js";
import { quote } from "./unread-reasons.js";

/**
 * A registration in a loop over a collection of which some elements were read and others were not
 * (`for (const tool of createTools(args)) server.registerTool(tool.name, …)` with one element the
 * evaluator cannot read): the tools read are analysed, and the others are reported here, at the call,
 * with the evaluator's reason and where the first of them is written.
 */
export function reportMissedElements(context: FinderContext, call: ts.CallExpression, method: string, framework: Framework, missed: MissedElements): void {
  const { t, resolver } = context;
  const collection = missed.collection;
  if (!collection) return;
  const unread = missed.unread.length + missed.dropped;
  if (unread === 0) return;
  // `tools` from `const tools = createTools(args)`: name the call it comes from.
  const written = resolver.followConsts(collection);
  const from = written !== collection && (t.isCallExpression(written) || t.isAwaitExpression(written)) ? `${quote(t, collection)} (${quote(t, written)})` : quote(t, collection);
  const [first] = missed.unread;
  const reason = first
    ? `the one at ${where(first.node)}: ${first.text}`
    : `the analysis reads at most ${missed.total - missed.dropped} elements of a collection`;
  reportUnread(context, {
    node: call,
    framework,
    api: method as RegistrationApi,
    reason: `${unread} of ${missed.total} elements of ${from}: ${reason}`,
    elements: { unread, total: missed.total },
  });
}

/** `pages.ts:21`: the file's name and the line, short enough for a message. */
function where(node: ts.Node): string {
  const file = node.getSourceFile();
  const name = file.fileName.split(/[\\/]/).pop() ?? file.fileName;
  return `${name}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
}
