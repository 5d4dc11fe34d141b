"use client";
/**
 * The agent form's row for the `workspace` built-in (docs/workspace-files.md): its six tools and
 * whose files they work on — the conversation's own (default) or the agent's, shared by all its
 * conversations.
 */
import { useId } from "react";
import type { WorkspaceScope } from "@/lib/agents/agent-tools.shared";
import { WORKSPACE_TOOL_NAMES } from "@/lib/workspace-files/workspace-tool-names.shared";

export function WorkspaceToolName({
  scope,
  readOnly,
  onScope,
}: {
  scope: WorkspaceScope | undefined;
  readOnly: boolean;
  onScope: (scope: WorkspaceScope | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="workspace-tool-entry" data-testid="workspace-tool-entry">
      <span>Workspace files</span>
      <div className="muted small">{WORKSPACE_TOOL_NAMES.join(", ")}</div>
      <label htmlFor={id} className="small">
        Files kept per{" "}
      </label>
      <select
        id={id}
        className="input small"
        value={scope ?? "conversation"}
        disabled={readOnly}
        onChange={(e) => onScope(e.target.value === "agent" ? "agent" : undefined)}
      >
        <option value="conversation">conversation</option>
        <option value="agent">agent (shared by its conversations)</option>
      </select>
    </div>
  );
}

export function WorkspaceToolFlags() {
  return <span className="pill warn">write_file, edit_file side-effecting</span>;
}
