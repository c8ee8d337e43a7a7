/**
 * Logging through the project service's logger (the tsserver log), which never throws. Errors are
 * logged once per entry point and error message, so a bug hit on every keystroke does not flood the log.
 */
import type * as ts from "typescript";

export interface PluginLogger {
  info(message: string): void;
  /** `operation` names the entry point (`getSemanticDiagnostics`); `subject` what it worked on. */
  error(operation: string, error: unknown, subject?: string): void;
}

const PREFIX = "[mcp-guard]";
const MAX_DISTINCT_ERRORS = 50;

export function createLogger(info: Pick<ts.server.PluginCreateInfo, "project"> | undefined): PluginLogger {
  const seen = new Set<string>();
  const write = (message: string, error: boolean): void => {
    try {
      const logger = info?.project?.projectService?.logger;
      if (!logger) return;
      // `Msg.Err` is the string "Err"; spelled out so that no value from `typescript` is needed here.
      if (error && typeof logger.msg === "function") logger.msg(`${PREFIX} ${message}`, "Err" as ts.server.Msg);
      else logger.info(`${PREFIX} ${message}`);
    } catch {
      // A logger that throws must not break the editor either.
    }
  };
  return {
    info: (message) => write(message, false),
    error(operation, error, subject) {
      const summary = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      const key = `${operation}\n${summary}`;
      if (seen.has(key) || seen.size >= MAX_DISTINCT_ERRORS) return;
      seen.add(key);
      const detail = error instanceof Error && error.stack ? error.stack : summary;
      const where = subject === undefined ? operation : `${operation}(${subject})`;
      write(`${where} failed; TypeScript's own result is returned unchanged. Please report this.\n${detail}`, true);
    },
  };
}
