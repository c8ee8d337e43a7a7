import { plugin } from "../eslint/plugin.js";
import { outputFormat, parseCommandArgs } from "./args.js";
import { EXIT, usageError } from "./errors.js";
import type { CliIo } from "./io.js";
import { fetchPublishedTools, type AuditTarget } from "./mcp-client.js";
import { render, type Coverage } from "./output.js";
import { judgePublishedTools } from "./published-tools.js";
import type { Report } from "./report.js";
import { loadPolicy } from "./policy.js";
import { staticInventory } from "./static-inventory.js";
import { surfaceStep } from "./surface.js";

export const AUDIT_HELP = `Usage: mcp-guard audit [options] -- COMMAND [ARGS...]
       mcp-guard audit [options] --url URL

Starts an MCP server (stdio), or reaches one (Streamable HTTP), and judges what it publishes. The audit
sends initialize and tools/list only: it never calls a tool. It works for a server in any language.

The published tools are judged by the rules that judge source: annotations with the specification's
defaults (a tool with no hints is destructive and open-world, and is also counted apart), and each
input schema (open objects, values that accept anything, missing bounds, identity fields), with the
field path.

Options:
  --json               print JSON: { server, summary, tools, findings: [{ tool, rule, path, message }] }
  --markdown           print markdown, for a pull request comment or a CI job summary
  --env NAME           pass the variable NAME, from this environment, to the server; repeatable.
  --env NAME=VALUE     pass NAME with this value. Nothing else is passed but the SDK's short default
                       list (HOME, LOGNAME, PATH, SHELL, TERM, USER): an audit must not hand software
                       it does not yet trust the whole environment.
  --url URL            audit the Streamable HTTP server at URL instead of starting one
  --timeout SECONDS    give up when the server has not answered within this time (default 30)
  --static DIR         also analyse the source in DIR, and report the published tools the static
                       analysis did not find and the other way round (coverage)
  --surface FILE       with --write: write the published tool surface to FILE;
                       with --check: compare it with FILE, print the differences and exit 1 on any
  --write, --check     see --surface
  --config MODULE      run the mcp-guard rules and options of a flat config (eslint.config.js, or a
                       shared config package), and read its settings for --static
  --strict             run the rules of the strict config (adds require-number-bounds)
  -h, --help           show this help

Exit codes:
  0  the audit ran and found nothing (and with --check, the surface is unchanged)
  1  findings, or (with --check) the surface changed
  2  no audit: bad usage, the MCP SDK is not installed, the server did not start, exited, timed out
     or answered outside the protocol (the server's last lines of stderr are printed), a --static path
     that cannot be read, a --surface FILE missing or not a surface file, a --config module that cannot
     be loaded or is not a flat config

The audit uses the MCP SDK's client (@modelcontextprotocol/sdk), an optional peer dependency:
  npm install -D @modelcontextprotocol/sdk
`;

const DEFAULT_TIMEOUT_SECONDS = 30;

