/**
 * The SARIF 2.1.0 JSON Schema the tests validate against, read from a devDependency rather than a
 * committed copy: `@microsoft/jest-sarif` (pinned in package.json) ships SchemaStore's
 * `sarif-2.1.0-rtm.5.json`, the schema of the 2.1.0 release. The OASIS errata 01 schema differs from it
 * by stricter `type` keywords beside enums (the enums themselves are the same), a corrected `language`
 * pattern, and one rule: a `region` must have `startLine`, `charOffset` or `byteOffset`. `sarifErrors`
 * checks that rule itself, so that a log it accepts is valid under both.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Validator } from "@cfworker/json-schema";

const require = createRequire(import.meta.url);
export const SARIF_SCHEMA_PATH = require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json");
const schema = JSON.parse(readFileSync(SARIF_SCHEMA_PATH, "utf8")) as Record<string, unknown>;
const validator = new Validator(schema, "4", false);

/** The schema's errors for `log`, and errata 01's region rule, as `location: error` lines; empty when valid. */
export function sarifErrors(log: unknown): string[] {
  const errors = validator.validate(log).errors.map((error) => `${error.instanceLocation}: ${error.error}`);
  return [...errors, ...regionErrors(log, "#")];
}

function regionErrors(value: unknown, at: string): string[] {
  if (!value || typeof value !== "object") return [];
  const found: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    const path = `${at}/${key}`;
    if ((key === "region" || key === "contextRegion") && child && typeof child === "object" && !["startLine", "charOffset", "byteOffset"].some((name) => name in child)) {
      found.push(`${path}: a region needs startLine, charOffset or byteOffset (SARIF 2.1.0 errata 01)`);
    }
    found.push(...regionErrors(child, path));
  }
  return found;
}
