#!/usr/bin/env node
/**
 * The `mcp-guard` command: a front end over the engine that the ESLint and tsserver plugins use.
 * Each command lives in its own module; this one dispatches, prints errors and sets the exit code.
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { plugin } from "../eslint/plugin.js";
import { AUDIT_HELP, runAudit } from "./audit.js";
import { CliError, EXIT, messageOf } from "./errors.js";
import { INVENTORY_HELP, runInventory } from "./inventory.js";
import { processIo, type CliIo } from "./io.js";
import { runSurface, SURFACE_HELP } from "./surface.js";

export const MAIN_HELP = `Usage: mcp-guard <command> [options]

Commands:
  audit       start or reach an MCP server and judge the tools it publishes (initialize and tools/list only)
  inventory   list the tools the static analysis finds in the source, with annotations, inputs and findings
  surface     write or check the committed tool-surface contract (mcp-surface.json)

Run \`mcp-guard <command> --help\` for a command's options and exit codes.

Exit codes: 0 done, nothing to fail on; 1 findings (audit) or a changed surface (--check); 2 error.
`;

const COMMANDS: Record<string, { run: (argv: readonly string[], io: CliIo) => number | Promise<number>; help: string }> = {
  audit: { run: runAudit, help: AUDIT_HELP },
  inventory: { run: runInventory, help: INVENTORY_HELP },
  surface: { run: runSurface, help: SURFACE_HELP },
};

/** Runs one command line; never throws. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout(MAIN_HELP);
    return name === undefined ? EXIT.error : EXIT.ok;
  }
  if (name === "--version" || name === "-v") {
    io.stdout(`${plugin.meta.version}\n`);
    return EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`mcp-guard: unknown command ${JSON.stringify(name)}.\n\n${MAIN_HELP}`);
    return EXIT.error;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`mcp-guard ${name}: ${error.message}\n${error.details ? `${error.details}\n` : ""}`);
      return error.exitCode;
    }
    io.stderr(`mcp-guard ${name}: internal error: ${messageOf(error)}\n${error instanceof Error && error.stack ? `${error.stack}\n` : ""}Please report it with the command line that caused it.\n`);
    return EXIT.error;
  }
}

function isMain(): boolean {
  try {
    return process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const exitCode = await runCli(process.argv.slice(2), processIo());
  // A server's child processes may hold a pipe open after the audit; the command's work is done.
  process.stdout.write("", () => process.exit(exitCode));
}
