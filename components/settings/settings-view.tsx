"use client";
import { useHealth } from "./settings-queries";
import { QueryState } from "@/components/shell/query-state";
import type { TelemetryHealth } from "@/lib/db/health.shared";

/** OpenTelemetry export of this server process: off, or where spans go and what became of them. */
function TelemetryFacts({ telemetry: t }: { telemetry: TelemetryHealth }) {
  return (
    <>
      <dt>OpenTelemetry</dt>
      <dd data-testid="telemetry-health">
        {t.enabled ? (
          <>
            <span className="mono">{t.endpoint}</span> ({t.protocol}) — {t.exportedSpans} spans sent, {t.queuedSpans}{" "}
            waiting,{" "}
            <span className={t.droppedSpans + t.failedSpans + t.droppedSegments > 0 ? "error" : undefined}>
              {t.droppedSpans} dropped (queue full), {t.failedSpans} failed
              {t.droppedSegments ? `, ${t.droppedSegments} run segments not exported` : ""}
            </span>
            {t.lastError ? <span className="muted"> · last error: {t.lastError}</span> : null}
          </>
        ) : (
          <span className="muted">off (set OTEL_EXPORTER_OTLP_ENDPOINT to export traces)</span>
        )}
      </dd>
    </>
  );
}

export function SettingsView() {
  const query = useHealth();
  return (
    <QueryState query={query} isEmpty={() => false} empty={null}>
      {(h) => (
        <section className="card" data-testid="studio-info">
          <h2>Studio</h2>
          <dl className="facts">
            {"version" in h ? (
              <>
                <dt>Version</dt>
                <dd className="mono">{h.version}</dd>
              </>
            ) : null}
            <dt>Status</dt>
            <dd>
              <span className={`pill ${h.status === "ok" ? "ok" : "danger"}`}>{h.status}</span>
            </dd>
            {/* The details are for a signed-in caller: a session that ended gets the status alone. */}
            {"database" in h ? (
              <>
                <dt>Database</dt>
                <dd>
                  {h.database.kind === "sqlite" ? "SQLite (embedded)" : "PostgreSQL"} —{" "}
                  {h.database.reachable ? "reachable" : `unreachable: ${h.database.error ?? ""}`}
                </dd>
                <dt>Migrations</dt>
                <dd>
                  {h.database.migrations.applied} of {h.database.migrations.committed} applied
                  {h.database.migrations.latest ? (
                    <span className="mono muted"> (latest {h.database.migrations.latest})</span>
                  ) : null}
                  {h.database.migrations.pending.length > 0 ? (
                    <span className="error"> — pending: {h.database.migrations.pending.join(", ")}</span>
                  ) : null}
                </dd>
              </>
            ) : null}
            {"telemetry" in h && h.telemetry ? <TelemetryFacts telemetry={h.telemetry} /> : null}
          </dl>
        </section>
      )}
    </QueryState>
  );
}
