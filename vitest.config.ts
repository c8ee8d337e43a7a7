import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, "test/fixtures/**"],
    setupFiles: ["./test/setup-rule-tester.ts"],
    // A shared folder where the e2e suites' packed plugin is built once per run (test/e2e/shared-pack.ts).
    globalSetup: ["./test/global-setup.ts"],
    testTimeout: 60_000,
    // The plugin swallows engine errors in users' runs; tests must see them.
    env: { MCP_GUARD_STRICT_ERRORS: "1" },
    reporters: ["default"],
  },
});
