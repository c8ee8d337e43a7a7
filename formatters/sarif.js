// ESLint's --format takes a path: `--format ./node_modules/eslint-plugin-mcp-guard/formatters/sarif.js`.
// The formatter itself is built from src/formatters/sarif.ts; see docs/ci.md.
export { default } from "../dist/src/formatters/sarif.js";
