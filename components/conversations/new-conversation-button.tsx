"use client";
/** Starts a conversation with an agent and opens it. Shown to those who may run conversations. */
import { useRouter } from "next/navigation";
import { useCan } from "@/components/shell/viewer-context";
import { useCreateConversation } from "./conversation-queries";
import "./conversations.css";

/** `small` for a table row; `bar` for a page: a primary button on its own row, at the right. */
export function NewConversationButton({
  agentId,
  small = false,
  bar = false,
}: {
  agentId: string;
  small?: boolean;
  bar?: boolean;
}) {
  const router = useRouter();
  const canRun = useCan("operator");
  const create = useCreateConversation();
  if (!canRun) return null;
  const busy = create.isPending || create.isSuccess;
  return (
    <div className={bar ? "cv-new cv-new-bar" : "cv-new"}>
      <button
        type="button"
        className={["btn", small ? "small" : "", bar ? "primary" : ""].filter(Boolean).join(" ")}
        disabled={busy}
        onClick={() =>
          create.mutate({ agentId }, { onSuccess: (c) => router.push(`/conversations/${encodeURIComponent(c.id)}`) })
        }
      >
        {busy ? "Starting…" : "New conversation"}
      </button>
      {create.error ? (
        <span className="error small" role="alert">
          {create.error.message}
        </span>
      ) : null}
    </div>
  );
}
