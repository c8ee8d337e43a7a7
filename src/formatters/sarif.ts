/**
 * An ESLint formatter that writes SARIF 2.1.0 for GitHub code scanning (docs/ci.md):
 *
 *   eslint . --format ./node_modules/eslint-plugin-mcp-guard/formatters/sarif.js --output-file eslint.sarif
 *
 * Every finding of the run is written, whichever plugin reported it. Each rule's entry carries ESLint's
 * description and documentation URL; a rule whose `meta.docs.security` ranks it (all of mcp-guard's but no-unanalyzed-tool do)
 * also gets the `security` tag, its CWE tags and a `security-severity`, which code scanning needs to
 * show it as a ranked security alert. Locations are relative to the repository root (`%SRCROOT%`), so the
 * file is the same on every machine.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import type { ESLint, Linter, Rule } from "eslint";
import type * as Sarif from "sarif";
import type { SecurityRanking } from "../core/rule.js";

export const SARIF_SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
export const SOURCE_ROOT = "%SRCROOT%";

/** GitHub ignores a rule's tags past the twentieth. */
const MAX_TAGS = 20;

/**
 * The directory paths are written relative to: the nearest one above `cwd` that holds `.git` (a
 * directory, or a file in a worktree or submodule), or `cwd` itself. Code scanning resolves paths
 * against the repository root, also when ESLint runs in a monorepo package's directory.
 */
export function sourceRoot(cwd: string): string {
  for (let directory = cwd; ; directory = dirname(directory)) {
    if (existsSync(join(directory, ".git"))) return directory;
    if (dirname(directory) === directory) return cwd;
  }
}

/** RFC 3986 allows these in a path segment; encodeURIComponent escapes them anyway. */
const SEGMENT_SAFE = /%(?:40|2B|24|26|2C|3B|3D)/giu;

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(SEGMENT_SAFE, (escape) => decodeURIComponent(escape));
}

/** A file's location: relative to the root when it lies below it, an absolute `file:` URI otherwise. */
export function artifactLocation(filePath: string, root: string): Sarif.ArtifactLocation {
  if (!isAbsolute(filePath)) return { uri: filePath.split(/[\\/]/u).map(encodeSegment).join("/") };
  const path = relative(root, filePath);
  if (path === "" || path === ".." || path.startsWith(`..${sep}`) || isAbsolute(path)) return { uri: pathToFileURL(filePath).href };
  return { uri: path.split(sep).map(encodeSegment).join("/"), uriBaseId: SOURCE_ROOT };
}

function region(message: Linter.LintMessage): Sarif.Region {
  const result: Sarif.Region = { startLine: Math.max(1, message.line || 1), startColumn: Math.max(1, message.column || 1) };
  if (typeof message.endLine === "number" && message.endLine >= result.startLine!) {
    result.endLine = message.endLine;
    if (typeof message.endColumn === "number") result.endColumn = Math.max(1, message.endColumn);
  }
  return result;
}

function ranking(meta: Rule.RuleMetaData | undefined): SecurityRanking | undefined {
  const security = (meta?.docs as { security?: unknown } | undefined)?.security as Partial<SecurityRanking> | undefined;
  if (!security || typeof security.severity !== "number" || !Array.isArray(security.cwe)) return undefined;
  return { severity: security.severity, cwe: security.cwe.filter((id) => Number.isInteger(id) && id > 0) };
}

/** CodeQL's spelling, which code scanning's filters know: `external/cwe/cwe-020`. */
function cweTag(id: number): string {
  return `external/cwe/cwe-${String(id).padStart(3, "0")}`;
}

export function reportingDescriptor(ruleId: string, meta: Rule.RuleMetaData | undefined): Sarif.ReportingDescriptor {
  const description = meta?.docs?.description ?? ruleId;
  const url = meta?.docs?.url;
  const security = ranking(meta);
  const descriptor: Sarif.ReportingDescriptor = {
    id: ruleId,
    shortDescription: { text: description },
    fullDescription: { text: description },
  };
  const markdown = [description];
  if (url) {
    descriptor.helpUri = url;
    markdown.push(`[${ruleId}](${url})`);
  }
  const properties: Sarif.PropertyBag = {};
  if (security) {
    properties.tags = ["security", ...security.cwe.map(cweTag)].slice(0, MAX_TAGS);
    properties["security-severity"] = security.severity.toFixed(1);
    properties["precision"] = "high";
    if (security.cwe.length > 0) markdown.push(security.cwe.map((id) => `[CWE-${id}](https://cwe.mitre.org/data/definitions/${id}.html)`).join(", "));
  } else if (meta?.type) {
    properties.tags = [meta.type];
  }
  descriptor.help = { text: url ? `${description}\n${url}` : description, markdown: markdown.join("\n\n") };
  if (Object.keys(properties).length > 0) descriptor.properties = properties;
  return descriptor;
}

function eslintVersion(): string | undefined {
  try {
    const manifest = createRequire(import.meta.url)("eslint/package.json") as { version?: unknown };
    return typeof manifest.version === "string" ? manifest.version : undefined;
  } catch {
    return undefined;
  }
}

/** Builds the SARIF log for a run's results. */
export function toSarif(results: readonly ESLint.LintResult[], data: Pick<ESLint.LintResultData, "cwd" | "rulesMeta"> | undefined): Sarif.Log {
  const root = sourceRoot(data?.cwd ?? process.cwd());
  const rulesMeta = data?.rulesMeta ?? {};
  const ruleIds = [...new Set(results.flatMap((result) => result.messages.flatMap((message) => (message.ruleId ? [message.ruleId] : []))))].sort();
  const ruleIndex = new Map(ruleIds.map((id, index) => [id, index]));
  const sarifResults: Sarif.Result[] = [];
  const notifications: Sarif.Notification[] = [];
  let fatal = false;
  for (const result of results) {
    const location = (message: Linter.LintMessage): Sarif.Location => ({
      physicalLocation: { artifactLocation: artifactLocation(result.filePath, root), region: region(message) },
    });
    for (const message of result.messages) {
      const level = message.severity === 2 ? "error" : "warning";
      if (!message.ruleId) {
        // Parse errors and unused-directive reports belong to no rule: they are notes on the run.
        fatal ||= message.fatal === true;
        notifications.push({ level, message: { text: message.message }, locations: [location(message)] });
        continue;
      }
      sarifResults.push({ ruleId: message.ruleId, ruleIndex: ruleIndex.get(message.ruleId)!, level, message: { text: message.message }, locations: [location(message)] });
    }
  }
  const version = eslintVersion();
  const run: Sarif.Run = {
    tool: {
      driver: {
        name: "ESLint",
        informationUri: "https://eslint.org",
        ...(version ? { version } : {}),
        rules: ruleIds.map((id) => reportingDescriptor(id, rulesMeta[id])),
      },
    },
    originalUriBaseIds: { [SOURCE_ROOT]: { description: { text: "The repository root: the nearest directory above ESLint's working directory that holds .git." } } },
    columnKind: "utf16CodeUnits",
    invocations: [{ executionSuccessful: !fatal, ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}) }],
    results: sarifResults,
  };
  return { $schema: SARIF_SCHEMA_URI, version: "2.1.0", runs: [run] };
}

/** ESLint's formatter entry point. */
export default function formatSarif(results: ESLint.LintResult[], data?: ESLint.LintResultData): string {
  return `${JSON.stringify(toSarif(results, data), null, 2)}\n`;
}
