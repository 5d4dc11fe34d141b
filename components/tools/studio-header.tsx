"use client";
/**
 * The studio's title bar: the tool's name (flagged when another tool has it), the saved version's
 * state and the agents using it, and Save (authors only).
 */
import { GuardedLink } from "@/components/shell/unsaved-changes";
import type { ToolDetail, ToolSummary } from "@/lib/tool-store/tool-views.shared";
import { formatDateTime } from "@/components/shell/format";

export function StudioHeader({
  name,
  clash,
  saved,
  dirty,
  canSave,
  saving,
  saveError,
  onSave,
}: {
  name: string;
  /** Another tool with the name the source gives (a save would be refused). */
  clash: Pick<ToolSummary, "id" | "name"> | null;
  saved: ToolDetail | null;
  dirty: boolean;
  canSave: boolean;
  saving: boolean;
  saveError: Error | null;
  onSave(): void;
}) {
  const v = saved?.version;
  return (
    <header className="page-header studio-header">
      <div>
        <div className="muted small">
          <GuardedLink href="/tools">Tools</GuardedLink> /
        </div>
        <h1 className="mono" data-testid="studio-title">
          {name}
        </h1>
        <p className="muted small" data-testid="save-state">
          {v ? (
            <>
              v{v.version} of {saved!.latestVersion} · saved by {v.createdBy ?? "—"} {formatDateTime(v.createdAt)} ·{" "}
              {v.hasErrors ? (
                <span className="pill danger">draft: definition errors</span>
              ) : (
                <span className="pill ok">clean</span>
              )}
              {saved!.usedBy.length ? (
                <>
                  {" "}
                  · used by{" "}
                  {saved!.usedBy.map((a, i) => (
                    <span key={a.agentId}>
                      {i ? ", " : ""}
                      <GuardedLink href={`/agents/${a.agentId}`}>{a.name}</GuardedLink>
                    </span>
                  ))}
                </>
              ) : null}
            </>
          ) : (
            "Not saved yet"
          )}
          {dirty ? <span className="pill warn">unsaved changes</span> : null}
        </p>
        {v?.hasErrors && !dirty ? (
          <p className="error small" role="status" data-testid="draft-note">
            Saved as a draft: a version with definition errors cannot run or be attached to an agent.
          </p>
        ) : null}
        {clash ? (
          <p className="error small" role="status" data-testid="name-clash">
            Another tool is already named <span className="mono">{clash.name}</span> (
            <GuardedLink href={`/tools/${clash.id}`}>open it</GuardedLink>): saving would be refused. Rename the
            function.
          </p>
        ) : null}
        {saveError ? (
          <p className="error" role="alert">
            Not saved: {saveError.message}
          </p>
        ) : null}
      </div>
      {canSave ? (
        <div className="actions">
          <button
            className="btn primary"
            onClick={onSave}
            disabled={saving || (!dirty && saved !== null)}
            data-testid="save-button"
          >
            {saving ? "Saving…" : saved ? `Save as v${saved.latestVersion + 1}` : "Save"}
          </button>
        </div>
      ) : (
        <span className="pill" data-testid="read-only-note">
          read-only: saving needs the author role
        </span>
      )}
    </header>
  );
}
