/**
 * Recognising types by where they were declared: the standard library (Date, Set, Map), the
 * `atelier` module (RunContext, Int, tool), and the members of an object shape.
 */
import ts from "typescript";
import { ATELIER_MODULE_PATH } from "./atelier-module";

export function isLibSymbol(symbol: ts.Symbol | undefined): boolean {
  return !!symbol?.declarations?.some((d) => d.getSourceFile().hasNoDefaultLib);
}

export function isAtelierSymbol(symbol: ts.Symbol | undefined, name: string): boolean {
  return (
    !!symbol &&
    symbol.name === name &&
    !!symbol.declarations?.some((d) => d.getSourceFile().fileName === ATELIER_MODULE_PATH)
  );
}

/** `type` without `undefined`/`void` members. */
export function stripUndefined(type: ts.Type): ts.Type[] {
  if (!type.isUnion()) return [type];
  return type.types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
}

/** Types no JSON value can be: `never`, `undefined`, `void` (an absent value is not a value). */
const ABSENT = ts.TypeFlags.Never | ts.TypeFlags.Undefined | ts.TypeFlags.Void;

/** The members of `type` a JSON value can be: `undefined`, `void` and `never` removed. */
export function presentMembers(type: ts.Type): ts.Type[] {
  if (type.isUnion()) return type.types.filter((t) => !(t.flags & ABSENT));
  return type.flags & ABSENT ? [] : [type];
}

/** Does `type` admit leaving the value out (`X | undefined`, `void`, `undefined`, `never`)? */
export function admitsAbsence(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some((t) => t.flags & ABSENT);
  return (type.flags & ABSENT) !== 0;
}

export function libName(type: ts.Type): string | undefined {
  const symbol = type.getSymbol();
  return isLibSymbol(symbol) ? symbol!.name : undefined;
}

export function isDateType(type: ts.Type): boolean {
  return libName(type) === "Date";
}

export function isSetType(type: ts.Type): boolean {
  const name = libName(type);
  return name === "Set" || name === "ReadonlySet";
}

export function isMapType(type: ts.Type): boolean {
  const name = libName(type);
  return name === "Map" || name === "ReadonlyMap";
}

export function unwrapParens(node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  while (node && ts.isParenthesizedTypeNode(node)) node = node.type;
  return node;
}

/** A property's annotation node, when it was declared with one. */
export function declaredTypeNode(symbol: ts.Symbol): ts.TypeNode | undefined {
  const decl = symbol.valueDeclaration;
  if (decl && (ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl) || ts.isParameter(decl)) && decl.type) {
    return decl.type;
  }
  return undefined;
}

/** Is this member part of the data shape (not a method, not private/protected, not a symbol key)? */
export function isDataMember(prop: ts.Symbol): boolean {
  if (prop.flags & ts.SymbolFlags.Method) return false;
  if (prop.name.startsWith("__@") || prop.name.startsWith("#")) return false;
  const decl = prop.valueDeclaration;
  if (decl && ts.canHaveModifiers(decl)) {
    const mods = ts.getModifiers(decl) ?? [];
    if (
      mods.some(
        (m) =>
          m.kind === ts.SyntaxKind.PrivateKeyword ||
          m.kind === ts.SyntaxKind.ProtectedKeyword ||
          m.kind === ts.SyntaxKind.StaticKeyword,
      )
    ) {
      return false;
    }
  }
  if (decl && (ts.isMethodDeclaration(decl) || ts.isMethodSignature(decl))) return false;
  return true;
}

export function memberDescription(checker: ts.TypeChecker, prop: ts.Symbol): string {
  return ts.displayPartsToString(prop.getDocumentationComment(checker)).trim();
}

export function isOptionalMember(prop: ts.Symbol): boolean {
  return (prop.flags & ts.SymbolFlags.Optional) !== 0;
}

/** JSON pointer escaping of one key (RFC 6901). */
export function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}
