/**
 * One serialised transaction for decisions about the set of users: "no user yet, so create the
 * first admin" and "another active admin remains, so this one may lose the role". Both read the
 * users and then write; two such transactions running side by side could each see the other's
 * state before it changed (two first admins, or no admin left). The lock makes them take turns:
 * on PostgreSQL a transaction-scoped advisory lock, on SQLite a write that matches no row, which
 * takes SQLite's single write lock before the read.
 */
import type { Db } from "../db/client";
import { getDatabaseTarget } from "../db/client";

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/** An arbitrary constant naming this lock among the database's advisory locks ("ATLU"). */
const USERS_LOCK_KEY = 0x41544c55;

export async function withUsersLocked<T>(
  db: Db,
  fn: (tx: Tx) => Promise<T>,
  kind: "sqlite" | "postgresql" = getDatabaseTarget().kind,
): Promise<T> {
  return db.$transaction(
    async (tx) => {
      if (kind === "postgresql") await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${USERS_LOCK_KEY})`);
      else await tx.$executeRawUnsafe('UPDATE "User" SET "id" = "id" WHERE 1 = 0');
      return fn(tx);
    },
    { maxWait: 10_000, timeout: 15_000 },
  );
}
