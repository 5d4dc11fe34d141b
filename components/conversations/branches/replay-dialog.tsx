"use client";
/**
 * "Replay…": re-sends this conversation's user messages, in order, as a new conversation (a queued
 * job) with a version and model of the user's choice, and opens it to watch the replay go. Tool
 * calls get the original's recorded results; with "Run pure tools live" an unmatched pure call runs,
 * but a side-effecting call never does.
 */
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useModalDialog } from "@/components/shell/use-modal-dialog";
import { useAgentLabels } from "@/components/agents/agent-version-queries";
import type { ReplayToolResults } from "@/lib/runs/read-models/branches/branch-views.shared";
import { replayBody } from "./branch-options";
import { BranchError } from "./branch-error";
import { useReplay } from "./branch-queries";
import { useVersionRoster, VersionSelect, versionOf } from "./version-fields";
import "@/components/shell/dialog.css";
import "./branches.css";

type Conversation = { id: string; agentId: string; agentVersion: number; model: string };

export function ReplayAction({ conversation, compact = false }: { conversation: Conversation; compact?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={compact ? "btn small" : "btn"}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="replay-open"
      >
        Replay…
      </button>
      {open ? <ReplayDialog conversation={conversation} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

const TOOL_RESULTS: Array<{ value: ReplayToolResults; label: string; hint: string }> = [
  {
    value: "recorded",
    label: "Recorded only (no live calls)",
    hint: "A call that matches the original's gets its recorded result; any other call is refused.",
  },
  {
    value: "live-pure",
    label: "Run pure tools live",
    hint: "A pure call the original did not make runs for real.",
  },
];

export function ReplayDialog({ conversation, onClose }: { conversation: Conversation; onClose(): void }) {
  const ref = useModalDialog();
  const router = useRouter();
  const replay = useReplay(conversation.id);
  const labels = useAgentLabels(conversation.agentId);
  const [version, setVersion] = useState(`v:${conversation.agentVersion}`);
  const n = versionOf(version, labels.data?.labels);
  const roster = useVersionRoster(conversation.agentId, n);
  const [model, setModel] = useState("");
  const [toolResults, setToolResults] = useState<ReplayToolResults>("recorded");
  const [title, setTitle] = useState("");
  const keys = roster?.roster ? roster.keys : [];
  const chosen = keys.includes(model) ? model : "";
  return (
    <dialog
      ref={ref}
      className="studio-dialog tt-dialog"
      aria-labelledby="replay-dialog-h"
      aria-describedby="replay-dialog-d"
      data-testid="replay-dialog"
      onCancel={(e) => {
        e.preventDefault();
        if (!replay.isPending) onClose();
      }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          replay.mutate(replayBody({ version, modelKey: chosen, toolResults, title }), {
            onSuccess: (res) => router.push(`/conversations/${encodeURIComponent(res.id)}`),
          });
        }}
      >
        <h2 id="replay-dialog-h">Replay this conversation</h2>
        <div className="studio-dialog-body">
          <p id="replay-dialog-d" className="small">
            Sends its messages again, in order, as a new conversation. This one stays as it is.
          </p>
          <label className="field" htmlFor="replay-version">
            <span className="field-label">Agent version or label</span>
            <VersionSelect
              id="replay-version"
              agentId={conversation.agentId}
              current={conversation.agentVersion}
              value={version}
              onChange={(v) => {
                replay.reset();
                setVersion(v);
              }}
              withLabels
              testId="replay-version"
            />
          </label>
          <label className="field" htmlFor="replay-model">
            <span className="field-label">Model</span>
            <select
              id="replay-model"
              value={chosen}
              onChange={(e) => {
                replay.reset();
                setModel(e.target.value);
              }}
              data-testid="replay-model"
            >
              <option value="">Follow the original&apos;s switches</option>
              {keys.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="tt-choices">
            <legend className="field-label">Tool results</legend>
            {TOOL_RESULTS.map((o) => (
              <label key={o.value} className="tt-choice">
                <input
                  type="radio"
                  name="replay-tool-results"
                  value={o.value}
                  checked={toolResults === o.value}
                  onChange={() => setToolResults(o.value)}
                  data-testid={`replay-tools-${o.value}`}
                />
                <span>
                  {o.label}
                  <span className="muted small tt-choice-hint">{o.hint}</span>
                </span>
              </label>
            ))}
            <p className="small tt-hint" data-testid="replay-side-effects">
              Side-effecting calls are never executed in a replay: without a recorded result they are refused.
            </p>
          </fieldset>
          <label className="field" htmlFor="replay-title">
            <span className="field-label">Title (optional)</span>
            <input
              id="replay-title"
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
              placeholder="Named after the original"
            />
          </label>
          {replay.error ? <BranchError error={replay.error} /> : null}
        </div>
        <div className="studio-dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={replay.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn primary" disabled={replay.isPending} data-testid="replay-submit">
            {replay.isPending ? "Starting…" : "Replay"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
