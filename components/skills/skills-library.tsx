"use client";
/**
 * The skills library (/skills): studio and directory skills with their source, versions and
 * warnings (overrides, drafts, directory problems); Refresh rescans ATELIER_SKILLS_DIRS, Import
 * uploads a .zip or .tar.gz, each row exports a .zip.
 */
import Link from "next/link";
import { useRef, useState } from "react";
import { QueryState } from "@/components/shell/query-state";
import { formatDateTime } from "@/components/shell/format";
import { useCan } from "@/components/shell/viewer-context";
import { skillExportUrl, useImportSkills, useRefreshSkills, useSkillList } from "./skill-queries";
import "./skills.css";

export function SkillsLibrary() {
  const query = useSkillList();
  const canAuthor = useCan("author");
  const refresh = useRefreshSkills();
  const upload = useImportSkills();
  const fileInput = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState("");
  return (
    <>
      {canAuthor ? (
        <div className="inline-form wrap" data-testid="skills-actions">
          <input
            id="skill-archive"
            ref={fileInput}
            type="file"
            accept=".zip,.tar.gz,.tgz,application/zip,application/gzip"
            className="skill-sr"
            data-testid="skill-import-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) upload.mutate(file);
              e.target.value = "";
            }}
          />
          <label className="btn" htmlFor="skill-archive">
            Import .zip or .tar.gz…
          </label>
          <button type="button" className="btn" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
            {refresh.isPending ? "Refreshing…" : "Refresh directories"}
          </button>
          <Link className="btn primary" href="/skills/new">
            New skill
          </Link>
        </div>
      ) : null}
      {upload.isError ? (
        <p className="error" role="alert" data-testid="skill-import-error">
          Import refused: {upload.error.message}
        </p>
      ) : null}
      {upload.data ? (
        <div className="skill-notice ok" role="status" data-testid="skill-import-result">
          Imported{" "}
          {upload.data.skills.map((s, i) => (
            <span key={s.name}>
              {i ? ", " : ""}
              <Link href={`/skills/${s.name}`}>{s.name}</Link> (v{s.version}
              {s.created ? ", new" : ""})
            </span>
          ))}
          .
          {upload.data.warnings.length ? (
            <ul>
              {upload.data.warnings.map((w) => (
                <li key={w}>Warning: {w}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {refresh.data ? (
        <p className="skill-notice ok" role="status" data-testid="skill-refresh-result">
          Directories rescanned: {refresh.data.added.length} added, {refresh.data.updated.length} updated,{" "}
          {refresh.data.removed.length} removed.
        </p>
      ) : null}
      {refresh.isError ? (
        <p className="error" role="alert">
          Refresh failed: {refresh.error.message}
        </p>
      ) : null}
      <QueryState
        query={query}
        isEmpty={(d) => d.skills.length === 0}
        empty={
          <>
            <h2>No skills yet</h2>
            <p className="muted">
              A skill is a SKILL.md (a name, a description, then instructions) with resource files. Agents see each
              attached skill&apos;s name and description and load the rest when a task needs it.
              {canAuthor ? " Write one with New skill, or import a skill folder as a .zip or .tar.gz." : ""}
            </p>
          </>
        }
      >
        {(d) => {
          const needle = search.trim().toLowerCase();
          const shown = needle
            ? d.skills.filter((s) => `${s.name} ${s.description}`.toLowerCase().includes(needle))
            : d.skills;
          return (
            <>
              {d.warnings.length ? (
                <div className="skill-notice" role="status" data-testid="skills-warnings">
                  <strong>Warnings</strong>
                  <ul>
                    {d.warnings.map((w) => (
                      <li key={w}>{w}</li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <p className="muted small">
                {d.directories.length
                  ? `Directories (read-only, ATELIER_SKILLS_DIRS): ${d.directories.join(", ")}`
                  : "No skills directories configured (ATELIER_SKILLS_DIRS)."}
              </p>
              <div className="inline-form">
                <input
                  type="search"
                  aria-label="Search skills"
                  placeholder="Search by name or description…"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                />
                <span className="muted small">
                  {shown.length} of {d.skills.length}
                </span>
              </div>
              <div className="table-scroll">
                <table className="table" data-testid="skills-table">
                  <thead>
                    <tr>
                      <th>Name</th>
                      <th>Description</th>
                      <th>Source</th>
                      <th>Version</th>
                      <th>Files</th>
                      <th>Last edit</th>
                      <th>
                        <span className="skill-sr">Export</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((s) => (
                      <tr key={`${s.source}:${s.name}`} data-testid={`skill-row-${s.name}-${s.source}`}>
                        <td className="mono">
                          <Link href={`/skills/${s.name}`}>{s.name}</Link>
                        </td>
                        <td>
                          {s.description}
                          {s.warnings.map((w) => (
                            <div key={w} className="small">
                              <span className="pill warn">warning</span> {w}
                            </div>
                          ))}
                        </td>
                        <td>
                          {s.source === "studio" ? "Studio" : "Directory"}
                          {s.overridden ? (
                            <>
                              {" "}
                              <span className="pill warn">overridden</span>
                            </>
                          ) : null}
                          {s.directory ? <div className="muted small mono">{s.directory}</div> : null}
                        </td>
                        <td>
                          {s.source === "directory"
                            ? "—"
                            : s.activeVersion === null
                              ? "draft only"
                              : `v${s.activeVersion}${s.latestVersion !== s.activeVersion ? ` (v${s.latestVersion} draft)` : ""}`}
                        </td>
                        <td>{s.fileCount}</td>
                        <td>{s.updatedAt ? formatDateTime(s.updatedAt) : "—"}</td>
                        <td>
                          {s.overridden ? null : (
                            <a
                              className="btn small skill-export"
                              href={skillExportUrl(s.name)}
                              download={`${s.name}.zip`}
                            >
                              Export <span className="skill-sr">{s.name}</span> .zip
                            </a>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          );
        }}
      </QueryState>
    </>
  );
}
