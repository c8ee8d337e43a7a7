// Acme's shared settings for mcp-guard: the keys of settings["mcp-guard"] (README, "Shared settings").
// Exported on their own too, for a repository that builds its own config around them.
export const settings = {
  // toSafeMessage(error) (in each service's errors.ts) returns text that is safe to show the model.
  sanitizers: ["toSafeMessage"],
  // The in-house zod wrapper re-exports zod.
  zodModules: ["@acme/schema"],
};
