import ts from "typescript";
import { INSTALL_TYPESCRIPT_6, missingTypeScriptApi } from "../core/typescript-support.js";

/**
 * Fails the lint run once, when the plugin is loaded, if the `typescript` it imports has no JavaScript
 * API (TypeScript 7). Otherwise every rule would fail on every file. ESLint prints a fatal error's
 * `stack` and exits with 2, so the stack is the one line the user needs, not a trace into the plugin.
 */
export function assertTypeScriptApi(t: unknown = ts): void {
  const problem = missingTypeScriptApi(t as Parameters<typeof missingTypeScriptApi>[0]);
  if (problem === undefined) return;
  const error = new Error(`eslint-plugin-mcp-guard: ${problem}. Fix: ${INSTALL_TYPESCRIPT_6} (the README shows how to keep TypeScript 7's tsc beside it).`);
  error.stack = error.message;
  throw error;
}
