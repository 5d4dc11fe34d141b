"use client";
/**
 * Starts a conversation with an agent and opens it. Shown to those who may run conversations. It
 * always names the version it starts on (production, or the latest while production is unset), so
 * what the button said is what runs.
 */
import { useRouter } from "next/navigation";
import { useCan } from "@/components/shell/viewer-context";
import { useCreateConversation } from "./conversation-queries";
import "./conversations.css";

/** `small` for a table row; `bar` for a page: a primary button on its own row, at the right. */
export function NewConversationButton({
  agentId,
  version,
  small = false,
  bar = false,
}: {
  agentId: string;
  /** The version to start on; null while it is not known yet (the button waits). */
  version: number | null;
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
      {bar && version !== null ? (
        <span className="muted small" data-testid="new-conversation-version">
          starts on v{version}
        </span>
      ) : null}
      <button
        type="button"
        className={["btn", small ? "small" : "", bar ? "primary" : ""].filter(Boolean).join(" ")}
        disabled={busy || version === null}
        title={version !== null ? `Starts a conversation on v${version}` : undefined}
        onClick={() =>
          version !== null &&
          create.mutate(
            { agentId, version },
            { onSuccess: (c) => router.push(`/conversations/${encodeURIComponent(c.id)}`) },
          )
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
