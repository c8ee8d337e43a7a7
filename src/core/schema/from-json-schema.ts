import type * as ts from "typescript";
import { numberValue, propertyNameText, propertyValue, stringValue, unwrapExpression, type TS } from "../ts-utils.js";
import type { Resolver } from "../resolve.js";
import type { ObjectProperty, Openness, SchemaFix, SchemaNode } from "./model.js";
import { regexMaxLength } from "./regex-bounds.js";

const BOUNDED_FORMATS = new Set(["uuid", "date", "ipv4", "ipv6", "hostname"]);
// `date-time` and `time` are not bounds: AJV's formats, like zod's, accept any number of fractional digits.
/** Deeper than this (nested schemas plus chained calls), a schema is opaque: documented in the README. */
const MAX_DEPTH = 250;

function minOf(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

/** Called when a JSON Schema position holds a call such as `zodToJsonSchema(X)`: hands X to the zod reader. */
export type EmbeddedSchemaReader = (call: ts.CallExpression) => SchemaNode | undefined;

/**
 * Reads JSON Schema written as object literals. Keywords are read only from schema positions, so a
 * property named `maxLength` under `properties` is a field, not a keyword.
 */
/** A keyword of a schema literal: its value, its property, and the frame of a spread source it came from. */
interface Keyword {
  value: ts.Expression | undefined;
  node: ts.Node;
  frame?: unknown;
}

export class JsonSchemaReader {
  private readonly cache = new Map<ts.Node, SchemaNode>();
  private readonly inProgress = new Set<ts.Node>();
  private readonly parts = new Set<ts.Node>();

  constructor(
    private readonly t: TS,
    private readonly sourceFile: ts.SourceFile,
    private readonly resolver: Resolver,
    private readonly embedded: EmbeddedSchemaReader,
    /** Whether reads now happen inside an evaluator's frame, where a result holds for that frame only. */
    private readonly framed: () => boolean = () => false,
    /** `properties` computed from a zod shape (`Object.entries(shape).reduce(…)`): that shape's fields, when one is. */
    private readonly embeddedProperties: (expression: ts.Expression) => { properties: ObjectProperty[]; complete: boolean } | undefined = () => undefined,
    /** Where a value spread into a schema literal is written, as the evaluator reads it (a rest of a definition's schema). */
    private readonly spreadSources: (expression: ts.Expression, read: (literal: ts.ObjectLiteralExpression, frame: unknown) => void) => boolean = () => false,
    /** The one text a computed property key folds to where it is read (`[idProperty]` of a factory's call). */
    private readonly computedKey: (expression: ts.Expression) => string | undefined = () => undefined,
    /** Runs a read in the frame a spread source was found in (see spreadSources). */
    private readonly inFrame: <T>(frame: unknown, read: () => T) => T = (_frame, read) => read(),
  ) {}

  read(expression: ts.Expression): SchemaNode {
    const cacheable = !this.framed();
    const cached = cacheable ? this.cache.get(expression) : undefined;
    if (cached) return cached;
    if (this.inProgress.has(expression) || this.inProgress.size > MAX_DEPTH) return this.opaque(expression);
    this.inProgress.add(expression);
    try {
      const result = this.readUncached(expression);
      if (cacheable) this.cache.set(expression, result);
      return result;
    } finally {
      this.inProgress.delete(expression);
    }
  }

  private opaque(site: ts.Node): SchemaNode {
    return { kind: "opaque", site, flavor: "json" };
  }

  private readUncached(expression: ts.Expression): SchemaNode {
    const t = this.t;
    const expr = unwrapExpression(t, expression);
    if (t.isIdentifier(expr)) {
      const binding = this.resolver.resolve(expr);
      return binding.kind === "value" ? this.read(binding.initializer) : this.opaque(expr);
    }
    if (expr.kind === t.SyntaxKind.TrueKeyword) return { kind: "unconstrained", site: expr, flavor: "json", what: "json-true" };
    if (expr.kind === t.SyntaxKind.FalseKeyword) return { kind: "leaf", site: expr, flavor: "json", enumerated: true };
    if (t.isCallExpression(expr)) return this.embedded(expr) ?? this.opaque(expr);
    if (!t.isObjectLiteralExpression(expr)) return this.opaque(expr);
    return this.readLiteral(expr);
  }

  /** Collects the keywords of a schema literal, following spreads of other literals in the file. */
  private keywords(literal: ts.ObjectLiteralExpression, into = new Map<string, Keyword>(), complete = { value: true }, seen = new Set<ts.Node>(), frame?: unknown) {
    const t = this.t;
    if (seen.has(literal)) return { keywords: into, complete: false };
    seen.add(literal);
    for (const element of literal.properties) {
      if (t.isSpreadAssignment(element)) {
        const spread = this.literalOf(element.expression);
        if (spread) this.keywords(spread, into, complete, seen, frame);
        else if (!this.spreadSources(element.expression, (source, sourceFrame) => this.keywords(source, into, complete, seen, sourceFrame))) complete.value = false;
        continue;
      }
      if (!t.isPropertyAssignment(element) && !t.isShorthandPropertyAssignment(element)) continue;
      const name = propertyNameText(t, element.name);
      if (name === undefined) {
        complete.value = false;
        continue;
      }
      into.set(name, { value: propertyValue(t, element), node: element, frame });
    }
    return { keywords: into, complete: complete.value };
  }

  private literalOf(expression: ts.Expression): ts.ObjectLiteralExpression | undefined {
    return this.resolver.objectLiteralOf(expression);
  }


  private readLiteral(literal: ts.ObjectLiteralExpression): SchemaNode {
    const t = this.t;
    const { keywords, complete } = this.keywords(literal);
    const keyword = (name: string): ts.Expression | undefined => keywords.get(name)?.value;
    const typeEntry = keywords.get("type");
    const site = typeEntry?.node ?? literal;
    const types = this.typeNames(keyword("type"));

    if (keywords.has("const")) return { kind: "leaf", site, flavor: "json", enumerated: true, singleValue: true };
    if (keywords.has("enum")) {
      const values = keyword("enum");
      const list = values && unwrapExpression(t, values);
      return { kind: "leaf", site, flavor: "json", enumerated: true, singleValue: list !== undefined && t.isArrayLiteralExpression(list) && list.elements.length === 1 };
    }

    // Parts composed into an object that declares its own keywords are governed by the parent's
    // unevaluatedProperties; on their own they are not objects to close.
    const composesObject = types?.includes("object") === true || keywords.has("properties");
    const members: SchemaNode[] = [];
    for (const composition of ["anyOf", "oneOf", "allOf"]) {
      const list = keyword(composition);
      const inner = list && unwrapExpression(t, list);
      if (!inner || !t.isArrayLiteralExpression(inner)) continue;
      for (const element of inner.elements) {
        const part = composesObject ? this.literalOf(element) : undefined;
        if (part) this.parts.add(part);
        members.push(this.read(element));
      }
    }
    // Composition only widens the set of known keys when a part declares properties (or is a $ref).
    const composed = keywords.has("$ref") || ["allOf", "anyOf", "oneOf"].some((name) => this.partsDeclareProperties(keyword(name)));

    if (keywords.size === 0 && complete) return { kind: "unconstrained", site: literal, flavor: "json", what: "json-empty" };
    if (!types && !keywords.has("properties") && !keywords.has("items")) {
      if (members.length > 0) {
        return { kind: keywords.has("allOf") ? "intersection" : "union", site, flavor: "json", members, discriminated: false };
      }
      return this.opaque(literal);
    }

    const alternatives: SchemaNode[] = [];
    const typeList = types ?? (keywords.has("properties") ? ["object"] : ["array"]);
    for (const type of typeList) {
      switch (type) {
        case "object":
          alternatives.push(this.readObject(literal, keywords, complete, composed, site));
          break;
        case "string":
          alternatives.push({
            kind: "string", site, flavor: "json", chainEnd: literal, jsonLiteral: literal,
            maxLength: minOf(numberValue(t, keyword("maxLength")), this.patternMaxLength(keyword("pattern"))),
            // A maxLength we cannot read (a constant from elsewhere) is still a declared bound; so is a pattern we cannot read.
            boundedByShape:
              this.formatBounded(keyword("format")) ||
              (keywords.has("maxLength") && numberValue(t, keyword("maxLength")) === undefined) ||
              (keywords.has("pattern") && this.patternText(keyword("pattern")) === undefined),
            unboundedFormat: this.unboundedFormat(keyword("format"), keyword("pattern")),
          });
          break;
        case "number":
        case "integer":
          alternatives.push({
            kind: "number", site, flavor: "json", boundedByShape: false,
            hasMinimum: keywords.has("minimum") || keywords.has("exclusiveMinimum"),
            hasMaximum: keywords.has("maximum") || keywords.has("exclusiveMaximum"),
          });
          break;
        case "array": {
          const items = keyword("items");
          const itemsInner = items && unwrapExpression(t, items);
          const prefix = keyword("prefixItems");
          const prefixInner = prefix && unwrapExpression(t, prefix);
          const tupleItems = prefixInner && t.isArrayLiteralExpression(prefixInner) ? prefixInner.elements.map((element) => this.read(element)) : undefined;
          const element = itemsInner && t.isArrayLiteralExpression(itemsInner) ? this.opaque(itemsInner) : items ? this.read(items) : { kind: "unconstrained" as const, site, flavor: "json" as const, what: "json-empty" as const };
          alternatives.push({
            kind: "array", collection: "array", site, flavor: "json", chainEnd: literal, jsonLiteral: literal, element,
            items: tupleItems && itemsInner?.kind === t.SyntaxKind.FalseKeyword ? tupleItems : undefined,
            maxItems: numberValue(t, keyword("maxItems")),
            boundedByShape:
              (tupleItems !== undefined && itemsInner?.kind === t.SyntaxKind.FalseKeyword) ||
              (keywords.has("maxItems") && numberValue(t, keyword("maxItems")) === undefined),
          });
          break;
        }
        default:
          alternatives.push({ kind: "leaf", site, flavor: "json", enumerated: false });
      }
    }
    const result: SchemaNode = alternatives.length === 1 && alternatives[0] ? alternatives[0] : { kind: "union", site, flavor: "json", members: alternatives, discriminated: false };
    if (members.length === 0) return result;
    return { kind: "intersection", site, flavor: "json", members: [result, ...members], discriminated: false };
  }

  private partsDeclareProperties(list: ts.Expression | undefined): boolean {
    const t = this.t;
    const inner = list && unwrapExpression(t, list);
    if (!inner || !t.isArrayLiteralExpression(inner)) return list !== undefined;
    return inner.elements.some((element) => {
      const part = this.literalOf(element);
      if (!part) return true;
      const { keywords } = this.keywords(part);
      return keywords.has("properties") || keywords.has("$ref") || keywords.has("allOf") || keywords.has("anyOf") || keywords.has("oneOf");
    });
  }

  private typeNames(value: ts.Expression | undefined): string[] | undefined {
    if (!value) return undefined;
    const t = this.t;
    const single = stringValue(t, value);
    if (single !== undefined) return [single];
    const inner = unwrapExpression(t, value);
    if (t.isArrayLiteralExpression(inner)) {
      const names = inner.elements.map((element) => stringValue(t, element)).filter((name): name is string => name !== undefined && name !== "null");
      return names.length > 0 ? names : ["null"];
    }
    return undefined;
  }

  private formatBounded(format: ts.Expression | undefined): boolean {
    const formatName = format && stringValue(this.t, format);
    return formatName !== undefined && BOUNDED_FORMATS.has(formatName);
  }

  /** A pattern written as a string, in place or in a constant; undefined when it cannot be read. */
  private patternText(pattern: ts.Expression | undefined): string | undefined {
    return pattern && stringValue(this.t, this.resolver.followConsts(pattern));
  }

  private patternMaxLength(pattern: ts.Expression | undefined): number | undefined {
    const patternText = this.patternText(pattern);
    // JSON Schema patterns are not implicitly anchored, exactly like a JavaScript regex without ^ and $.
    return patternText === undefined ? undefined : regexMaxLength(`/${patternText.replace(/\//g, "\\/")}/u`);
  }

  private unboundedFormat(format: ts.Expression | undefined, pattern: ts.Expression | undefined) {
    const formatName = format && stringValue(this.t, format);
    if (formatName === "email" || formatName === "idn-email") return "email" as const;
    if (formatName === "uri" || formatName === "url" || formatName === "iri") return "url" as const;
    if (this.patternText(pattern) !== undefined && this.patternMaxLength(pattern) === undefined) return "regex-open" as const;
    return undefined;
  }

  private readObject(
    literal: ts.ObjectLiteralExpression,
    keywords: Map<string, Keyword>,
    complete: boolean,
    composed: boolean,
    site: ts.Node,
  ): SchemaNode {
    const t = this.t;
    const propertiesLiteral = keywords.get("properties")?.value;
    const propertiesObject = propertiesLiteral && this.literalOf(propertiesLiteral);
    const properties: ObjectProperty[] = [];
    const converted = propertiesLiteral && !propertiesObject ? this.embeddedProperties(propertiesLiteral) : undefined;
    let propertiesComplete = complete && (propertiesLiteral === undefined || propertiesObject !== undefined || converted?.complete === true);
    if (converted) properties.push(...converted.properties);
    const propertiesFrame = keywords.get("properties")?.frame;
    if (propertiesObject) this.inFrame(propertiesFrame, () => {
      for (const element of propertiesObject.properties) {
        if (!t.isPropertyAssignment(element) && !t.isShorthandPropertyAssignment(element)) {
          propertiesComplete = false;
          continue;
        }
        const name = propertyNameText(t, element.name) ?? (t.isComputedPropertyName(element.name) ? this.computedKey(element.name.expression) : undefined);
        const value = propertyValue(t, element);
        if (name === undefined || !value) {
          propertiesComplete = false;
          continue;
        }
        properties.push({ name, keyNode: element.name, schema: this.read(value) });
      }
    });

    const additional = keywords.get("additionalProperties");
    const unevaluated = keywords.get("unevaluatedProperties");
    const isFalse = (entry: { value: ts.Expression | undefined } | undefined): boolean =>
      entry?.value !== undefined && unwrapExpression(t, entry.value).kind === t.SyntaxKind.FalseKeyword;

    let openness: Openness;
    let catchall: SchemaNode | undefined;
    if (isFalse(unevaluated) || (!composed && isFalse(additional)) || this.parts.has(literal)) {
      openness = { closed: true, site, fixes: [] };
    } else if (composed) {
      openness = { closed: false, reason: "json-composed", site, fixes: this.insertKeywordFix(literal, keywords, "unevaluatedProperties", "json-unevaluated-false") };
    } else if (additional?.value) {
      catchall = this.read(additional.value);
      const fixes: SchemaFix[] = [{ kind: "json-additional-false", edits: [{ start: additional.value.getStart(), end: additional.value.getEnd(), text: "false" }] }];
      openness = { closed: false, reason: "json-open", site: additional.node, fixes };
    } else if (!complete) {
      openness = { closed: true, site, fixes: [] }; // a spread we cannot read may close it
    } else {
      openness = { closed: false, reason: "json-missing", site, fixes: this.insertKeywordFix(literal, keywords, "additionalProperties", "json-additional-false") };
    }

    return { kind: "object", site, flavor: "json", properties, propertiesComplete, openness, catchall, chainEnd: literal };
  }

  /** Inserts `keyword: false` right after the `properties` keyword, or after `type`. */
  private insertKeywordFix(
    literal: ts.ObjectLiteralExpression,
    keywords: Map<string, Keyword>,
    keyword: string,
    kind: SchemaFix["kind"],
  ): SchemaFix[] {
    const anchor = keywords.get("properties")?.node ?? keywords.get("type")?.node;
    if (!anchor || anchor.parent !== literal) return [];
    return [{ kind, edits: [{ start: anchor.getEnd(), end: anchor.getEnd(), text: `, ${keyword}: false` }] }];
  }
}

