"use client";
/**
 * Delete, asked in the studio's dialog. A tool agents still use cannot be deleted (the server
 * refuses it, 409 tool_in_use): the dialog names those agents, with the version of the tool each
 * runs, and says what to do first instead of offering a delete that would fail.
 */
import { useState } from "react";
import { useConfirm } from "@/components/shell/confirm-dialog";
import { GuardedLink, useGuardedNavigate } from "@/components/shell/unsaved-changes";
import type { ToolUser } from "@/lib/tool-store/tool-views.shared";
import { pinStatus, productionNote } from "./pin-status";
import { fetchToolVersion, useDeleteTool } from "./tool-queries";

/** "billing (v1 · v2 available; production (agent v2) runs v1)" for the dialog's list. */
function describeUser(u: ToolUser, runnable: number | null): string {
  const production = productionNote(u, runnable);
  return `${u.name} (${pinStatus(u.pin, runnable).text}${production ? `; ${production}` : ""})`;
}

export function DeleteToolButton({ id, name }: { id: string; name: string }) {
  const del = useDeleteTool();
  const confirm = useConfirm();
  const navigate = useGuardedNavigate();
  const [checking, setChecking] = useState(false);
  const [blockedBy, setBlockedBy] = useState<ToolUser[]>([]);
  const [lookupError, setLookupError] = useState<string | null>(null);

  const start = async () => {
    setLookupError(null);
    setChecking(true);
    let tool;
    try {
      tool = await fetchToolVersion(id);
    } catch (e) {
      setLookupError(e instanceof Error ? e.message : String(e));
      return;
    } finally {
      setChecking(false);
    }
    if (tool.usedBy.length) {
      setBlockedBy(tool.usedBy);
      const only = tool.usedBy.length === 1 ? tool.usedBy[0] : null;
      const open = await confirm({
        title: `'${name}' is still used`,
        message:
          "A tool cannot be deleted while an agent's latest or labelled version uses it. Open each agent below, remove the tool from its Tools and save; if a label such as production points at an older version that uses it, move that label to a version without it. Then delete the tool.",
        affected: { label: "Used by", items: tool.usedBy.map((u) => describeUser(u, tool.runnableVersion)) },
        confirmLabel: only ? `Open ${only.name}` : "OK",
        cancelLabel: "Close",
      });
      if (open && only) void navigate(`/agents/${only.agentId}`);
      return;
    }
    setBlockedBy([]);
    const n = tool.versions.length;
    const ok = await confirm({
      title: `Delete the tool '${name}'?`,
      message: `Its ${n === 1 ? "only version is" : `${n} versions are`} deleted with it. This cannot be undone.`,
      confirmLabel: "Delete tool",
      tone: "danger",
    });
    if (ok) del.mutate(id);
  };

  const refusedBy = usersOf(del.error) ?? blockedBy;
  return (
    <>
      <button
        type="button"
        className="btn small"
        disabled={del.isPending || checking}
        onClick={() => void start()}
        aria-label={`Delete ${name}`}
      >
        Delete
      </button>
      {del.error || refusedBy.length || lookupError ? (
        <div className="error small" role="alert" data-testid="delete-refused">
          {del.error ? del.error.message : lookupError ? `Could not check the tool: ${lookupError}` : null}
          {refusedBy.length ? (
            <>
              {del.error ? " " : `'${name}' is used by `}
              {del.error ? "Open: " : null}
              {refusedBy.map((u, i) => (
                <span key={u.agentId}>
                  {i ? ", " : ""}
                  <GuardedLink href={`/agents/${u.agentId}`}>{u.name}</GuardedLink>
                </span>
              ))}
              {del.error ? null : " — remove it from them first."}
            </>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** The agents a 409 tool_in_use names (`usedBy` beside the message). */
function usersOf(err: Error | null): ToolUser[] | null {
  const body = (err as { body?: unknown } | null)?.body as { error?: { usedBy?: ToolUser[] } } | undefined;
  return body?.error?.usedBy ?? null;
}
