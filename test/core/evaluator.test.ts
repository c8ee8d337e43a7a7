/**
 * The value evaluator (src/core/evaluate) on its own: what it reads, and that cycles, recursion, long
 * chains and large collections end within its bounds with Unknown and a reason, never a throw.
 */
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { Evaluator } from "../../src/core/evaluate/evaluator.js";
import type { Value } from "../../src/core/evaluate/value.js";

/** A program of in-memory files (typed), and the expression of `const result = …` in the first file. */
function typed(files: Record<string, string>): { evaluator: Evaluator; result: ts.Expression } {
  const host = ts.createCompilerHost({});
  const sources = new Map(Object.entries(files).map(([name, text]) => [name, ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true)]));
  const program = ts.createProgram({
    rootNames: [...sources.keys()],
    options: { noLib: true, types: [], module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Node10, noEmit: true },
    host: { ...host, getCurrentDirectory: () => "/", getSourceFile: (name) => sources.get(name.replace(/^\//, "")), fileExists: (name) => sources.has(name.replace(/^\//, "")), readFile: (name) => files[name.replace(/^\//, "")], directoryExists: () => true },
  });
  const [first] = Object.keys(files);
  const file = program.getSourceFile(first) as ts.SourceFile;
  return { evaluator: new Evaluator(ts, program.getTypeChecker()), result: resultOf(file) };
}

function untyped(text: string): { evaluator: Evaluator; result: ts.Expression } {
  const file = ts.createSourceFile("a.ts", text, ts.ScriptTarget.Latest, true);
  return { evaluator: new Evaluator(ts, undefined), result: resultOf(file) };
}

function resultOf(file: ts.SourceFile): ts.Expression {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === "result" && node.initializer) found = node.initializer;
    node.forEachChild(visit);
  };
  visit(file);
  if (!found) throw new Error("no `const result = …`");
  return found;
}

/** Values in a compact form: text, the syntax's source text, element lists, or `?reason`. */
function show(values: readonly Value[]): string[] {
  return values.map((value) => {
    switch (value.kind) {
      case "text":
        return JSON.stringify(value.text);
      case "array":
        return `[${show(value.elements).join(", ")}]`;
      case "unknown":
        return `?${value.reason.text}`;
      case "record":
        return `{${[...value.members.keys()].join(", ")}}`;
      case "instance":
        return `new ${value.cls.name?.text ?? "?"}`;
      default:
        return value.node.getText();
    }
  });
}

describe("the value evaluator", () => {
  it("reads calls across files with parameters bound, conditions, spreads and array methods", () => {
    const { evaluator, result } = typed({
      "a.ts": `import { make, base } from "./b";\nconst flag = Math.random() > 0.5;\nconst result = (flag ? [make("x")] : [...base, make("y")]).filter(Boolean).map((t) => t.name);`,
      "b.ts": `export function make(name: string) { return { name: name + "_tool" }; }\nexport const base = [{ name: "base" }];`,
    });
    expect(show(evaluator.values(result))).toEqual(['["x_tool", "base", "y_tool"]']);
  });

  it("dispatches overridden members on the instance's class and binds super(...) arguments", () => {
    const { evaluator, result } = untyped(
      `class Base { constructor(readonly label: string) {} get title() { return this.prefix() + this.label; } prefix() { return "base:"; } }\n` +
        `class Child extends Base { constructor() { super("child"); } prefix() { return "child:"; } }\nconst result = new Child().title;`,
    );
    expect(show(evaluator.values(result))).toEqual(['"child:child"']);
  });

  it("reads Object.entries/fromEntries, rest destructuring and for-of elements", () => {
    const { evaluator, result } = untyped(`const map = { a: 1, b: 2 };\nconst picked = Object.fromEntries(Object.entries(map));\nconst { a, ...rest } = picked;\nconst result = rest;`);
    expect(show(evaluator.values(result))).toEqual(["{b}"]);
  });

  it("gives Unknown with a reason for a parameter nobody binds and for a const cycle", () => {
    const parameter = untyped(`function f(p: string) { const result = p; }`);
    expect(show(parameter.evaluator.values(parameter.result))).toEqual(["?`p` is a parameter the analysis has no argument for"]);
    const cycle = untyped(`const a: unknown = b;\nconst b: unknown = a;\nconst result = a;`);
    expect(show(cycle.evaluator.values(cycle.result))).toEqual(["?the value depends on itself"]);
  });

  it("ends recursion, a 50-file chain and 2,000 elements within its bounds", () => {
    const recursive = untyped(`function f(n: number): unknown { return n > 0 ? f(n - 1) : { done: true }; }\nconst result = f(10);`);
    const values = show(recursive.evaluator.values(recursive.result));
    expect(values).toContain("?a recursive call");
    expect(values).toContain("{ done: true }");

    const files: Record<string, string> = { "f0.ts": `import { v1 } from "./f1";\nconst result = v1;` };
    for (let index = 1; index < 50; index++) files[`f${index}.ts`] = `import { v${index + 1} } from "./f${index + 1}";\nexport const v${index} = v${index + 1};`;
    files["f50.ts"] = `export const v50 = "end";`;
    const chain = typed(files);
    expect(show(chain.evaluator.values(chain.result))).toEqual(['"end"']);

    const large = untyped(`const items = [${Array.from({ length: 2000 }, (_, index) => `{ n: ${index} }`).join(", ")}];\nconst result = items.map((item) => item.n);`);
    const [mapped] = large.evaluator.values(large.result);
    expect(mapped?.kind).toBe("array");
    expect(mapped?.kind === "array" && mapped.elements.length).toBe(2000);
  });

  it("stops deep mutual recursion through calls with a reason, without throwing", () => {
    const { evaluator, result } = untyped(`function a(x: unknown): unknown { return b([x]); }\nfunction b(x: unknown): unknown { return a({ x }); }\nconst result = a(1);`);
    const values = evaluator.values(result);
    expect(values.every((value) => value.kind === "unknown")).toBe(true);
  });
});