export async function runAudit(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals, rest } = parseCommandArgs("audit", argv, {
    json: { type: "boolean" },
    markdown: { type: "boolean" },
    env: { type: "string", multiple: true },
    url: { type: "string" },
    timeout: { type: "string" },
    static: { type: "string" },
    surface: { type: "string" },
    write: { type: "boolean" },
    check: { type: "boolean" },
    strict: { type: "boolean" },
    config: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.stdout(AUDIT_HELP);
    return EXIT.ok;
  }
  const format = outputFormat("audit", values);
  if (positionals.length > 0) throw usageError("audit", `unexpected ${JSON.stringify(positionals[0])}: put the server's command after \`--\`.`);
  const surfaceMode = values.write ? "write" : values.check ? "check" : undefined;
  if (values.write && values.check) throw usageError("audit", "--write and --check exclude each other.");
  if (values.surface !== undefined && !surfaceMode) throw usageError("audit", "--surface needs --write (record the surface) or --check (compare with it).");
  if (surfaceMode && values.surface === undefined) throw usageError("audit", `--${surfaceMode} needs --surface FILE.`);
  const target = auditTarget(values, rest, io);
  const timeoutMs = timeoutOf(values.timeout);

  // The policy and the source first: what cannot be read is an error before any server is started.
  const policy = await loadPolicy("audit", values.config, { strict: values.strict === true, runsRules: true, cwd: io.cwd, warn: (message) => io.stderr(`mcp-guard audit: ${message}\n`) });
  const inSource = values.static === undefined ? undefined : toolsInSource(values.static, policy.settings, io);
  const published = await fetchPublishedTools(target, { timeoutMs, clientVersion: plugin.meta.version, cwd: io.cwd });
  const report = judgePublishedTools(published.tools, policy.rules);
  const coverage = inSource && coverageOf(report, inSource);
  const server = published.server;
  const serverName = [server.name ?? "(unnamed server)", server.version].filter(Boolean).join(" ");
  const heading = `mcp-guard audit: ${serverName}${server.protocolVersion ? ` (protocol ${server.protocolVersion})` : ""}, ${published.tools.length} tool${published.tools.length === 1 ? "" : "s"} published`;
  io.stdout(render({ heading, report, coverage, json: { server: { ...server, sent: published.sent } } }, format));

  let exitCode: number = report.findings.length > 0 ? EXIT.failed : EXIT.ok;
  if (values.surface !== undefined && surfaceMode) {
    // The report is on stdout; the surface's verdict goes to stderr, so that --json stays one document.
    const surfaceExit = surfaceStep({ mode: surfaceMode, file: values.surface, report, source: "audit" }, io, io.stderr);
    if (surfaceExit !== EXIT.ok) exitCode = surfaceExit;
  }
  return exitCode;
}

function auditTarget(values: { url?: string; env?: string[] }, rest: string[] | undefined, io: CliIo): AuditTarget {
  const command = rest?.[0];
  if (values.url !== undefined && rest !== undefined) throw usageError("audit", "give either --url URL or `-- COMMAND`, not both.");
  if (values.url !== undefined) {
    if (values.env !== undefined) throw usageError("audit", "--env passes variables to a server the audit starts; with --url it starts none.");
    let url: URL;
    try {
      url = new URL(values.url);
    } catch {
      throw usageError("audit", `--url ${JSON.stringify(values.url)} is not a URL.`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") throw usageError("audit", `--url must be http: or https:, not ${url.protocol}`);
    return { kind: "http", url };
  }
  if (!command) throw usageError("audit", "name the server to audit: `mcp-guard audit -- node server.js`, or --url URL.");
  const env: Record<string, string> = {};
  for (const entry of values.env ?? []) {
    const equals = entry.indexOf("=");
    const name = equals === -1 ? entry : entry.slice(0, equals);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw usageError("audit", `--env ${JSON.stringify(entry)}: not a variable name.`);
    if (equals !== -1) env[name] = entry.slice(equals + 1);
    else if (io.env[name] !== undefined) env[name] = io.env[name];
    else io.stderr(`mcp-guard audit: --env ${name}: not set here, so not passed.\n`);
  }
  return { kind: "stdio", command, args: rest?.slice(1) ?? [], env, cwd: io.cwd };
}

function timeoutOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_SECONDS * 1000;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 24 * 3600) throw usageError("audit", `--timeout ${JSON.stringify(value)}: give a number of seconds above 0.`);
  return Math.round(seconds * 1000);
}

/** The names of the tools the static analysis finds in DIR; registrations with a computed name cannot be matched. */
function toolsInSource(directory: string, settings: unknown, io: CliIo): Set<string> {
  const inventory = staticInventory([directory], { cwd: io.cwd, rules: [], settings, typed: true });
  for (const warning of inventory.warnings) io.stderr(`mcp-guard audit: --static: ${warning}\n`);
  return new Set(inventory.tools.filter((tool) => tool.nameKnown).map((tool) => tool.name));
}

/** The published tools the static analysis did not see, and the ones it saw that the server does not publish. */
function coverageOf(report: Report, inSource: ReadonlySet<string>): Coverage {
  const published = new Set(report.tools.map((tool) => tool.name));
  return {
    publishedNotInSource: [...published].filter((name) => !inSource.has(name)).sort(),
    inSourceNotPublished: [...inSource].filter((name) => !published.has(name)).sort(),
  };
}
