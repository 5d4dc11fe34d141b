/**
 * What the exploring tools answer: entries with a root-relative path, whether it is a directory,
 * its size (a directory: the bytes of every file under it) and its modification time (a
 * directory: its newest file's) — built from the store's listing, directories implied by paths.
 */
import type { WorkspaceFileInfo } from "./workspace-file-store";
import { parentDirectories } from "./workspace-path";

export interface WorkspaceEntry {
  path: string;
  isDirectory: boolean;
  size: number;
  /** ISO 8601. */
  modifiedAt: string;
}

export function fileEntry(f: WorkspaceFileInfo): WorkspaceEntry {
  return { path: f.path, isDirectory: false, size: f.size, modifiedAt: f.modifiedAt.toISOString() };
}

/** Every file and every implied directory of the listing, in path order. */
export function allEntries(files: readonly WorkspaceFileInfo[]): WorkspaceEntry[] {
  const dirs = new Map<string, { size: number; modified: number }>();
  for (const f of files)
    for (const d of parentDirectories(f.path)) {
      const cur = dirs.get(d) ?? { size: 0, modified: 0 };
      cur.size += f.size;
      cur.modified = Math.max(cur.modified, f.modifiedAt.getTime());
      dirs.set(d, cur);
    }
  const entries: WorkspaceEntry[] = [
    ...files.map(fileEntry),
    ...[...dirs].map(([path, d]) => ({
      path,
      isDirectory: true,
      size: d.size,
      modifiedAt: new Date(d.modified).toISOString(),
    })),
  ];
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The entry at `path` (a file or an implied directory), or null. */
export function entryAt(files: readonly WorkspaceFileInfo[], path: string): WorkspaceEntry | null {
  return allEntries(files).find((e) => e.path === path) ?? null;
}

/** The entries directly inside `dir` ("" = the root). */
export function entriesIn(files: readonly WorkspaceFileInfo[], dir: string): WorkspaceEntry[] {
  const prefix = dir === "" ? "" : `${dir}/`;
  return allEntries(files).filter((e) => e.path.startsWith(prefix) && !e.path.slice(prefix.length).includes("/"));
}
