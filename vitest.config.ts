import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, "test/fixtures/**"],
    setupFiles: ["./test/setup-rule-tester.ts"],
    testTimeout: 60_000,
    // The plugin swallows engine errors in users' runs; tests must see them.
    env: { MCP_GUARD_STRICT_ERRORS: "1" },
    reporters: ["default"],
  },
});
