/** Exit codes of every `mcp-guard` command, as documented in its `--help` and the README. */
export const EXIT = {
  /** The command did its job and found nothing to fail on. */
  ok: 0,
  /** Findings (audit) or a changed tool surface (`--check`). */
  failed: 1,
  /** The command could not do its job: bad usage, an unreadable path or file, a server that could not be audited. */
  error: 2,
} as const;

/** An error the user can act on: printed as one message, without a stack, with its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.error,
    /** Text printed after the message, such as the server's last lines of stderr. */
    readonly details?: string,
  ) {
    super(message);
    this.name = "CliError";
  }
}

/** A usage error: the message, then a pointer to the command's help. */
export function usageError(command: string, message: string): CliError {
  return new CliError(`${message}\nRun \`mcp-guard ${command} --help\` for usage.`);
}

/** The message of anything thrown, for one line of output. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
