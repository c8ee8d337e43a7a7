import { dirname, relative, resolve, sep } from "node:path";
import { parseCommandArgs } from "./args.js";
import { EXIT, usageError } from "./errors.js";
import type { CliIo } from "./io.js";
import { displayPath } from "./project-files.js";
import type { Report } from "./report.js";
import { loadPolicy } from "./policy.js";
import { staticInventory } from "./static-inventory.js";
import { DEFAULT_SURFACE_FILE, diffSurfaces, readSurface, surfaceOf, writeSurface, type SurfaceSource } from "./surface-file.js";

export const SURFACE_HELP = `Usage: mcp-guard surface --write [FILE] [--path PATH]... [--config MODULE]
       mcp-guard surface --check [FILE] [--path PATH]... [--config MODULE]

Keeps a committed contract of the tool surface, from the static inventory of the source under each
PATH (default: the current directory). FILE defaults to ${DEFAULT_SURFACE_FILE}. It holds the summary
counts and, per tool, its name, its effective hints, its input fields as the rules read them, and
hashes of its normalised name, description, input schema and annotations. Paths in it are relative
to the file, and the same source gives the same file on every machine.

--check is the review point against silent widening and against a tool definition changed after
review: it prints what changed (a tool appeared or disappeared, an input widened, a description
changed, a hint flipped) and exits 1. For the surface a running server publishes, see
\`mcp-guard audit --surface FILE --write|--check\`.

Options:
  --write       write FILE from the current source
  --check       compare the current source with FILE
  --path PATH   analyse PATH (repeatable; default: the current directory)
  --config MODULE
                read the settings of a flat config (eslint.config.js, or a shared config package), as
                ESLint does: \`registrations\` and \`zodModules\` decide which tools and schemas are found
  --untyped     analyse each file on its own, without building a TypeScript program
  -h, --help    show this help

Exit codes:
  0  written, or unchanged
  1  changed (--check); the differences are printed
  2  could not check or write: bad usage, FILE missing or not a surface file, a path that cannot be read,
     a --config module that cannot be loaded or is not a flat config
`;

export async function runSurface(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs("surface", argv, {
    write: { type: "boolean" },
    check: { type: "boolean" },
    path: { type: "string", multiple: true },
    untyped: { type: "boolean" },
    config: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.stdout(SURFACE_HELP);
    return EXIT.ok;
  }
  if (values.write === values.check) throw usageError("surface", values.write ? "--write and --check exclude each other." : "say --write or --check.");
  if (positionals.length > 1) throw usageError("surface", `one FILE only; analyse more paths with --path (got ${positionals.map((p) => JSON.stringify(p)).join(" ")}).`);
  const file = positionals[0] ?? DEFAULT_SURFACE_FILE;
  const warn = (message: string): void => io.stderr(`mcp-guard surface: ${message}\n`);
  const { settings } = await loadPolicy("surface", values.config, { strict: false, runsRules: false, cwd: io.cwd, warn });
  // The surface needs no rule: only tools, hints and input schemas.
  const inventory = staticInventory(values.path ?? [], { cwd: io.cwd, rules: [], settings, typed: values.untyped !== true });
  inventory.warnings.forEach(warn);
  return surfaceStep({ mode: values.write ? "write" : "check", file, report: inventory, source: "inventory", config: values.config }, io, io.stdout);
}

/** Writes or checks a surface file; `print` receives the verdict and the differences. */
export function surfaceStep(step: { mode: "write" | "check"; file: string; report: Report; source: SurfaceSource; config?: string }, io: CliIo, print: (text: string) => void): number {
  const path = resolve(io.cwd, step.file);
  const shown = displayPath(path, io.cwd);
  const fileDirectory = dirname(path);
  // Tool locations relative to the surface file, with `/`, so that the file reads the same wherever the command runs.
  const tools = step.report.tools.map((tool) => (tool.file === undefined ? tool : { ...tool, file: slashes(relative(fileDirectory, resolve(io.cwd, tool.file))) }));
  const surface = surfaceOf({ ...step.report, tools }, step.source);
  if (step.mode === "write") {
    writeSurface(path, shown, surface);
    print(`mcp-guard: wrote ${shown} (${surface.tools.length} tool${surface.tools.length === 1 ? "" : "s"}).\n`);
    return EXIT.ok;
  }
  const committed = readSurface(path, shown);
  const differences = diffSurfaces(committed, surface);
  if (differences.length === 0) {
    print(`mcp-guard: the tool surface matches ${shown} (${surface.tools.length} tool${surface.tools.length === 1 ? "" : "s"}).\n`);
    return EXIT.ok;
  }
  const rewrite = step.source === "audit" ? `mcp-guard audit --surface ${shown} --write -- …` : `mcp-guard surface --write ${shown}${step.config === undefined ? "" : ` --config ${step.config}`}`;
  print(`mcp-guard: the tool surface differs from ${shown}:\n${differences.join("\n")}\nIf the change is intended, run \`${rewrite}\` and commit the file.\n`);
  return EXIT.failed;
}

function slashes(path: string): string {
  return sep === "/" ? path : path.split(sep).join("/");
}
