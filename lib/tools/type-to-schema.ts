/**
 * TypeScript type -> JSON Schema, the table in lib/tools/README.md:
 *
 * | string / number / boolean / Int            | "string" / "number" / "boolean" / "integer"        |
 * | X[], Array<X>, ReadonlyArray<X>, Set<X>,    | {"type":"array","items":<X>}                        |
 * |   Iterable<X>                              |                                                    |
 * | tuple, unknown[], bare Array                | {"type":"array"}                                   |
 * | Record<string,X>, Map<string,X>, {[k]: X}  | {"type":"object","additionalProperties":<X>}        |
 * | interface / object type / class            | properties (declaration order), required, JSDoc     |
 * | "a" | "b"                                  | {"enum":["a","b"],"type":"string"}                  |
 * | enum                                       | {"enum":[...values]}, typed when homogeneous        |
 * | X | null                                   | {"anyOf":[<X>,{"type":"null"}]}                     |
 * | other unions                               | {"anyOf":[...]}                                    |
 * | Date                                       | {"type":"string","format":"date-time"}              |
 * | anything else, any, unknown                | {"type":"string"}                                   |
 *
 * `undefined` is stripped from unions (under `strict`, optional members carry it). Recursive types
 * are cut at their second occurrence (`{"type":"object"}`), and depth is bounded.
 */
import ts from "typescript";
import { enumNameOf, isLiteral, literalUnionName, literalValue, orderedMembers } from "./literal-unions";
import {
  declaredTypeNode,
  escapePointer,
  isAtelierSymbol,
  isDataMember,
  isDateType,
  isOptionalMember,
  libName,
  memberDescription,
  stripUndefined,
  unwrapParens,
} from "./type-recognisers";
import type { JsonSchema, SchemaNote } from "./tool-types";

const MAX_DEPTH = 12;

/** The optional property that brands `Int` in the atelier module. */
const INT_BRAND = "__atelierInt";

export interface SchemaWalk {
  checker: ts.TypeChecker;
  /** Notes by JSON pointer (see `AnalyzedTool.schemaNotes`). */
  notes: Record<string, SchemaNote>;
}

interface State {
  walk: SchemaWalk;
  /** Object shapes being expanded: a second occurrence is cut (recursive types). */
  stack: ts.Type[];
  depth: number;
}

export function newSchemaWalk(checker: ts.TypeChecker): SchemaWalk {
  return { checker, notes: {} };
}

/** The schema of `type`; `node` (the annotation, when there is one) gives declaration order. */
export function typeToSchema(walk: SchemaWalk, type: ts.Type, pointer: string, node?: ts.TypeNode): JsonSchema {
  return toSchema({ walk, stack: [], depth: 0 }, type, pointer, node);
}

/** The schema for a value whose annotation is missing or is `any`/`unknown`: a string, not enforced. */
export function uncheckedSchema(walk: SchemaWalk, pointer: string): JsonSchema {
  note(walk, pointer, { unchecked: true });
  return { type: "string" };
}

function note(walk: SchemaWalk, pointer: string, value: SchemaNote): void {
  walk.notes[pointer] = { ...walk.notes[pointer], ...value };
}

// ---------------------------------------------------------------------------------------------

function toSchema(st: State, type: ts.Type, pointer: string, node?: ts.TypeNode): JsonSchema {
  const { checker } = st.walk;
  node = unwrapParens(node);

  // A bare generic (`Array`, `Set`, `Map`, `Record`) is an error type for the checker: read the node.
  if (node && ts.isTypeReferenceNode(node) && !node.typeArguments && ts.isIdentifier(node.typeName)) {
    const bare = node.typeName.text;
    if (["Array", "ReadonlyArray", "Set", "ReadonlySet", "Iterable"].includes(bare) && type.flags & ts.TypeFlags.Any) {
      return { type: "array" };
    }
    if (["Map", "ReadonlyMap", "Record"].includes(bare) && type.flags & ts.TypeFlags.Any) return { type: "object" };
  }

  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return uncheckedSchema(st.walk, pointer);

  if (type.isUnion()) {
    const members = stripUndefined(type);
    if (members.length === 0) return uncheckedSchema(st.walk, pointer);
    if (members.length === 1) return toSchema(st, members[0], pointer, memberNode(checker, node, members[0]));
    if (type.flags & ts.TypeFlags.Boolean && members.length === type.types.length) return { type: "boolean" };
    return unionSchema(st, type, members, pointer, node);
  }

  if (type.flags & ts.TypeFlags.Boolean) return { type: "boolean" };
  if (type.flags & ts.TypeFlags.String) return { type: "string" };
  if (type.flags & ts.TypeFlags.Number) return { type: "number" };
  if (type.flags & ts.TypeFlags.Null) return { type: "null" };
  if (type.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.BooleanLiteral)) {
    return literalEnumSchema(st.walk, [type], pointer, enumNameOf([type]) ?? type.aliasSymbol?.name);
  }

  if (type.isIntersection()) return intersectionSchema(st, type, pointer);

  if (type.flags & ts.TypeFlags.NonPrimitive) return { type: "object" };
  if (type.flags & ts.TypeFlags.Object) return objectLikeSchema(st, type as ts.ObjectType, pointer, node);
  return { type: "string" };
}

