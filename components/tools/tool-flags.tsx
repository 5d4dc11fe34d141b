"use client";
/** A tool's declared behaviour as pills: side effects, retries, approval. */

export interface ToolFlagValues {
  sideEffecting: boolean | null;
  idempotent: boolean | null;
  requiresApproval: boolean | null;
}

export function ToolFlags({ sideEffecting, idempotent, requiresApproval }: ToolFlagValues) {
  if (sideEffecting === null) return <span className="muted">—</span>;
  return (
    <span className="tool-flags">
      {sideEffecting ? <span className="pill warn">side-effecting</span> : <span className="pill">read-only</span>}
      {idempotent ? <span className="pill">idempotent</span> : null}
      {requiresApproval ? <span className="pill danger">needs approval</span> : null}
    </span>
  );
}
