/**
 * What the `agentVersion` breakdown adds to the sums (summarize-usage.ts): each version's runs with
 * usage in the period, its label and the rows' order. Runs are counted from the records (a run's
 * records all carry its version): distinct runs do not add up across the rollup's days. Usage
 * outside any run (a manual compaction's summarizer, `runId` "") is in no run.
 */
import type { Db } from "../../../db/client";
import { Prisma } from "../../../db/generated/sqlite/client";
import { periodOf } from "./usage-summary.shared";
import { and, filterSql, ts, type Query } from "./usage-sums";

/** A version's row label: "v3". */
export const versionLabel = (key: string): string => `v${key}`;

/** Versions oldest first (numerically: v2 before v10). */
export const byVersion = (a: { key: string }, b: { key: string }): number => Number(a.key) - Number(b.key);

/** The runs with usage in the period and filters, per version (the key as the rows have it). */
export async function runsByVersion(db: Db, query: Query): Promise<Map<string, number>> {
  const { from, to } = periodOf(query);
  const where = [...filterSql(query), Prisma.sql`"runId" <> ''`];
  if (from) where.push(Prisma.sql`"createdAt" >= ${ts(from)}`);
  if (to) where.push(Prisma.sql`"createdAt" < ${ts(to)}`);
  const rows = await db.$queryRaw<Array<{ agentVersion: number | bigint; runs: number | bigint | string }>>(
    Prisma.sql`SELECT "agentVersion", COUNT(DISTINCT "runId") AS "runs" FROM "UsageRecord" WHERE ${and(where)} GROUP BY "agentVersion"`,
  );
  return new Map(rows.map((r) => [String(r.agentVersion), Number(r.runs)]));
}
