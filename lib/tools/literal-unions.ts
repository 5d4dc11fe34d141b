/**
 * Literal unions and enums: their members in the order the author wrote them (the checker orders
 * union members by type id, which depends on what it met first), their values, and the name the
 * author gave them ("Unit") for "'kelvin' is not a valid Unit" messages.
 */
import ts from "typescript";
import { unwrapParens } from "./type-recognisers";

export function isLiteral(t: ts.Type): boolean {
  return !!(t.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.BooleanLiteral));
}

export function literalValue(t: ts.Type): string | number | boolean {
  if (t.flags & ts.TypeFlags.BooleanLiteral)
    return (t as unknown as { intrinsicName: string }).intrinsicName === "true";
  return (t as ts.LiteralType).value as string | number;
}

/** The enum declaration a literal member type belongs to. */
export function enumOf(t: ts.Type): ts.EnumDeclaration | undefined {
  if (!(t.flags & ts.TypeFlags.EnumLiteral)) return undefined;
  const decl = t.getSymbol()?.valueDeclaration;
  if (decl && ts.isEnumMember(decl)) return decl.parent;
  if (decl && ts.isEnumDeclaration(decl)) return decl;
  return undefined;
}

export function enumNameOf(members: ts.Type[]): string | undefined {
  const decls = new Set(members.map(enumOf));
  if (decls.size !== 1) return undefined;
  const [decl] = decls;
  return decl?.name.text;
}

/** The union or `keyof` a type-alias reference stands for, when that is what it declares. */
function aliasedNode(checker: ts.TypeChecker, n: ts.TypeReferenceNode): ts.TypeNode | undefined {
  const decl = checker.getSymbolAtLocation(n.typeName)?.declarations?.find(ts.isTypeAliasDeclaration);
  const aliased = unwrapParens(decl?.type);
  return aliased && (ts.isUnionTypeNode(aliased) || isKeyof(aliased)) ? aliased : undefined;
}

function isKeyof(n: ts.TypeNode): n is ts.TypeOperatorNode {
  return ts.isTypeOperatorNode(n) && n.operator === ts.SyntaxKind.KeyOfKeyword;
}

/** The members of a union in the order the author wrote them (the checker orders by type id). */
export function orderedMembers(checker: ts.TypeChecker, type: ts.UnionType, node?: ts.TypeNode): ts.Type[] {
  const wanted = new Set(type.types);
  const order: ts.Type[] = [];
  const push = (t: ts.Type) => {
    if (wanted.has(t) && !order.includes(t)) order.push(t);
  };
  const visit = (t: ts.Type, n: ts.TypeNode | undefined, depth: number) => {
    n = unwrapParens(n);
    if (depth > 8) return;
    if (t.isUnion()) {
      const enumDecl = enumOf(t.types[0]);
      if (enumDecl && t.types.every((m) => enumOf(m) === enumDecl)) {
        for (const member of enumDecl.members) {
          const mt = checker.getTypeAtLocation(member);
          push(mt);
        }
      } else if (n && ts.isUnionTypeNode(n)) {
        for (const child of n.types) visit(checker.getTypeFromTypeNode(child), child, depth + 1);
      } else if (n && isKeyof(n)) {
        // `keyof X`: the keys in X's declaration order, not the order the checker met the literals.
        for (const prop of checker.getPropertiesOfType(checker.getTypeFromTypeNode(n.type))) {
          const key = t.types.find((m) => m.isStringLiteral() && m.value === prop.name);
          if (key) push(key);
        }
      } else if (n && ts.isTypeReferenceNode(n) && !n.typeArguments && aliasedNode(checker, n)) {
        // A reference to an alias the checker's union does not carry (`type Key = keyof F`).
        visit(t, aliasedNode(checker, n), depth + 1);
      } else {
        const alias = t.aliasSymbol?.declarations?.find(ts.isTypeAliasDeclaration);
        const aliased = unwrapParens(alias?.type);
        if (aliased && (ts.isUnionTypeNode(aliased) || isKeyof(aliased))) visit(t, aliased, depth + 1);
      }
      t.types.forEach(push);
    } else push(t);
  };
  visit(type, node, 0);
  type.types.forEach(push);
  return order;
}

export function literalUnionName(
  checker: ts.TypeChecker,
  type: ts.UnionType,
  members: ts.Type[],
  node?: ts.TypeNode,
): string | undefined {
  const fromEnum = enumNameOf(members);
  if (fromEnum) return fromEnum;
  if (type.aliasSymbol) return type.aliasSymbol.name;
  // `Unit | null` has no alias of its own: look for the reference that named the literals.
  // `Unit | null`, or an optional `unit?: Unit` (which strict mode widens with undefined), has no
  // alias of its own: look for the reference that named the literals.
  node = unwrapParens(node);
  const candidates = node ? (ts.isUnionTypeNode(node) ? node.types : [node]) : [];
  for (const child of candidates) {
    const t = checker.getTypeFromTypeNode(child);
    if (t.isUnion() && t.aliasSymbol && members.every((m) => t.types.includes(m))) return t.aliasSymbol.name;
  }
  return undefined;
}
