"use client";
/**
 * Two versions of an agent side by side: the prompt template as a line diff, every other change
 * field by field (tool entries by the names they had at save).
 */
import { useMemo } from "react";
import { formatDateTime } from "@/components/shell/format";
import type { AgentVersionSummary } from "@/lib/agents/agent-versions.shared";
import { versionConfigOfView, versionDiff } from "./agent-version-view";
import { useAgentVersion } from "./agent-version-queries";

export function VersionDiff({
  agentId,
  left,
  right,
  versions,
}: {
  agentId: string;
  left: number;
  right: number;
  versions: AgentVersionSummary[];
}) {
  const a = useAgentVersion(agentId, left);
  const b = useAgentVersion(agentId, right);
  const diff = useMemo(
    () =>
      a.data && b.data
        ? versionDiff(
            { config: versionConfigOfView(a.data.agent), toolNames: a.data.toolNames },
            { config: versionConfigOfView(b.data.agent), toolNames: b.data.toolNames },
          )
        : null,
    [a.data, b.data],
  );
  const err = a.error ?? b.error;
  if (err)
    return (
      <p className="error" role="alert">
        Could not load the versions: {err.message}
      </p>
    );
  if (!diff)
    return (
      <p className="muted" role="status">
        Loading v{left} and v{right}…
      </p>
    );
  const about = (n: number) => {
    const v = versions.find((x) => x.version === n);
    return v ? `v${n} · ${v.createdBy ?? "—"} · ${formatDateTime(v.createdAt)}` : `v${n}`;
  };
  if (left === right) return <p className="muted">Pick two different versions to compare.</p>;
  return (
    <div className="av-diff" data-testid="version-diff">
      <div className="av-diff-head">
        <span data-testid="diff-left">{about(left)}</span>
        <span data-testid="diff-right">{about(right)}</span>
      </div>
      {!diff.prompt && diff.fields.length === 0 ? (
        <p className="muted" data-testid="diff-empty">
          No differences: the two versions hold the same configuration.
        </p>
      ) : null}
      {diff.prompt ? (
        <section aria-label="Prompt template diff" data-testid="prompt-diff">
          <h4>Prompt template</h4>
          <div className="av-lines">
            {diff.prompt.map((row, i) => (
              <div key={i} className={`av-line ${row.kind}`}>
                <pre className={row.left === null ? "empty" : row.kind === "same" ? "" : "del"}>{row.left ?? ""}</pre>
                <pre className={row.right === null ? "empty" : row.kind === "same" ? "" : "ins"}>{row.right ?? ""}</pre>
              </div>
            ))}
          </div>
        </section>
      ) : null}
      {diff.fields.length ? (
        <section aria-label="Field changes">
          <h4>Other changes</h4>
          <table className="table compact av-fields" data-testid="field-diff">
            <thead>
              <tr>
                <th>Field</th>
                <th>v{left}</th>
                <th>v{right}</th>
              </tr>
            </thead>
            <tbody>
              {diff.fields.map((f) => (
                <tr key={f.path} data-path={f.path}>
                  <td className="mono">{f.path}</td>
                  <td className="mono del">{f.before}</td>
                  <td className="mono ins">{f.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  );
}
