import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Files that lint the typed fixture through typescript-eslint's project service, whose state (one service
 * per tsconfigRootDir, holding the text of the files a case linted) is module-level: each gets fresh modules.
 */
const ISOLATED = [
  "test/typed/**/*.test.ts",
  "test/rules/typed-*.test.ts",
  "test/rules/class-tools-typed.test.ts",
  "test/robustness/**/*.test.ts",
  "test/ts-plugin/safety.test.ts",
];

export default defineConfig({
  test: {
    // Each project names its files (a project's include adds to the root's, so the root has none).
    exclude: [...configDefaults.exclude, "test/fixtures/**"],
    setupFiles: ["./test/setup-rule-tester.ts"],
    // A shared folder where the e2e suites' packed plugin is built once per run (test/e2e/shared-pack.ts).
    globalSetup: ["./test/global-setup.ts"],
    testTimeout: 60_000,
    // vitest's default is one worker fewer than the cores: one worker on a 2-core machine.
    maxWorkers: Math.max(availableParallelism(), 2),
    // The plugin swallows engine errors in users' runs; tests must see them.
    env: { MCP_GUARD_STRICT_ERRORS: "1" },
    reporters: ["default"],
    projects: [
      {
        extends: true,
        // The other files share a worker's module cache: typescript, eslint and the plugin are imported once
        // per worker, not once per file (imports and setup were a third of the suite's time).
        test: { name: "shared", isolate: false, include: ["test/**/*.test.ts"], exclude: ISOLATED },
      },
      { extends: true, test: { name: "isolated", include: ISOLATED } },
    ],
  },
});
