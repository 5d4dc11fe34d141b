/**
 * Which named custom price entries (docs/prices.md — the demo's "demo price — not real money")
 * priced the usage a summary sums, so that every figure they priced carries their name.
 *
 * The daily rollup does not keep the price version, so this reads the records: one query for the
 * named entries (most studios have none, and then nothing else is read), then the distinct rollup
 * grains (day, agent, version, provider, model) of the records in the period and filters that such
 * an entry priced. A summary marks a row (and its stacks, and the total) with the names found in
 * its grains.
 */
import type { Db } from "../../../db/client";
import { Prisma } from "../../../db/generated/sqlite/client";
import { customPriceVersion } from "../../../prices/price-entry.shared";
import { and, filterSql, ts, type Query } from "./usage-sums";
import { periodOf } from "./usage-summary.shared";

export interface PriceMark {
  day: string;
  agentId: string;
  agentVersion: number;
  provider: string;
  model: string;
  name: string;
}

export async function namedPriceMarks(db: Db, query: Query): Promise<PriceMark[]> {
  const named = await db.priceEntry.findMany({ where: { name: { not: null } }, select: { id: true, name: true } });
  const names = new Map(named.filter((e) => e.name?.trim()).map((e) => [customPriceVersion(e.id), e.name!]));
  if (names.size === 0) return [];
  const { from, to } = periodOf(query);
  const where = [
    ...filterSql(query),
    Prisma.sql`"priceVersion" IN (${Prisma.join([...names.keys()])})`,
    ...(from ? [Prisma.sql`"createdAt" >= ${ts(from)}`] : []),
    ...(to ? [Prisma.sql`"createdAt" < ${ts(to)}`] : []),
  ];
  const rows = await db.$queryRaw<
    Array<Omit<PriceMark, "name" | "agentVersion"> & { agentVersion: number | bigint; priceVersion: string }>
  >(
    Prisma.sql`SELECT DISTINCT "day", "agentId", "agentVersion", "provider", "model", "priceVersion" FROM "UsageRecord" WHERE ${and(where)}`,
  );
  return rows.map((r) => ({
    day: r.day,
    agentId: r.agentId,
    agentVersion: Number(r.agentVersion),
    provider: r.provider,
    model: r.model,
    name: names.get(r.priceVersion)!,
  }));
}

/** The names, sorted, or nothing (so rows without a named price keep their shape). */
export function priceNamesField(names: Set<string> | undefined): { priceNames?: string[] } {
  return names && names.size > 0 ? { priceNames: [...names].sort() } : {};
}
