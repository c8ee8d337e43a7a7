import type * as ts from "typescript";
import type { TS } from "../ts-utils.js";
import type { ObjectSchema, ZodFlavor } from "./model.js";

/** Object types of zod 4 classic, zod/mini and zod 3, by the name zod declares them under. */
const OBJECT_TYPES: Record<string, ZodFlavor> = { ZodObject: "classic", ZodMiniObject: "mini" };

/**
 * A zod object whose source is out of reach (a package, a `.d.ts`), judged by its declared type:
 * zod 4 records strictness in the alias of the config type argument (`$strict`, `$strip`, `$loose`),
 * zod 3 in a string literal (`"strict"`, `"strip"`, `"passthrough"`) followed by the catchall schema.
 * The node is sited at `use`, the expression in the linted file, since the declaration cannot be edited.
 * Undefined when the type is not a zod object or says nothing (an unresolved or `any` type).
 */
export function objectFromDeclaredType(t: TS, checker: ts.TypeChecker, use: ts.Expression): ObjectSchema | undefined {
  let type: ts.Type;
  try {
    type = checker.getTypeAtLocation(use);
  } catch {
    return undefined;
  }
  const symbol = type.getSymbol();
  const flavor = symbol && OBJECT_TYPES[symbol.getName()];
  if (!flavor || !symbol?.declarations?.some((declaration) => isZodPackageFile(declaration.getSourceFile().fileName))) return undefined;
  if (!(type.flags & t.TypeFlags.Object) || !((type as ts.ObjectType).objectFlags & t.ObjectFlags.Reference)) return undefined;
  const args = checker.getTypeArguments(type as ts.TypeReference);
  const mode = args[1];
  if (!mode) return undefined;
  let closed: boolean;
  let major: 3 | 4;
  if (mode.isStringLiteral()) {
    major = 3;
    // zod 3 keeps a catchall through .strict(): only the default (ZodTypeAny) or ZodNever leaves it closed.
    const catchall = args[2]?.getSymbol()?.getName();
    closed = mode.value === "strict" && (catchall === undefined || catchall === "ZodType" || catchall === "ZodNever");
  } else if (mode.aliasSymbol) {
    major = 4;
    closed = mode.aliasSymbol.getName() === "$strict";
  } else {
    return undefined;
  }
  return {
    kind: "object",
    site: use,
    flavor: "zod",
    properties: [],
    propertiesComplete: false,
    openness: closed ? { closed: true, site: use, fixes: [] } : { closed: false, reason: "declared-open", site: use, fixes: [] },
    chainEnd: use,
    zodFlavor: flavor,
    zodMajor: major,
  };
}

function isZodPackageFile(fileName: string): boolean {
  // `zod`, and npm aliases such as `zod3` that projects use to keep both majors.
  return /\/node_modules\/zod[^/]*\//.test(fileName);
}
