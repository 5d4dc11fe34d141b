/**
 * The statements of the batched event writer (event-writer.ts), in SQLite's or PostgreSQL's
 * spelling. Each takes its rows as one JSON text parameter that the database unpacks
 * (`json_each` / `jsonb_array_elements`): the cost of a query through Prisma is per parameter, so
 * thousands of bound values made a batch cost four times the inserts themselves; one parameter
 * also never meets a bound-variable limit.
 */

/** A column the writer fills: its name and its type where the row's JSON value must be converted. */
export interface Column {
  name: string;
  /**
   * "int", "bigint" (sent as a decimal string), "bool", "json" (the row holds its JSON text),
   * "time" (the row holds an ISO-8601 text), "timestamp" (the batch's time, not in the row).
   */
  type?: "int" | "bigint" | "bool" | "json" | "time" | "timestamp";
}

export type Dialect = "sqlite" | "postgresql";

/** A statement and its parameters, for `$executeRawUnsafe`. */
export type Statement = [string, unknown[]];

/** A row value read out of `r.value` at `i`, as the column's SQL type. */
function valueAt(pg: boolean, c: Column, i: number): string {
  // `->` answers JSON text (SQLite: the text as sent), `->>` the SQL value.
  if (c.type === "json") return `(r.value->${i})`;
  if (!pg) return c.type === "bigint" ? `CAST(r.value->>${i} AS INTEGER)` : `(r.value->>${i})`;
  const v = `(r.value->>${i})`;
  if (c.type === "int") return `${v}::int`;
  if (c.type === "bigint") return `${v}::bigint`;
  if (c.type === "bool") return `${v}::boolean`;
  if (c.type === "time") return `${v}::timestamp(3)`;
  return v;
}

/**
 * `INSERT INTO table (columns) SELECT … FROM <the rows>`: `json` is an array of rows, each an
 * array of the columns' values in order (a `timestamp` column takes `at` and has no slot in the
 * row), sent as one text parameter beside the batch's time.
 */
export function insertJsonRows(
  dialect: Dialect,
  table: string,
  columns: Column[],
  json: string,
  at: string,
): Statement {
  const pg = dialect === "postgresql";
  // SQLite binds `?` in the order they appear (better-sqlite3 has no numbered `?NNN`).
  const params: unknown[] = pg ? [json] : [];
  // PostgreSQL refuses a bound parameter the statement does not use.
  if (pg && columns.some((c) => c.type === "timestamp")) params.push(at);
  let slot = 0;
  const values = columns.map((c) => {
    if (c.type === "timestamp") {
      if (pg) return "$2::timestamp(3)";
      params.push(at);
      return "?";
    }
    return valueAt(pg, c, slot++);
  });
  if (!pg) params.push(json);
  const from = pg ? "jsonb_array_elements($1::jsonb) AS r" : "json_each(?) AS r";
  return [
    `INSERT INTO "${table}" (${columns.map((c) => `"${c.name}"`).join(",")}) SELECT ${values.join(",")} FROM ${from}`,
    params,
  ];
}

/**
 * `UPDATE table SET columns … FROM <the rows> WHERE "id" = the row's first value`: `json` is an
 * array of rows, each the row's id then the columns' values in order (no `timestamp` columns).
 */
export function updateJsonRows(dialect: Dialect, table: string, columns: Column[], json: string): Statement {
  const pg = dialect === "postgresql";
  const values = [{ name: "id" }, ...columns].map((c, i) => `${valueAt(pg, c, i)} AS c${i}`);
  const from = pg ? "jsonb_array_elements($1::jsonb) AS r" : "json_each(?) AS r";
  return [
    `UPDATE "${table}" SET ${columns.map((c, i) => `"${c.name}" = s.c${i + 1}`).join(", ")} ` +
      `FROM (SELECT ${values.join(", ")} FROM ${from}) AS s WHERE "${table}"."id" = s.c0`,
    [json],
  ];
}

/** Each conversation's `lastSeq` moved up to its new value (never down), in one statement. */
export function advanceLastSeqs(dialect: Dialect, seqs: Array<[string, number]>, at: string): Statement {
  const json = JSON.stringify(seqs);
  if (dialect === "sqlite")
    return [
      `UPDATE "Conversation" SET "lastSeq" = MAX("lastSeq", s.seq), "updatedAt" = ? ` +
        `FROM (SELECT json_extract(value, '$[0]') AS id, json_extract(value, '$[1]') AS seq FROM json_each(?)) AS s ` +
        `WHERE "Conversation"."id" = s.id`,
      [at, json],
    ];
  return [
    `UPDATE "Conversation" SET "lastSeq" = GREATEST("lastSeq", s.seq), "updatedAt" = $2::timestamp(3) ` +
      `FROM (SELECT (r.value->>0) AS id, (r.value->>1)::int AS seq FROM jsonb_array_elements($1::jsonb) AS r) AS s ` +
      `WHERE "Conversation"."id" = s.id`,
    [json, at],
  ];
}

/**
 * The rows as one JSON array of arrays. A `json` column's value is JSON text already and goes in as
 * it is (no second escaping of every payload; the database hands the same text back out).
 */
export function rowsJson(columns: Column[], rows: unknown[][]): string {
  const json = columns.filter((c) => c.type !== "timestamp").map((c) => c.type === "json");
  let out = "[";
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    out += r === 0 ? "[" : ",[";
    for (let i = 0; i < row.length; i++) {
      if (i > 0) out += ",";
      out += json[i] ? (row[i] as string) : JSON.stringify(row[i]);
    }
    out += "]";
  }
  return `${out}]`;
}
