const warned = new Set<string>();

/**
 * An engine failure must never stop a lint run: the rule reports nothing for that file and one warning
 * is printed per rule. Tests set MCP_GUARD_STRICT_ERRORS=1 so that failures surface as test failures.
 */
export function reportEngineError(rule: string, filename: string, error: unknown): void {
  if (process.env["MCP_GUARD_STRICT_ERRORS"] === "1") throw error;
  if (warned.has(rule)) return;
  warned.add(rule);
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.emitWarning(`mcp-guard/${rule} skipped ${filename} after an internal error. Please report it.\n${detail}`, "McpGuardWarning");
}
