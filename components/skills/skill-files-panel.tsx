"use client";
/** A skill's resource files: the list, and one file edited at a time (text only; scripts are never run). */
import { useState } from "react";
import { resourcePathProblem } from "@/lib/skills/skill-resource-path.shared";
import type { SkillFile } from "@/lib/skills/skill-views.shared";

export function SkillFilesPanel({
  files,
  onChange,
  readOnly,
}: {
  files: SkillFile[];
  onChange(files: SkillFile[]): void;
  readOnly: boolean;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const [newPath, setNewPath] = useState("");
  const problem = newPath
    ? (resourcePathProblem(newPath) ?? (files.some((f) => f.path === newPath) ? "A file with this path exists." : null))
    : null;
  const current = files.find((f) => f.path === open) ?? null;
  return (
    <section className="card" aria-labelledby="skill-files-title">
      <h2 id="skill-files-title">Resource files</h2>
      <p className="muted small">
        Files the instructions refer to (references/…, scripts/…). The model reads them with read_skill_resource;
        scripts are read as text, never run.
      </p>
      {files.length ? (
        <ul className="skill-files-list" data-testid="skill-files">
          {[...files]
            .sort((a, b) => (a.path < b.path ? -1 : 1))
            .map((f) => (
              <li key={f.path}>
                <button
                  type="button"
                  className="btn small mono"
                  aria-pressed={open === f.path}
                  onClick={() => setOpen(open === f.path ? null : f.path)}
                >
                  {f.path}
                </button>
                <span className="muted small">{new TextEncoder().encode(f.content).length} bytes</span>
                {readOnly ? null : (
                  <button
                    type="button"
                    className="btn small"
                    onClick={() => {
                      onChange(files.filter((x) => x.path !== f.path));
                      if (open === f.path) setOpen(null);
                    }}
                  >
                    Remove <span className="skill-sr">{f.path}</span>
                  </button>
                )}
              </li>
            ))}
        </ul>
      ) : (
        <p className="muted">No resource files.</p>
      )}
      {current ? (
        <div className="field">
          <label htmlFor="skill-file-content">
            Content of <span className="mono">{current.path}</span>
          </label>
          <textarea
            id="skill-file-content"
            className="skill-file-editor"
            value={current.content}
            readOnly={readOnly}
            onChange={(e) =>
              onChange(files.map((f) => (f.path === current.path ? { ...f, content: e.target.value } : f)))
            }
          />
        </div>
      ) : null}
      {readOnly ? null : (
        <form
          className="inline-form wrap"
          onSubmit={(e) => {
            e.preventDefault();
            if (!newPath || problem) return;
            onChange([...files, { path: newPath, content: "" }]);
            setOpen(newPath);
            setNewPath("");
          }}
        >
          <label htmlFor="skill-new-file">New file path</label>
          <input
            id="skill-new-file"
            className="mono"
            placeholder="references/guide.md"
            value={newPath}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "skill-new-file-problem" : undefined}
            onChange={(e) => setNewPath(e.target.value)}
          />
          <button type="submit" className="btn small" disabled={!newPath || problem !== null}>
            Add file
          </button>
          {problem ? (
            <span id="skill-new-file-problem" className="field-error">
              {problem}
            </span>
          ) : null}
        </form>
      )}
    </section>
  );
}
