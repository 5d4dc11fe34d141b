/**
 * A conversation's workspace as people see it (GET /api/conversations/{id}/files): whose files
 * (the scope of the workspace entry of the conversation's agent version; the conversation's own
 * when it has none), every entry, usage against the limits, and one file's content to download.
 */
import { getAgent } from "../agents/read-agent";
import type { Db } from "../db/client";
import { AppError, NotFoundError } from "../errors";
import type { ConversationFiles } from "../api/contracts/workspace-files.shared";
import { allEntries } from "./workspace-entries";
import type { WorkspaceRef } from "./workspace-file-store";
import { workspaceLimitsFromEnv } from "./workspace-limits";
import { checkWorkspacePath } from "./workspace-path";
import { readWorkspaceFile, workspaceFilesAt } from "./prisma-workspace-file-store";

/** Which workspace the conversation's agent works in, and whether it has the tools at all. */
export async function conversationWorkspaceRef(
  db: Db,
  conversationId: string,
): Promise<{ ref: WorkspaceRef; enabled: boolean }> {
  const c = await db.conversation.findUnique({
    where: { id: conversationId, deletedAt: null },
    select: { id: true, agentId: true, agentVersion: true },
  });
  if (!c) throw new NotFoundError(`No conversation with id '${conversationId}'.`, { conversationId });
  const agent = await getAgent(db, c.agentId, c.agentVersion);
  const entry = agent.tools.find((t) => "builtin" in t && t.builtin === "workspace");
  const scope = entry && "builtin" in entry && entry.scope === "agent" ? "agent" : "conversation";
  return { ref: { scope, scopeId: scope === "agent" ? c.agentId : c.id }, enabled: entry !== undefined };
}

export async function listConversationFiles(db: Db, conversationId: string): Promise<ConversationFiles> {
  const { ref, enabled } = await conversationWorkspaceRef(db, conversationId);
  const files = await workspaceFilesAt(db, ref);
  const limits = workspaceLimitsFromEnv();
  return {
    scope: ref.scope,
    enabled,
    entries: allEntries(files),
    usage: { files: files.length, bytes: files.reduce((n, f) => n + f.size, 0) },
    limits: { ...limits.quota, maxFileBytes: limits.maxFileBytes },
  };
}

/** One file of the conversation's workspace: 400 for a refused path, 404 when there is none. */
export async function conversationFileContent(db: Db, conversationId: string, rawPath: string) {
  const checked = checkWorkspacePath(rawPath);
  if (!checked.ok)
    throw new AppError("validation_error", `path: ${checked.message}`, {
      issues: [{ path: "path", message: checked.message, code: "custom" }],
    });
  const { ref } = await conversationWorkspaceRef(db, conversationId);
  const file = await readWorkspaceFile(db, ref, checked.path);
  if (!file)
    throw new NotFoundError(`No file '${checked.path}' in this conversation's workspace.`, { path: checked.path });
  return file;
}

/** A Content-Disposition naming the file after its last segment (RFC 6266, with a UTF-8 form). */
export function attachmentHeader(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
