"use client";
/**
 * The agent's "⋯" menu, away from Save: actions that are rarely wanted and hard to undo. Delete
 * asks first in the studio's dialog, naming what goes with the agent (its conversations and
 * versions).
 */
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { apiFetch } from "@/components/api/api-client";
import { useConfirm } from "@/components/shell/confirm-dialog";
import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import type { AgentView } from "@/lib/agents/agent-view.shared";
import { useDeleteAgent } from "./agent-queries";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function AgentActionsMenu({ agent }: { agent: AgentView }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const confirm = useConfirm();
  const router = useRouter();
  const del = useDeleteAgent();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("mousedown", outside);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("mousedown", outside);
      document.removeEventListener("keydown", escape);
    };
  }, [open]);

  const remove = async () => {
    setOpen(false);
    setError(null);
    let conversations: number | null = null;
    try {
      conversations = (await apiFetch(conversationsApi.list, { query: { agentId: agent.id, pageSize: 1 } })).total;
    } catch {
      conversations = null; // the dialog still asks, without the count
    }
    const items = [
      conversations === null ? "its conversations" : plural(conversations, "conversation"),
      `${plural(agent.version, "version")} and their labels`,
    ];
    const ok = await confirm({
      title: `Delete the agent '${agent.name}'?`,
      message: "This cannot be undone. Agents that call it as a tool must drop it first.",
      affected: { label: "Deleted with it", items },
      confirmLabel: "Delete agent",
      tone: "danger",
    });
    if (!ok) {
      button.current?.focus();
      return;
    }
    del.mutate(agent.id, {
      onSuccess: () => router.push("/agents"),
      onError: (e) => setError(e.message),
    });
  };

  return (
    <div className="actions-menu" ref={box}>
      <button
        ref={button}
        type="button"
        className="btn"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`More actions for the agent '${agent.name}'`}
        onClick={() => setOpen(!open)}
        data-testid="agent-actions"
      >
        ⋯
      </button>
      {open ? (
        <div className="actions-menu-list" id={menuId}>
          <button
            type="button"
            className="btn danger-text"
            onClick={() => void remove()}
            disabled={del.isPending}
            autoFocus
          >
            Delete agent…
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="error actions-menu-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
