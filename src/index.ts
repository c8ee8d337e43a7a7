import { plugin } from "./eslint/plugin.js";

export type { McpGuardPlugin } from "./eslint/plugin.js";
export default plugin;
