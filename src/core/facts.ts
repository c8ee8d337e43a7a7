import type * as ts from "typescript";
import { Resolver } from "./resolve.js";
import { findRegistrations } from "./registrations/find.js";
import { mayUseMcpFramework } from "./registrations/frameworks.js";
import { evaluatorFor } from "./evaluate/evaluator.js";
import { convertedValidator, ZOD_TO_JSON } from "./schema/converted-validation.js";
import { EvaluatedSchemas } from "./schema/evaluated-schemas.js";
import type { Env } from "./evaluate/env.js";
import { declaredNames } from "./registrations/declared.js";
import { ANNOTATION_KEYS } from "./registrations/find.js";
import type { ToolRegistration } from "./registrations/model.js";
import { forEachChildSchema, type SchemaNode, type ZodFlavor } from "./schema/model.js";
import { JsonSchemaReader } from "./schema/from-json-schema.js";
import { ZodReader } from "./schema/from-zod.js";
import { settingsKey, type GuardSettings } from "./settings.js";
import { calleeName, propertyNameText, unwrapExpression, type TS } from "./ts-utils.js";
import { ValueFlow } from "./flow/value-flow.js";
import { isProgramSource } from "./resolve.js";
import { indexForeignFunction } from "./node-index.js";
import { elementProperties } from "./tool-definitions.js";
import { collectHandlers, type Handler } from "./handler/handlers.js";
import { findResultSinks, type ResultSink } from "./handler/result-sinks.js";
import type { CallToolHandler, FoundRegistrations, Framework, NodeIndex, UnreadSite } from "./registrations/model.js";
import { importedFrameworks } from "./registrations/frameworks.js";
import { unreadPartsOf } from "./unread.js";
import { getOrCreate } from "./memo.js";

/** One schema node as it appears in one tool's input. */
export interface InputOccurrence {
  schema: SchemaNode;
  /** Dotted path from the input root: `recipient.email`, `items[].id`; empty at the root. */
  path: string;
  registration: ToolRegistration;
  /** The schema this one sits directly in (an object, array, union or record), if any. */
  container: SchemaNode | undefined;
}

/** Everything the rules need to know about one file, computed once and shared by every rule. */
export interface FileFacts {
  ts: TS;
  sourceFile: ts.SourceFile;
  registrations: ToolRegistration[];
  /** The registrations as written, before wrappers were expanded (another file may call the wrappers). */
  unexpandedRegistrations: readonly ToolRegistration[];
  /** Every schema node reachable from a tool's input, once per tool, parents before children. */
  inputs: InputOccurrence[];
  /** The file's zod namespace, for fixes that write new zod calls. */
  zodNamespace: { name: string; flavor: ZodFlavor } | undefined;
  /** MCP frameworks the file imports. */
  frameworks: ReadonlySet<Framework>;
  callToolHandlers: CallToolHandler[];
  /** Tool handlers and low-level `tools/call` handlers whose functions are in this file. */
  handlers: Handler[];
  /** `new StdioClientTransport(...)` calls. */
  clientTransports: ts.NewExpression[];
  /**
   * Registrations found but not turned into tools, with the reason. Parts of built tools that could not
   * be read are on each registration's `unread`. Read by `no-unanalyzed-tool` and the CLI's inventory.
   */
  unreadSites: readonly UnreadSite[];
  /** Value flow in this file; sanitizer calls from the settings carry nothing. */
  flow: ValueFlow;
  resolver: Resolver;
  /** Calls, literals and returns of the file, collected in the registration finder's walk. */
  nodes: NodeIndex;
  /** Places whose value reaches the model, computed on first use. */
  resultSinks(): ResultSink[];
  /** Parameters that hold a tool's error besides `catch` variables: an OpenAI Agents errorFunction's `error`. */
  caughtErrorSources: ReadonlySet<ts.Node>;
  /** Functions of other files that the handlers call (typed), indexed with this file's nodes: their files are reached. */
  reachedFunctions: readonly ts.Node[];
}

