"use client";
/**
 * One dataset: its cases (messages and expectations as chips), the editor to add, change and
 * delete a case (each save is a new revision), the revision history (an old revision is shown
 * read-only), import into it, JSONL export, and deleting the dataset.
 */
import { useState } from "react";
import { useConfirm } from "@/components/shell/confirm-dialog";
import { formatDateTime } from "@/components/shell/format";
import { GuardedLink, useGuardedNavigate } from "@/components/shell/unsaved-changes";
import { useDocumentTitle } from "@/components/shell/use-document-title";
import { useCan } from "@/components/shell/viewer-context";
import { casesToJsonl, exportFileName } from "@/lib/evals/dataset-export.shared";
import type { Case, CaseInput, DatasetView as Dataset } from "@/lib/evals/dataset.shared";
import { draftFromCase, emptyCaseDraft } from "./case-draft";
import { CaseEditor } from "./case-editor";
import { useDataset, useDeleteDataset, useUpdateDataset } from "./dataset-queries";
import { ExpectationChips } from "./expectation-chips";
import { ImportDatasetForm } from "./import-dataset-form";
import { ExperimentsList } from "./experiments-list";
import { RunExperimentForm } from "./run-experiment-form";
import "./evals.css";
import "./experiments.css";

type Editing = { mode: "new" } | { mode: "edit"; caseId: string } | null;

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/x-ndjson" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: the browser may still be reading the blob when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function DatasetPage({ id }: { id: string }) {
  const [revision, setRevision] = useState<number | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useDataset(id, revision);
  const data = query.data;
  useDocumentTitle(data ? `${data.name} · Evals` : null);
  if (query.isPending) {
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  }
  if (query.error || !data) {
    return (
      <>
        <p className="error" role="alert">
          Could not load the dataset: {query.error?.message}
        </p>
        <GuardedLink href="/evals">Back to Evals</GuardedLink>
      </>
    );
  }
  return (
    <DatasetDetail
      key={`${data.id}:${data.revision}`}
      dataset={data}
      onPickRevision={(n) => {
        setNotice(null);
        setRevision(n);
      }}
      notice={notice}
      setNotice={setNotice}
    />
  );
}

