/**
 * vitest globalSetup: one temporary folder per run, shared by every test file, where the first suite that
 * needs the packed plugin builds and packs it once (test/e2e/shared-pack.ts) and the others reuse it.
 * Nothing is built here, so a run of one unrelated file pays nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's shared folder for the packed plugin. */
    mcpGuardSharedDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), "mcp-guard-tests-"));
  project.provide("mcpGuardSharedDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
