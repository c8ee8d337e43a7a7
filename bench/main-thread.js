// CPU time of the main thread alone. Process CPU time also counts V8's background threads: TurboFan compiling hot
// functions and the collector's parallel and concurrent helpers, which are a large share of what a plugin adds.
// Linux reports each thread's time in /proc (nanoseconds, in schedstat); elsewhere this returns undefined.
import { readFileSync } from "node:fs";

export function mainThreadCpuMs() {
  try {
    const [runNs] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ");
    const ms = Number(runNs) / 1e6;
    return Number.isFinite(ms) ? ms : undefined;
  } catch {
    return undefined;
  }
}
