"use client";
/**
 * One skill (/skills/[name], /skills/new): SKILL.md in Monaco with its front matter problems
 * underlined as you type, a live preview of the listing the model sees, the resource files, the
 * versions, save, export and delete. A directory skill (ATELIER_SKILLS_DIRS) is shown read-only.
 */
import dynamic from "next/dynamic";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { SkillDetail, SkillFile } from "@/lib/skills/skill-views.shared";
import { useConfirm } from "@/components/shell/confirm-dialog";
import { formatDateTime } from "@/components/shell/format";
import { useUnsavedChanges } from "@/components/shell/unsaved-changes";
import { useDocumentTitle } from "@/components/shell/use-document-title";
import { useCan } from "@/components/shell/viewer-context";
import { useDebounced } from "@/components/tools/use-debounced";
import { SkillFilesPanel } from "./skill-files-panel";
import {
  skillExportUrl,
  useCreateSkill,
  useDeleteSkill,
  useSaveSkill,
  useSkill,
  useSkillAnalysis,
} from "./skill-queries";
import "./skills.css";

const SkillMdEditor = dynamic(() => import("./skill-md-editor"), {
  ssr: false,
  loading: () => <div className="skill-editor-monaco">Loading the editor…</div>,
});

const TEMPLATE = `---
name: my-skill
description: What this skill does, and when the agent should use it.
---

# My skill

1. The steps the agent follows once it loads this skill.
2. Refer to resource files by path, e.g. references/guide.md.
`;

export function SkillPage({ name }: { name: string | null }) {
  const [version, setVersion] = useState<number | undefined>(undefined);
  const query = useSkill(name, version);
  useDocumentTitle(name ? `Skill ${name}` : "New skill");
  if (name && query.isPending) return <p className="muted">Loading the skill…</p>;
  if (name && query.isError)
    return (
      <p className="error" role="alert">
        {query.error.message}
      </p>
    );
  const data = query.data;
  const studio = data?.skill ?? null;
  const directory = data?.directory ?? null;
  const key = studio ? `${studio.name}@${studio.version}` : directory ? `dir:${directory.name}` : "new";
  return (
    <SkillEditor
      key={key}
      name={name}
      studio={studio}
      initial={studio?.skillMd ?? directory?.skillMd ?? TEMPLATE}
      initialFiles={studio?.files ?? []}
      directory={directory}
      onVersion={setVersion}
    />
  );
}

