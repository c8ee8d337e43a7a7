/**
 * Regression (issue 14 item 7): a file starting with a shebang (`#!/usr/bin/env node`, typical of a server's
 * entry) lost typed analysis, because ESLint blanks the shebang in its text and source-file.ts compared that
 * text with TypeScript's. `ExternalOpen` is known only from lib/external.d.ts: only typed analysis sees it.
 */
import { describe, expect, it } from "vitest";
import { sameText } from "../../src/core/program-equivalence.js";
import { pluginRule } from "../rules/helpers.js";
import { typedRuleTester } from "../rules/typed-helpers.js";

const strictObjects = pluginRule<"declaredOpen">("require-strict-objects");

const body = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ExternalOpen, ExternalStrict } from "./lib/external.js";
const server = new McpServer({ name: "entry", version: "1.0.0" });
server.registerTool("open", { inputSchema: ExternalOpen, annotations: { readOnlyHint: true } }, async () => ({ content: [] }));
`;

typedRuleTester.run("typed analysis of a file with a shebang", strictObjects, {
  valid: [
    {
      name: "with a shebang, a strict schema from a declaration file",
      filename: "file.ts",
      code: `#!/usr/bin/env node\n${body.replace("inputSchema: ExternalOpen", "inputSchema: ExternalStrict")}`,
    },
  ],
  invalid: [
    { name: "without a shebang (the baseline)", filename: "file.ts", code: body, errors: [{ messageId: "declaredOpen", line: 4, column: 44 }] },
    { name: "with a shebang: still typed", filename: "file.ts", code: `#!/usr/bin/env node\n${body}`, errors: [{ messageId: "declaredOpen", line: 5, column: 44 }] },
    { name: "with a shebang and CRLF line ends", filename: "file.ts", code: `#!/usr/bin/env node\r\n${body.replaceAll("\n", "\r\n")}`, errors: [{ messageId: "declaredOpen", line: 5, column: 44 }] },
  ],
});

describe("sameText", () => {
  it("accepts ESLint's blanked shebang of the same length, and nothing else", () => {
    expect(sameText("#!/usr/bin/env node\nx", "///usr/bin/env node\nx")).toBe(true);
    expect(sameText("///usr/bin/env node\r\nx", "#!/usr/bin/env node\r\nx")).toBe(true);
    expect(sameText("#!/usr/bin/env node", "///usr/bin/env node")).toBe(true);
    expect(sameText("#!/usr/bin/env node\nx", "///usr/bin/env node\ny")).toBe(false);
    expect(sameText("#!/usr/bin/env node\nx", "///usr/bin/env deno\nx")).toBe(false);
    expect(sameText("a\nx", "b\nx")).toBe(false);
    expect(sameText("#!/usr/bin/env node\nx", "///usr/bin/env nod\nxx")).toBe(false);
  });
});