const JSON_ADAPTERS = new Set(["fromJsonSchema", "jsonSchemaAdapter", "jsonSchema"]);

/** Files whose facts are being computed: a cycle of files calling each other's wrappers ends here. */
const inProgress = new Set<ts.SourceFile>();
/*
 * Why no WeakMap keyed by the SourceFile: V8's young-generation collector keeps a WeakMap entry whose
 * key is young, with everything it reaches (here the file's whole AST), until the next full
 * collection. Over the bench corpus parsed and analysed file by file, that made collections take
 * 362 ms instead of 29 ms. The caches below hold their files strongly instead, for as long as they
 * are useful.
 */

/** Untyped facts of the file analysed last (ESLint runs all of a file's rules one after another), until dropped. */
let lastUntyped: { sourceFile: ts.SourceFile; bySettings: Map<string, FileFacts> } | undefined;
/** Typed facts per checker (one per program), file and settings: other files of the program read them. */
const typedByChecker = new WeakMap<ts.TypeChecker, Map<ts.SourceFile, Map<string, FileFacts>>>();
/** Typed: per checker, file and settings, the registrations a file writes (see writtenRegistrations). */
const writtenByChecker = new WeakMap<ts.TypeChecker, Map<ts.SourceFile, Map<string, readonly ToolRegistration[]>>>();

/**
 * Drops the untyped facts of the file analysed last, once every rule has used them. Until then they keep
 * the file's whole AST alive, and a young-generation collection during the next file's parse would copy
 * and promote it.
 */
export function forgetUntypedFacts(): void {
  lastUntyped = undefined;
}

/** Whether untyped facts of `sourceFile` are held (for the tests of the above). */
export function holdsUntypedFacts(sourceFile: ts.SourceFile): boolean {
  return lastUntyped?.sourceFile === sourceFile;
}

/** Whether the full typed facts of `sourceFile` are held for `checker` (for the tests of writtenRegistrations). */
export function holdsTypedFacts(checker: ts.TypeChecker, sourceFile: ts.SourceFile): boolean {
  return (typedByChecker.get(checker)?.get(sourceFile)?.size ?? 0) > 0;
}

/**
 * A cheap text test: whether a file can hold a tool at all. It must mention a framework, or call one
 * of the in-house helpers the settings declare as registrations.
 */
export function mayHaveTools(text: string, fileName: string, settings: GuardSettings): boolean {
  return mayUseMcpFramework(text, fileName) || declaredNames(settings.registrations).some((name) => text.includes(name));
}

/**
 * Facts for a file, cached per file and settings: typed facts for the life of their program (an editor
 * keeps an unchanged SourceFile across programs, but each program has a new checker), untyped facts
 * until another file is analysed or forgetUntypedFacts drops them.
 */
export function getFileFacts(t: TS, sourceFile: ts.SourceFile, checker: ts.TypeChecker | undefined, settings: GuardSettings): FileFacts {
  const key = settingsKey(settings);
  let bySettings: Map<string, FileFacts>;
  if (checker) {
    bySettings = getOrCreate(getOrCreate(typedByChecker, checker, () => new Map()), sourceFile, () => new Map());
  } else {
    if (lastUntyped?.sourceFile !== sourceFile) lastUntyped = { sourceFile, bySettings: new Map() };
    bySettings = lastUntyped.bySettings;
  }
  const cached = bySettings.get(key);
  if (cached) return cached;
  const facts = computeFacts(t, sourceFile, checker, settings, false);
  bySettings.set(key, facts);
  return facts;
}

/**
 * Typed: the registrations `file` writes, before its wrappers are expanded, for a file whose wrapper this
 * one calls. The file's full facts when they are known; otherwise only its own registrations are read, since
 * its full facts would resolve every call it makes into further files (firebase-tools' MCP code calls into 150
 * files of the CLI that are neither linted nor register anything).
 */
