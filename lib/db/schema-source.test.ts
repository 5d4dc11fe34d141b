import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { schemaFor, SCHEMA_PATH } from "./schema-source";

describe("schemaFor", () => {
  const source = readFileSync(SCHEMA_PATH, "utf8");

  it("keeps the SQLite schema as written", () => {
    expect(schemaFor("sqlite", source)).toBe(source);
  });

  it("derives PostgreSQL by swapping only the provider and the client folder", () => {
    const pg = schemaFor("postgresql", source);
    expect(pg).toContain('provider = "postgresql"');
    expect(pg).toContain('"../../lib/db/generated/postgresql"');
    const changed = pg.split("\n").filter((line, i) => line !== source.split("\n")[i]);
    expect(changed).toHaveLength(2);
  });

  it("fails loudly when the datasource changed shape", () => {
    expect(() => schemaFor("postgresql", 'datasource db {\n  provider = "mysql"\n}')).toThrow(
      /could not derive the PostgreSQL variant/,
    );
  });
});
