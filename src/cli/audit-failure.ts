/** Why an audit failed, in one message that names the step, with the server's last words. */
import { CliError, messageOf } from "./errors.js";
import { lastRawResult, type Wire } from "./guarded-transport.js";
import type { AuditTarget } from "./mcp-client.js";
import type { StderrTail } from "./stderr-tail.js";

/** The audit's own deadline (--timeout) passed. */
export class Deadline extends Error {}

export interface FailureContext {
  target: AuditTarget;
  /** The step that was under way: `initialize`, `tools/list`, `tools/list (page 2)`. */
  phase: string;
  wire: Wire;
  stderr: StderrTail;
  timeoutMs: number;
}

/** One message that says what happened, at which step, with the server's last words. */
export function describeFailure(error: unknown, context: FailureContext): CliError {
  if (error instanceof CliError) return withDetails(error.message, context);
  const { target, phase, wire, timeoutMs } = context;
  const code = (error as { code?: unknown } | undefined)?.code;
  const where = target.kind === "stdio" ? "the server" : target.url.href;
  if (target.kind === "stdio" && (code === "ENOENT" || code === "EACCES" || code === "ENOTDIR")) {
    return new CliError(`could not start ${JSON.stringify(target.command)}: ${messageOf(error)}.`);
  }
  if (error instanceof Deadline) return withDetails(`${where} did not answer ${phase} within ${formatSeconds(timeoutMs)} (--timeout).`, context);
  if (wire.closed && target.kind === "stdio") return withDetails(`the server exited before it answered ${phase}.`, context);
  const issues = (error as { issues?: unknown } | undefined)?.issues;
  if (Array.isArray(issues)) return withDetails(`${where} answered ${phase} outside the protocol:\n${protocolIssues(issues, lastRawResult(wire, "tools/list"), phase)}`, context);
  if (typeof code === "number") return withDetails(`${where} answered ${phase} with an error: ${messageOf(error)}`, context);
  if (target.kind === "http") {
    const cause = (error as { cause?: unknown } | undefined)?.cause;
    return withDetails(`could not audit ${target.url.href} at ${phase}: ${messageOf(error)}${cause ? ` (${messageOf(cause)})` : ""}`, context);
  }
  return withDetails(`${phase} failed: ${messageOf(error)}`, context);
}

function withDetails(message: string, context: FailureContext): CliError {
  const parts: string[] = [];
  if (context.wire.transportErrors.length > 0) {
    parts.push(`The server also wrote to stdout what is not JSON-RPC (stdout is the protocol's channel; logs belong on stderr):\n${context.wire.transportErrors.map((line) => `  ${line}`).join("\n")}`);
  }
  const tail = context.stderr.lines();
  if (context.target.kind === "stdio") parts.push(tail.length > 0 ? `Last lines the server wrote to stderr:\n${tail.map((line) => `  | ${line}`).join("\n")}` : "The server wrote nothing to stderr.");
  return new CliError(message, undefined, parts.join("\n"));
}

/** Zod issues as `tool "x" (tools[2]): inputSchema.type: expected "object"`, naming the tool from the raw answer. */
function protocolIssues(issues: unknown[], raw: unknown, phase: string): string {
  const rawTools = (raw as { tools?: unknown } | undefined)?.tools;
  return issues
    .slice(0, 10)
    .map((issue) => {
      const { path = [], message = "" } = issue as { path?: (string | number)[]; message?: string };
      if (phase.startsWith("tools/list") && path[0] === "tools" && typeof path[1] === "number") {
        const tool = Array.isArray(rawTools) ? (rawTools[path[1]] as { name?: unknown } | undefined) : undefined;
        const name = typeof tool?.name === "string" ? `tool ${JSON.stringify(tool.name)} (tools[${path[1]}])` : `tools[${path[1]}]`;
        const rest = path.slice(2).join(".");
        return `  ${name}${rest ? `: ${rest}` : ""}: ${message}`;
      }
      return `  ${path.length > 0 ? path.join(".") : "(result)"}: ${message}`;
    })
    .join("\n");
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
