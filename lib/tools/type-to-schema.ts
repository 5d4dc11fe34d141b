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
 * Beyond the table (README, "Precision"): `undefined` is stripped from unions and a member that can
 * be absent is optional; `never` / `undefined` / `void` members are not advertised; intersections
 * of objects merge, a branded primitive (or literal) is that primitive, an intersection of arrays
 * is an array; template literals are patterns; `keyof` is the enum of the keys in declaration
 * order; recursive types are `$defs` + `$ref` (schema-definitions.ts); member JSDoc validation
 * tags become keywords (validation-tags.ts).
 */
import ts from "typescript";
import { enumNameOf, isLiteral, literalUnionName, literalValue, orderedMembers } from "./literal-unions";
import {
  declaredTypeNode,
  escapePointer,
  isDataMember,
  isDateType,
  isOptionalMember,
  libName,
  memberDescription,
  presentMembers,
  admitsAbsence,
  unwrapParens,
} from "./type-recognisers";
import { moveNotes, refTo, reserveName } from "./schema-definitions";
import { stringPatternOf } from "./template-literal-pattern";
import type { JsonSchema } from "./tool-types";
import { applyValidationTags, memberValidationTags } from "./validation-tags";
import { isIntBrand, PRIMITIVE_OR_LITERAL, unbrand } from "./branded-types";
import { addProblems, note, schemaRoot, uncheckedSchema, type SchemaWalk } from "./schema-walk";

export { newSchemaWalk, schemaRoot, uncheckedSchema, type SchemaWalk } from "./schema-walk";

/**
 * Recursion is handled by `$ref`; this bound only stops types that grow without repeating (a generic
 * that instantiates itself with ever-larger arguments). Finite nesting far below it stays inline.
 */
const MAX_DEPTH = 40;

interface Frame {
  type: ts.Type;
  /** Set when the type met itself while being expanded. */
  name?: string;
}

interface State {
  walk: SchemaWalk;
  /** Types being expanded: meeting one again makes it a definition (recursive types). */
  stack: Frame[];
  depth: number;
}

