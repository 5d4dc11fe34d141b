/**
 * Price entries as stored (admin-managed, docs/prices.md): list, read, create, replace, delete —
 * each change audited (`price.create`, `price.update`, `price.delete`) and followed by a reload of
 * this process's pricing cache (./price-entry-cache.ts). Deleting an entry leaves the usage it
 * priced as it was recorded until `npm run usage:reprice`.
 */
import { recordAudit } from "../auth/audit-log";
import type { Principal } from "../auth/roles";
import type { Db } from "../db/client";
import { NotFoundError } from "../errors";
import type { PriceRule } from "./match-price-entry";
import { reloadPriceEntries } from "./price-entry-cache";
import { customPriceVersion, PriceEntryInput, type PriceEntryView } from "./price-entry.shared";

type Row = Awaited<ReturnType<Db["priceEntry"]["findFirstOrThrow"]>>;

const n = (v: bigint | null) => (v === null ? null : Number(v));

export function toPriceEntryView(row: Row): PriceEntryView {
  return {
    id: row.id,
    name: row.name,
    provider: row.provider,
    modelPattern: row.modelPattern,
    inputPerMTokNanoUsd: Number(row.inputPerMTokNanoUsd),
    outputPerMTokNanoUsd: Number(row.outputPerMTokNanoUsd),
    cacheReadPerMTokNanoUsd: n(row.cacheReadPerMTokNanoUsd),
    cacheWritePerMTokNanoUsd: n(row.cacheWritePerMTokNanoUsd),
    validFrom: row.validFrom.toISOString(),
    overrides: row.overrides,
    priceVersion: customPriceVersion(row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPriceRule(row: Row): PriceRule {
  return {
    id: row.id,
    name: row.name,
    provider: row.provider,
    modelPattern: row.modelPattern,
    inputPerMTokNanoUsd: row.inputPerMTokNanoUsd,
    outputPerMTokNanoUsd: row.outputPerMTokNanoUsd,
    cacheReadPerMTokNanoUsd: row.cacheReadPerMTokNanoUsd,
    cacheWritePerMTokNanoUsd: row.cacheWritePerMTokNanoUsd,
    validFrom: row.validFrom,
    overrides: row.overrides,
  };
}

/** Every entry as pricing uses it (the cache's loader, a reprice). */
export async function loadPriceRules(db: Db): Promise<PriceRule[]> {
  return (await db.priceEntry.findMany()).map(toPriceRule);
}

/** Every entry, by provider, pattern and validity start. */
export async function listPriceEntries(db: Db): Promise<PriceEntryView[]> {
  const rows = await db.priceEntry.findMany({
    orderBy: [{ provider: "asc" }, { modelPattern: "asc" }, { validFrom: "desc" }, { id: "asc" }],
  });
  return rows.map(toPriceEntryView);
}

export async function getPriceEntry(db: Db, id: string): Promise<PriceEntryView> {
  const row = await db.priceEntry.findUnique({ where: { id } });
  if (!row) throw new NotFoundError(`No price entry '${id}'.`, { id });
  return toPriceEntryView(row);
}

function columns(input: PriceEntryInput, validFromDefault: Date) {
  const body = PriceEntryInput.parse(input);
  const big = (v: number | null | undefined) => (v === null || v === undefined ? null : BigInt(v));
  return {
    name: body.name ? body.name : null,
    provider: body.provider,
    modelPattern: body.modelPattern,
    inputPerMTokNanoUsd: BigInt(body.inputPerMTokNanoUsd),
    outputPerMTokNanoUsd: BigInt(body.outputPerMTokNanoUsd),
    cacheReadPerMTokNanoUsd: big(body.cacheReadPerMTokNanoUsd),
    cacheWritePerMTokNanoUsd: big(body.cacheWritePerMTokNanoUsd),
    validFrom: body.validFrom ? new Date(body.validFrom) : validFromDefault,
    overrides: body.overrides,
  };
}

const auditDetails = (v: PriceEntryView) => ({
  provider: v.provider,
  modelPattern: v.modelPattern,
  name: v.name,
  inputPerMTokNanoUsd: v.inputPerMTokNanoUsd,
  outputPerMTokNanoUsd: v.outputPerMTokNanoUsd,
  cacheReadPerMTokNanoUsd: v.cacheReadPerMTokNanoUsd,
  cacheWritePerMTokNanoUsd: v.cacheWritePerMTokNanoUsd,
  validFrom: v.validFrom,
  overrides: v.overrides,
});

export async function createPriceEntry(
  db: Db,
  actor: Principal | null,
  input: PriceEntryInput,
): Promise<PriceEntryView> {
  const row = await db.priceEntry.create({ data: { ...columns(input, new Date()), createdById: actor?.id ?? null } });
  const view = toPriceEntryView(row);
  await recordAudit(db, { actor, action: "price.create", target: row.id, details: auditDetails(view) });
  await reloadPriceEntries();
  return view;
}

/** Replaces every field (PUT): an absent `validFrom` keeps the stored one, an absent cache price clears it. */
export async function replacePriceEntry(
  db: Db,
  actor: Principal,
  id: string,
  input: PriceEntryInput,
): Promise<PriceEntryView> {
  const before = await getPriceEntry(db, id);
  const row = await db.priceEntry.update({ where: { id }, data: columns(input, new Date(before.validFrom)) });
  const view = toPriceEntryView(row);
  await recordAudit(db, {
    actor,
    action: "price.update",
    target: id,
    details: { before: auditDetails(before), after: auditDetails(view) },
  });
  await reloadPriceEntries();
  return view;
}

export async function deletePriceEntry(db: Db, actor: Principal, id: string): Promise<void> {
  const before = await getPriceEntry(db, id);
  await db.priceEntry.delete({ where: { id } });
  await recordAudit(db, { actor, action: "price.delete", target: id, details: auditDetails(before) });
  await reloadPriceEntries();
}
