"use client";
/**
 * The audit log (admins): who did what to what, when — people and things by name, with links to
 * what still exists — filtered by actor, action and days, a page at a time. Each entry's recorded
 * details open below it.
 */
import Link from "next/link";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { apiFetch } from "@/components/api/api-client";
import { formatDateTime, formatInt } from "@/components/shell/format";
import { auditApi } from "@/lib/api/contracts/audit.shared";
import type { AuditEntry } from "@/lib/auth/audit-log.shared";
import { ChoiceFilter, DateRangeFilter } from "@/components/shell/filter-fields";
import { readAuditFilters, writeAuditFilters, type AuditFilters } from "./audit-filters";

const PAGE_SIZE = 50;

function useAuditFilters(): [AuditFilters, (next: AuditFilters) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const filters = useMemo(() => readAuditFilters(new URLSearchParams(params.toString())), [params]);
  const setFilters = useCallback(
    (next: AuditFilters) => {
      const query = writeAuditFilters(next);
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [pathname, router],
  );
  return [filters, setFilters];
}

/** A local day's first (or last) instant as the ISO date-time the API reads. */
function localDay(day: string | undefined, end: boolean): string | undefined {
  if (!day) return undefined;
  const t = new Date(`${day}T${end ? "23:59:59.999" : "00:00:00.000"}`);
  return Number.isNaN(t.getTime()) ? undefined : t.toISOString();
}

/** The query key starts with "audit", so a change that is audited refreshes every page of it. */
function useAuditPage(f: AuditFilters) {
  return useQuery({
    queryKey: ["audit", f],
    queryFn: () =>
      apiFetch(auditApi.list, {
        query: {
          limit: PAGE_SIZE,
          page: f.page ?? 1,
          actor: f.actor,
          action: f.action,
          from: localDay(f.from, false),
          to: localDay(f.to, true),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every action of the log, with one "all of a kind" choice per kind that has several. */
function actionChoices(actions: string[]): Array<{ value: string; label: string }> {
  const kinds = new Map<string, number>();
  for (const a of actions) kinds.set(a.split(".")[0]!, (kinds.get(a.split(".")[0]!) ?? 0) + 1);
  const out: Array<{ value: string; label: string }> = [];
  for (const [kind, n] of kinds) {
    if (n > 1) out.push({ value: `${kind}.`, label: `${kind}.* (any)` });
    for (const a of actions) if (a.startsWith(`${kind}.`)) out.push({ value: a, label: a });
  }
  return out;
}

function Details({ e }: { e: AuditEntry }) {
  if (!e.details) return null;
  const { actorTokenId: _token, ...rest } = e.details;
  if (!Object.keys(rest).length) return null;
  return (
    <details>
      <summary className="small">details</summary>
      <pre className="json-block small">{JSON.stringify(rest, null, 2)}</pre>
    </details>
  );
}

export function AuditPanel() {
  const [filters, setFilters] = useAuditFilters();
  const audit = useAuditPage(filters);
  const set = (next: Partial<AuditFilters>) => setFilters({ ...filters, page: 1, ...next });
  const filtered = !!(filters.actor || filters.action || filters.from || filters.to);
  const d = audit.data;
  const page = d?.page ?? 1;
  const pages = d ? Math.max(1, Math.ceil(d.total / d.limit)) : 1;

  return (
    <section className="card" data-testid="audit-panel">
      <h2>Audit log</h2>
      <form className="inline-form wrap" aria-label="Filter the audit log" onSubmit={(e) => e.preventDefault()}>
        <ChoiceFilter
          label="Who"
          anyLabel="anyone"
          value={filters.actor}
          options={(d?.actors ?? []).map((a) => ({ value: a.id, label: a.label }))}
          onChange={(actor) => set({ actor })}
        />
        <ChoiceFilter
          label="What"
          anyLabel="any action"
          value={filters.action}
          options={actionChoices(d?.actions ?? [])}
          onChange={(action) => set({ action })}
        />
        <DateRangeFilter from={filters.from} to={filters.to} onChange={set} />
        {filtered ? (
          <button type="button" className="btn small" onClick={() => setFilters({})}>
            Reset filters
          </button>
        ) : null}
      </form>
      {audit.isPending ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : audit.error ? (
        <p className="error" role="alert">
          Could not load the audit log: {audit.error.message}
        </p>
      ) : d && d.entries.length > 0 ? (
        <>
          <div style={{ overflowX: "auto" }}>
            <table className="table compact" aria-busy={audit.isFetching}>
              <thead>
                <tr>
                  <th>When</th>
                  <th>Who</th>
                  <th>What</th>
                  <th>Target</th>
                </tr>
              </thead>
              <tbody>
                {d.entries.map((e) => (
                  <tr key={e.id} data-testid="audit-row" data-action={e.action}>
                    <td>{formatDateTime(e.createdAt)}</td>
                    <td data-testid="audit-actor">
                      {e.actor === null && e.actorLabel === "anonymous" ? (
                        <span className="muted">anonymous</span>
                      ) : (
                        e.actorLabel
                      )}
                    </td>
                    <td className="mono">{e.action}</td>
                    <td data-testid="audit-target">
                      {e.targetLabel === null ? (
                        <span className="muted">—</span>
                      ) : e.targetHref ? (
                        <Link href={e.targetHref}>{e.targetLabel}</Link>
                      ) : (
                        e.targetLabel
                      )}
                      <Details e={e} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="inline-form wrap" aria-label="Pages of the audit log">
            <span className="muted small" role="status">
              {formatInt((page - 1) * d.limit + 1)}–{formatInt((page - 1) * d.limit + d.entries.length)} of{" "}
              {formatInt(d.total)}
            </span>
            <button
              type="button"
              className="btn small"
              disabled={page <= 1}
              onClick={() => setFilters({ ...filters, page: page - 1 })}
            >
              Newer
            </button>
            <span className="small">
              Page {page} of {pages}
            </span>
            <button
              type="button"
              className="btn small"
              disabled={page >= pages}
              onClick={() => setFilters({ ...filters, page: page + 1 })}
            >
              Older
            </button>
          </nav>
        </>
      ) : (
        <p className="muted">{filtered ? "No entries match these filters." : "Nothing recorded yet."}</p>
      )}
    </section>
  );
}
