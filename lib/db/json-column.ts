/**
 * The one crossing between domain types and Prisma's Json columns. A Json column holds what its
 * domain type says (an agent's stored config, a tool version's analysis and diagnostics, audit
 * details): plain data — objects, arrays, strings, numbers, booleans, null. Prisma types these
 * columns as any JSON, so writes and reads go through these two functions instead of a cast at
 * each call site.
 */
import type { Prisma } from "./generated/sqlite/client";

/** A domain value as a Json column's input (undefined leaves an optional column unset). */
export function jsonColumn(value: object): Prisma.InputJsonValue;
export function jsonColumn(value: object | undefined): Prisma.InputJsonValue | undefined;
export function jsonColumn(value: object | undefined): Prisma.InputJsonValue | undefined {
  return value as Prisma.InputJsonValue | undefined;
}

/** A Json column's stored value as the domain type it was written from. */
export function readJsonColumn<T>(value: Prisma.JsonValue | null): T {
  return value as T;
}
