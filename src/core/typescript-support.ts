/**
 * Whether a `typescript` module has the JavaScript API the engine runs on. TypeScript 7 (the native
 * port, npm's `latest` since July 2026) ships none: its main export holds only the version, and it
 * has no tsserver. Both front ends say so in the same words.
 */

/** The fix both front ends name: TypeScript 6 has the JavaScript API and tsserver. */
export const INSTALL_TYPESCRIPT_6 = "npm install -D typescript@~6.0";

/** The major version of a TypeScript version string, or undefined for something else. */
export function typeScriptMajor(version: unknown): number | undefined {
  const major = typeof version === "string" ? Number.parseInt(version, 10) : Number.NaN;
  return Number.isNaN(major) ? undefined : major;
}

/** What is wrong with this `typescript` module, or undefined when its API is there. */
export function missingTypeScriptApi(t: { version?: unknown; createSourceFile?: unknown } | undefined): string | undefined {
  if (typeof t?.createSourceFile === "function") return undefined;
  const version = typeof t?.version === "string" ? t.version : "of unknown version";
  const major = typeScriptMajor(t?.version);
  return major === 7
    ? `the "typescript" package it loads is TypeScript ${version}, and TypeScript 7 has no JavaScript API`
    : `the "typescript" package it loads (${version}) has no JavaScript API`;
}