function intersectionSchema(st: State, type: ts.IntersectionType, pointer: string): JsonSchema {
  // A branded primitive (`number & { __brand: "Int" }`) is that primitive; `Int` is an integer.
  const primitive = type.types.find(
    (t) => t.flags & (ts.TypeFlags.String | ts.TypeFlags.Number | ts.TypeFlags.Boolean),
  );
  if (primitive) {
    if (primitive.flags & ts.TypeFlags.Number && isIntBrand(type)) return { type: "integer" };
    return toSchema(st, primitive, pointer);
  }
  return objectSchema(st, type, pointer);
}

function isIntBrand(type: ts.IntersectionType): boolean {
  if (isAtelierSymbol(type.aliasSymbol, "Int")) return true;
  return type.types.some((t) => {
    const brand = t.getProperty(INT_BRAND);
    return !!brand && isAtelierSymbol(brand, INT_BRAND);
  });
}

// ---------------------------------------------------------------------------------------------
// Unions and literal enums.

/** The annotation node of one union member, when the union was written out in `node`. */
function memberNode(checker: ts.TypeChecker, node: ts.TypeNode | undefined, member: ts.Type): ts.TypeNode | undefined {
  node = unwrapParens(node);
  if (!node || !ts.isUnionTypeNode(node)) return undefined;
  return node.types.find((n) => checker.getTypeFromTypeNode(n) === member);
}

function unionSchema(
  st: State,
  type: ts.UnionType,
  members: ts.Type[],
  pointer: string,
  node?: ts.TypeNode,
): JsonSchema {
  const { checker } = st.walk;
  const ordered = orderedMembers(checker, type, node).filter((t) => members.includes(t));
  const hasNull = ordered.some((t) => t.flags & ts.TypeFlags.Null);
  const others = ordered.filter((t) => !(t.flags & ts.TypeFlags.Null));

  let inner: JsonSchema;
  const innerPointer = hasNull ? `${pointer}/anyOf/0` : pointer;
  if (others.length > 0 && others.every(isLiteral)) {
    const allBooleans = others.every((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    inner =
      allBooleans && others.length === 2
        ? { type: "boolean" }
        : literalEnumSchema(st.walk, others, innerPointer, literalUnionName(checker, type, others, node));
  } else if (others.length === 1) {
    inner = toSchema(st, others[0], innerPointer, memberNode(checker, node, others[0]));
  } else {
    // `true | false` inside a wider union is one boolean branch.
    const bothBooleans = others.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral).length === 2;
    const anyOf: JsonSchema[] = [];
    let booleanDone = false;
    for (const t of others) {
      if (bothBooleans && t.flags & ts.TypeFlags.BooleanLiteral) {
        if (!booleanDone) anyOf.push({ type: "boolean" });
        booleanDone = true;
        continue;
      }
      anyOf.push(toSchema(st, t, `${pointer}/anyOf/${anyOf.length}`, memberNode(checker, node, t)));
    }
    if (hasNull) return { anyOf: [...anyOf, { type: "null" }] };
    return { anyOf };
  }
  return hasNull ? { anyOf: [inner, { type: "null" }] } : inner;
}

function literalEnumSchema(
  walk: SchemaWalk,
  members: ts.Type[],
  pointer: string,
  name: string | undefined,
): JsonSchema {
  const values = members.map(literalValue);
  if (name) note(walk, pointer, { typeName: name });
  const kinds = new Set(values.map((v) => typeof v));
  const schema: JsonSchema = { enum: values };
  if (kinds.size === 1) {
    const kind = [...kinds][0];
    if (kind === "string") schema.type = "string";
    else if (kind === "boolean") schema.type = "boolean";
    else schema.type = values.every((v) => Number.isInteger(v)) ? "integer" : "number";
  }
  return schema;
}

// ---------------------------------------------------------------------------------------------
// Object-like types: arrays, sets, maps, dates, object shapes.

function objectLikeSchema(st: State, type: ts.ObjectType, pointer: string, node?: ts.TypeNode): JsonSchema {
  const { checker } = st.walk;
  if (isDateType(type)) return { type: "string", format: "date-time" };

  if (checker.isTupleType(type)) return { type: "array" };
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    const elementNode =
      node && ts.isArrayTypeNode(node)
        ? node.elementType
        : node && ts.isTypeReferenceNode(node)
          ? node.typeArguments?.[0]
          : undefined;
    return arrayOf(st, element, pointer, elementNode);
  }

  const name = libName(type);
  if (name === "Set" || name === "ReadonlySet" || name === "Iterable") {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    const elementNode = node && ts.isTypeReferenceNode(node) ? node.typeArguments?.[0] : undefined;
    return arrayOf(st, element, pointer, elementNode);
  }
  if (name === "Map" || name === "ReadonlyMap") {
    const [, value] = checker.getTypeArguments(type as ts.TypeReference);
    const valueNode = node && ts.isTypeReferenceNode(node) ? node.typeArguments?.[1] : undefined;
    return mapOf(st, value, pointer, valueNode);
  }
  // Other library types (RegExp, Promise, Function, …) and bare functions: "anything else".
  if (name !== undefined && !type.aliasSymbol) return { type: "string" };
  if (type.getCallSignatures().length > 0 && type.getProperties().length === 0) return { type: "string" };

  return objectSchema(st, type, pointer);
}