function writtenRegistrations(t: TS, file: ts.SourceFile, checker: ts.TypeChecker, settings: GuardSettings): readonly ToolRegistration[] {
  const key = settingsKey(settings);
  const full = typedByChecker.get(checker)?.get(file)?.get(key);
  if (full) return full.unexpandedRegistrations;
  const bySettings = getOrCreate(getOrCreate(writtenByChecker, checker, () => new Map()), file, () => new Map());
  return getOrCreate(bySettings, key, () => computeFacts(t, file, checker, settings, true).unexpandedRegistrations);
}

/** A file's facts; with `writtenOnly`, only the registrations it writes (`unexpandedRegistrations`), for writtenRegistrations. */
function computeFacts(t: TS, sourceFile: ts.SourceFile, checker: ts.TypeChecker | undefined, settings: GuardSettings, writtenOnly: boolean): FileFacts {
  const resolver = new Resolver(t, sourceFile, checker);
  const flow = new ValueFlow(t, resolver, (call) => {
    const name = calleeName(t, call);
    return name !== undefined && settings.sanitizers.has(name);
  });
  const empty: FileFacts = {
    ts: t, sourceFile, registrations: [], unexpandedRegistrations: [], inputs: [], zodNamespace: undefined, frameworks: new Set(), callToolHandlers: [],
    handlers: [], clientTransports: [], unreadSites: [], flow, resolver, nodes: { calls: [], newExpressions: [], objectLiterals: [], returns: [], conciseArrows: [] }, resultSinks: () => [], caughtErrorSources: new Set(), reachedFunctions: [],
  };
  if (!checker && !mayHaveTools(sourceFile.text, sourceFile.fileName, settings)) return empty;

  const evaluated = new EvaluatedSchemas(t, evaluatorFor(t, checker));
  const zod = new ZodReader(t, sourceFile, resolver, settings.zodModules, settings.zodMajor, evaluated);
  const json = new JsonSchemaReader(t, sourceFile, resolver, (call) => {
    const name = calleeName(t, call);
    const [first] = call.arguments;
    if (name && ZOD_TO_JSON.has(name) && first) return zod.read(first);
    // `cleanSchema(z.toJSONSchema(s))`: a helper rewriting a converted zod schema; the zod schema is what is judged.
    const converted = call.arguments.map((arg) => unwrapExpression(t, arg)).find((arg): arg is ts.CallExpression => t.isCallExpression(arg) && ZOD_TO_JSON.has(calleeName(t, arg) ?? ""));
    const [source] = converted?.arguments ?? [];
    if (source && resolver.functionOf(call.expression)) return zod.read(source);
    return undefined;
  }, () => evaluated.framed, (expression) => {
    // `properties: Object.entries(tool.inputSchema).reduce((acc, [key, s]) => …, {})`: each field converted from the zod shape.
    const source = convertedShapeSource(t, expression);
    return source ? zod.readShape(source) : undefined;
  }, (expression, read) => {
    // `{ type: "object", ...rest }` where `rest` is a definition's schema without some keys: the literals it can be.
    const sources = evaluated.candidates(expression);
    const literals = sources?.filter((source) => t.isObjectLiteralExpression(source.node));
    if (!sources || !literals || literals.length !== sources.length) return false;
    for (const source of literals) evaluated.within(source.env, () => read(source.node as ts.ObjectLiteralExpression, source.env));
    return true;
  }, (expression) => evaluated.keyText(expression), (frame, read) => evaluated.within(frame as Env | undefined, read));
  // The SDK takes an object given to server.tool() as a shape when it is empty or any value is a zod
  // schema, and as annotations otherwise (mcp.js); values we cannot read fall back to the key names.
  const looksLikeShape = (literal: ts.ObjectLiteralExpression): boolean => {
    if (literal.properties.length === 0) return true;
    const values = literal.properties.map((property) => (t.isPropertyAssignment(property) ? property.initializer : undefined));
    if (values.some((value) => value !== undefined && zod.read(value).kind !== "opaque")) return true;
    if (values.every((value) => value !== undefined && isPlainLiteral(t, value))) return false;
    const names = literal.properties.map((property) => (property.name ? propertyNameText(t, property.name) : undefined));
    return !names.every((name) => name !== undefined && ANNOTATION_KEYS.has(name));
  };
  // Typed analysis: a wrapper defined in another file registers a tool at each call here.
  const foreignRegistrations = checker
    ? (file: ts.SourceFile): readonly ToolRegistration[] => {
        if (inProgress.has(file)) return [];
        try {
          return writtenRegistrations(t, file, checker, settings);
        } catch {
          return [];
        }
      }
    : undefined;
  let found: FoundRegistrations;
  inProgress.add(sourceFile);
  try {
    found = findRegistrations(t, sourceFile, resolver, checker, looksLikeShape, settings.registrations, foreignRegistrations, writtenOnly);
  } finally {
    inProgress.delete(sourceFile);
  }
  if (writtenOnly) return { ...empty, unexpandedRegistrations: found.unexpanded };
  const registrations = found.registrations;
  if (registrations.length === 0 && found.callToolHandlers.length === 0 && found.clientTransports.length === 0) return { ...empty, unexpandedRegistrations: found.unexpanded, unreadSites: found.unreadSites };

  const zodNamespace = zod.namespaceName();
  const readInput = (registration: ToolRegistration): SchemaNode | undefined => evaluated.within(registration.input?.env, () => readInputAsWritten(registration));
  const readInputAsWritten = (registration: ToolRegistration): SchemaNode | undefined => {
    const input = registration.input;
    if (!input) return undefined;
    const expr = unwrapExpression(t, input.expression);
    if (t.isCallExpression(expr)) {
      const name = calleeName(t, expr);
      const [first] = expr.arguments;
      if (name && JSON_ADAPTERS.has(name) && first) return json.read(first);
    }
    if (input.shapeOf && (input.form === "shape-only" || input.form === "schema-or-shape")) return readShapeOf(input.expression, input.form, input.shapeSite ?? input.expression);
    switch (input.form) {
      case "json":
        return json.read(input.expression);
      case "shape-only":
        return readSchemaOrShape(input.expression, input.form);
      case "schema-or-shape": {
        // `def.schema` for each definition registered in a loop: each element may be a schema or a raw shape.
        const expr = unwrapExpression(t, input.expression);
        const elements = t.isPropertyAccessExpression(expr) ? elementProperties(t, resolver, expr) : [];
        if (elements.length === 0) return readSchemaOrShape(input.expression, input.form);
        return { kind: "union", site: expr, flavor: "zod", members: elements.map((element) => readSchemaOrShape(element, "schema-or-shape")), discriminated: false };
      }
      case "schema":
        return zod.read(input.expression);
      case "schema-or-json":
        // OpenAI Agents, Mastra and LangChain take a zod schema or a plain JSON Schema object.
        return resolver.objectLiteralOf(input.expression) !== undefined ? json.read(input.expression) : zod.read(input.expression);
      default:
        return undefined;
    }
  };
  /**
   * The shape of a schema written elsewhere, passed as a raw shape (`tool.parameters.shape`): reported where the
   * shape is passed, since `.strict()` on the schema would not survive `.shape`. Nested objects keep their own sites.
   */
  const readShapeOf = (expression: ts.Expression, form: "shape-only" | "schema-or-shape", site: ts.Expression): SchemaNode => {
    const owner = zod.read(expression);
    if (owner.kind !== "object") return owner;
    return { ...owner, openness: { closed: false, reason: form === "shape-only" ? "raw-shape-tool" : "raw-shape", site, fixes: [] } };
  };
  /** A zod schema, or a raw shape that the SDK wraps in a stripping `z.object`. */
  const readSchemaOrShape = (expression: ts.Expression, form: "shape-only" | "schema-or-shape"): SchemaNode => {
    const isShape = form === "shape-only" || isShapeValue(t, resolver, expression);
    if (!isShape) return zod.read(expression);
    const shape = zod.readShape(expression);
    const site = expression;
    const fixes =
      form === "schema-or-shape" && zodNamespace
        ? [{
            kind: "wrap-strict-object" as const,
            edits: [
              { start: site.getStart(), end: site.getStart(), text: `${zodNamespace.name}.strictObject(` },
              { start: site.getEnd(), end: site.getEnd(), text: ")" },
            ],
          }]
        : [];
    return {
      kind: "object", site, flavor: "zod", properties: shape.properties, propertiesComplete: shape.complete,
      openness: { closed: false, reason: form === "shape-only" ? "raw-shape-tool" : "raw-shape", site, fixes },
      chainEnd: site, zodFlavor: zodNamespace?.flavor,
    };
  };

  const inputs: InputOccurrence[] = [];
  const declaredHelpers = new Set(declaredNames(settings.registrations));
  for (const registration of registrations) {
    const root = readInput(registration);
    // What could not be read is kept with the tool, for no-unanalyzed-tool and the inventory (unread.ts).
    const unread = unreadPartsOf(t, resolver, registration, root, declaredHelpers);
    if (unread.length > 0) registration.unread = unread;
    if (!root) continue;
    registration.validatedAsConvertedJson ??= convertedValidator(t, registration);
    const seen = new Set<SchemaNode>();
    const walk = (schema: SchemaNode, path: string, container: SchemaNode | undefined): void => {
      if (seen.has(schema)) return;
      seen.add(schema);
      inputs.push({ schema, path, registration, container });
      forEachChildSchema(schema, (segment, child) => walk(child, joinPath(path, segment), schema));
    };
    walk(root, "", undefined);
  }
  const handlers = collectHandlers(t, resolver, registrations, found.callToolHandlers);
  // Functions whose returned value a handler writes into its text: their returns are the tool's text.
  const resultFunctions = new Set(registrations.flatMap((registration) => registration.resultFunctions ?? []));
  const indexed = new Set<ts.Node>();
  for (const fn of [...handlers.map((handler) => handler.fn), ...resultFunctions]) {
    if (fn.getSourceFile() === sourceFile || indexed.has(fn)) continue;
    indexed.add(fn);
    indexForeignFunction(t, fn, found.nodes);
  }
  const reachedFunctions = checker ? indexForeignCallees(t, sourceFile, flow, handlers, found.nodes, indexed) : [];
  const errorFunctions = registrations.flatMap((registration) => {
    const fn = registration.errorFunction && resolver.functionOf(registration.errorFunction);
    return fn ? [fn] : [];
  });
  const caughtErrorSources = new Set<ts.Node>(errorFunctions.flatMap((fn) => (fn.parameters[1] ? [fn.parameters[1]] : [])));
  let sinks: ResultSink[] | undefined;
  return {
    ts: t, sourceFile, registrations, unexpandedRegistrations: found.unexpanded, inputs, zodNamespace, frameworks: importedFrameworks(t, sourceFile),
    callToolHandlers: found.callToolHandlers, handlers, clientTransports: found.clientTransports, unreadSites: found.unreadSites, flow, resolver,
    nodes: found.nodes,
    resultSinks: () => (sinks ??= findResultSinks(t, found.nodes, flow, handlers, errorFunctions, resultFunctions)),
    caughtErrorSources,
    reachedFunctions,
  };
}

