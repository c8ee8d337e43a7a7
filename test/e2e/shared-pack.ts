/**
 * The plugin packed once per test run and shared by every suite that installs it (the e2e suites, the
 * installed bin). Building and packing cost a full tsc and esbuild each time; the suites only read the
 * tarball. The first caller builds under a lock in the run's shared folder (test/global-setup.ts); the
 * others, in any worker, wait for its result.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { packPlugin, type Packed } from "./packed.js";

const WAIT_MS = 600_000;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The plugin built from the current source and packed; the same tarball for every caller in a run. */
export function sharedPluginTarball(): Packed {
  // Without the globalSetup (another config), a private folder: packed once per file.
  const dir = inject("mcpGuardSharedDir") ?? mkdtempSync(join(tmpdir(), "mcp-guard-pack-"));
  const result = join(dir, "packed.json");
  const lock = join(dir, "packing.lock");
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (existsSync(result)) return JSON.parse(readFileSync(result, "utf8")) as Packed;
    try {
      mkdirSync(lock);
    } catch {
      if (Date.now() > deadline) throw new Error(`waited ${WAIT_MS / 1000} s for another suite to pack the plugin in ${dir}`);
      sleep(250);
      continue;
    }
    try {
      const packed = packPlugin(join(dir, "plugin"));
      writeFileSync(`${result}.tmp`, JSON.stringify(packed));
      renameSync(`${result}.tmp`, result);
      return packed;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
