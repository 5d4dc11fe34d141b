"use client";
/** The studio's title bar: the tool's name, the saved version's state, and Save (authors only). */
import Link from "next/link";
import type { ToolDetail } from "@/lib/tool-store/tool-views.shared";
import { formatDateTime } from "@/components/shell/format";

export function StudioHeader({
  name,
  saved,
  dirty,
  canSave,
  saving,
  saveError,
  onSave,
}: {
  name: string;
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
          <Link href="/tools">Tools</Link> /
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
              {saved!.usedBy.length ? <> · used by {saved!.usedBy.map((a) => a.name).join(", ")}</> : null}
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
