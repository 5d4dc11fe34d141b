"use client";
/**
 * Which agent version this conversation runs ("atlas · v3", and "v4 available" when the agent has
 * moved on), and a move to another version or label from its next run (operators). A conversation
 * never follows the agent by itself: it moves only here, and the transcript notes each move.
 */
import Link from "next/link";
import { useState } from "react";
import { useAgentLabels, useAgentVersions } from "@/components/agents/agent-version-queries";
import { useChangeAgentVersion } from "./conversation-queries";

export function AgentVersionSwitcher({
  conversationId,
  agentId,
  agentName,
  agentVersion,
  latestVersion,
  canMove,
  busy,
}: {
  conversationId: string;
  agentId: string;
  agentName: string;
  agentVersion: number;
  latestVersion: number;
  canMove: boolean;
  busy: boolean;
}) {
  const [open, setOpen] = useState(false);
  const newer = latestVersion > agentVersion;
  return (
    <div className="cv-model cv-version" data-testid="conversation-version">
      <span className="muted small">Agent</span>{" "}
      <span data-testid="conversation-agent">
        <Link className="mono" href={`/agents/${encodeURIComponent(agentId)}`}>
          {agentName}
        </Link>
        <span className="mono"> · </span>
        <strong className="mono" data-testid="conversation-agent-version">
          v{agentVersion}
        </strong>
      </span>
      {newer ? (
        <span className="pill warn" data-testid="newer-version">
          v{latestVersion} available
        </span>
      ) : null}
      {canMove && !open ? (
        <button type="button" className="btn small" onClick={() => setOpen(true)}>
          Change version
        </button>
      ) : null}
      {canMove && open ? (
        <MoveControl
          conversationId={conversationId}
          agentId={agentId}
          agentVersion={agentVersion}
          busy={busy}
          onDone={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}

function MoveControl({
  conversationId,
  agentId,
  agentVersion,
  busy,
  onDone,
}: {
  conversationId: string;
  agentId: string;
  agentVersion: number;
  busy: boolean;
  onDone(): void;
}) {
  const versions = useAgentVersions(agentId);
  const labels = useAgentLabels(agentId);
  const change = useChangeAgentVersion(conversationId);
  const [choice, setChoice] = useState("");
  const list = versions.data?.versions ?? [];
  const setLabels = Object.entries(labels.data?.labels ?? {}).filter(([, v]) => v !== null) as Array<[string, number]>;
  // Default: the latest version (the usual reason to move).
  const value = choice || (list[0] ? `v:${list[0].version}` : "");
  const body = value.startsWith("label:") ? { label: value.slice(6) } : { version: Number(value.slice(2)) };
  const same = "version" in body ? body.version === agentVersion : labels.data?.labels[body.label] === agentVersion;
  return (
    <span className="inline-form cv-model-switch">
      <select
        aria-label="Move to version"
        value={value}
        onChange={(e) => setChoice(e.target.value)}
        disabled={change.isPending || versions.isPending}
      >
        {setLabels.map(([l, v]) => (
          <option key={`label:${l}`} value={`label:${l}`}>
            {l} (v{v})
          </option>
        ))}
        {list.map((v, i) => (
          <option key={v.version} value={`v:${v.version}`}>
            v{v.version}
            {i === 0 ? " · latest" : ""}
            {v.version === agentVersion ? " (current)" : ""}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn small"
        disabled={change.isPending || busy || !value || same}
        title={busy ? "Wait for the run to finish" : "Runs from the next message on this version"}
        onClick={() => change.mutate(body, { onSuccess: onDone })}
      >
        {change.isPending ? "Moving…" : "Move"}
      </button>
      <button type="button" className="btn small" onClick={onDone} disabled={change.isPending}>
        Cancel
      </button>
      {change.error ? (
        <span className="error small" role="alert" data-testid="change-version-error">
          {change.error.message}
        </span>
      ) : null}
    </span>
  );
}
