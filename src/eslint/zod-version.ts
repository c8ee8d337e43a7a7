import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const byDirectory = new Map<string, 3 | 4 | undefined>();

/**
 * The major version of the `zod` a file would import, read from the installed package. zod 3.25's
 * bare `zod` is the v3 API, and v3 keeps a catchall through `.strict()`, so the answer matters.
 */
export function installedZodMajor(filename: string): 3 | 4 | undefined {
  return majorFrom(dirname(filename));
}

/**
 * The `node_modules/zod` that Node's lookup finds from a directory: its own, or its parent's answer. Each
 * directory is asked once, so a server with a folder per tool reads one manifest, not one per folder.
 */
function majorFrom(directory: string): 3 | 4 | undefined {
  if (byDirectory.has(directory)) return byDirectory.get(directory);
  let major: 3 | 4 | undefined;
  const manifestPath = join(directory, "node_modules", "zod", "package.json");
  if (existsSync(manifestPath)) {
    try {
      const version = (JSON.parse(readFileSync(manifestPath, "utf8")) as { version?: string }).version ?? "";
      major = version.startsWith("3.") ? 3 : version.startsWith("4.") ? 4 : undefined;
    } catch {
      major = undefined;
    }
  } else {
    const parent = dirname(directory);
    major = parent === directory ? undefined : majorFrom(parent);
  }
  byDirectory.set(directory, major);
  return major;
}
