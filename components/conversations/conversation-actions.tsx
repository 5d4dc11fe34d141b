"use client";
/**
 * Rename and delete for one conversation, shown to its creator and admins (after any other actions
 * the page passes as children, e.g. "Replay…"): renaming edits the title
 * in place; deleting asks first (the studio's dialog) and says what stays. A refusal (409 while a
 * run executes or waits for approval) is shown beside the buttons.
 */
import { useState, type ReactNode } from "react";
import { useConfirm } from "@/components/shell/confirm-dialog";
import { useDeleteConversation, useRenameConversation } from "./conversation-queries";

export function ConversationActions({
  id,
  title,
  hasTitle,
  compact = false,
  onDeleted,
  children,
}: {
  id: string;
  /** What it is shown as (its title, or "New conversation with <agent>"). */
  title: string;
  /** Whether it has a title of its own yet (else the box starts empty). */
  hasTitle: boolean;
  compact?: boolean;
  onDeleted?: () => void;
  /** More actions, shown first. */
  children?: ReactNode;
}) {
  const confirm = useConfirm();
  const rename = useRenameConversation();
  const remove = useDeleteConversation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const size = compact ? "btn small" : "btn";
  const error = rename.error ?? remove.error;

  if (editing) {
    return (
      <form
        className="cv-rename"
        data-testid="rename-form"
        onSubmit={(e) => {
          e.preventDefault();
          const next = draft.trim();
          if (!next) return;
          rename.mutate({ id, title: next }, { onSuccess: () => setEditing(false) });
        }}
      >
        <label className="cv-sr-only" htmlFor={`rename-${id}`}>
          New title for “{title}”
        </label>
        <input
          id={`rename-${id}`}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={200}
          required
          autoFocus
          onKeyDown={(e) => {
            if (e.key === "Escape") setEditing(false);
          }}
        />
        <button type="submit" className={`${size} primary`} disabled={rename.isPending || !draft.trim()}>
          {rename.isPending ? "Saving…" : "Save"}
        </button>
        <button type="button" className={size} onClick={() => setEditing(false)}>
          Cancel
        </button>
        {rename.error ? (
          <span className="error small" role="alert">
            {rename.error.message}
          </span>
        ) : null}
      </form>
    );
  }

  return (
    <div className="cv-actions">
      {children}
      <button
        type="button"
        className={size}
        aria-label={`Rename “${title}”`}
        onClick={() => {
          rename.reset();
          setDraft(hasTitle ? title : "");
          setEditing(true);
        }}
      >
        Rename
      </button>
      <button
        type="button"
        className={`${size} danger`}
        aria-label={`Delete “${title}”`}
        disabled={remove.isPending}
        onClick={async () => {
          const ok = await confirm({
            title: "Delete this conversation?",
            message:
              "It leaves the studio with all its messages and tool calls. Its runs and usage stay counted in costs and usage limits.",
            affected: { label: "Conversation", items: [title] },
            confirmLabel: "Delete conversation",
            tone: "danger",
          });
          if (ok) remove.mutate(id, { onSuccess: () => onDeleted?.() });
        }}
      >
        {remove.isPending ? "Deleting…" : "Delete"}
      </button>
      {error ? (
        <span className="error small" role="alert" data-testid="conversation-action-error">
          {error.message}
        </span>
      ) : null}
    </div>
  );
}
