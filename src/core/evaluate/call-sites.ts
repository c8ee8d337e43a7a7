import type * as ts from "typescript";
import { programOf, transitiveImporters } from "../importers.js";
import { getOrCreate } from "../memo.js";
import { isProgramSource } from "../resolve.js";
import { propertyNameText, unwrapExpression, walk, type TS } from "../ts-utils.js";
import { ROOT_ENV } from "./env.js";
import type { Evaluator } from "./evaluator.js";
import { functionOf } from "./syntax.js";

// Where the program calls a function: the call sites whose arguments a parameter read where it is written
// holds. Calls can only be written where the function's name can be seen: its own file and the files that
// import it, directly or through barrels (typed: the program's import graph; untyped: the file alone).

/** A place that calls a function: directly (`f(a)`, `x.f(a)`, `new F(a)`), or an array method given it (`xs.map(f)`). */
export type CallSite =
  | { kind: "call"; call: ts.CallExpression | ts.NewExpression }
  | { kind: "element-callback"; call: ts.CallExpression; argument: number };

/** Calls of a file by the name they call, and calls by the names of the function references they pass. */
interface CallIndex {
  byCallee: Map<string, (ts.CallExpression | ts.NewExpression)[]>;
  byArgument: Map<string, ts.CallExpression[]>;
}

/** Calls examined per function: a common method name (`get`, `run`) has many calls that are not this function's. */
const MAX_CANDIDATES = 256;
/** Call sites followed per function; past this the parameter may hold what the others pass. */
export const MAX_CALL_SITES = 32;

/** Typed: per file of the program, its calls by name (a program's files outlive their analyses). */
const indexByFile = new WeakMap<ts.SourceFile, CallIndex>();

/** Array methods that call their first argument with each element of the receiver as its first parameter. */
export const ELEMENT_CALLBACK_METHODS: ReadonlySet<string> = new Set(["forEach", "map", "flatMap", "filter", "find", "findIndex", "some", "every"]);

/**
 * The call sites of `fn` in the program (typed) or its file, confirmed by what their callee is; `truncated`
 * when there were more than the analysis follows.
 */
export function callSitesOf(evaluator: Evaluator, fn: ts.SignatureDeclaration, files: (file: ts.SourceFile) => readonly ts.SourceFile[]): { sites: CallSite[]; truncated: boolean } {
  const t = evaluator.t;
  const names = calledNames(t, fn);
  const sites: CallSite[] = [];
  if (names.length === 0) return { sites, truncated: false };
  let examined = 0;
  let truncated = false;
  for (const file of files(fn.getSourceFile())) {
    const index = callIndex(t, file, evaluator.checker !== undefined);
    for (const name of names) {
      for (const call of index.byCallee.get(name) ?? []) {
        if (++examined > MAX_CANDIDATES || sites.length >= MAX_CALL_SITES) {
          truncated = true;
          break;
        }
        if (calls(evaluator, call.expression, fn)) sites.push({ kind: "call", call });
      }
      for (const call of index.byArgument.get(name) ?? []) {
        if (++examined > MAX_CANDIDATES || sites.length >= MAX_CALL_SITES) {
          truncated = true;
          break;
        }
        const callee = unwrapExpression(t, call.expression);
        if (!t.isPropertyAccessExpression(callee) || !ELEMENT_CALLBACK_METHODS.has(callee.name.text)) continue;
        const [first] = call.arguments;
        if (first && calls(evaluator, first, fn)) sites.push({ kind: "element-callback", call, argument: 0 });
      }
    }
  }
  return { sites, truncated };
}

/** The files where `file`'s functions can be called: itself, and under typed analysis the files that import it. */
export function callerFiles(t: TS, checker: ts.TypeChecker | undefined, file: ts.SourceFile): readonly ts.SourceFile[] {
  const program = checker && programOf(checker);
  if (!checker || !program) return [file];
  return [file, ...transitiveImporters(t, program, checker, file).filter(isProgramSource)];
}

