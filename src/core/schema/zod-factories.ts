import type * as ts from "typescript";
import { unwrapExpression } from "../ts-utils.js";
import { returnedExpressions } from "../resolve.js";
import type { Openness, SchemaNode, StringSchema, ZodFlavor } from "./model.js";
import {
  BOUNDED_NUMBER_FACTORIES, BOUNDED_STRING_FORMATS, ENUM_FACTORIES, LEAF_FACTORIES,
  NUMBER_FACTORIES, PRECISION_FORMATS, UNBOUNDED_STRING_FORMATS, WRAPPER_FUNCTIONS,
} from "./zod-vocabulary.js";
import { ZodChainMethods, hasNumericPrecision } from "./zod-methods.js";

/**
 * What each zod factory (`z.object`, `z.string`, `z.record`, …) builds. The reader (from-zod.ts) finds
 * which factory a call is; the methods chained on the result are in zod-methods.ts.
 */
export abstract class ZodFactories extends ZodChainMethods {
  protected readFactory(call: ts.CallExpression, callee: ts.Expression, name: string, flavor: ZodFlavor, major: 3 | 4): SchemaNode {
    const t = this.t;
    const args = call.arguments;
    const site = callee;
    switch (name) {
      case "object":
      case "strictObject":
      case "looseObject": {
        const shape = args[0] ? this.readShape(args[0]) : { properties: [], complete: true };
        const openness: Openness =
          name === "strictObject"
            ? { closed: true, site, fixes: [] }
            : name === "looseObject"
              ? { closed: false, reason: "loose-object", site, fixes: this.renameFix(callee, "strictObject", "use-strict-object") }
              : { closed: false, reason: "zod-object", site, fixes: this.objectFixes(call, callee, flavor) };
        return {
          kind: "object", site, flavor: "zod", properties: shape.properties, propertiesComplete: shape.complete, openness,
          chainEnd: call, zodFlavor: flavor, zodMajor: major,
        };
      }
      case "string":
        return this.stringNode(site, call, flavor);
      case "number":
      case "int":
      case "float64":
      case "bigint":
        return { kind: "number", site, flavor: "zod", hasMinimum: false, hasMaximum: false, boundedByShape: false, zodFlavor: flavor, zodMajor: major };
      case "array":
      case "set": {
        const element = args[0] ? this.read(args[0]) : this.opaque(call);
        return { kind: "array", collection: name === "set" ? "set" : "array", site, flavor: "zod", element, boundedByShape: false, chainEnd: call, zodFlavor: flavor };
      }
      case "tuple": {
        const list = args[0] && unwrapExpression(t, args[0]);
        const items = list && t.isArrayLiteralExpression(list) ? list.elements.map((element) => this.read(element)) : [];
        // zod 4 takes a rest element as the second argument; zod 3 ignores it (its tuples are closed).
        const rest = args[1] && major === 4 ? this.read(args[1]) : undefined;
        return {
          kind: "array", collection: "tuple", site, flavor: "zod", element: rest ?? this.opaque(call), items: rest ? undefined : items,
          boundedByShape: !rest, chainEnd: call, zodFlavor: flavor,
        };
      }
      case "union":
      case "xor":
      case "discriminatedUnion": {
        const list = args[name === "discriminatedUnion" ? 1 : 0];
        const inner = list && unwrapExpression(t, list);
        const members = inner && t.isArrayLiteralExpression(inner) ? inner.elements.map((element) => this.read(element)) : inner && this.readElements(inner);
        if (!members) return this.opaque(call);
        return {
          kind: "union", site, flavor: "zod", members,
          discriminated: name === "discriminatedUnion",
        };
      }
      case "intersection":
        return {
          kind: "intersection", site, flavor: "zod", discriminated: false,
          members: args.slice(0, 2).map((member) => this.read(member)),
        };
      case "record":
      case "partialRecord":
      case "looseRecord":
      case "map": {
        const values = args[1] ?? args[0];
        const keys = args.length > 1 && args[0] ? this.read(args[0]) : undefined;
        return {
          kind: "unconstrained", site, flavor: "zod", what: name === "map" ? "map" : "record",
          values: values ? this.read(values) : undefined,
          keysEnumerated: keys?.kind === "leaf" && keys.enumerated,
        };
      }
      case "any":
      case "unknown":
        return { kind: "unconstrained", site, flavor: "zod", what: name };
      case "json":
        return { kind: "unconstrained", site, flavor: "zod", what: "json" };
      case "custom":
        return args.length === 0 ? { kind: "unconstrained", site, flavor: "zod", what: "custom" } : { kind: "leaf", site, flavor: "zod", enumerated: false };
      case "lazy": {
        const fn = args[0] && unwrapExpression(t, args[0]);
        if (fn && (t.isArrowFunction(fn) || t.isFunctionExpression(fn))) {
          const [returned] = returnedExpressions(t, fn);
          if (returned) return this.read(returned);
        }
        return this.opaque(call);
      }
      case "preprocess":
        return args[1] ? this.read(args[1]) : this.opaque(call);
      case "pipe":
        return args[0] ? this.read(args[0]) : this.opaque(call);
      case "extend":
      case "safeExtend":
      case "merge":
      case "pick":
      case "omit":
      case "partial":
      case "required":
      case "catchall":
      case "strict":
      case "loose": {
        // zod/mini's functional forms: the object is the first argument.
        const receiver = args[0] ? this.read(args[0]) : this.opaque(call);
        if (receiver.kind !== "object") return this.opaque(call);
        return this.applyObjectOperation(receiver, name, args.slice(1), call, undefined) ?? this.opaque(call);
      }
      default:
        break;
    }
    if (WRAPPER_FUNCTIONS.has(name)) return args[0] ? this.read(args[0]) : this.opaque(call);
    if (BOUNDED_STRING_FORMATS.has(name)) return this.stringNode(site, call, flavor, { boundedByShape: true });
    if (PRECISION_FORMATS.has(name)) return this.stringNode(site, call, flavor, { boundedByShape: hasNumericPrecision(t, args[0]) });
    if (name in UNBOUNDED_STRING_FORMATS) return this.stringNode(site, call, flavor, { unboundedFormat: UNBOUNDED_STRING_FORMATS[name] });
    if (BOUNDED_NUMBER_FACTORIES.has(name)) return { kind: "number", site, flavor: "zod", hasMinimum: true, hasMaximum: true, boundedByShape: true };
    if (NUMBER_FACTORIES.has(name)) return { kind: "number", site, flavor: "zod", hasMinimum: false, hasMaximum: false, boundedByShape: false, zodFlavor: flavor, zodMajor: major };
    if (name === "literal") {
      const value = args[0] && unwrapExpression(t, args[0]);
      return { kind: "leaf", site, flavor: "zod", enumerated: true, singleValue: value !== undefined && !t.isArrayLiteralExpression(value) };
    }
    if (ENUM_FACTORIES.has(name)) return { kind: "leaf", site, flavor: "zod", enumerated: true };
    if (LEAF_FACTORIES.has(name)) return { kind: "leaf", site, flavor: "zod", enumerated: false };
    return this.opaque(call);
  }

  private stringNode(site: ts.Node, call: ts.CallExpression, flavor: ZodFlavor, extra?: Partial<StringSchema>): StringSchema {
    const node: StringSchema = { kind: "string", site, flavor: "zod", boundedByShape: false, chainEnd: call, zodFlavor: flavor };
    return extra ? { ...node, ...extra } : node;
  }

}
