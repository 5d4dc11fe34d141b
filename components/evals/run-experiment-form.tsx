"use client";
/**
 * "Run experiment" on a dataset's page (operators): an agent, its version or a label (resolved by
 * the server when the experiment starts), how many cases run at once and how many times each runs.
 * Starting it opens the experiment's page, where its progress streams in.
 */
import { useEffect, useId, useState } from "react";
import { useAgents } from "@/components/agents/agent-queries";
import { useAgentLabels, useAgentVersions } from "@/components/agents/agent-version-queries";
import { useGuardedNavigate } from "@/components/shell/unsaved-changes";
import { useStartExperiment } from "./experiment-queries";

export function RunExperimentForm({ datasetId, onCancel }: { datasetId: string; onCancel: () => void }) {
  const agents = useAgents();
  const [agentId, setAgentId] = useState("");
  const [version, setVersion] = useState("");
  const [concurrency, setConcurrency] = useState("4");
  const [repetitions, setRepetitions] = useState("1");
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartExperiment();
  const navigate = useGuardedNavigate();
  const ids = useId();
  const list = agents.data?.agents ?? [];
  const chosen = agentId || list[0]?.id || "";

  const submit = () => {
    const c = Number(concurrency);
    const r = Number(repetitions);
    if (!chosen) return setProblem("Choose an agent.");
    if (!Number.isInteger(c) || c < 1 || c > 16) return setProblem("Concurrency is a whole number from 1 to 16.");
    if (!Number.isInteger(r) || r < 1 || r > 10) return setProblem("Repetitions is a whole number from 1 to 10.");
    setProblem(null);
    const pick = version.startsWith("label:")
      ? { label: version.slice(6) }
      : version.startsWith("v:")
        ? { version: Number(version.slice(2)) }
        : {};
    start.mutate(
      { datasetId, agentId: chosen, ...pick, concurrency: c, repetitions: r },
      { onSuccess: ({ id }) => navigate(`/evals/experiments/${encodeURIComponent(id)}`) },
    );
  };

  return (
    <form
      className="dataset-import run-experiment"
      aria-labelledby={`${ids}-title`}
      data-testid="run-experiment-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 id={`${ids}-title`}>Run an experiment</h3>
      <p className="muted small">
        Each case runs as its own conversation, with the case&apos;s mocks instead of side-effecting tools; approvals
        are answered as the case expects.
      </p>
      <div className="inline-form wrap">
        <label className="field">
          <span className="field-label">Agent</span>
          <select
            value={chosen}
            onChange={(e) => {
              setAgentId(e.target.value);
              setVersion("");
            }}
            data-testid="experiment-agent"
          >
            {list.length === 0 ? <option value="">{agents.isPending ? "Loading…" : "No agents"}</option> : null}
            {list.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        {chosen ? <VersionField agentId={chosen} value={version} onChange={setVersion} /> : null}
        <label className="field">
          <span className="field-label">Concurrency</span>
          <input
            type="number"
            min={1}
            max={16}
            value={concurrency}
            onChange={(e) => setConcurrency(e.target.value)}
            aria-describedby={`${ids}-concurrency-hint`}
            className="narrow-number"
          />
          <span id={`${ids}-concurrency-hint`} className="muted small">
            cases at once, 1–16
          </span>
        </label>
        <label className="field">
          <span className="field-label">Repetitions</span>
          <input
            type="number"
            min={1}
            max={10}
            value={repetitions}
            onChange={(e) => setRepetitions(e.target.value)}
            aria-describedby={`${ids}-repetitions-hint`}
            className="narrow-number"
          />
          <span id={`${ids}-repetitions-hint`} className="muted small">
            runs of each case, 1–10
          </span>
        </label>
      </div>
      <div className="inline-form">
        <button type="submit" className="btn primary" disabled={start.isPending || !chosen}>
          {start.isPending ? "Starting…" : "Start experiment"}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {problem || start.error ? (
        <p className="error" role="alert">
          {problem ?? start.error?.message}
        </p>
      ) : null}
    </form>
  );
}

/** The agent's versions (newest first, with their labels) and its labels; the latest is chosen first. */
function VersionField({ agentId, value, onChange }: { agentId: string; value: string; onChange: (v: string) => void }) {
  const versions = useAgentVersions(agentId);
  const labels = useAgentLabels(agentId);
  const set = Object.entries(labels.data?.labels ?? {}).filter((e): e is [string, number] => e[1] !== null);
  const latest = versions.data?.versions[0]?.version;
  useEffect(() => {
    if (value === "" && latest !== undefined) onChange(`v:${latest}`);
  }, [value, latest, onChange]);
  return (
    <label className="field">
      <span className="field-label">Version or label</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid="experiment-version">
        {latest === undefined ? <option value="">{versions.isPending ? "Loading…" : "No versions"}</option> : null}
        {(versions.data?.versions ?? []).map((v) => (
          <option key={v.version} value={`v:${v.version}`}>
            v{v.version}
            {v.labels.length ? ` · ${v.labels.join(", ")}` : ""}
            {v.version === latest ? " · latest" : ""}
          </option>
        ))}
        {set.map(([l, v]) => (
          <option key={l} value={`label:${l}`}>
            label {l} (now v{v})
          </option>
        ))}
      </select>
    </label>
  );
}
