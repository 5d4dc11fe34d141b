/** A workspace held in a Map, for the tests and the run engine's in-memory store: versions kept, newest wins. */
import { utf8Length } from "../tools/storage-quota";
import type { WorkspaceFileInfo, WorkspaceFileStore } from "./workspace-file-store";

export interface MapWorkspaceVersion {
  path: string;
  content: string;
  size: number;
  modifiedAt: Date;
  /** The event seq the write belongs to (what `seq()` answered when it was written). */
  seq: number | null;
}

export class MapWorkspaceFileStore implements WorkspaceFileStore {
  readonly versions: MapWorkspaceVersion[] = [];
  constructor(
    private readonly now: () => Date = () => new Date(),
    private readonly seq: () => number | null = () => null,
  ) {}

  private latest(): Map<string, MapWorkspaceVersion> {
    const files = new Map<string, MapWorkspaceVersion>();
    for (const v of this.versions) files.set(v.path, v);
    return files;
  }

  async list(): Promise<WorkspaceFileInfo[]> {
    return [...this.latest().values()]
      .map(({ path, size, modifiedAt }) => ({ path, size, modifiedAt }))
      .sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  async read(path: string) {
    const v = this.latest().get(path);
    return v ? { path, size: v.size, modifiedAt: v.modifiedAt, content: v.content } : null;
  }

  async write(path: string, content: string, seq: number | null = this.seq()): Promise<WorkspaceFileInfo> {
    const v = { path, content, size: utf8Length(content), modifiedAt: this.now(), seq };
    this.versions.push(v);
    return { path, size: v.size, modifiedAt: v.modifiedAt };
  }

  /** The same files, its writes numbered by `seq` (one conversation's calls). */
  writingAt(seq: () => number | null): WorkspaceFileStore {
    return { list: () => this.list(), read: (p) => this.read(p), write: (p, c) => this.write(p, c, seq()) };
  }
}
