import path from "node:path";
import { describe, expect, it } from "vitest";
import { DatabaseUrlError, describeTarget, resolveDatabaseTarget } from "./database-url";

describe("resolveDatabaseTarget", () => {
  it("defaults to ./data/atelier.db under the working directory", () => {
    expect(resolveDatabaseTarget(undefined, "/srv/app")).toEqual({
      kind: "sqlite",
      file: "/srv/app/data/atelier.db",
      url: "file:/srv/app/data/atelier.db",
    });
    expect(resolveDatabaseTarget("   ", "/srv/app").kind).toBe("sqlite");
  });

  it("takes file:PATH relative to the working directory, or absolute", () => {
    expect(resolveDatabaseTarget("file:./x/y.db", "/srv").url).toBe(`file:${path.resolve("/srv", "x/y.db")}`);
    expect(resolveDatabaseTarget("file:/tmp/a.db", "/srv").url).toBe("file:/tmp/a.db");
    expect(resolveDatabaseTarget("file:///tmp/b.db", "/srv").url).toBe("file:/tmp/b.db");
  });

  it("selects PostgreSQL for postgresql:// and postgres:// URLs", () => {
    expect(resolveDatabaseTarget("postgresql://u:p@db:5432/atelier")).toEqual({
      kind: "postgresql",
      url: "postgresql://u:p@db:5432/atelier",
    });
    expect(resolveDatabaseTarget("postgres://u@db/atelier").kind).toBe("postgresql");
  });

  it.each([
    [
      "mysql://u@h/db",
      "DATABASE_URL: unsupported database URL ('mysql:'); use file:PATH for SQLite or postgresql://… for PostgreSQL",
    ],
    [
      "atelier.db",
      "DATABASE_URL: unsupported database URL (no scheme); use file:PATH for SQLite or postgresql://… for PostgreSQL",
    ],
    ["file:", "DATABASE_URL: 'file:' needs a path, e.g. file:./data/atelier.db"],
    ["file::memory:", "DATABASE_URL: an in-memory SQLite database would lose everything at restart; give a file path"],
    ["postgresql://u@h:5432/", "DATABASE_URL: the postgresql:// URL names no database (…/DBNAME)"],
    ["postgresql://[bad", "DATABASE_URL: not a valid postgresql:// URL"],
  ])("refuses %s naming the variable and the reason", (raw, message) => {
    expect(() => resolveDatabaseTarget(raw)).toThrowError(new DatabaseUrlError(message));
  });

  it("never shows a password when describing the target", () => {
    expect(describeTarget(resolveDatabaseTarget("postgresql://u:secret@db:5432/atelier"))).toBe(
      "postgresql db:5432/atelier",
    );
  });
});
