/**
 * The output schema, inferred from a *named object* return type: an interface, a class, or a type
 * alias of an object type, declared in the tool's module (`Promise<…>` unwrapped). Primitives,
 * unions, arrays, `any`, anonymous object types and library types are skipped: there is nothing
 * named to check against, so a tool typed `: Promise<string>` pays nothing.
 */
import ts from "typescript";
import type { JsonSchema } from "./tool-types";
import { isLibSymbol } from "./type-recognisers";
import { withDefinitions } from "./schema-definitions";
import { objectShapeSchema, type SchemaWalk } from "./type-to-schema";
import { ATELIER_MODULE_PATH } from "./atelier-module";

/** Notes for the output schema live under this prefix in `AnalyzedTool.schemaNotes`. */
export const OUTPUT_POINTER = "#output";

export interface OutputSchema {
  schema: JsonSchema;
  name: string;
}

function declaredInTool(symbol: ts.Symbol | undefined, sf: ts.SourceFile): boolean {
  return (
    !!symbol &&
    !isLibSymbol(symbol) &&
    !!symbol.declarations?.some((d) => d.getSourceFile() === sf && d.getSourceFile().fileName !== ATELIER_MODULE_PATH)
  );
}

/** The named object type a function returns (after `await`), or null. */
export function namedReturnType(
  checker: ts.TypeChecker,
  fn: ts.SignatureDeclaration,
  sf: ts.SourceFile,
): { type: ts.Type; name: string } | null {
  const signature = checker.getSignatureFromDeclaration(fn);
  if (!signature) return null;
  const returned = checker.getReturnTypeOfSignature(signature);
  const type = checker.getAwaitedType(returned) ?? returned;
  if (!(type.flags & ts.TypeFlags.Object)) return null;
  if (checker.isArrayType(type) || checker.isTupleType(type)) return null;
  if (type.getCallSignatures().length > 0) return null;

  const alias = type.aliasSymbol;
  if (alias && declaredInTool(alias, sf)) return { type, name: alias.name };
  const symbol = type.getSymbol();
  if (symbol && symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class) && declaredInTool(symbol, sf)) {
    return { type, name: symbol.name };
  }
  return null;
}

export function readOutputSchema(
  walk: SchemaWalk,
  fn: ts.SignatureDeclaration,
  sf: ts.SourceFile,
): OutputSchema | null {
  const named = namedReturnType(walk.checker, fn, sf);
  if (!named) return null;
  const schema = objectShapeSchema(walk, named.type, OUTPUT_POINTER);
  return { schema: withDefinitions(schema, walk.roots.get(OUTPUT_POINTER)), name: named.name };
}
