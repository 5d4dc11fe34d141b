"use client";
/**
 * Forks the conversation at one point of its transcript (a modal dialog): the agent version and
 * model the branch runs from there, and an optional title. On success the new conversation opens
 * (with the message a "Fork from here" on a user message took, back in its composer); a refusal
 * stays in the dialog with everything chosen.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useModalDialog } from "@/components/shell/use-modal-dialog";
import { defaultModel, forkBody } from "./branch-options";
import { BranchError } from "./branch-error";
import { useFork } from "./branch-queries";
import { leaveForkDraft } from "./fork-draft";
import { useVersionRoster, VersionSelect } from "./version-fields";
import "@/components/shell/dialog.css";
import "./branches.css";

export interface ForkTarget {
  atSeq: number;
  /** The user message forked before: it goes back into the new conversation's composer. */
  draft: string | null;
}

export function ForkDialog({
  conversation,
  target,
  onClose,
}: {
  conversation: { id: string; agentId: string; agentVersion: number; model: string };
  target: ForkTarget;
  onClose(): void;
}) {
  const ref = useModalDialog();
  const router = useRouter();
  const fork = useFork(conversation.id);
  const [version, setVersion] = useState(`v:${conversation.agentVersion}`);
  const n = Number(version.slice(2));
  const roster = useVersionRoster(conversation.agentId, n);
  const [model, setModel] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const keys = roster?.keys ?? [conversation.model];
  const chosen = model !== null && keys.includes(model) ? model : defaultModel(keys, conversation.model);
  const where = target.atSeq === 0 ? "before its first event" : `after event ${target.atSeq}`;
  return (
    <dialog
      ref={ref}
      className="studio-dialog tt-dialog"
      aria-labelledby="fork-dialog-h"
      aria-describedby="fork-dialog-d"
      data-testid="fork-dialog"
      onCancel={(e) => {
        e.preventDefault();
        if (!fork.isPending) onClose();
      }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!roster) return;
          fork.mutate(
            forkBody({
              atSeq: target.atSeq,
              version: n,
              modelKey: chosen,
              rosterSize: roster.roster ? keys.length : 0,
              title,
            }),
            {
              onSuccess: (res) => {
                if (target.draft) leaveForkDraft(res.id, target.draft);
                router.push(`/conversations/${encodeURIComponent(res.id)}`);
              },
            },
          );
        }}
      >
        <h2 id="fork-dialog-h">Fork this conversation</h2>
        <div className="studio-dialog-body">
          <p id="fork-dialog-d" className="small">
            A new conversation starts with everything up to here ({where}) and goes on with the version and model you
            pick; this one stays as it is.
            {target.draft ? " The message you forked from waits in its message box, to edit before sending." : ""}
          </p>
          <label className="field" htmlFor="fork-version">
            <span className="field-label">Agent version</span>
            <VersionSelect
              id="fork-version"
              agentId={conversation.agentId}
              current={conversation.agentVersion}
              value={version}
              onChange={(v) => {
                fork.reset();
                setVersion(v);
              }}
              testId="fork-version"
            />
          </label>
          <label className="field" htmlFor="fork-model">
            <span className="field-label">Model</span>
            <select
              id="fork-model"
              value={chosen}
              onChange={(e) => {
                fork.reset();
                setModel(e.target.value);
              }}
              disabled={!roster?.roster}
              data-testid="fork-model"
            >
              {keys.map((k) => (
                <option key={k} value={k}>
                  {k}
                  {k === conversation.model ? " (current)" : ""}
                </option>
              ))}
            </select>
          </label>
          <label className="field" htmlFor="fork-title">
            <span className="field-label">Title (optional)</span>
            <input
              id="fork-title"
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
              placeholder="Named after its first message"
            />
          </label>
          <p className="small muted tt-hint">
            To try another prompt, save it as a new version on the agent&apos;s page, then fork with that version:{" "}
            <Link href={`/agents/${encodeURIComponent(conversation.agentId)}`} data-testid="fork-edit-prompt">
              Edit the prompt as a new version
            </Link>
          </p>
          {fork.error ? <BranchError error={fork.error} /> : null}
        </div>
        <div className="studio-dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={fork.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn primary" disabled={fork.isPending || !roster} data-testid="fork-submit">
            {fork.isPending ? "Forking…" : "Fork"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
