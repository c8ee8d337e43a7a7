/**
 * A minimal tsserver client over the real protocol: one JSON request per line on stdin; responses and
 * events on stdout, each framed by a `Content-Length` header (in bytes).
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

export interface ServerMessage {
  type: "response" | "event";
  command?: string;
  request_seq?: number;
  success?: boolean;
  message?: string;
  event?: string;
  body?: unknown;
}

export class TsServer {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  private seq = 0;
  private readonly waiting = new Map<number, (message: ServerMessage) => void>();
  readonly events: ServerMessage[] = [];
  private eventListeners: ((message: ServerMessage) => void)[] = [];
  private stderr = "";

  constructor(tsserverPath: string, cwd: string, readonly logFile: string) {
    this.child = spawn(
      process.execPath,
      [tsserverPath, "--logVerbosity", "verbose", "--logFile", logFile, "--disableAutomaticTypingAcquisition", "--locale", "en"],
      { cwd, stdio: "pipe", env: { ...process.env, TSS_LOG: undefined } },
    );
    this.child.stdout.on("data", (chunk: Buffer) => this.onData(chunk));
    this.child.stderr.on("data", (chunk: Buffer) => (this.stderr += chunk.toString("utf8")));
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf("\r\n\r\n");
      if (headerEnd === -1) return;
      const match = /Content-Length: (\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString("utf8"));
      if (!match) throw new Error(`bad header from tsserver: ${this.buffer.subarray(0, headerEnd).toString("utf8")}`);
      const length = Number(match[1]);
      const start = headerEnd + 4;
      if (this.buffer.length < start + length) return;
      const message = JSON.parse(this.buffer.subarray(start, start + length).toString("utf8")) as ServerMessage;
      this.buffer = this.buffer.subarray(start + length);
      if (message.type === "response" && message.request_seq !== undefined) {
        this.waiting.get(message.request_seq)?.(message);
        this.waiting.delete(message.request_seq);
      } else if (message.type === "event") {
        this.events.push(message);
        for (const listener of this.eventListeners) listener(message);
      }
    }
  }

  /** Sends a request; resolves with its response when one is expected. */
  send(command: string, args?: unknown): number {
    const seq = ++this.seq;
    this.child.stdin.write(`${JSON.stringify({ seq, type: "request", command, arguments: args })}\n`);
    return seq;
  }

  request<T>(command: string, args?: unknown, timeoutMs = 60_000): Promise<T> {
    const seq = this.send(command, args);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`tsserver: no response to ${command} within ${timeoutMs} ms${this.stderr ? `\nstderr: ${this.stderr}` : ""}`)), timeoutMs);
      this.waiting.set(seq, (message) => {
        clearTimeout(timer);
        if (message.success) resolve(message.body as T);
        else reject(new Error(`tsserver: ${command} failed: ${message.message ?? "(no message)"}`));
      });
    });
  }

  /** Waits for an event that satisfies `test`, looking first at those received since event number `since`. */
  waitForEvent(test: (message: ServerMessage) => boolean, what: string, since = 0, timeoutMs = 60_000): Promise<ServerMessage> {
    const already = this.events.slice(since).find(test);
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`tsserver: no ${what} event within ${timeoutMs} ms`)), timeoutMs);
      const listener = (message: ServerMessage) => {
        if (!test(message)) return;
        clearTimeout(timer);
        this.eventListeners = this.eventListeners.filter((l) => l !== listener);
        resolve(message);
      };
      this.eventListeners.push(listener);
    });
  }

  /** The log lines that explain a failure: plugin loading, mcp-guard's own lines, errors and exceptions. */
  relevantLog(maxLines = 80): string {
    if (!existsSync(this.logFile)) return `(no tsserver log at ${this.logFile})`;
    const lines = readFileSync(this.logFile, "utf8").split(/\r?\n/);
    // Plugin loading, the plugin's own lines, errors. Indented file listings and watcher lines are noise.
    const relevant = lines.filter(
      (line) => !/^\s|Watch/.test(line) && /Enabling plugin|Loading |Failed to load|Couldn't find|Plugin |\[mcp-guard\]|^Err |Exception/.test(line),
    );
    return [`tsserver log ${this.logFile}, ${relevant.length} relevant of ${lines.length} lines:`, ...relevant.slice(-maxLines)].join("\n");
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    this.send("exit");
    const timer = setTimeout(() => this.child.kill(), 5_000);
    await exited;
    clearTimeout(timer);
  }
}
