// Binds @typescript-eslint/rule-tester's RuleTester to vitest's test API.
// Listed in vitest.config.ts `setupFiles`, so every test file gets it.
import { RuleTester } from "@typescript-eslint/rule-tester";
import { afterAll, describe, it } from "vitest";

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
