import { parseArgs, type ParseArgsConfig } from "node:util";
import { usageError } from "./errors.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

export interface ParsedArgs<O extends Options> {
  values: ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>["values"];
  /** Positionals before a `--`. */
  positionals: string[];
  /** Everything after the first `--`, untouched (the command an audit starts). */
  rest: string[] | undefined;
}

/** Node's parseArgs, with its errors turned into usage errors of the command, and what follows `--` kept apart. */
export function parseCommandArgs<O extends Options>(command: string, argv: readonly string[], options: O): ParsedArgs<O> {
  const terminator = argv.indexOf("--");
  const own = terminator === -1 ? [...argv] : argv.slice(0, terminator);
  const rest = terminator === -1 ? undefined : argv.slice(terminator + 1);
  try {
    const { values, positionals } = parseArgs({ args: own, options, allowPositionals: true, strict: true });
    return { values, positionals, rest };
  } catch (error) {
    // parseArgs says e.g. "Unknown option '--jsn'. To specify a positional argument starting with a '-' ...".
    const message = error instanceof Error ? error.message.split(". ")[0] ?? error.message : String(error);
    throw usageError(command, message.endsWith(".") ? message : `${message}.`);
  }
}

/** Rejects flags that exclude each other: `--json` and `--markdown`. */
export function outputFormat(command: string, values: { json?: boolean; markdown?: boolean }): "text" | "json" | "markdown" {
  if (values.json && values.markdown) throw usageError(command, "--json and --markdown exclude each other.");
  return values.json ? "json" : values.markdown ? "markdown" : "text";
}
