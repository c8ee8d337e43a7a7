// CPU time of the main thread alone. Process CPU time also counts V8's background threads: TurboFan compiling hot
// functions and the collector's parallel and concurrent helpers, which are a large share of what a plugin adds.
// Linux reports each thread's time in /proc (nanoseconds, in schedstat); elsewhere the main thread's share is
// undefined.
import { readFileSync } from "node:fs";

function mainThreadCpuMs() {
  try {
    const [runNs] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ");
    const ms = Number(runNs) / 1e6;
    return Number.isFinite(ms) ? ms : undefined;
  } catch {
    return undefined;
  }
}

/** Starts measuring; the returned function gives the process's and the main thread's CPU ms since. */
export function startCpuClock() {
  const cpuStart = process.cpuUsage();
  const mainStart = mainThreadCpuMs();
  return () => {
    const mainEnd = mainThreadCpuMs();
    const cpu = process.cpuUsage(cpuStart);
    return { cpuMs: (cpu.user + cpu.system) / 1000, mainMs: mainStart === undefined || mainEnd === undefined ? undefined : mainEnd - mainStart };
  };
}
