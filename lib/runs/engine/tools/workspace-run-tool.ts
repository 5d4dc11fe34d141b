/**
 * The built-in `workspace` tool set as a run calls it: six tools (read_file, write_file,
 * edit_file, glob, list_dir, stat) over the conversation's files, or the agent's with
 * `scope: "agent"` (lib/workspace-files). Writes record the calling run's conversation.
 */
import type { WorkspaceFileStore, WorkspaceRef } from "../../../workspace-files/workspace-file-store";
import { WORKSPACE_TOOLS, runWorkspaceTool, workspaceArgumentError } from "../../../workspace-files/workspace-tools";
import type { RunTool } from "../run-tool";

/** Opens the workspace `ref` for a call of the conversation `conversationId`. */
export type OpenWorkspace = (ref: WorkspaceRef, conversationId: string) => WorkspaceFileStore;

export function workspaceRunTools(scope: "conversation" | "agent", agentId: string, open: OpenWorkspace): RunTool[] {
  return WORKSPACE_TOOLS.map((def) => ({
    name: def.name,
    description: def.description,
    parameters: def.parameters,
    sideEffecting: def.sideEffecting,
    idempotent: def.idempotent,
    requiresApproval: def.requiresApproval,
    kind: "workspace",
    checkArguments(args) {
      const error = workspaceArgumentError(def.name, args);
      return error?.type === "ToolArgumentError" ? { type: error.type, message: error.message } : null;
    },
    async execute(args, call) {
      const ref: WorkspaceRef =
        scope === "agent" ? { scope, scopeId: agentId } : { scope, scopeId: call.conversationId };
      const r = await runWorkspaceTool(open(ref, call.conversationId), def.name, args);
      return r.ok ? { ok: true, result: r.result } : { ok: false, error: r.error };
    },
  }));
}
