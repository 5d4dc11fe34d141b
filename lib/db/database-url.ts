/**
 * Which database the studio uses, read from DATABASE_URL: an SQLite file by default
 * (`./data/atelier.db`), `file:PATH` for another file, or `postgresql://…` for PostgreSQL.
 */
import path from "node:path";
import { AppError } from "../errors";

export type DatabaseKind = "sqlite" | "postgresql";

export type DatabaseTarget = { kind: "sqlite"; file: string; url: string } | { kind: "postgresql"; url: string };

export const DEFAULT_SQLITE_FILE = "./data/atelier.db";

/** A DATABASE_URL that cannot be used; the message names the variable and the reason. */
export class DatabaseUrlError extends AppError {
  static override readonly kind: string = "DatabaseUrlError";
  constructor(message: string) {
    super("DatabaseUrlError", message);
  }
}

export function resolveDatabaseTarget(
  raw: string | undefined = process.env.DATABASE_URL,
  cwd: string = process.cwd(),
): DatabaseTarget {
  const value = raw?.trim();
  if (!value) {
    const file = path.resolve(cwd, DEFAULT_SQLITE_FILE);
    return { kind: "sqlite", file, url: `file:${file}` };
  }
  if (value.startsWith("file:")) {
    const rest = value.slice("file:".length).replace(/^\/\/(?=\/)/, "");
    const filePart = rest.split("?")[0];
    if (!filePart) {
      throw new DatabaseUrlError("DATABASE_URL: 'file:' needs a path, e.g. file:./data/atelier.db");
    }
    if (filePart === ":memory:") {
      throw new DatabaseUrlError(
        "DATABASE_URL: an in-memory SQLite database would lose everything at restart; give a file path",
      );
    }
    const file = path.resolve(cwd, filePart);
    return { kind: "sqlite", file, url: `file:${file}` };
  }
  if (/^postgres(ql)?:\/\//.test(value)) {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new DatabaseUrlError("DATABASE_URL: not a valid postgresql:// URL");
    }
    if (!parsed.hostname && !parsed.searchParams.get("host")) {
      throw new DatabaseUrlError("DATABASE_URL: the postgresql:// URL names no host");
    }
    if (parsed.pathname.replace(/^\//, "") === "") {
      throw new DatabaseUrlError("DATABASE_URL: the postgresql:// URL names no database (…/DBNAME)");
    }
    return { kind: "postgresql", url: value };
  }
  const scheme = value.includes(":") ? `'${value.split(":")[0]}:'` : "no scheme";
  throw new DatabaseUrlError(
    `DATABASE_URL: unsupported database URL (${scheme}); use file:PATH for SQLite or postgresql://… for PostgreSQL`,
  );
}

/** The URL with any password masked, for logs and the health route. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === "sqlite") return `sqlite ${target.file}`;
  try {
    const u = new URL(target.url);
    if (u.password) u.password = "***";
    return `postgresql ${u.host}${u.pathname}`;
  } catch {
    return "postgresql";
  }
}