/**
 * The zod shape a JSON Schema's `properties` is computed from, field by field: `Object.entries(shape).reduce(cb, {})`
 * or `Object.fromEntries(Object.entries(shape).map(cb))`.
 */
function convertedShapeSource(t: TS, expression: ts.Expression): ts.Expression | undefined {
  const expr = unwrapExpression(t, expression);
  if (!t.isCallExpression(expr)) return undefined;
  const name = calleeName(t, expr);
  const callee = unwrapExpression(t, expr.expression);
  const entriesOf = (node: ts.Expression | undefined): ts.Expression | undefined => {
    const call = node && unwrapExpression(t, node);
    if (!call || !t.isCallExpression(call) || calleeName(t, call) !== "entries") return undefined;
    const owner = unwrapExpression(t, call.expression);
    return t.isPropertyAccessExpression(owner) && t.isIdentifier(owner.expression) && owner.expression.text === "Object" ? call.arguments[0] : undefined;
  };
  if (name === "reduce" && t.isPropertyAccessExpression(callee) && expr.arguments.length === 2) return entriesOf(callee.expression);
  if (name === "fromEntries") {
    const mapped = expr.arguments[0] && unwrapExpression(t, expr.arguments[0]);
    const mapCallee = mapped && t.isCallExpression(mapped) && calleeName(t, mapped) === "map" ? unwrapExpression(t, mapped.expression) : undefined;
    if (mapCallee && t.isPropertyAccessExpression(mapCallee)) return entriesOf(mapCallee.expression);
  }
  return undefined;
}

