/**
 * Recursive types as `$defs` + `$ref` (lib/tools/README.md, "Recursive types").
 *
 * Each schema root (the tool's `parameters`, the output schema under the `#output` pointer) keeps
 * its own definitions. A type that meets itself while it is being expanded (a tree, a JSON value,
 * a linked list) gets a name; every occurrence becomes `{"$ref":"#/$defs/Name"}` and its schema
 * moves to the root's `$defs`, with its schema notes re-keyed to the definition's pointer. Types
 * that never meet themselves stay inline, however deep.
 */
import ts from "typescript";
import type { JsonSchema, SchemaNote } from "./tool-types";

export interface SchemaRoot {
  /** The pointer prefix of this root's notes: "" for parameters, "#output" for the output. */
  base: string;
  defs: Record<string, JsonSchema>;
  /** Named (recursive) types: a later occurrence is a `$ref` straight away. */
  names: Map<ts.Type, string>;
  taken: Set<string>;
}

/** The root a pointer belongs to: "#output/properties/a" -> "#output", "/properties/a" -> "". */
export function pointerBase(pointer: string): string {
  return /^#[^/]*/.exec(pointer)?.[0] ?? "";
}

export function newSchemaRoot(base: string): SchemaRoot {
  return { base, defs: {}, names: new Map(), taken: new Set() };
}

export function refTo(name: string): JsonSchema {
  return { $ref: `#/$defs/${name}` };
}

export { defName } from "./schema-refs.shared";

function baseName(checker: ts.TypeChecker, type: ts.Type): string {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  const name = symbol && !symbol.name.startsWith("__") ? symbol.name : "Type";
  const generic = (type.aliasTypeArguments?.length ?? 0) > 0 || ((type as ts.TypeReference).typeArguments ?? []).length;
  if (!generic || name === "Array") return name === "Array" ? checker.typeToString(type) : name;
  return checker.typeToString(type);
}

/** A fresh definition name for `type` in `root` ("Tree", "Tree_string", "Tree2"). */
export function reserveName(checker: ts.TypeChecker, root: SchemaRoot, type: ts.Type): string {
  const wanted =
    baseName(checker, type)
      .replace(/[^A-Za-z0-9_]+/g, "_")
      .replace(/^_+|_+$/g, "") || "Type";
  let name = wanted;
  for (let i = 2; root.taken.has(name); i++) name = `${wanted}${i}`;
  root.taken.add(name);
  root.names.set(type, name);
  return name;
}

/**
 * Notes recorded under `from` (the first expansion) now belong to the definition at `to`. Notes of
 * other definitions (`<base>/$defs/…`) stay: they are not under the expansion even when `from` is
 * the root itself (a recursive output type).
 */
export function moveNotes(notes: Record<string, SchemaNote>, from: string, to: string): void {
  const defs = `${pointerBase(from)}/$defs/`;
  for (const key of Object.keys(notes)) {
    if (key.startsWith(defs)) continue;
    if (key === from || key.startsWith(`${from}/`)) {
      notes[to + key.slice(from.length)] = notes[key];
      delete notes[key];
    }
  }
}

/** `schema` with the root's definitions attached (unchanged when there are none). */
export function withDefinitions(schema: JsonSchema, root: SchemaRoot | undefined): JsonSchema {
  if (!root || Object.keys(root.defs).length === 0) return schema;
  return { ...schema, $defs: root.defs };
}
