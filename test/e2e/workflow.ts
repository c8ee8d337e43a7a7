/**
 * The GitHub Actions workflow of docs/ci.md, read from the page itself so that what the tests run is
 * what users copy. It reads the shape that page uses (a list of steps with one-line `run`, `if`, `uses`
 * and a `with` map); it is not a YAML parser.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../ts-plugin/harness.js";

export interface WorkflowStep {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  with: Record<string, string>;
}

export function workflowSteps(page = join(REPO_ROOT, "docs", "ci.md")): WorkflowStep[] {
  const text = readFileSync(page, "utf8");
  const block = /## The workflow[\s\S]*?```yaml\n([\s\S]*?)```/u.exec(text)?.[1];
  if (!block) throw new Error(`${page} has no yaml block under "## The workflow"`);
  const lines = block.split("\n");
  const start = lines.findIndex((line) => /^\s*steps:\s*$/u.test(line));
  const steps: WorkflowStep[] = [];
  let inWith = false;
  for (const line of lines.slice(start + 1)) {
    const item = /^(\s*)- (.*)$/u.exec(line);
    const body = item ? item[2] : line.trim();
    if (item) {
      steps.push({ with: {} });
      inWith = false;
    }
    const step = steps[steps.length - 1];
    if (!step || body === "") continue;
    const pair = /^([\w-]+):\s*(.*)$/u.exec(body);
    if (!pair) continue;
    const [, key, value] = pair as unknown as [string, string, string];
    const indented = !item && /^\s{10,}/u.test(line);
    if (key === "with" && value === "") inWith = true;
    else if (inWith && indented) step.with[key] = value.replace(/\s+#.*$/u, "");
    else {
      inWith = false;
      if (key === "name" || key === "id" || key === "if" || key === "uses" || key === "run") step[key] = value;
    }
  }
  return steps;
}