function isLoose(t: ts.Type | undefined): boolean {
  return !t || !!(t.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown));
}

function arrayOf(st: State, element: ts.Type | undefined, pointer: string, elementNode?: ts.TypeNode): JsonSchema {
  if (isLoose(element)) return { type: "array" };
  return { type: "array", items: nested(st, element!, `${pointer}/items`, elementNode) };
}

function mapOf(st: State, value: ts.Type | undefined, pointer: string, valueNode?: ts.TypeNode): JsonSchema {
  if (isLoose(value)) return { type: "object" };
  return { type: "object", additionalProperties: nested(st, value!, `${pointer}/additionalProperties`, valueNode) };
}

/** Recurse with the depth bound. */
function nested(st: State, type: ts.Type, pointer: string, node?: ts.TypeNode): JsonSchema {
  if (st.depth >= MAX_DEPTH) return { type: "object" };
  st.depth++;
  try {
    return toSchema(st, type, pointer, node);
  } finally {
    st.depth--;
  }
}

/** Schema of one property, with its JSDoc (or `override`) as description. */
export function propertySchema(walk: SchemaWalk, prop: ts.Symbol, pointer: string, description?: string): JsonSchema {
  return propertySchemaIn({ walk, stack: [], depth: 0 }, prop, pointer, description);
}

function propertySchemaIn(st: State, prop: ts.Symbol, pointer: string, description?: string): JsonSchema {
  const { checker } = st.walk;
  const typeNode = declaredTypeNode(prop);
  const propType = checker.getTypeOfSymbol(prop);
  const schema = nested(st, propType, pointer, typeNode);
  const text = description ?? memberDescription(checker, prop);
  return text ? { ...schema, description: text } : schema;
}

function objectSchema(st: State, type: ts.Type, pointer: string): JsonSchema {
  if (st.stack.includes(type)) return { type: "object" };
  st.stack.push(type);
  try {
    return objectSchemaOf(st, type, pointer);
  } finally {
    st.stack.pop();
  }
}

function objectSchemaOf(st: State, type: ts.Type, pointer: string): JsonSchema {
  const { checker } = st.walk;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const prop of checker.getPropertiesOfType(type)) {
    if (!isDataMember(prop)) continue;
    properties[prop.name] = propertySchemaIn(st, prop, `${pointer}/properties/${escapePointer(prop.name)}`);
    if (!isOptionalMember(prop)) required.push(prop.name);
  }
  const schema: JsonSchema = { type: "object", properties };
  if (required.length > 0) schema.required = required;
  const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
  if (index) {
    if (Object.keys(properties).length === 0) delete schema.properties;
    if (!isLoose(index.type)) {
      schema.additionalProperties = nested(st, index.type, `${pointer}/additionalProperties`, index.declaration?.type);
    }
  }
  return schema;
}

/** The object-shape schema of a named type (used for output schemas). */
export function objectShapeSchema(walk: SchemaWalk, type: ts.Type, pointer: string): JsonSchema {
  return objectSchema({ walk, stack: [], depth: 0 }, type, pointer);
}
