import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";

const byDirectory = new Map<string, 3 | 4 | undefined>();

/**
 * The major version of the `zod` a file would import, read from the installed package. zod 3.25's
 * bare `zod` is the v3 API, and v3 keeps a catchall through `.strict()`, so the answer matters.
 */
export function installedZodMajor(filename: string): 3 | 4 | undefined {
  const directory = dirname(filename);
  if (byDirectory.has(directory)) return byDirectory.get(directory);
  let major: 3 | 4 | undefined;
  try {
    const manifestPath = createRequire(filename).resolve("zod/package.json");
    const version = (JSON.parse(readFileSync(manifestPath, "utf8")) as { version?: string }).version ?? "";
    major = version.startsWith("3.") ? 3 : version.startsWith("4.") ? 4 : undefined;
  } catch {
    major = undefined;
  }
  byDirectory.set(directory, major);
  return major;
}