function SkillEditor({
  name,
  studio,
  initial,
  initialFiles,
  directory,
  onVersion,
}: {
  name: string | null;
  studio: SkillDetail | null;
  initial: string;
  initialFiles: SkillFile[];
  directory: {
    name: string;
    directory: string;
    files: Array<{ path: string; size: number }>;
    warnings: string[];
  } | null;
  onVersion(v: number | undefined): void;
}) {
  const canAuthor = useCan("author");
  const router = useRouter();
  const confirm = useConfirm();
  const readOnly = !canAuthor || (studio === null && directory !== null);
  const [text, setText] = useState(initial);
  const [files, setFiles] = useState<SkillFile[]>(initialFiles);
  const [saved, setSaved] = useState<{ version: number; activeVersion: number | null; errors: number } | null>(null);
  const dirty = !readOnly && (text !== initial || JSON.stringify(files) !== JSON.stringify(initialFiles));
  useUnsavedChanges(dirty, name ? `the skill '${name}'` : "the new skill");
  const settled = useDebounced(text, 250);
  const analysis = useSkillAnalysis(settled, name ?? undefined, canAuthor);
  const create = useCreateSkill();
  const save = useSaveSkill(name ?? "-");
  const remove = useDeleteSkill();
  const diagnostics = analysis.data?.diagnostics ?? studio?.diagnostics ?? [];
  const errors = diagnostics.filter((d) => d.severity === "error");

  const onSave = async () => {
    if (readOnly) return;
    if (!name) {
      const r = await create.mutateAsync({ skillMd: text, files }).catch(() => null);
      if (r) router.push(`/skills/${r.name}`);
      return;
    }
    const r = await save.mutateAsync({ skillMd: text, files }).catch(() => null);
    if (r) {
      setSaved({
        version: r.version,
        activeVersion: r.activeVersion,
        errors: r.diagnostics.filter((d) => d.severity === "error").length,
      });
      onVersion(undefined);
    }
  };
  const saveError = create.error ?? save.error;

  return (
    <div className="stack" data-testid="skill-page">
      <header className="page-header">
        <div>
          <p className="muted small">
            <Link href="/skills">Skills</Link> /
          </p>
          <h1>{name ?? "New skill"}</h1>
          <p className="muted">
            {directory && !studio
              ? `Read from ${directory.directory} (ATELIER_SKILLS_DIRS): read-only here; edit it on disk, then Refresh in the library.`
              : studio
                ? `Version ${studio.version} of ${studio.latestVersion}; agents use ${studio.activeVersion ? `v${studio.activeVersion}` : "no version yet (every version is a draft)"}.`
                : "Write the SKILL.md: a name and a description the model sees, then the instructions it loads."}
          </p>
        </div>
        <div className="actions">
          {name && (studio || directory) ? (
            <a className="btn" href={skillExportUrl(name, studio?.version)} download={`${name}.zip`}>
              Export .zip
            </a>
          ) : null}
          {studio && canAuthor ? (
            <button
              type="button"
              className="btn"
              onClick={async () => {
                const ok = await confirm({
                  title: `Delete the skill '${studio.name}'?`,
                  message: "Every version is deleted. Agents attaching it must detach it first.",
                  affected: studio.usedBy.length
                    ? { label: "Attached to", items: studio.usedBy.map((u) => u.name) }
                    : undefined,
                  confirmLabel: "Delete skill",
                  tone: "danger",
                });
                if (ok) remove.mutate(studio.name, { onSuccess: () => router.push("/skills") });
              }}
            >
              Delete
            </button>
          ) : null}
          {readOnly ? null : (
            <button
              type="button"
              className="btn primary"
              onClick={onSave}
              disabled={create.isPending || save.isPending || (!dirty && name !== null)}
            >
              {name ? "Save version" : "Create skill"}
            </button>
          )}
        </div>
      </header>
      {remove.isError ? (
        <p className="error" role="alert">
          {remove.error.message}
        </p>
      ) : null}
      {saveError ? (
        <p className="error" role="alert" data-testid="skill-save-error">
          {saveError.message}
        </p>
      ) : null}
      {saved ? (
        <p className={`skill-notice${saved.errors ? "" : " ok"}`} role="status" data-testid="skill-saved">
          Saved as version {saved.version}.
          {saved.errors
            ? ` It has ${saved.errors} error${saved.errors === 1 ? "" : "s"}, so it is a draft: agents keep ${saved.activeVersion ? `version ${saved.activeVersion}` : "no version"}.`
            : " Agents use it from their next run."}
        </p>
      ) : null}
      {studio?.overrides ? (
        <p className="skill-notice" role="status">
          This studio skill overrides the directory skill in {studio.overrides}.
        </p>
      ) : null}
      {directory?.warnings.length ? (
        <div className="skill-notice" role="status">
          <strong>Warnings</strong>
          <ul>
            {directory.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="two-col">
        <section aria-labelledby="skill-md-title">
          <h2 id="skill-md-title">SKILL.md</h2>
          <SkillMdEditor
            initialValue={initial}
            documentKey={name ?? "new"}
            onChange={setText}
            diagnostics={diagnostics}
            analysedText={analysis.data ? settled : studio ? studio.skillMd : null}
            readOnly={readOnly}
            onSave={onSave}
          />
        </section>
        <div className="stack">
          <section className="card" aria-labelledby="skill-problems-title">
            <h2 id="skill-problems-title">Problems</h2>
            {diagnostics.length === 0 ? (
              <p className="muted" data-testid="skill-problems-none">
                No problems.
              </p>
            ) : (
              <ul data-testid="skill-problems">
                {diagnostics.map((d, i) => (
                  <li key={i}>
                    <span className={`pill ${d.severity === "error" ? "danger" : "warn"}`}>{d.severity}</span> line{" "}
                    {d.range.startLine}: {d.message}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="card" aria-labelledby="skill-listing-title">
            <h2 id="skill-listing-title">What the model sees</h2>
            <p className="muted small">
              The listing added to an agent&apos;s system prompt (with the other attached skills). The instructions are
              loaded with load_skill only when a task needs them.
            </p>
            {analysis.data?.listing ? (
              <pre className="skill-listing-preview" data-testid="skill-listing-preview">
                {analysis.data.listing}
              </pre>
            ) : (
              <p className="muted">
                {errors.length ? "Fix the errors above to see the listing." : "The listing appears as you type."}
              </p>
            )}
            {analysis.data?.frontMatter?.allowedTools ? (
              <p className="small">
                allowed-tools (shown, not enforced):{" "}
                <span className="mono">{analysis.data.frontMatter.allowedTools.join(" ")}</span>
              </p>
            ) : null}
          </section>
        </div>
      </div>
      {directory && !studio ? (
        <section className="card" aria-labelledby="dir-files-title">
          <h2 id="dir-files-title">Resource files</h2>
          <ul className="skill-files-list">
            {directory.files.map((f) => (
              <li key={f.path} className="mono">
                {f.path} <span className="muted small">{f.size} bytes</span>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <SkillFilesPanel files={files} onChange={setFiles} readOnly={readOnly} />
      )}
      {studio ? (
        <section className="card" aria-labelledby="skill-versions-title">
          <h2 id="skill-versions-title">Versions</h2>
          <ul className="skill-files-list" data-testid="skill-versions">
            {studio.versions.map((v) => (
              <li key={v.version}>
                <button
                  type="button"
                  className="btn small"
                  aria-current={v.version === studio.version ? "true" : undefined}
                  onClick={() => onVersion(v.version === studio.latestVersion ? undefined : v.version)}
                >
                  v{v.version}
                </button>
                {v.version === studio.activeVersion ? <span className="pill ok">active</span> : null}
                {!v.valid ? <span className="pill danger">draft</span> : null}
                <span className="muted small">
                  {formatDateTime(v.createdAt)}
                  {v.createdByName ? ` by ${v.createdByName}` : ""}
                </span>
              </li>
            ))}
          </ul>
          {studio.usedBy.length ? (
            <p className="small">
              Attached to:{" "}
              {studio.usedBy.map((u, i) => (
                <span key={u.agentId}>
                  {i ? ", " : ""}
                  <Link href={`/agents/${u.agentId}`}>{u.name}</Link>
                </span>
              ))}
            </p>
          ) : (
            <p className="muted small">No agent attaches this skill.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