/** How many functions (the handlers' callees, theirs, …) are followed into other files, per file. */
const MAX_REACHED_FUNCTIONS = 64;
const MAX_CALL_DEPTH = 3;

/**
 * Typed: indexes the functions of other program files that the handlers call, directly or through
 * functions they call (a `toolError(e)` in errors.ts, a dispatcher's `handleSearch(args)`), so that
 * the results those functions build are this file's tools' results, reported where they are written.
 */
function indexForeignCallees(t: TS, sourceFile: ts.SourceFile, flow: ValueFlow, handlers: readonly Handler[], nodes: NodeIndex, indexed: Set<ts.Node>): ts.Node[] {
  const reached: ts.Node[] = [];
  const visited = new Set<ts.Node>(handlers.map((handler) => handler.fn));
  let frontier: ts.Node[] = [...visited];
  for (let depth = 0; depth < MAX_CALL_DEPTH && frontier.length > 0 && reached.length < MAX_REACHED_FUNCTIONS; depth++) {
    const next: ts.Node[] = [];
    for (const fn of frontier) {
      walkNodes(t, fn, (call) => {
        if (reached.length >= MAX_REACHED_FUNCTIONS) return;
        let callee: ts.Node | undefined;
        try {
          callee = flow.functionOf(call.expression);
        } catch {
          callee = undefined;
        }
        if (!callee || visited.has(callee)) return;
        visited.add(callee);
        next.push(callee);
        const file = callee.getSourceFile();
        if (file === sourceFile) return;
        if (!isProgramSource(file) || indexed.has(callee)) return;
        indexed.add(callee);
        reached.push(callee);
        indexForeignFunction(t, callee, nodes);
      });
    }
    frontier = next;
  }
  return reached;
}

function walkNodes(t: TS, root: ts.Node, visit: (call: ts.CallExpression) => void): void {
  const recurse = (node: ts.Node): void => {
    if (t.isCallExpression(node)) visit(node);
    node.forEachChild(recurse);
  };
  recurse(root);
}

function isPlainLiteral(t: TS, expression: ts.Expression): boolean {
  const expr = unwrapExpression(t, expression);
  return t.isStringLiteralLike(expr) || t.isNumericLiteral(expr) || expr.kind === t.SyntaxKind.TrueKeyword || expr.kind === t.SyntaxKind.FalseKeyword;
}

function joinPath(path: string, segment: string): string {
  if (segment === "") return path;
  if (segment.startsWith("[")) return `${path}${segment}`;
  return path === "" ? segment : `${path}.${segment}`;
}

/** A raw shape: an object literal or `Schema.shape`, which the SDK wraps in a stripping `z.object`. */
function isShapeValue(t: TS, resolver: Resolver, expression: ts.Expression): boolean {
  const expr = resolver.followConsts(expression);
  return t.isObjectLiteralExpression(expr) || (t.isPropertyAccessExpression(expr) && expr.name.text === "shape");
}
