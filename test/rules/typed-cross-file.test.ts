/**
 * Rules under typed linting, with cases linted as the fixture project's scratch file (test/fixtures/typed/file.ts)
 * so that they import the project's real modules: schemas, re-exports, factories, handlers, annotations and
 * declaration-only schemas in other files.
 */
import { readFileSync } from "node:fs";
import { pluginRule } from "./helpers.js";
import { typedRuleTester } from "./typed-helpers.js";

const strictObjects = pluginRule<string>("require-strict-objects");
const stringBounds = pluginRule<string>("require-string-bounds");
const annotations = pluginRule<string>("require-tool-annotations");
const identity = pluginRule<string>("no-identity-in-args");
const rawError = pluginRule<string>("no-raw-error-in-result");

const HEADER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "case", version: "1.0.0" });
`;

typedRuleTester.run("require-strict-objects (typed, across files)", strictObjects, {
  valid: [
    // The open object is written in schemas.ts: it is reported there, not at this use.
    { filename: "file.ts", code: `${HEADER}import { OpenSchema } from "./schemas.js";\nserver.registerTool("a", { inputSchema: OpenSchema }, async () => ({ content: [] }));\n` },
    // Through two re-exports, renamed.
    { filename: "file.ts", code: `${HEADER}import { ReexportedOpen } from "./barrel.js";\nserver.registerTool("a", { inputSchema: ReexportedOpen }, async () => ({ content: [] }));\n` },
    // A namespace import of a re-export module.
    { filename: "file.ts", code: `${HEADER}import * as schemas from "./reexport.js";\nserver.registerTool("a", { inputSchema: schemas.StrictSchema }, async () => ({ content: [] }));\n` },
    // The factory closes the object it builds.
    { filename: "file.ts", code: `${HEADER}import { paginated } from "./schemas.js";\nserver.registerTool("a", { inputSchema: paginated({ q: z.string().max(10) }) }, async () => ({ content: [] }));\n` },
    // Strict by its declared type (zod 4 $strict, zod 3 "strict").
    { filename: "file.ts", code: `${HEADER}import { ExternalStrict, ExternalV3Strict } from "./lib/external.js";\nserver.registerTool("a", { inputSchema: ExternalStrict }, async () => ({ content: [] }));\nserver.registerTool("b", { inputSchema: ExternalV3Strict }, async () => ({ content: [] }));\n` },
    // A declared open object made strict at the use.
    { filename: "file.ts", code: `${HEADER}import { ExternalOpen } from "./lib/external.js";\nserver.registerTool("a", { inputSchema: ExternalOpen.strict() }, async () => ({ content: [] }));\n` },
  ],
  invalid: [
    {
      // `.shape` of an imported strict schema: the SDK wraps it in a stripping object, here.
      filename: "file.ts",
      code: `${HEADER}import { StrictSchema } from "./schemas.js";\nserver.registerTool("a", { inputSchema: StrictSchema.shape }, async () => ({ content: [] }));\n`,
      errors: [
        {
          messageId: "rawShape", line: 5, column: 41, endLine: 5, endColumn: 59,
          suggestions: [{ messageId: "wrapStrictObject", output: `${HEADER}import { StrictSchema } from "./schemas.js";\nserver.registerTool("a", { inputSchema: z.strictObject(StrictSchema.shape) }, async () => ({ content: [] }));\n` }],
        },
      ],
    },
    {
      // An imported raw shape, through a re-export.
      filename: "file.ts",
      code: `${HEADER}import { searchShape } from "./reexport.js";\nserver.registerTool("a", { inputSchema: searchShape }, async () => ({ content: [] }));\n`,
      errors: [
        {
          messageId: "rawShape", line: 5, column: 41, endLine: 5, endColumn: 52,
          suggestions: [{ messageId: "wrapStrictObject", output: `${HEADER}import { searchShape } from "./reexport.js";\nserver.registerTool("a", { inputSchema: z.strictObject(searchShape) }, async () => ({ content: [] }));\n` }],
        },
      ],
    },
    {
      // Open by its declared type: zod 4 $strip and $loose, zod 3 "strip"; reported at the use.
      filename: "file.ts",
      code: `${HEADER}import { ExternalLoose, ExternalOpen, ExternalV3Open } from "./lib/external.js";\nserver.registerTool("a", { inputSchema: ExternalOpen }, async () => ({ content: [] }));\nserver.registerTool("b", { inputSchema: ExternalLoose }, async () => ({ content: [] }));\nserver.registerTool("c", { inputSchema: ExternalV3Open }, async () => ({ content: [] }));\n`,
      errors: [
        { messageId: "declaredOpen", line: 5, column: 41, endLine: 5, endColumn: 53 },
        { messageId: "declaredOpen", line: 6, column: 41, endLine: 6, endColumn: 54 },
        { messageId: "declaredOpen", line: 7, column: 41, endLine: 7, endColumn: 55 },
      ],
    },
    {
      // An object written here that extends an imported strict one: extend keeps the mode, so the nested
      // open object written here is what is reported.
      filename: "file.ts",
      code: `${HEADER}import { StrictSchema } from "./schemas.js";\nserver.registerTool("a", { inputSchema: StrictSchema.extend({ meta: z.object({ k: z.string().max(5) }) }) }, async () => ({ content: [] }));\n`,
      errors: [
        {
          messageId: "zodObject", line: 5, column: 69, endLine: 5, endColumn: 77,
          suggestions: [
            { messageId: "useStrictObject", output: `${HEADER}import { StrictSchema } from "./schemas.js";\nserver.registerTool("a", { inputSchema: StrictSchema.extend({ meta: z.strictObject({ k: z.string().max(5) }) }) }, async () => ({ content: [] }));\n` },
            { messageId: "appendStrict", output: `${HEADER}import { StrictSchema } from "./schemas.js";\nserver.registerTool("a", { inputSchema: StrictSchema.extend({ meta: z.object({ k: z.string().max(5) }).strict() }) }, async () => ({ content: [] }));\n` },
          ],
        },
      ],
    },
  ],
});

typedRuleTester.run("wrappers in another file (typed)", strictObjects, {
  valid: [
    // The wrapper's own registration (wrappers.ts) takes its schema from a parameter: nothing to judge there.
    { filename: "wrappers.ts", code: readFileSync(new URL("../fixtures/typed/wrappers.ts", import.meta.url), "utf8") },
    { filename: "file.ts", code: `${HEADER}import { accountTool } from "./wrappers.js";\naccountTool(server, "send", z.strictObject({ to: z.string().max(5) }), async () => ({ content: [] }));\n` },
  ],
  invalid: [
    {
      // Each call of an imported wrapper registers a tool, judged here where its schema is written.
      filename: "file.ts",
      code: `${HEADER}import { accountTool, defineTool } from "./wrappers.js";\naccountTool(server, "send", z.object({ to: z.string().max(5) }), async () => ({ content: [] }));\ndefineTool(server, { name: "list", inputSchema: z.object({ q: z.string() }), handler: async () => ({ content: [] }) });\n`,
      errors: [
        {
          messageId: "zodObject", line: 5, column: 29, endLine: 5, endColumn: 37,
          suggestions: [
            { messageId: "useStrictObject", output: `${HEADER}import { accountTool, defineTool } from "./wrappers.js";\naccountTool(server, "send", z.strictObject({ to: z.string().max(5) }), async () => ({ content: [] }));\ndefineTool(server, { name: "list", inputSchema: z.object({ q: z.string() }), handler: async () => ({ content: [] }) });\n` },
            { messageId: "appendStrict", output: `${HEADER}import { accountTool, defineTool } from "./wrappers.js";\naccountTool(server, "send", z.object({ to: z.string().max(5) }).strict(), async () => ({ content: [] }));\ndefineTool(server, { name: "list", inputSchema: z.object({ q: z.string() }), handler: async () => ({ content: [] }) });\n` },
          ],
        },
        {
          messageId: "zodObject", line: 6, column: 49, endLine: 6, endColumn: 57,
          suggestions: [
            { messageId: "useStrictObject", output: `${HEADER}import { accountTool, defineTool } from "./wrappers.js";\naccountTool(server, "send", z.object({ to: z.string().max(5) }), async () => ({ content: [] }));\ndefineTool(server, { name: "list", inputSchema: z.strictObject({ q: z.string() }), handler: async () => ({ content: [] }) });\n` },
            { messageId: "appendStrict", output: `${HEADER}import { accountTool, defineTool } from "./wrappers.js";\naccountTool(server, "send", z.object({ to: z.string().max(5) }), async () => ({ content: [] }));\ndefineTool(server, { name: "list", inputSchema: z.object({ q: z.string() }).strict(), handler: async () => ({ content: [] }) });\n` },
          ],
        },
      ],
    },
  ],
});

const RENAMED = `${HEADER}import { accountTool as registerAccountTool } from "./wrappers.js";\nregisterAccountTool(server, "send", z.object({ to: z.string().max(5) }), async () => ({ content: [] }));\n`;
const DEFAULT_IMPORT = `${HEADER}import addEchoTool from "./wrappers.js";\naddEchoTool(server, "echo", z.object({ to: z.string().max(5) }), async () => ({ content: [] }));\n`;
const NAMESPACED = `${HEADER}import * as wrappers from "./wrappers.js";\nwrappers.accountTool(server, "send", z.object({ to: z.string().max(5) }), async () => ({ content: [] }));\n`;

// Regression: a wrapper imported under another name (renamed or default import), or called through a namespace import, was not matched.
typedRuleTester.run("wrappers in another file, renamed or namespaced (typed)", strictObjects, {
  valid: [
    { filename: "file.ts", code: RENAMED.replace("z.object(", "z.strictObject(") },
    { filename: "file.ts", code: NAMESPACED.replace("z.object(", "z.strictObject(") },
    { filename: "file.ts", code: DEFAULT_IMPORT.replace("z.object(", "z.strictObject(") },
  ],
  invalid: [
    {
      filename: "file.ts",
      code: RENAMED,
      errors: [
        {
          messageId: "zodObject", line: 5, column: 37, endLine: 5, endColumn: 45,
          suggestions: [
            { messageId: "useStrictObject", output: RENAMED.replace("z.object(", "z.strictObject(") },
            { messageId: "appendStrict", output: RENAMED.replace("}), async", "}).strict(), async") },
          ],
        },
      ],
    },
    {
      filename: "file.ts",
      code: NAMESPACED,
      errors: [
        {
          messageId: "zodObject", line: 5, column: 38, endLine: 5, endColumn: 46,
          suggestions: [
            { messageId: "useStrictObject", output: NAMESPACED.replace("z.object(", "z.strictObject(") },
            { messageId: "appendStrict", output: NAMESPACED.replace("}), async", "}).strict(), async") },
          ],
        },
      ],
    },
    {
      filename: "file.ts",
      code: DEFAULT_IMPORT,
      errors: [
        {
          messageId: "zodObject", line: 5, column: 29, endLine: 5, endColumn: 37,
          suggestions: [
            { messageId: "useStrictObject", output: DEFAULT_IMPORT.replace("z.object(", "z.strictObject(") },
            { messageId: "appendStrict", output: DEFAULT_IMPORT.replace("}), async", "}).strict(), async") },
          ],
        },
      ],
    },
  ],
});

typedRuleTester.run("require-tool-annotations through a wrapper in another file (typed)", annotations, {
  valid: [
    { filename: "file.ts", code: `${HEADER}import { defineTool } from "./wrappers.js";\nimport { readOnly } from "./schemas.js";\ndefineTool(server, { name: "list", inputSchema: z.strictObject({ q: z.string() }), annotations: readOnly, handler: async () => ({ content: [] }) });\n` },
  ],
  invalid: [
    {
      filename: "file.ts",
      code: `${HEADER}import { defineTool } from "./wrappers.js";\ndefineTool(server, { name: "list", inputSchema: z.strictObject({ q: z.string() }), handler: async () => ({ content: [] }) });\n`,
      errors: [
        {
          messageId: "missingAnnotations", line: 5, column: 28, endLine: 5, endColumn: 34,
          // The defaults are written into the options object at the call, where the tool is defined.
          suggestions: [{ messageId: "insertDefaults", output: `${HEADER}import { defineTool } from "./wrappers.js";\ndefineTool(server, { name: "list", inputSchema: z.strictObject({ q: z.string() }), handler: async () => ({ content: [] }), annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true } });\n` }],
        },
      ],
    },
  ],
});

typedRuleTester.run("require-string-bounds (typed, across files)", stringBounds, {
  valid: [
    // OpenSchema's unbounded string is written in schemas.ts.
    { filename: "file.ts", code: `${HEADER}import { OpenSchema } from "./schemas.js";\nserver.registerTool("a", { inputSchema: OpenSchema }, async () => ({ content: [] }));\n` },
  ],
  invalid: [
    {
      // The factory's parameter is this call's shape: its unbounded string is written here.
      filename: "file.ts",
      code: `${HEADER}import { paginated } from "./schemas.js";\nserver.registerTool("a", { inputSchema: paginated({ q: z.string() }) }, async () => ({ content: [] }));\n`,
      errors: [
        {
          messageId: "unbounded", line: 5, column: 56, endLine: 5, endColumn: 64,
          suggestions: [{ messageId: "addMax", output: `${HEADER}import { paginated } from "./schemas.js";\nserver.registerTool("a", { inputSchema: paginated({ q: z.string().max(1000) }) }, async () => ({ content: [] }));\n` }],
        },
      ],
    },
  ],
});

typedRuleTester.run("require-tool-annotations (typed, across files)", annotations, {
  valid: [
    // Annotations imported from schemas.ts, directly and through a namespace import.
    { filename: "file.ts", code: `${HEADER}import { readOnly } from "./schemas.js";\nserver.registerTool("a", { inputSchema: z.strictObject({ q: z.string() }), annotations: readOnly }, async () => ({ content: [] }));\n` },
    { filename: "file.ts", code: `${HEADER}import * as s from "./reexport.js";\nserver.registerTool("a", { inputSchema: z.strictObject({ q: z.string() }), annotations: s.readOnly }, async () => ({ content: [] }));\n` },
  ],
  invalid: [],
});

typedRuleTester.run("no-identity-in-args (typed, across files)", identity, {
  valid: [],
  invalid: [
    {
      // The handler lives in handlers.ts and reads args.tenantId; the field is declared here.
      filename: "file.ts",
      code: `${HEADER}import { listInvoices } from "./handlers.js";\nserver.registerTool("a", { inputSchema: z.strictObject({ tenantId: z.string().max(64), status: z.string().max(9) }) }, listInvoices);\n`,
      errors: [{ messageId: "identityInSchema", line: 5, column: 58, endLine: 5, endColumn: 66 }],
    },
  ],
});

typedRuleTester.run("no-raw-error-in-result (typed, across files)", rawError, {
  valid: [
    // fetchPage's raw error is in handlers.ts: reported when that file is linted, not here.
    { filename: "file.ts", code: `${HEADER}import { fetchPage } from "./handlers.js";\nserver.registerTool("a", { inputSchema: z.strictObject({ url: z.string().max(99) }) }, fetchPage);\n` },
  ],
  invalid: [],
});
