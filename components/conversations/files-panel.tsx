"use client";
/**
 * The conversation's workspace files (docs/workspace-files.md): what the agent's workspace tools
 * wrote, each with its size, time and a download link. Live: the list is fetched again whenever
 * the stream brings a successful write_file or edit_file return (`writeMark`, the seq of the
 * newest one). Shown when the agent has the workspace tools or the workspace holds files.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import { formatDateTime, formatInt } from "@/components/shell/format";
import { workspaceFileUrl, workspaceFilesApi } from "@/lib/api/contracts/workspace-files.shared";
import type { StoredEvent } from "@/lib/events/event-types.shared";
import "./files-panel.css";

const WRITERS = new Set(["write_file", "edit_file"]);

/** The seq of the newest successful workspace write in the log (0: none): the panel's refresh mark. */
export function workspaceWriteMark(events: readonly StoredEvent[]): number {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === "ToolReturnEvent" && e.data.success && WRITERS.has(e.data.toolName)) return e.seq;
  }
  return 0;
}

function size(bytes: number): string {
  if (bytes < 1024) return `${formatInt(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function FilesPanel({ conversationId, writeMark }: { conversationId: string; writeMark: number }) {
  const q = useQuery({
    queryKey: ["conversations", conversationId, "files", writeMark],
    queryFn: () => apiFetch(workspaceFilesApi.list, { params: { id: conversationId } }),
    placeholderData: keepPreviousData,
  });
  const w = q.data;
  if (q.isError)
    return (
      <section className="files-panel" aria-labelledby="files-panel-title" data-testid="files-panel">
        <h2 id="files-panel-title">Files</h2>
        <p className="error" role="alert">
          Could not list the workspace files: {q.error.message}
        </p>
      </section>
    );
  if (!w || (!w.enabled && w.entries.length === 0)) return null;
  const files = w.entries.filter((e) => !e.isDirectory);
  return (
    <section className="files-panel" aria-labelledby="files-panel-title" data-testid="files-panel">
      <div className="files-head">
        <h2 id="files-panel-title">Files</h2>
        <span className="muted small" data-testid="files-usage">
          {w.usage.files} of {formatInt(w.limits.maxFiles)} file{w.limits.maxFiles === 1 ? "" : "s"} ·{" "}
          {size(w.usage.bytes)} of {size(w.limits.maxBytes)} ·{" "}
          {w.scope === "agent" ? "the agent's workspace, shared by its conversations" : "this conversation's workspace"}
        </span>
      </div>
      {files.length === 0 ? (
        <p className="muted small">No files yet: the agent&rsquo;s write_file and edit_file calls put them here.</p>
      ) : (
        <div className="table-scroll">
          <table className="table compact" data-testid="files-list">
            <thead>
              <tr>
                <th scope="col">Path</th>
                <th scope="col">Size</th>
                <th scope="col">Modified</th>
                <th scope="col">
                  <span className="cv-sr-only">Download</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {files.map((f) => (
                <tr key={f.path} data-path={f.path}>
                  <td className="mono files-path">{f.path}</td>
                  <td className="files-num">{size(f.size)}</td>
                  <td className="small">{formatDateTime(f.modifiedAt)}</td>
                  <td>
                    <a
                      className="btn small"
                      href={workspaceFileUrl(conversationId, f.path)}
                      download={f.path.slice(f.path.lastIndexOf("/") + 1)}
                      aria-label={`Download ${f.path}`}
                    >
                      Download
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
