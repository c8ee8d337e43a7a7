/**
 * The JSON Schema of the shared settings: `settings["mcp-guard"]` in ESLint, the same keys in the
 * tsserver plugin's tsconfig entry. The one source for what a setting may be: both front ends validate
 * with it (json-schema.ts), settings.ts reads what it accepts, and the README's settings section is
 * generated from it (`npm run docs:update`). Descriptions are Markdown, written for that section.
 */

/** A name as JavaScript writes it: a declared base class, a member. */
export const IDENTIFIER_PATTERN = "^[A-Za-z_$][\\w$]*$";
/** A function or method name, or a dotted tail of one (`toolkit.add`). */
export const CALLEE_PATTERN = "^[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)*$";

const argumentIndex = { type: "integer", minimum: 0 } as const;
const propertyName = { type: "string", minLength: 1 } as const;
const argumentOrProperty = (what: string, note = "") => ({
  anyOf: [argumentIndex, propertyName],
  description: `${what}: an argument index, or a property name of the \`options\` argument.${note}`,
});
// A `title` is a noun phrase: an error message's "expected …" where the pattern alone would say it
// badly, and the name of an entry form in the README.
const identifier = { type: "string", pattern: IDENTIFIER_PATTERN, title: "an identifier" } as const;
const member = (what: string, note = "") => ({ ...identifier, description: `The subclass's member that holds ${what} (an identifier).${note}` });
const strict = (who: string) => ({
  type: "boolean",
  description: `\`true\` when the ${who} validates the top level strictly itself (\`.strict()\`, \`z.strictObject(shape)\`): an open top level is then not reported.`,
});
/** Without a schema or a handler there is nothing to judge, so the entry would be a silent no-op. */
const schemaOrHandler = [{ required: ["schema"] }, { required: ["handler"] }];

export const declaredCallSchema = {
  title: "a declared call",
  description: "An in-house helper that registers one tool per call, such as `registerAccountTool(name, schema, handler)`.",
  type: "object",
  properties: {
    callee: {
      type: "string",
      pattern: CALLEE_PATTERN,
      title: "a function or method name, or a dotted tail of one (toolkit.add)",
      description: "The function or method name, or a dotted tail the callee must end with (`\"toolkit.add\"` matches `this.toolkit.add(…)`).",
    },
    options: { ...argumentIndex, default: 0, description: "The index of the options-object argument whose properties the string fields name." },
    name: argumentOrProperty("The tool's name"),
    schema: argumentOrProperty("The input schema (a zod or Standard schema, or a raw shape)"),
    handler: argumentOrProperty("The handler"),
    annotations: argumentOrProperty("The annotations", " Leave it out when the helper adds them: they are then not judged."),
    strict: strict("helper"),
  },
  required: ["callee"],
  additionalProperties: false,
  anyOf: schemaOrHandler,
} as const;

export const declaredClassSchema = {
  title: "a declared base class",
  description: "A base class, out of the analysis's sight, that registers each concrete subclass as a tool.",
  type: "object",
  properties: {
    baseClass: { ...identifier, description: "The base class's name as its module exports it, an identifier: `extends kit.ToolBase` and renamed imports match it." },
    name: member("the tool's name"),
    schema: member("the input schema"),
    handler: member("the handler"),
    annotations: member("the annotations", " Leave it out when the base class adds them: they are then not judged."),
    strict: strict("base class"),
  },
  required: ["baseClass"],
  additionalProperties: false,
  anyOf: schemaOrHandler,
} as const;

export const settingsSchema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  properties: {
    zodModules: {
      type: "array",
      items: { type: "string", minLength: 1 },
      default: [],
      description:
        "Extra modules that re-export zod, such as an in-house `@acme/schema`; schemas built from their exports are read as zod. (`zod`, `zod/v3`, `zod/v4`, `zod/mini`, `zod/v4-mini` and `@zod/mini` are always recognised.)",
    },
    sanitizers: {
      type: "array",
      items: { type: "string", minLength: 1 },
      default: [],
      description: "Functions that turn an error into text safe to show the model (`toSafeMessage(error)`); their results carry nothing for `no-raw-error-in-result`.",
    },
    zodVersion: {
      enum: [3, 4],
      description:
        "The major version behind a bare `import … from \"zod\"`. By default it is read from the `zod` installed next to the linted file (zod 3.25's bare `zod` is the v3 API, which keeps a `.catchall()` through `.strict()`).",
    },
    registrations: {
      type: "array",
      // An entry is a declared base class when it names one, and a declared call otherwise, so that each
      // problem is reported against the form the user wrote rather than as "matches no form".
      items: { if: { type: "object", required: ["baseClass"] }, then: declaredClassSchema, else: declaredCallSchema },
      default: [],
      description:
        "In-house registration helpers and base classes the analysis cannot see into. See [docs/wrappers.md](docs/wrappers.md#declared-registrations-settingsmcp-guardregistrations) and [docs/class-tools.md](docs/class-tools.md#declared-base-classes).",
    },
  },
  additionalProperties: false,
} as const;

export type SettingsSchema = typeof settingsSchema;