function DatasetDetail({
  dataset,
  onPickRevision,
  notice,
  setNotice,
}: {
  dataset: Dataset;
  onPickRevision: (n: number | undefined) => void;
  notice: string | null;
  setNotice: (text: string | null) => void;
}) {
  const canAuthor = useCan("author");
  const canOperate = useCan("operator");
  const [running, setRunning] = useState(false);
  const isCurrent = dataset.revision === dataset.currentRevision;
  const canEdit = canAuthor && isCurrent;
  const update = useUpdateDataset(dataset.id);
  const remove = useDeleteDataset();
  const confirm = useConfirm();
  const navigate = useGuardedNavigate();
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);

  const save = (cases: CaseInput[], done: () => void) =>
    update.mutate(
      { name: dataset.name, cases, mocks: dataset.mocks },
      {
        onSuccess: (ref) => {
          done();
          onPickRevision(undefined);
          setNotice(`Saved as revision ${ref.revision}.`);
        },
      },
    );

  const saveCase = (c: CaseInput) => {
    const cases: CaseInput[] =
      editing?.mode === "edit"
        ? dataset.cases.map((k) => (k.id === editing.caseId ? { ...c, id: k.id } : k))
        : [...dataset.cases, c];
    save(cases, () => setEditing(null));
  };

  const deleteCase = async (c: Case, index: number) => {
    const ok = await confirm({
      title: `Delete case ${index + 1}?`,
      message: "The dataset gets a new revision without it; older revisions keep it.",
      affected: { label: "Case", items: [c.messages[0]] },
      confirmLabel: "Delete case",
      tone: "danger",
    });
    if (ok)
      save(
        dataset.cases.filter((k) => k.id !== c.id),
        () => undefined,
      );
  };

  const deleteDataset = async () => {
    const ok = await confirm({
      title: `Delete the dataset '${dataset.name}'?`,
      message: "Its cases and every revision are deleted. This cannot be undone.",
      affected: {
        label: "Dataset",
        items: [`${dataset.name} (${dataset.cases.length} cases, ${dataset.currentRevision} revisions)`],
      },
      confirmLabel: "Delete dataset",
      tone: "danger",
    });
    if (ok) remove.mutate(dataset.id, { onSuccess: () => navigate("/evals") });
  };

  const editingCase = editing?.mode === "edit" ? dataset.cases.find((c) => c.id === editing.caseId) : undefined;

  return (
    <>
      <header className="page-header">
        <div>
          <p className="small">
            <GuardedLink href="/evals">Evals</GuardedLink> / Datasets
          </p>
          <h1>{dataset.name}</h1>
          <p className="muted">
            {dataset.cases.length} case{dataset.cases.length === 1 ? "" : "s"} · revision {dataset.revision}
            {isCurrent ? " (current)" : ` of ${dataset.currentRevision}`} · updated {formatDateTime(dataset.updatedAt)}
          </p>
        </div>
        <div className="actions">
          {canOperate && isCurrent && dataset.cases.length > 0 ? (
            <button
              type="button"
              className="btn primary"
              aria-expanded={running}
              onClick={() => setRunning((v) => !v)}
              data-testid="run-experiment"
            >
              Run experiment
            </button>
          ) : null}
          <button
            type="button"
            className="btn"
            onClick={() => download(exportFileName(dataset.name, dataset.revision), casesToJsonl(dataset.cases))}
          >
            Export JSONL
          </button>
          {canAuthor ? (
            <button type="button" className="btn" onClick={() => void deleteDataset()} disabled={remove.isPending}>
              Delete dataset
            </button>
          ) : null}
        </div>
      </header>

      <div className="inline-form wrap dataset-toolbar">
        <label className="field">
          <span className="field-label">Revision</span>
          <select
            value={dataset.revision}
            onChange={(e) => {
              const n = Number(e.target.value);
              setEditing(null);
              onPickRevision(n === dataset.currentRevision ? undefined : n);
            }}
          >
            {dataset.revisions.map((r) => (
              <option key={r.revision} value={r.revision}>
                r{r.revision}
                {r.revision === dataset.currentRevision ? " (current)" : ""} · {r.caseCount} case
                {r.caseCount === 1 ? "" : "s"} · {formatDateTime(r.createdAt)}
              </option>
            ))}
          </select>
        </label>
        {canEdit && !editing ? (
          <>
            <button type="button" className="btn primary" onClick={() => setEditing({ mode: "new" })}>
              Add a case
            </button>
            <button type="button" className="btn" aria-expanded={importing} onClick={() => setImporting((v) => !v)}>
              Import cases
            </button>
          </>
        ) : null}
      </div>
      {!isCurrent ? (
        <p className="notice" role="status">
          You are viewing revision {dataset.revision}, read-only.{" "}
          <button type="button" className="link-button" onClick={() => onPickRevision(undefined)}>
            Show the current revision ({dataset.currentRevision})
          </button>
        </p>
      ) : null}
      {notice ? (
        <p className="notice ok" role="status">
          {notice}
        </p>
      ) : null}
      {update.error && !editing ? (
        <p className="error" role="alert">
          {update.error.message}
        </p>
      ) : null}

      {running && canOperate ? <RunExperimentForm datasetId={dataset.id} onCancel={() => setRunning(false)} /> : null}

      {importing && canEdit ? (
        <ImportDatasetForm
          datasetId={dataset.id}
          onImported={(r) => {
            setImporting(false);
            onPickRevision(undefined);
            setNotice(`Imported ${r.imported} case${r.imported === 1 ? "" : "s"} as revision ${r.revision}.`);
          }}
        />
      ) : null}

      {editing?.mode === "new" ? (
        <CaseEditor
          initial={emptyCaseDraft()}
          title="New case"
          saving={update.isPending}
          saveError={update.error?.message ?? null}
          onSave={saveCase}
          onCancel={() => setEditing(null)}
        />
      ) : null}

      {dataset.cases.length === 0 && editing?.mode !== "new" ? (
        <div className="empty">
          <h2>No cases yet</h2>
          <p className="muted">
            {canEdit ? "Add a case, or import a JSONL or CSV file." : "Cases written by authors appear here."}
          </p>
        </div>
      ) : null}

      <ol className="case-list" aria-label="Cases">
        {dataset.cases.map((c, i) =>
          editingCase && editingCase.id === c.id ? (
            <li key={c.id}>
              <CaseEditor
                initial={draftFromCase(c)}
                title={`Case ${i + 1}`}
                saving={update.isPending}
                saveError={update.error?.message ?? null}
                onSave={saveCase}
                onCancel={() => setEditing(null)}
              />
            </li>
          ) : (
            <li key={c.id} className="case-card card" data-testid={`case-${i}`}>
              <div className="case-head">
                <h3>
                  Case {i + 1} <span className="muted small mono">{c.id}</span>
                </h3>
                {canEdit && !editing ? (
                  <div className="row-actions">
                    <button
                      type="button"
                      className="btn small"
                      aria-label={`Edit case ${i + 1}`}
                      onClick={() => setEditing({ mode: "edit", caseId: c.id })}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn small"
                      aria-label={`Delete case ${i + 1}`}
                      onClick={() => void deleteCase(c, i)}
                    >
                      Delete
                    </button>
                  </div>
                ) : null}
              </div>
              <ol className="case-messages" aria-label={`Messages of case ${i + 1}`}>
                {c.messages.map((m, j) => (
                  <li key={j}>
                    {c.messages.length > 1 ? <span className="muted small">Turn {j + 1} </span> : null}
                    <q>{m}</q>
                  </li>
                ))}
              </ol>
              <ExpectationChips expectations={c.expect} />
              {c.context || c.mocks?.length ? (
                <p className="muted small">
                  {c.context ? `Context: ${Object.keys(c.context).join(", ")}. ` : ""}
                  {c.mocks?.length ? `Mocks: ${c.mocks.map((m) => m.tool).join(", ")}.` : ""}
                </p>
              ) : null}
            </li>
          ),
        )}
      </ol>
      {dataset.mocks.length > 0 ? (
        <p className="muted small">Dataset mocks: {dataset.mocks.map((m) => m.tool).join(", ")}.</p>
      ) : null}
      <ExperimentsList datasetId={dataset.id} />
    </>
  );
}
