/**
 * Prepared statements kept per SQL text on an SQLite connection. Prisma's better-sqlite3 adapter
 * prepares a new statement for every query (`client.prepare(sql).bind(args)`), and preparing was
 * the largest single cost of a query on the main thread (about a tenth of a turn's CPU in the
 * run-loop benchmark). Prisma sends the same few hundred SQL texts again and again, so the
 * connection's `prepare` answers from a bounded cache instead.
 *
 * better-sqlite3 lets a statement be bound only once (`bind()` is permanent), so a cached
 * statement is never bound: `prepare()` answers a view whose `bind(args)` passes the arguments on
 * each execution. The view offers what the adapter uses — `reader`, `columns()`, `run()`,
 * `raw().all()` — and a statement used without arguments (`BEGIN`) runs as it is.
 */
import type BetterSqlite3 from "better-sqlite3";

/** Statements kept per connection; the least recently used goes first. */
export const CACHED_STATEMENTS = 500;

type Statement = BetterSqlite3.Statement<unknown[]>;

export interface BoundStatement {
  readonly reader: boolean;
  columns(): ReturnType<Statement["columns"]>;
  run(): ReturnType<Statement["run"]>;
  raw(): { all(): unknown[] };
}

export interface CachedStatement extends BoundStatement {
  bind(args: unknown[]): BoundStatement;
}

/** A cached statement as the adapter sees it: bound to `args` on each execution, never for good. */
class BoundView implements CachedStatement {
  constructor(
    private readonly stmt: Statement,
    private readonly args: unknown[] = [],
  ) {}
  get reader(): boolean {
    return this.stmt.reader;
  }
  columns() {
    return this.stmt.columns();
  }
  run() {
    return this.stmt.run(...this.args);
  }
  raw() {
    return { all: () => this.stmt.raw(true).all(...this.args) as unknown[] };
  }
  bind(args: unknown[]): BoundStatement {
    return new BoundView(this.stmt, args);
  }
}

/** Replaces `client.prepare` with the cached one; answers the cache for tests. */
export function cacheStatements(client: BetterSqlite3.Database, limit = CACHED_STATEMENTS): Map<string, Statement> {
  const prepare = client.prepare.bind(client) as (sql: string) => Statement;
  const cache = new Map<string, Statement>();
  const cached = (sql: string): CachedStatement => {
    let stmt = cache.get(sql);
    if (stmt) {
      cache.delete(sql);
    } else {
      stmt = prepare(sql);
      if (cache.size >= limit) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, stmt);
    return new BoundView(stmt);
  };
  (client as unknown as { prepare: (sql: string) => CachedStatement }).prepare = cached;
  return cache;
}
