/**
 * OpenAI Agents (`@openai/agents`): `tool({ name, description, parameters, execute, errorFunction })` with a
 * zod object or a JSON Schema object. The identity source is `runContext.context`. A thrown error reaches the
 * model through the errorFunction: the default one sends "An error occurred while running the tool. Please try
 * again. Error: <error>" (agents-core tool.ts, defaultToolErrorFunction), a custom one sends what it returns,
 * and `errorFunction: null` rethrows. OpenAI Agents has no tool annotations.
 */
import { pluginRule, replaceOnce, ruleTester } from "./helpers.js";

const strictObjects = pluginRule<string>("require-strict-objects");
const identityInArgs = pluginRule<string>("no-identity-in-args");
const rawErrors = pluginRule<string>("no-raw-error-in-result");
const annotations = pluginRule<string>("require-tool-annotations");

/** OpenAI Agents with zod v4 classic. */
const OA = `import { tool } from "@openai/agents";
import { z } from "zod";
const fetchWeather = async (city: string) => city;
`;

const oaStrict = `${OA}export const weather = tool({
  name: "get_weather",
  description: "Weather for a city",
  parameters: z.strictObject({ city: z.string().max(80) }),
  execute: async ({ city }) => fetchWeather(city),
});
`;
const oaOpen = `${OA}export const weather = tool({
  name: "get_weather",
  description: "Weather for a city",
  parameters: z.object({ city: z.string().max(80) }),
  execute: async ({ city }) => fetchWeather(city),
});
`;
const oaJsonClosed = `${OA}export const weather = tool({
  name: "get_weather",
  description: "Weather for a city",
  parameters: { type: "object", properties: { city: { type: "string", maxLength: 80 } }, required: ["city"], additionalProperties: false },
  strict: true,
  execute: async (input: any) => fetchWeather(input.city),
});
`;
const oaJsonOpen = `${OA}const parameters = { type: "object", properties: { city: { type: "string", maxLength: 80 } }, required: ["city"] };
export const weather = tool({
  description: "Weather for a city; the tool is named after execute",
  parameters,
  strict: false,
  execute: async function getWeather(input: any) { return fetchWeather(input.city); },
});
`;
const oaIdentity = `${OA}export const orders = tool({
  name: "list_orders",
  description: "Orders of the caller",
  parameters: z.strictObject({ customerId: z.string().max(40), userId: z.string().max(40) }),
  execute: async ({ customerId }) => customerId,
});
`;
const oaContext = `${OA}export const orders = tool({
  name: "list_orders",
  description: "Orders of the caller",
  parameters: z.strictObject({ customerId: z.string().max(40) }),
  execute: async ({ customerId }, runContext: any) => [customerId, runContext.context.userId],
});
`;
const oaThrownDefault = `${OA}export const weather = tool({
  name: "get_weather",
  description: "Weather for a city",
  parameters: z.strictObject({ city: z.string().max(80) }),
  execute: async ({ city }) => {
    try {
      return await fetchWeather(city);
    } catch (e) {
      throw new Error(\`Weather lookup failed: \${e}\`);
    }
  },
});
`;
const oaThrownCustom = `${OA}export const weather = tool({
  name: "get_weather",
  description: "Weather for a city",
  parameters: z.strictObject({ city: z.string().max(80) }),
  execute: async ({ city }) => {
    try {
      return await fetchWeather(city);
    } catch (e) {
      throw new Error(\`Weather lookup failed: \${e}\`);
    }
  },
  errorFunction: (_context, error) => {
    console.error(error);
    return "The weather service is unavailable.";
  },
});
`;
const oaThrownNull = `${OA}export const weather = tool({
  name: "get_weather",
  description: "Weather for a city",
  parameters: z.strictObject({ city: z.string().max(80) }),
  execute: async ({ city }) => {
    try {
      return await fetchWeather(city);
    } catch (e) {
      throw new Error(\`Weather lookup failed: \${e}\`);
    }
  },
  errorFunction: null,
});
`;
const oaErrorFunction = `${OA}export const weather = tool({
  name: "get_weather",
  description: "Weather for a city",
  parameters: z.strictObject({ city: z.string().max(80) }),
  execute: async ({ city }) => fetchWeather(city),
  errorFunction: (_context, error) => {
    return \`Weather lookup failed: \${(error as Error).message}\`;
  },
});
`;

