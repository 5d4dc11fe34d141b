/**
 * The one schema source (prisma/schema.prisma, written for SQLite) and its PostgreSQL variant,
 * which differs only in the datasource provider and the generated client's folder.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { DatabaseKind } from "./database-url";

export const PRISMA_DIR = path.resolve(process.cwd(), "prisma");
export const SCHEMA_PATH = path.join(PRISMA_DIR, "schema.prisma");

export function migrationsDir(kind: DatabaseKind, prismaDir: string = PRISMA_DIR): string {
  return path.join(/* turbopackIgnore: true */ prismaDir, "migrations", kind);
}

export function schemaFor(kind: DatabaseKind, source: string): string {
  if (kind === "sqlite") return source;
  const variant = source
    .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
    .replace(/output(\s*)=(\s*)"\.\.\/lib\/db\/generated\/sqlite"/, 'output$1=$2"../../lib/db/generated/postgresql"');
  if (variant === source || !variant.includes('"postgresql"') || !variant.includes("generated/postgresql")) {
    throw new Error(
      "prisma/schema.prisma: could not derive the PostgreSQL variant (datasource or output changed shape)",
    );
  }
  return variant;
}

export function readSchema(kind: DatabaseKind, schemaPath: string = SCHEMA_PATH): { path: string; content: string } {
  const content = schemaFor(kind, readFileSync(/* turbopackIgnore: true */ schemaPath, "utf8"));
  return { path: schemaPath, content };
}
