/**
 * The audit's transport: the SDK's own, wrapped so that it records what went over the wire and refuses
 * to send any method but the audit's own.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { messageOf } from "./errors.js";

/** Requests and notifications the audit may send; the transport refuses anything else, `tools/call` above all. */
const ALLOWED_REQUESTS: ReadonlySet<string> = new Set(["initialize", "tools/list"]);
const ALLOWED_NOTIFICATIONS: ReadonlySet<string> = new Set(["notifications/initialized", "notifications/cancelled"]);

/** What went over the wire, for error messages: the raw `tools/list` results, the protocol errors the transport saw. */
export class Wire {
  readonly sent: string[] = [];
  /** Each request's method and raw result, by id, in the order sent. */
  readonly requests = new Map<string | number, { method: string; result?: unknown }>();
  readonly transportErrors: string[] = [];
  closed = false;
  /** The server's process, once started (stdio). */
  pid: number | undefined;
}

/** Wraps the SDK's transport: records what is sent and received, and refuses to send any method but the audit's own. */
export class GuardedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport["onmessage"];

  constructor(
    private readonly inner: Transport,
    private readonly wire: Wire,
  ) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  async start(): Promise<void> {
    this.inner.onclose = () => {
      this.wire.closed = true;
      this.onclose?.();
    };
    this.inner.onerror = (error) => {
      if (this.wire.transportErrors.length < 5) this.wire.transportErrors.push(messageOf(error));
      this.onerror?.(error);
    };
    this.inner.onmessage = (message, extra) => {
      const request = "id" in message && "result" in message ? this.wire.requests.get(message.id) : undefined;
      if (request) request.result = (message as { result?: unknown }).result;
      this.onmessage?.(message, extra);
    };
    await this.inner.start();
    const pid = (this.inner as { pid?: unknown }).pid;
    if (typeof pid === "number") this.wire.pid = pid;
  }

  async send(message: JSONRPCMessage, options?: Parameters<Transport["send"]>[1]): Promise<void> {
    if ("method" in message) {
      const allowed = "id" in message ? ALLOWED_REQUESTS : ALLOWED_NOTIFICATIONS;
      if (!allowed.has(message.method)) throw new Error(`mcp-guard audit refused to send "${message.method}": an audit sends only initialize and tools/list`);
      this.wire.sent.push(message.method);
      if ("id" in message) this.wire.requests.set(message.id, { method: message.method });
    }
    await this.inner.send(message, options);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }
}

/** The raw result of the last request of this method, as the server sent it. */
export function lastRawResult(wire: Wire, method: string): unknown {
  let result: unknown;
  for (const request of wire.requests.values()) if (request.method === method) result = request.result;
  return result;
}
