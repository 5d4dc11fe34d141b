"use client";
/**
 * An agent's version history: every saved version with who saved it, when and the labels on it;
 * a side-by-side diff of any two; "Restore as new version" for authors (refused with the server's
 * message when the version uses a tool deleted since).
 */
import { useState } from "react";
import { formatDateTime } from "@/components/shell/format";
import type { AgentVersionSummary } from "@/lib/agents/agent-versions.shared";
import { useAgentVersions, useRestoreVersion } from "./agent-version-queries";
import { VersionDiff } from "./version-diff";

export function LabelPills({ labels, latest }: { labels: readonly string[]; latest: boolean }) {
  return (
    <>
      {latest ? <span className="pill small-pill">latest</span> : null}
      {labels.map((l) => (
        <span key={l} className={l === "production" ? "pill ok small-pill" : "pill warn small-pill"} data-label={l}>
          {l}
        </span>
      ))}
    </>
  );
}

export function AgentVersionsPanel({ agentId, canWrite }: { agentId: string; canWrite: boolean }) {
  const q = useAgentVersions(agentId);
  const restore = useRestoreVersion(agentId);
  /** The compared versions; null on the right: the latest, whatever it is by the time the list is fresh. */
  const [pair, setPair] = useState<[number, number | null] | null>(null);
  const [restored, setRestored] = useState<string | null>(null);
  if (q.isPending)
    return (
      <p className="muted" role="status">
        Loading versions…
      </p>
    );
  if (q.error)
    return (
      <p className="error" role="alert">
        Could not load the versions: {q.error.message}
      </p>
    );
  const versions = q.data.versions;
  const latest = versions[0]?.version ?? 1;
  const left = pair ? pair[0] : Math.max(1, latest - 1);
  const right = pair ? (pair[1] ?? latest) : latest;
  const doRestore = (n: number) => {
    setRestored(null);
    restore.mutate(n, {
      onSuccess: ({ agent }) =>
        setRestored(agent.version > latest ? `v${n} restored as v${agent.version}` : `v${n} is the latest already`),
    });
  };
  return (
    <section className="card av-panel" aria-labelledby="versions-h" data-testid="version-history">
      <h2 id="versions-h">Versions</h2>
      <p className="muted small">
        Every save that changes the configuration is a new version; versions never change. Conversations run the version
        they were started on until someone moves them.
      </p>
      {restore.error ? (
        <p className="error" role="alert" data-testid="restore-error">
          {restore.error.message}
        </p>
      ) : null}
      {restored ? (
        <p className="pill ok" role="status" data-testid="restore-done">
          {restored}
        </p>
      ) : null}
      <table className="table compact">
        <thead>
          <tr>
            <th>Version</th>
            <th>Labels</th>
            <th>Saved by</th>
            <th>When</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.version} data-testid={`version-row-${v.version}`}>
              <td className="mono">v{v.version}</td>
              <td>
                <LabelPills labels={v.labels} latest={v.version === latest} />
              </td>
              <td>{v.createdBy ?? <span className="muted">—</span>}</td>
              <td>{formatDateTime(v.createdAt)}</td>
              <td>
                <div className="row-actions">
                  {v.version !== latest ? (
                    <button type="button" className="btn small" onClick={() => setPair([v.version, null])}>
                      Diff with latest
                    </button>
                  ) : null}
                  {canWrite && v.version !== latest ? (
                    <button
                      type="button"
                      className="btn small"
                      disabled={restore.isPending}
                      title={`Saves v${v.version}'s configuration again as v${latest + 1}`}
                      onClick={() => doRestore(v.version)}
                    >
                      {restore.isPending && restore.variables === v.version ? "Restoring…" : "Restore as new version"}
                    </button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {versions.length > 1 ? (
        <>
          <div className="inline-form av-compare">
            <strong>Compare</strong>
            <VersionSelect
              label="From version"
              versions={versions}
              value={left}
              onChange={(n) => setPair([n, right])}
            />
            <span aria-hidden>→</span>
            <VersionSelect label="To version" versions={versions} value={right} onChange={(n) => setPair([left, n])} />
          </div>
          <VersionDiff agentId={agentId} left={left} right={right} versions={versions} />
        </>
      ) : (
        <p className="muted small">One version so far: save a change to compare.</p>
      )}
    </section>
  );
}

export function VersionSelect({
  label,
  versions,
  value,
  onChange,
  disabled,
}: {
  label: string;
  versions: AgentVersionSummary[];
  value: number;
  onChange(v: number): void;
  disabled?: boolean;
}) {
  return (
    <select aria-label={label} value={value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))}>
      {versions.map((v, i) => (
        <option key={v.version} value={v.version}>
          v{v.version}
          {[...(i === 0 ? ["latest"] : []), ...v.labels].map((l) => ` · ${l}`).join("")}
        </option>
      ))}
    </select>
  );
}
