/**
 * Reads what a server publishes, through the MCP SDK's own client: `initialize`, then `tools/list`
 * (every page), and nothing else. The SDK is an optional peer dependency, loaded only here.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { Deadline, describeFailure } from "./audit-failure.js";
import { CliError } from "./errors.js";
import { GuardedTransport, lastRawResult, Wire } from "./guarded-transport.js";
import { StderrTail } from "./stderr-tail.js";

export type AuditTarget =
  | { kind: "stdio"; command: string; args: string[]; env: Record<string, string>; cwd: string }
  | { kind: "http"; url: URL };

export interface PublishedSurface {
  server: { name: string | undefined; version: string | undefined; protocolVersion: string | undefined };
  /** The tools as the server sent them, after the SDK checked them against the protocol. */
  tools: Record<string, unknown>[];
  /** Every method the audit sent, in order. */
  sent: string[];
}

type Sdk = {
  Client: typeof import("@modelcontextprotocol/sdk/client/index.js").Client;
  StdioClientTransport: typeof import("@modelcontextprotocol/sdk/client/stdio.js").StdioClientTransport;
  StreamableHTTPClientTransport: typeof import("@modelcontextprotocol/sdk/client/streamableHttp.js").StreamableHTTPClientTransport;
  ListToolsResultSchema: typeof import("@modelcontextprotocol/sdk/types.js").ListToolsResultSchema;
};

const SDK = "@modelcontextprotocol/sdk";
export const SDK_MISSING = `the audit talks to servers through the MCP SDK's client, and ${SDK} is not installed. Install it next to the plugin: npm install -D ${SDK}`;

/** The SDK next to this package, else the one in the working directory's project (a global mcp-guard in a project that has it). */
async function loadSdk(cwd: string): Promise<Sdk> {
  try {
    const [client, stdio, http, types] = await Promise.all([
      import("@modelcontextprotocol/sdk/client/index.js"),
      import("@modelcontextprotocol/sdk/client/stdio.js"),
      import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
      import("@modelcontextprotocol/sdk/types.js"),
    ]);
    return { Client: client.Client, StdioClientTransport: stdio.StdioClientTransport, StreamableHTTPClientTransport: http.StreamableHTTPClientTransport, ListToolsResultSchema: types.ListToolsResultSchema };
  } catch (error) {
    if (!isModuleNotFound(error)) throw error;
  }
  try {
    const require = createRequire(join(cwd, "package.json"));
    const client = require(`${SDK}/client/index.js`) as typeof import("@modelcontextprotocol/sdk/client/index.js");
    const stdio = require(`${SDK}/client/stdio.js`) as typeof import("@modelcontextprotocol/sdk/client/stdio.js");
    const http = require(`${SDK}/client/streamableHttp.js`) as typeof import("@modelcontextprotocol/sdk/client/streamableHttp.js");
    const types = require(`${SDK}/types.js`) as typeof import("@modelcontextprotocol/sdk/types.js");
    return { Client: client.Client, StdioClientTransport: stdio.StdioClientTransport, StreamableHTTPClientTransport: http.StreamableHTTPClientTransport, ListToolsResultSchema: types.ListToolsResultSchema };
  } catch (error) {
    if (isModuleNotFound(error)) throw new CliError(SDK_MISSING);
    throw error;
  }
}

function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND" || code === "ERR_PACKAGE_PATH_NOT_EXPORTED";
}

const MAX_PAGES = 1000;

/** Starts or reaches the server, lists its tools, and closes it; any failure is a CliError with exit code 2. */
export async function fetchPublishedTools(target: AuditTarget, options: { timeoutMs: number; clientVersion: string; cwd: string }): Promise<PublishedSurface> {
  const sdk = await loadSdk(options.cwd);
  const wire = new Wire();
  const stderr = new StderrTail();
  let inner: Transport;
  if (target.kind === "stdio") {
    // The SDK adds its short list of safe variables (HOME, PATH, …) to the ones given here, and passes nothing else.
    const stdio = new sdk.StdioClientTransport({ command: target.command, args: target.args, env: target.env, cwd: target.cwd, stderr: "pipe" });
    stdio.stderr?.on("data", (chunk: Buffer) => stderr.append(chunk));
    inner = stdio;
  } else {
    inner = new sdk.StreamableHTTPClientTransport(target.url);
  }
  const transport = new GuardedTransport(inner, wire);
  const client = new sdk.Client({ name: "mcp-guard-audit", version: options.clientVersion }, { capabilities: {} });
  client.onerror = () => {}; // recorded by the transport; the SDK would otherwise log them
  const controller = new AbortController();
  let phase = "initialize";
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Deadline());
    }, options.timeoutMs);
  });
  const requestOptions = { timeout: options.timeoutMs, maxTotalTimeout: options.timeoutMs, signal: controller.signal };

  const work = (async (): Promise<PublishedSurface> => {
    await client.connect(transport, requestOptions);
    const tools: Record<string, unknown>[] = [];
    const cursors = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      phase = page === 0 ? "tools/list" : `tools/list (page ${page + 1})`;
      const result = await client.request({ method: "tools/list", params: cursor === undefined ? {} : { cursor } }, sdk.ListToolsResultSchema, requestOptions);
      const raw = lastRawResult(wire, "tools/list") as { tools?: unknown } | undefined;
      const rawTools = Array.isArray(raw?.tools) ? (raw.tools as Record<string, unknown>[]) : (result.tools as Record<string, unknown>[]);
      tools.push(...rawTools);
      cursor = result.nextCursor;
      if (cursor === undefined) {
        const info = client.getServerVersion();
        const initialized = lastRawResult(wire, "initialize") as { protocolVersion?: unknown } | undefined;
        const protocolVersion = typeof initialized?.protocolVersion === "string" ? initialized.protocolVersion : undefined;
        return { server: { name: info?.name, version: info?.version, protocolVersion }, tools, sent: wire.sent };
      }
      if (cursors.has(cursor)) throw new CliError(`the server's tools/list pages loop: cursor ${JSON.stringify(cursor)} came back twice.`);
      cursors.add(cursor);
    }
    throw new CliError(`the server's tools/list has more than ${MAX_PAGES} pages; the audit stopped there.`);
  })();
  work.catch(() => {}); // settled by the race below, or abandoned after the deadline

  try {
    return await Promise.race([work, deadline]);
  } catch (error) {
    throw describeFailure(error, { target, phase, wire, stderr, timeoutMs: options.timeoutMs });
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => {});
    // The SDK's close ends stdin, then sends SIGTERM, then SIGKILL, 2 s apart; when a failed connect already
    // started that in the background, the command could exit first and leave the server running.
    if (wire.pid !== undefined) await ensureExited(wire.pid);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 50) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isRunning(pid);
}

/** Waits for the server to exit after its stdin closed, then stops it: SIGTERM, then SIGKILL. */
async function ensureExited(pid: number): Promise<void> {
  if (await waitForExit(pid, 2000)) return;
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    return;
  }
  if (await waitForExit(pid, 2000)) return;
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // it exited in between
  }
}


