// The README's list of shared settings, generated from their JSON Schema (src/core/settings-schema.ts),
// so that the two cannot drift. `node scripts/settings-docs.js` rewrites the section between the
// markers; `--check` fails when it differs (both part of `npm run docs:update` / `docs:check`, which
// read the built schema: run `npm run build` first). test/docs/settings-docs.test.ts checks it too.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

export const BEGIN = "<!-- begin auto-generated settings -->";
export const END = "<!-- end auto-generated settings -->";

const README = fileURLToPath(new URL("../README.md", import.meta.url));

/** A schema's type as the tables show it: `string[]`, `integer ≥ 0 | string`, `` `3` | `4` `` (cell() escapes the bars). */
function typeText(schema) {
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(" | ");
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map(typeText).join(" | ");
  if (schema.type === "array") return schema.items?.type ? `${typeText(schema.items)}[]` : "object[]";
  if (schema.type === "integer" && typeof schema.minimum === "number") return `integer ≥ ${schema.minimum}`;
  return String(schema.type);
}

function cell(text) {
  return String(text ?? "").replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function table(header, rows) {
  return [`| ${header.join(" | ")} |`, `| ${header.map(() => ":--").join(" | ")} |`, ...rows.map((row) => `| ${row.map(cell).join(" | ")} |`)].join("\n");
}

function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `At least one of `schema`, `handler`.` for an `anyOf` of `required` lists. */
function alternativesNote(schema) {
  const keys = (schema.anyOf ?? []).map((branch) => branch.required?.[0]).filter(Boolean);
  return keys.length > 0 ? ` At least one of ${keys.map((key) => `\`${key}\``).join(", ")}.` : "";
}

function formSection(form, discriminator) {
  const required = new Set(form.required ?? []);
  const rows = Object.entries(form.properties).map(([key, property]) => [
    `\`${key}\``,
    typeText(property),
    required.has(key) ? "yes" : "",
    property.default === undefined ? "" : `\`${JSON.stringify(property.default)}\``,
    property.description,
  ]);
  const heading = `**${capitalised(form.title)}**${discriminator ? ` (an entry with \`${discriminator}\`)` : ""}. ${form.description}${alternativesNote(form)}`;
  return `${heading}\n\n${table(["Field", "Type", "Required", "Default", "Description"], rows)}`;
}

/** The Markdown between the markers. */
export function renderSettingsSection(schema) {
  const rows = Object.entries(schema.properties).map(([key, property]) => [
    `\`${key}\``,
    typeText(property),
    property.default === undefined ? "" : `\`${JSON.stringify(property.default)}\``,
    property.description,
  ]);
  const parts = [
    "<!-- Generated from src/core/settings-schema.ts by `npm run docs:update`: edit the schema, not this section. -->",
    table(["Setting", "Type", "Default", "Description"], rows),
  ];
  for (const [key, property] of Object.entries(schema.properties)) {
    const items = property.items;
    if (!items?.if) continue;
    const discriminator = items.if.required?.[0];
    parts.push(`Each \`${key}\` entry is ${items.else.title} or ${items.then.title}, by whether it names a \`${discriminator}\`:`);
    parts.push(formSection(items.else), formSection(items.then, discriminator));
  }
  if (schema.additionalProperties === false) parts.push("Any other key is an error, at the top level and in an entry.");
  return `${BEGIN}\n${parts.join("\n\n")}\n${END}`;
}

/** `text` with its section replaced; throws when the markers are missing. */
export function withSettingsSection(text, section) {
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (begin === -1 || end < begin) throw new Error(`README.md has no ${BEGIN} … ${END} section`);
  return text.slice(0, begin) + section + text.slice(end + END.length);
}

async function main() {
  const { settingsSchema } = await import("../dist/src/core/settings-schema.js");
  const current = readFileSync(README, "utf8");
  const expected = withSettingsSection(current, renderSettingsSection(settingsSchema));
  if (process.argv.includes("--check")) {
    if (current !== expected) {
      console.error("README.md: the shared settings section is out of date with src/core/settings-schema.ts. Run `npm run build && npm run docs:update`.");
      process.exitCode = 1;
    }
  } else if (current !== expected) {
    writeFileSync(README, expected);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
