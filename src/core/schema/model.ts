import type * as ts from "typescript";

/** A text change in the linted file, by character offsets. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** How a zod namespace call is spelled, so fixes write code that exists in that flavour. */
export type ZodFlavor = "classic" | "mini";

/** Where an object's handling of unknown keys was decided, and how. */
export type OpennessReason =
  | "zod-object" // z.object(...) without .strict()
  | "strip-call" // .strip()
  | "passthrough" // .passthrough() / .loose() / .nonstrict()
  | "loose-object" // z.looseObject(...)
  | "catchall" // .catchall(schema)
  | "raw-shape" // a plain shape the SDK wraps in a stripping z.object
  | "raw-shape-tool" // a plain shape given to the deprecated server.tool(), which only takes shapes
  | "declared-open" // a zod object from a package or .d.ts whose type says it does not reject unknown keys
  | "json-missing" // JSON Schema object without additionalProperties: false
  | "json-open" // additionalProperties: true or a schema
  | "json-composed"; // composed JSON Schema (allOf/anyOf/oneOf/$ref) without unevaluatedProperties: false

export interface Openness {
  closed: boolean;
  reason?: OpennessReason;
  /** The syntax to report: where the open mode was written. */
  site: ts.Node;
  /** Candidate fixes; each becomes an ESLint suggestion / editor quick fix. */
  fixes: SchemaFix[];
}

export interface SchemaFix {
  kind: "append-strict" | "use-strict-object" | "wrap-strict-object" | "replace-with-strict" | "json-additional-false" | "json-unevaluated-false";
  edits: Edit[];
}

interface SchemaBase {
  /** The expression this node was read from, used for dedupe and reporting when no finer site exists. */
  site: ts.Node;
  flavor: "zod" | "json";
}

export interface ObjectProperty {
  name: string;
  /** The key as written, for reports that point at a field. */
  keyNode: ts.Node | undefined;
  schema: SchemaNode;
}

export interface ObjectSchema extends SchemaBase {
  kind: "object";
  properties: ObjectProperty[];
  /** False when a spread or shape could not be resolved, so the list of fields is partial. */
  propertiesComplete: boolean;
  openness: Openness;
  /** Schema applied to unknown keys by `.catchall(s)` or JSON `additionalProperties: {…}`. */
  catchall?: SchemaNode;
  /** The last expression in this object's own chain, after which a method call can be appended. */
  chainEnd: ts.Node;
  zodFlavor?: ZodFlavor;
  /** zod 3 keeps a catchall through .strict()/.strip()/.passthrough(); zod 4 drops it. */
  zodMajor?: 3 | 4;
}

export type StringFormat = "email" | "url" | "base64" | "jwt" | "regex-open" | "emoji";

export interface StringSchema extends SchemaBase {
  kind: "string";
  /** Largest accepted length from .max/.length/maxLength, if any. */
  maxLength?: number;
  /** Bounded by something other than a length: enum, literal, a bounded format, an anchored regex, a refinement. */
  boundedByShape: boolean;
  /** A format that looks like a bound but is not one, for the message. */
  unboundedFormat?: StringFormat;
  chainEnd: ts.Node;
  zodFlavor?: ZodFlavor;
  /** For JSON Schema: the object literal, to insert maxLength into. */
  jsonLiteral?: ts.ObjectLiteralExpression;
}

export interface NumberSchema extends SchemaBase {
  kind: "number";
  zodFlavor?: ZodFlavor;
  zodMajor?: 3 | 4;
  hasMinimum: boolean;
  hasMaximum: boolean;
  boundedByShape: boolean;
}

export interface ArraySchema extends SchemaBase {
  kind: "array";
  /** zod sets take `.max()` in classic but `z.maxSize()` (not `z.maxLength()`) in mini. */
  collection: "array" | "set" | "tuple";
  element: SchemaNode;
  /** Tuples list their items instead of one element. */
  items?: SchemaNode[];
  maxItems?: number;
  boundedByShape: boolean;
  chainEnd: ts.Node;
  zodFlavor?: ZodFlavor;
  jsonLiteral?: ts.ObjectLiteralExpression;
}

export interface UnionSchema extends SchemaBase {
  kind: "union" | "intersection";
  members: SchemaNode[];
  discriminated: boolean;
}

export type UnconstrainedKind = "any" | "unknown" | "json" | "record" | "map" | "custom" | "json-empty" | "json-true";

export interface UnconstrainedSchema extends SchemaBase {
  kind: "unconstrained";
  what: UnconstrainedKind;
  /** Values of a record or map, which are still input and still analysed. */
  values?: SchemaNode;
  /** A record keyed by an enum or literal accepts only known keys. */
  keysEnumerated?: boolean;
}

/** Booleans, enums, literals, dates and other values with a closed set of forms. */
export interface LeafSchema extends SchemaBase {
  kind: "leaf";
  /** An enum or literal: a fixed set of choices, which makes a safe selector. */
  enumerated: boolean;
  /** Exactly one value (`z.literal("x")`, JSON `const`), as in each member of a discriminated union. */
  singleValue?: boolean;
}

/** A value the engine could not read. Rules stay silent on it. */
export interface OpaqueSchema extends SchemaBase {
  kind: "opaque";
}

export type SchemaNode =
  | ObjectSchema
  | StringSchema
  | NumberSchema
  | ArraySchema
  | UnionSchema
  | UnconstrainedSchema
  | LeafSchema
  | OpaqueSchema;

/** Visits the schemas a node contains, with each one's path segment, without building a list. */
export function forEachChildSchema(node: SchemaNode, visit: (segment: string, schema: SchemaNode) => void): void {
  switch (node.kind) {
    case "object":
      for (const property of node.properties) visit(property.name, property.schema);
      if (node.catchall) visit("*", node.catchall);
      return;
    case "array":
      if (node.items) node.items.forEach((schema, index) => visit(`[${index}]`, schema));
      else visit("[]", node.element);
      return;
    case "union":
    case "intersection":
      for (const member of node.members) visit("", member);
      return;
    case "unconstrained":
      if (node.values) visit("*", node.values);
      return;
    default:
      return;
  }
}
