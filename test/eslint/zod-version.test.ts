import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { installedZodMajor } from "../../src/eslint/zod-version.js";

function installZod(root: string, version: string): void {
  mkdirSync(join(root, "node_modules", "zod"), { recursive: true });
  writeFileSync(join(root, "node_modules", "zod", "package.json"), JSON.stringify({ name: "zod", version }));
}

describe("installedZodMajor", () => {
  it("finds the zod installed nearest to the file, as Node's lookup does", () => {
    const root = mkdtempSync(join(tmpdir(), "mcp-guard-zod-"));
    installZod(root, "3.25.76");
    installZod(join(root, "packages", "next"), "4.1.12");
    mkdirSync(join(root, "src", "tools", "search"), { recursive: true });
    mkdirSync(join(root, "packages", "next", "src"), { recursive: true });
    expect(installedZodMajor(join(root, "src", "tools", "search", "tool.ts"))).toBe(3);
    expect(installedZodMajor(join(root, "src", "index.ts"))).toBe(3);
    expect(installedZodMajor(join(root, "packages", "next", "src", "index.ts"))).toBe(4);
  });

  it("is undefined where no zod is installed or its manifest cannot be read", () => {
    const bare = mkdtempSync(join(tmpdir(), "mcp-guard-nozod-"));
    expect(installedZodMajor(join(bare, "a", "b", "index.ts"))).toBe(undefined);
    const broken = mkdtempSync(join(tmpdir(), "mcp-guard-badzod-"));
    mkdirSync(join(broken, "node_modules", "zod"), { recursive: true });
    writeFileSync(join(broken, "node_modules", "zod", "package.json"), "{ not json");
    expect(installedZodMajor(join(broken, "index.ts"))).toBe(undefined);
  });
});
