/**
 * A conversation's workspace files (docs/workspace-files.md): the files the agent's `workspace`
 * tools wrote — the conversation's own, or its agent's when the agent's entry has
 * `scope: "agent"` — listed, and one downloaded. Every role that may read the conversation.
 * Browser-safe: zod only.
 */
import { z } from "zod";
import { endpoint } from "../contract.shared";

const ConversationParams = z.object({ id: z.string().min(1) });

/** One file or directory (implied by the paths of its files), as the tools answer it. */
export const WorkspaceEntryView = z.strictObject({
  /** Root-relative, `/`-separated, NFC. */
  path: z.string(),
  isDirectory: z.boolean(),
  /** UTF-8 bytes; a directory: every file under it. */
  size: z.number().int().min(0),
  /** ISO 8601; a directory: its newest file's. */
  modifiedAt: z.string(),
});
export type WorkspaceEntryView = z.infer<typeof WorkspaceEntryView>;

export const ConversationFiles = z.strictObject({
  /** Whose files these are: the conversation's, or its agent's (shared by its conversations). */
  scope: z.enum(["conversation", "agent"]),
  /** Whether the conversation's agent version has the workspace tools. */
  enabled: z.boolean(),
  /** Every file and directory, in path order. */
  entries: z.array(WorkspaceEntryView),
  usage: z.strictObject({ files: z.number().int(), bytes: z.number().int() }),
  limits: z.strictObject({ maxFiles: z.number().int(), maxBytes: z.number().int(), maxFileBytes: z.number().int() }),
});
export type ConversationFiles = z.infer<typeof ConversationFiles>;

export const workspaceFilesApi = {
  /** The workspace as it is now. 404 for an unknown or deleted conversation. */
  list: endpoint({
    method: "GET",
    path: "/api/conversations/:id/files",
    params: ConversationParams,
    response: ConversationFiles,
  }),
  /**
   * One file's content as an attachment (`text/plain; charset=utf-8`, named after the file). 400
   * `validation_error` for a path the tools would refuse; 404 `not_found` when there is no such file.
   */
  content: endpoint({
    method: "GET",
    path: "/api/conversations/:id/files/content",
    params: ConversationParams,
    query: z.object({
      path: z.string({ error: "path names the file to download" }).min(1, "path names the file to download"),
    }),
    response: z.unknown(),
  }),
};

/** The download address of one file (the studio's links). */
export function workspaceFileUrl(conversationId: string, path: string): string {
  return `/api/conversations/${encodeURIComponent(conversationId)}/files/content?path=${encodeURIComponent(path)}`;
}