/** The schema of `type`; `node` (the annotation, when there is one) gives declaration order. */
export function typeToSchema(walk: SchemaWalk, type: ts.Type, pointer: string, node?: ts.TypeNode): JsonSchema {
  return toSchema({ walk, stack: [], depth: 0 }, type, pointer, node);
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
    const members = presentMembers(type);
    if (members.length === 0) return { not: {} };
    if (members.length === 1) return toSchema(st, members[0], pointer, memberNode(checker, node, members[0]));
    if (type.flags & ts.TypeFlags.Boolean && members.length === type.types.length) return { type: "boolean" };
    const build = () => unionSchema(st, type, members, pointer, node);
    // Only named types recurse: an anonymous union (`Tree | null`) is not a definition of its own.
    return type.aliasSymbol ? guarded(st, type, pointer, build) : build();
  }
  // No JSON value is `never`, and an absent value is not one either (members are handled above).
  if (type.flags & (ts.TypeFlags.Never | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return { not: {} };

  if (type.flags & ts.TypeFlags.Boolean) return { type: "boolean" };
  if (type.flags & ts.TypeFlags.String) return { type: "string" };
  if (type.flags & ts.TypeFlags.Number) return { type: "number" };
  if (type.flags & ts.TypeFlags.Null) return { type: "null" };
  if (type.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.BooleanLiteral)) {
    return literalEnumSchema(st.walk, [type], pointer, enumNameOf([type]) ?? type.aliasSymbol?.name);
  }

  if (type.flags & (ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) {
    const pattern = stringPatternOf(type);
    return pattern === null ? { type: "string" } : { type: "string", pattern };
  }

  if (type.isIntersection()) return guarded(st, type, pointer, () => intersectionSchema(st, type, pointer));

  if (type.flags & ts.TypeFlags.NonPrimitive) return { type: "object" };
  if (type.flags & ts.TypeFlags.Object) {
    const build = () => objectLikeSchema(st, type as ts.ObjectType, pointer, node);
    // `Tree[]` is not a definition of its own (its element is); an aliased array type is.
    const anonymousArray = !type.aliasSymbol && (checker.isArrayType(type) || checker.isTupleType(type));
    return anonymousArray ? build() : guarded(st, type, pointer, build);
  }
  return { type: "string" };
}

/**
 * Expand `type` with recursion detection: meeting a type that is being expanded names it; every
 * occurrence becomes a `$ref` and the schema moves to the root's `$defs`.
 */
function guarded(st: State, type: ts.Type, pointer: string, build: () => JsonSchema): JsonSchema {
  const root = schemaRoot(st.walk, pointer);
  const known = root.names.get(type);
  if (known) return refTo(known);
  const open = st.stack.find((f) => f.type === type);
  if (open) {
    open.name ??= reserveName(st.walk.checker, root, type);
    return refTo(open.name);
  }
  const frame: Frame = { type };
  st.stack.push(frame);
  let schema: JsonSchema;
  try {
    schema = build();
  } finally {
    st.stack.pop();
  }
  if (frame.name === undefined) return schema;
  root.defs[frame.name] = schema;
  moveNotes(st.walk.notes, pointer, `${root.base}/$defs/${frame.name}`);
  return refTo(frame.name);
}

function intersectionSchema(st: State, type: ts.IntersectionType, pointer: string): JsonSchema {
  const { checker } = st.walk;
  // A branded primitive (`number & { __brand: "Int" }`) is that primitive; `Int` is an integer.
  const primitive = type.types.find((t) => t.flags & PRIMITIVE_OR_LITERAL);
  if (primitive) {
    if (primitive.flags & ts.TypeFlags.Number && isIntBrand(type)) return { type: "integer" };
    return toSchema(st, primitive, pointer);
  }
  // An intersection with an array type is an array (JSON arrays carry no other members); its
  // elements are what every part's elements are.
  const arrays = type.types.filter((t) => checker.isArrayType(t) || checker.isTupleType(t));
  if (arrays.length > 0) {
    if (arrays.some((t) => checker.isTupleType(t))) return { type: "array" };
    const element = checker.getIndexTypeOfType(type, ts.IndexKind.Number);
    return arrayOf(st, element, pointer);
  }
  return objectSchema(st, type, pointer);
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
  const ordered: ts.Type[] = [];
  for (const t of orderedMembers(checker, type, node)) {
    const plain = members.includes(t) ? unbrand(t) : undefined;
    if (plain && !ordered.includes(plain)) ordered.push(plain);
  }
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
  if (st.depth >= MAX_DEPTH && type.flags & ts.TypeFlags.Object) return { type: "object" };
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
  let schema = nested(st, propType, pointer, typeNode);
  const tags = memberValidationTags(prop);
  if (tags.length > 0) {
    const root = schemaRoot(st.walk, pointer);
    const applied = applyValidationTags(schema, tags, `'${prop.name}'`, {
      root: { $defs: root.defs },
      pointer,
      notes: st.walk.notes,
    });
    schema = applied.schema;
    addProblems(st.walk, applied.problems);
  }
  const text = description ?? memberDescription(checker, prop);
  return text ? { ...schema, description: text } : schema;
}

function objectSchema(st: State, type: ts.Type, pointer: string): JsonSchema {
  const { checker } = st.walk;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const prop of checker.getPropertiesOfType(type)) {
    if (!isDataMember(prop)) continue;
    const propType = checker.getTypeOfSymbol(prop);
    // `never`, `undefined`, `void`: no JSON value fits, so the member is not advertised at all.
    if (presentMembers(propType).length === 0) continue;
    properties[prop.name] = propertySchemaIn(st, prop, `${pointer}/properties/${escapePointer(prop.name)}`);
    if (!isOptionalMember(prop) && !admitsAbsence(propType)) required.push(prop.name);
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

/** The object-shape schema of a named type (used for output schemas); `$ref` when it is recursive. */
export function objectShapeSchema(walk: SchemaWalk, type: ts.Type, pointer: string): JsonSchema {
  const st: State = { walk, stack: [], depth: 0 };
  return guarded(st, type, pointer, () => objectSchema(st, type, pointer));
}