/** Whether `callee` (as written, read where it is written) is `fn`. */
function calls(evaluator: Evaluator, callee: ts.Expression, fn: ts.SignatureDeclaration): boolean {
  const t = evaluator.t;
  const expr = unwrapExpression(t, callee);
  if (t.isIdentifier(expr)) {
    const declaration = evaluator.declarationOf(expr);
    if (declaration === undefined) return false;
    if (declaresFunction(t, declaration, fn)) return true;
    // `const register = makeRegister(server)`: what the const holds.
    if (!t.isVariableDeclaration(declaration) || !declaration.initializer) return false;
  }
  return evaluator.ev(expr, ROOT_ENV).some((value) => value.kind === "syntax" && (functionOf(t, value.node) === fn || (t.isConstructorDeclaration(fn) && value.node === fn.parent)));
}

/** Whether a declaration an identifier names is `fn` itself or the const or class that holds it. */
function declaresFunction(t: TS, declaration: ts.Node, fn: ts.SignatureDeclaration): boolean {
  if (declaration === fn) return true;
  if (t.isConstructorDeclaration(fn)) return declaration === fn.parent;
  if (t.isVariableDeclaration(declaration) && declaration.initializer) return unwrapExpression(t, declaration.initializer) === fn;
  return false;
}

/** The names calls of `fn` are written with: its own, its const's, its property's or method's, its class's for a constructor. */
function calledNames(t: TS, fn: ts.SignatureDeclaration): string[] {
  if (t.isFunctionDeclaration(fn)) return fn.name ? [fn.name.text] : [];
  if (t.isMethodDeclaration(fn)) {
    const name = propertyNameText(t, fn.name);
    return name ? [name] : [];
  }
  if (t.isConstructorDeclaration(fn)) {
    const cls = fn.parent;
    return cls.name ? [cls.name.text] : [];
  }
  if (!t.isArrowFunction(fn) && !t.isFunctionExpression(fn)) return [];
  const own = t.isFunctionExpression(fn) && fn.name ? [fn.name.text] : [];
  let holder: ts.Node = fn.parent;
  while (t.isParenthesizedExpression(holder) || t.isAsExpression(holder) || t.isSatisfiesExpression(holder)) holder = holder.parent;
  if (t.isVariableDeclaration(holder) && t.isIdentifier(holder.name)) return [...own, holder.name.text];
  if ((t.isPropertyAssignment(holder) || t.isPropertyDeclaration(holder)) && holder.name) {
    const name = propertyNameText(t, holder.name);
    return name ? [...own, name] : own;
  }
  return own;
}

function callIndex(t: TS, file: ts.SourceFile, typed: boolean): CallIndex {
  // Untyped, a file is analysed once and dropped: no cache keyed by its young syntax (see facts.ts).
  if (!typed) return buildIndex(t, file);
  return getOrCreate(indexByFile, file, () => buildIndex(t, file));
}

function buildIndex(t: TS, file: ts.SourceFile): CallIndex {
  const byCallee = new Map<string, (ts.CallExpression | ts.NewExpression)[]>();
  const byArgument = new Map<string, ts.CallExpression[]>();
  const add = <N>(map: Map<string, N[]>, key: string, node: N): void => {
    const list = map.get(key);
    if (list) list.push(node);
    else map.set(key, [node]);
  };
  walk(file, (node) => {
    if (t.isCallExpression(node) || t.isNewExpression(node)) {
      const callee = unwrapExpression(t, node.expression);
      const name = t.isIdentifier(callee) ? callee.text : t.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      if (name) add(byCallee, name, node);
      if (t.isCallExpression(node)) {
        for (const argument of node.arguments) {
          const expr = unwrapExpression(t, argument);
          if (t.isIdentifier(expr)) add(byArgument, expr.text, node);
          else if (t.isPropertyAccessExpression(expr)) add(byArgument, expr.name.text, node);
        }
      }
    }
    return true;
  });
  return { byCallee, byArgument };
}
