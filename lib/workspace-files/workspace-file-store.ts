/**
 * Where a workspace's files live, as a port: the Prisma store (prisma-workspace-file-store.ts)
 * keeps append-only `WorkspaceFile` versions, the tests a Map. Paths arrive checked and
 * normalised (workspace-path.ts); directories are implied by the paths of the files under them.
 */

/** One file as it is now: never its content. */
export interface WorkspaceFileInfo {
  path: string;
  /** UTF-8 bytes. */
  size: number;
  /** When its newest version was written. */
  modifiedAt: Date;
}

/** Whose files: a conversation's own, or an agent's (shared by its conversations). */
export interface WorkspaceRef {
  scope: "conversation" | "agent";
  /** The conversation id or the agent id. */
  scopeId: string;
}

export interface WorkspaceFileStore {
  /** Every file of the workspace (its newest version), in path order. */
  list(): Promise<WorkspaceFileInfo[]>;
  /** The file's content and facts, or null when there is no such file. */
  read(path: string): Promise<(WorkspaceFileInfo & { content: string }) | null>;
  /** Writes a new version of the file (creating it), recorded with the call that wrote it. */
  write(path: string, content: string): Promise<WorkspaceFileInfo>;
}
