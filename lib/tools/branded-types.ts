/** Branded types as the schema sees them: a branded primitive is that primitive, and `Int` is an integer. */
import ts from "typescript";
import { isAtelierSymbol } from "./type-recognisers";

/** The optional property that brands `Int` in the atelier module. */
export const INT_BRAND = "__atelierInt";

export const PRIMITIVE_OR_LITERAL =
  ts.TypeFlags.String |
  ts.TypeFlags.Number |
  ts.TypeFlags.Boolean |
  ts.TypeFlags.BigInt |
  ts.TypeFlags.StringLiteral |
  ts.TypeFlags.NumberLiteral |
  ts.TypeFlags.BooleanLiteral |
  ts.TypeFlags.TemplateLiteral |
  ts.TypeFlags.StringMapping;

/** A branded primitive or literal (`string & { __brand: "Email" }`, `"a" & Brand`) -> the primitive. */
export function unbrand(t: ts.Type): ts.Type {
  if (!t.isIntersection() || isIntBrand(t)) return t;
  return t.types.find((p) => p.flags & PRIMITIVE_OR_LITERAL) ?? t;
}

export function isIntBrand(type: ts.IntersectionType): boolean {
  if (isAtelierSymbol(type.aliasSymbol, "Int")) return true;
  return type.types.some((t) => {
    const brand = t.getProperty(INT_BRAND);
    return !!brand && isAtelierSymbol(brand, INT_BRAND);
  });
}
