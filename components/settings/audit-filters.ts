/** The audit log's filters as the address holds them, so a filtered view can be shared and survives a reload. */
export interface AuditFilters {
  actor?: string;
  action?: string;
  /** YYYY-MM-DD, local. */
  from?: string;
  to?: string;
  page?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as the address holds them (`?actor=&action=&from=&to=&page=`), so a view can be shared and survives a reload. */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const text = (k: string) => params.get(k)?.trim() || undefined;
  const day = (k: string) => (DAY.test(params.get(k) ?? "") ? params.get(k)! : undefined);
  const page = Number(params.get("page"));
  return {
    actor: text("actor"),
    action: text("action"),
    from: day("from"),
    to: day("to"),
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

export function writeAuditFilters(f: AuditFilters): string {
  const out = new URLSearchParams();
  for (const k of ["actor", "action", "from", "to"] as const) if (f[k]) out.set(k, f[k]!);
  if (f.page && f.page > 1) out.set("page", String(f.page));
  return out.toString();
}
