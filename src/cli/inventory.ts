import { outputFormat, parseCommandArgs } from "./args.js";
import { EXIT } from "./errors.js";
import type { CliIo } from "./io.js";
import { render } from "./output.js";
import { loadPolicy } from "./policy.js";
import { staticInventory } from "./static-inventory.js";

export const INVENTORY_HELP = `Usage: mcp-guard inventory [--json | --markdown] [--config MODULE | --strict] [--untyped] [PATHS...]

Lists the MCP tools the static analysis finds in the source under PATHS (default: the current
directory): each tool's name, file and line, framework, annotations (as stated, and with the
specification's defaults applied), input fields, and the findings of the plugin's rules; then the
registrations it could not read, with the reason. Files in a tsconfig.json's program (the nearest one
at or above each path, up to the project root) are analysed with type information.

Options:
  --json        print JSON: { summary, tools, findings, unread, analysis }
  --markdown    print markdown, for a pull request comment or a CI job summary
  --config MODULE
                run the mcp-guard rules, options and settings of a flat config, as ESLint and the editor
                plugin do: a file (eslint.config.js) or a package (an organisation's shared config)
  --strict      run the rules of the strict config (adds require-number-bounds), not recommended
  --untyped     analyse each file on its own, without building a TypeScript program
  -h, --help    show this help

Exit codes:
  0  the inventory was printed (findings do not fail it; ESLint is the gate for source)
  2  it could not be made: bad usage, a path that cannot be read, an unreadable tsconfig.json, a
     --config module that cannot be loaded or is not a flat config
`;

export async function runInventory(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs("inventory", argv, {
    json: { type: "boolean" },
    markdown: { type: "boolean" },
    strict: { type: "boolean" },
    config: { type: "string" },
    untyped: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.stdout(INVENTORY_HELP);
    return EXIT.ok;
  }
  const format = outputFormat("inventory", values);
  const warn = (message: string): void => io.stderr(`mcp-guard inventory: ${message}\n`);
  const policy = await loadPolicy("inventory", values.config, { strict: values.strict === true, runsRules: true, cwd: io.cwd, warn });
  const inventory = staticInventory(positionals, { cwd: io.cwd, rules: policy.rules, settings: policy.settings, typed: values.untyped !== true });
  inventory.warnings.forEach(warn);
  const { typedFiles, untypedFiles } = inventory.analysis;
  const files = typedFiles + untypedFiles;
  const heading = `mcp-guard inventory: ${files} file${files === 1 ? "" : "s"} read (${typedFiles} with type information)`;
  io.stdout(render({ heading, report: inventory, unread: inventory.unread, json: { analysis: inventory.analysis } }, format));
  return EXIT.ok;
}
