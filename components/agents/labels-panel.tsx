"use client";
/**
 * Release labels: production, staging and any other label with the version it points at, and
 * moving one (authors). Rolling back is moving production to an older version. A version whose
 * tool entries follow the latest can be frozen: saved again with those tools pinned, the label
 * pointing at the new version.
 */
import { useState } from "react";
import { LABEL_PATTERN } from "@/lib/agents/agent-label.shared";
import { followsLatest } from "./agent-version-view";
import { useAgentLabels, useAgentVersion, useAgentVersions, useMoveLabel } from "./agent-version-queries";
import { VersionSelect } from "./agent-versions-panel";

const NEW_LABEL = "__new__";

export function LabelsPanel({ agentId, canWrite }: { agentId: string; canWrite: boolean }) {
  const labels = useAgentLabels(agentId);
  const versions = useAgentVersions(agentId);
  const move = useMoveLabel(agentId);
  const [label, setLabel] = useState("production");
  const [newLabel, setNewLabel] = useState("");
  const [version, setVersion] = useState<number | null>(null);
  const [freeze, setFreeze] = useState(false);
  const [moved, setMoved] = useState<string | null>(null);
  const latest = versions.data?.versions[0]?.version ?? null;
  const chosen = version ?? labels.data?.labels[label] ?? latest;
  const target = useAgentVersion(agentId, canWrite ? chosen : null);
  if (labels.isPending || versions.isPending)
    return (
      <p className="muted" role="status">
        Loading labels…
      </p>
    );
  if (!labels.data || !versions.data)
    return (
      <p className="error" role="alert">
        Could not load the labels: {(labels.error ?? versions.error)?.message ?? "no answer"}
      </p>
    );
  const history = versions.data.versions;
  const entries = Object.entries(labels.data.labels);
  const name = label === NEW_LABEL ? newLabel.trim() : label;
  const nameOk = LABEL_PATTERN.test(name);
  const canFreeze = target.data ? followsLatest(target.data.agent.tools) : false;
  const submit = () => {
    if (!chosen || !nameOk) return;
    setMoved(null);
    move.mutate(
      { label: name, version: chosen, freezeTools: canFreeze && freeze },
      {
        onSuccess: (r) => {
          setMoved(
            `${r.label} → v${r.version}` +
              (r.frozenFrom !== undefined ? ` (v${r.frozenFrom} with its tools frozen)` : "") +
              (r.previous !== null ? `, was v${r.previous}` : ""),
          );
          setVersion(null);
          setFreeze(false);
          if (label === NEW_LABEL) {
            setLabel(r.label);
            setNewLabel("");
          }
        },
      },
    );
  };
  return (
    <section className="card av-panel" aria-labelledby="labels-h" data-testid="labels-panel">
      <h2 id="labels-h">Labels</h2>
      <p className="muted small">
        New conversations start on <strong>production</strong> (the latest version while it is unset). Roll back by
        moving production to an older version.
      </p>
      <ul className="av-labels">
        {entries.map(([l, v]) => (
          <li key={l} data-testid={`label-${l}`}>
            <span className={l === "production" ? "pill ok" : "pill warn"}>{l}</span>
            {v === null ? (
              <span className="muted">unset{l === "production" && latest ? ` (latest: v${latest})` : ""}</span>
            ) : (
              <strong className="mono">v{v}</strong>
            )}
          </li>
        ))}
      </ul>
      {canWrite && history.length ? (
        <div className="inline-form wrap av-move">
          <select aria-label="Label" value={label} onChange={(e) => (setLabel(e.target.value), setMoved(null))}>
            {entries.map(([l]) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
            <option value={NEW_LABEL}>new label…</option>
          </select>
          {label === NEW_LABEL ? (
            <input
              aria-label="New label name"
              className="mono"
              placeholder="canary"
              value={newLabel}
              onChange={(e) => setNewLabel(e.target.value)}
            />
          ) : null}
          <span>to</span>
          <VersionSelect
            label="Move to version"
            versions={history}
            value={chosen ?? 1}
            onChange={(n) => (setVersion(n), setMoved(null))}
          />
          {canFreeze ? (
            <label
              className="check"
              title="Saves this version again with each follow-latest tool pinned to its current version"
            >
              <input type="checkbox" checked={freeze} onChange={(e) => setFreeze(e.target.checked)} /> freeze tools
            </label>
          ) : null}
          <button
            type="button"
            className="btn primary"
            disabled={move.isPending || !nameOk || !chosen}
            onClick={submit}
          >
            {move.isPending ? "Moving…" : `Move ${name || "label"}`}
          </button>
          {label === NEW_LABEL && newLabel && !nameOk ? (
            <span className="error small">1–32 lowercase letters, digits or -, starting with a letter</span>
          ) : null}
        </div>
      ) : null}
      {canFreeze && canWrite ? (
        <p className="muted small" data-testid="follows-latest">
          v{chosen} has tools that follow their latest version: freezing pins them as they are now.
        </p>
      ) : null}
      {move.error ? (
        <p className="error" role="alert" data-testid="move-label-error">
          {move.error.message}
        </p>
      ) : null}
      {moved ? (
        <p className="pill ok" role="status" data-testid="label-moved">
          {moved}
        </p>
      ) : null}
    </section>
  );
}
