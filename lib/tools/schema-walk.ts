/**
 * The state of one type -> schema walk (type-to-schema.ts) shared by every schema root: the
 * checker, the notes by JSON pointer, each root's definitions, and the validation tag problems.
 */
import type ts from "typescript";
import { newSchemaRoot, pointerBase, type SchemaRoot } from "./schema-definitions";
import type { JsonSchema, SchemaNote } from "./tool-types";
import type { TagProblem } from "./validation-tags";

export interface SchemaWalk {
  checker: ts.TypeChecker;
  /** Notes by JSON pointer (see `AnalyzedTool.schemaNotes`). */
  notes: Record<string, SchemaNote>;
  /** Definitions per schema root ("" = parameters, "#output"). */
  roots: Map<string, SchemaRoot>;
  /** Malformed or misplaced member validation tags, once each. */
  problems: TagProblem[];
}

export function newSchemaWalk(checker: ts.TypeChecker): SchemaWalk {
  return { checker, notes: {}, roots: new Map(), problems: [] };
}

/** The definitions of the root `pointer` belongs to (created on first use). */
export function schemaRoot(walk: SchemaWalk, pointer: string): SchemaRoot {
  const base = pointerBase(pointer);
  let root = walk.roots.get(base);
  if (!root) walk.roots.set(base, (root = newSchemaRoot(base)));
  return root;
}

export function addProblems(walk: SchemaWalk, problems: TagProblem[]): void {
  for (const p of problems) {
    if (!walk.problems.some((q) => q.line === p.line && q.message === p.message)) walk.problems.push(p);
  }
}

/** The schema for a value whose annotation is missing or is `any`/`unknown`: a string, not enforced. */
export function uncheckedSchema(walk: SchemaWalk, pointer: string): JsonSchema {
  note(walk, pointer, { unchecked: true });
  return { type: "string" };
}

export function note(walk: SchemaWalk, pointer: string, value: SchemaNote): void {
  walk.notes[pointer] = { ...walk.notes[pointer], ...value };
}
