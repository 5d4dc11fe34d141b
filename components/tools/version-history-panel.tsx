"use client";
/** Every saved version with who and when; a side-by-side diff between any two; restore as new. */
import dynamic from "next/dynamic";
import { useState } from "react";
import type { ToolDetail } from "@/lib/tool-store/tool-views.shared";
import { formatDateTime } from "@/components/shell/format";
import { useToolDetail } from "./tool-queries";

const ToolVersionDiff = dynamic(() => import("./tool-version-diff"), {
  ssr: false,
  loading: () => <p className="muted">Loading the diff editor…</p>,
});

export function VersionHistoryPanel({
  tool,
  canSave,
  restoring,
  onRestore,
}: {
  tool: ToolDetail;
  canSave: boolean;
  restoring: number | null;
  onRestore(version: number): void;
}) {
  const latest = tool.latestVersion;
  const [left, setLeft] = useState(Math.max(1, latest - 1));
  const [right, setRight] = useState(latest);
  return (
    <div className="versions" data-testid="version-history">
      <table className="table compact">
        <thead>
          <tr>
            <th>Version</th>
            <th>State</th>
            <th>Saved by</th>
            <th>When</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {tool.versions.map((v) => (
            <tr key={v.version} data-testid={`version-row-${v.version}`}>
              <td className="mono">
                v{v.version}
                {v.version === latest ? <span className="pill small-pill">latest</span> : null}
              </td>
              <td>
                {v.hasErrors ? (
                  <span className="pill danger">draft: errors</span>
                ) : (
                  <span className="pill ok">clean</span>
                )}
              </td>
              <td>{v.createdBy ?? "—"}</td>
              <td>{formatDateTime(v.createdAt)}</td>
              <td className="row-actions">
                <button
                  className="btn small"
                  onClick={() => (setLeft(v.version), setRight(latest))}
                  disabled={v.version === latest}
                >
                  Diff with latest
                </button>
                {canSave && v.version !== latest ? (
                  <button className="btn small" onClick={() => onRestore(v.version)} disabled={restoring !== null}>
                    {restoring === v.version ? "Restoring…" : `Restore as v${latest + 1}`}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {tool.versions.length > 1 ? (
        <>
          <div className="inline-form">
            <strong>Compare</strong>
            <VersionSelect label="Left version" versions={tool.versions} value={left} onChange={setLeft} />
            <span>→</span>
            <VersionSelect label="Right version" versions={tool.versions} value={right} onChange={setRight} />
          </div>
          <VersionDiff toolId={tool.id} left={left} right={right} />
        </>
      ) : (
        <p className="muted small">One version so far: save again to compare.</p>
      )}
    </div>
  );
}

function VersionSelect({
  label,
  versions,
  value,
  onChange,
}: {
  label: string;
  versions: ToolDetail["versions"];
  value: number;
  onChange(v: number): void;
}) {
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(Number(e.target.value))}>
      {versions.map((v) => (
        <option key={v.version} value={v.version}>
          v{v.version}
        </option>
      ))}
    </select>
  );
}

function VersionDiff({ toolId, left, right }: { toolId: string; left: number; right: number }) {
  const a = useToolDetail(toolId, left);
  const b = useToolDetail(toolId, right);
  if (a.error || b.error) return <p className="error">Could not load: {(a.error ?? b.error)!.message}</p>;
  if (!a.data || !b.data)
    return (
      <p className="muted">
        Loading v{left} and v{right}…
      </p>
    );
  return (
    <div className="diff-wrap">
      <div className="diff-labels">
        <span>
          v{left} · {a.data.version.createdBy ?? "—"} · {formatDateTime(a.data.version.createdAt)}
        </span>
        <span>
          v{right} · {b.data.version.createdBy ?? "—"} · {formatDateTime(b.data.version.createdAt)}
        </span>
      </div>
      <ToolVersionDiff original={a.data.version.source} modified={b.data.version.source} />
    </div>
  );
}
