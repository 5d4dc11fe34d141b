"use client";
/**
 * Starts a conversation with an agent and opens it. Shown to those who may run conversations. It
 * always names the version it starts on (production, or the latest while production is unset), so
 * what the button said is what runs. When that version has context fields, a dialog asks for their
 * values first (context-dialog.tsx); without any, it starts at once.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiClientError, apiFetch } from "@/components/api/api-client";
import { agentKeys } from "@/components/agents/agent-queries";
import { useCan } from "@/components/shell/viewer-context";
import { agentsApi } from "@/lib/api/contracts/agents.shared";
import type { ContextSchema, ContextValues } from "@/lib/agents/context-schema.shared";
import { contextIssuesOf } from "./context-form";
import { ContextDialog } from "./context-dialog";
import { useCreateConversation } from "./conversation-queries";
import "./conversations.css";

/** The route's issues of an API error (`body.error.issues`). */
function apiIssues(err: unknown): Array<{ path: string; message: string }> {
  const body = err instanceof ApiClientError ? (err.body as { error?: { issues?: unknown } } | null) : null;
  return Array.isArray(body?.error?.issues) ? (body.error.issues as Array<{ path: string; message: string }>) : [];
}

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
  const qc = useQueryClient();
  const canRun = useCan("operator");
  const create = useCreateConversation();
  /** The schema being asked for (the dialog is open), with the version it belongs to. */
  const [asking, setAsking] = useState<{ schema: ContextSchema; version: number } | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  if (!canRun) return null;

  const start = (n: number, context?: ContextValues) =>
    create.mutate(
      { agentId, version: n, ...(context ? { context } : {}) },
      { onSuccess: (c) => router.push(`/conversations/${encodeURIComponent(c.id)}`) },
    );
  const begin = async (n: number) => {
    setLoadError(null);
    setLoading(true);
    try {
      const { agent } = await qc.fetchQuery({
        queryKey: agentKeys.version(agentId, n),
        queryFn: () => apiFetch(agentsApi.version, { params: { id: agentId, n } }),
        staleTime: Infinity,
      });
      if (agent.contextSchema.fields.length) {
        create.reset();
        setAsking({ schema: agent.contextSchema, version: n });
      } else start(n);
    } catch (err) {
      setLoadError(err instanceof Error ? err.message : String(err));
    } finally {
      setLoading(false);
    }
  };
  const busy = loading || create.isPending || create.isSuccess;
  const fieldIssues = asking ? contextIssuesOf(apiIssues(create.error)) : {};
  const otherError = create.error && !Object.keys(fieldIssues).length ? create.error.message : null;
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
        onClick={() => version !== null && void begin(version)}
      >
        {busy && !asking ? "Starting…" : "New conversation"}
      </button>
      {(create.error && !asking) || loadError ? (
        <span className="error small" role="alert">
          {loadError ?? create.error?.message}
        </span>
      ) : null}
      {asking ? (
        <ContextDialog
          schema={asking.schema}
          version={asking.version}
          busy={create.isPending || create.isSuccess}
          serverIssues={fieldIssues}
          error={otherError}
          onStart={(values) => start(asking.version, values)}
          onCancel={() => {
            setAsking(null);
            create.reset();
          }}
        />
      ) : null}
    </div>
  );
}