ruleTester.run("require-strict-objects", strictObjects, {
  valid: [
    { name: "a z.strictObject() as parameters", code: oaStrict },
    { name: "JSON Schema parameters with additionalProperties: false", code: oaJsonClosed },
  ],
  invalid: [
    {
      name: "a z.object() as parameters",
      code: oaOpen,
      errors: [
        {
          messageId: "zodObject", line: 7, column: 15, endLine: 7, endColumn: 23,
          data: { where: "the input of tool \"get_weather\"" },
          suggestions: [
            { messageId: "useStrictObject", output: replaceOnce(oaOpen, "z.object", "z.strictObject") },
            { messageId: "appendStrict", output: replaceOnce(oaOpen, ") }),\n  ", ") }).strict(),\n  ") },
          ],
        },
      ],
    },
    {
      name: "JSON Schema parameters in a const, without additionalProperties: false; the tool is named after execute",
      code: oaJsonOpen,
      errors: [
        {
          messageId: "jsonMissing", line: 4, column: 22, endLine: 4, endColumn: 36,
          data: { where: "the input of tool \"getWeather\"" },
          suggestions: [
            { messageId: "setAdditionalFalse", output: replaceOnce(oaJsonOpen, "required", "additionalProperties: false, required") },
          ],
        },
      ],
    },
  ],
});

ruleTester.run("no-identity-in-args", identityInArgs, {
  valid: [
    { name: "the caller read from runContext.context; a customer id is a resource id", code: oaContext },
  ],
  invalid: [
    {
      name: "a user id in the parameters names runContext.context",
      code: oaIdentity,
      errors: [
        {
          messageId: "identityInSchema", line: 7, column: 64, endLine: 7, endColumn: 70,
          data: { others: "", tool: "list_orders", kind: "identity", field: "userId", source: "runContext.context" },
          suggestions: [],
        },
      ],
    },
  ],
});

ruleTester.run("no-raw-error-in-result", rawErrors, {
  valid: [
    { name: "a custom errorFunction that returns a fixed text decides what the model sees of a thrown error", code: oaThrownCustom },
    { name: "errorFunction: null rethrows, so the thrown message never reaches the model", code: oaThrownNull },
  ],
  invalid: [
    {
      name: "without errorFunction, the default one sends the thrown message to the model",
      code: oaThrownDefault,
      errors: [
        {
          messageId: "rawError", line: 12, column: 23, endLine: 12, endColumn: 52,
          data: { part: "text", sink: "a thrown error's message, which OpenAI Agents sends to the model" },
          suggestions: [
            { messageId: "useFixedText", output: replaceOnce(oaThrownDefault, "throw new Error(`Weather lookup failed: ${e}`", "console.error(e);\n      throw new Error(\"The tool failed. The details are in the server log.\"") },
          ],
        },
      ],
    },
    {
      name: "an errorFunction that returns the error's message",
      code: oaErrorFunction,
      errors: [
        {
          messageId: "rawError", line: 10, column: 12, endLine: 10, endColumn: 64,
          data: { part: "message", sink: "the errorFunction's result, which OpenAI Agents sends to the model" },
          suggestions: [
            { messageId: "useFixedText", output: replaceOnce(oaErrorFunction, "return `Weather lookup failed: ${(error as Error).message}`", "console.error(error);\n    return \"The tool failed. The details are in the server log.\"") },
          ],
        },
      ],
    },
  ],
});

ruleTester.run("require-tool-annotations", annotations, {
  valid: [
    { name: "OpenAI Agents tools have no annotations", code: oaStrict },
  ],
  invalid: [
  ],
});
