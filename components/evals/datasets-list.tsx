"use client";
/**
 * Evals → datasets: each with its case count, current revision and last change; authors create
 * an empty dataset by name, import one from a JSONL or CSV file, or delete one.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useConfirm } from "@/components/shell/confirm-dialog";
import { formatDateTime } from "@/components/shell/format";
import { QueryState } from "@/components/shell/query-state";
import { useCan } from "@/components/shell/viewer-context";
import { DatasetName, type DatasetSummary } from "@/lib/evals/dataset.shared";
import { useCreateDataset, useDatasets, useDeleteDataset } from "./dataset-queries";
import { ImportDatasetForm } from "./import-dataset-form";
import "./evals.css";

function NewDatasetForm() {
  const router = useRouter();
  const create = useCreateDataset();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="inline-form wrap"
      data-testid="new-dataset-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = DatasetName.safeParse(name);
        if (!parsed.success) return setError(parsed.error.issues[0].message);
        setError(null);
        create.mutate(
          { name: parsed.data, cases: [] },
          { onSuccess: (ref) => router.push(`/evals/datasets/${ref.id}`) },
        );
      }}
    >
      <label className="field">
        <span className="field-label">New dataset</span>
        <input
          value={name}
          placeholder="e.g. refunds"
          aria-invalid={Boolean(error || create.error)}
          aria-describedby={error || create.error ? "new-dataset-error" : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <button type="submit" className="btn primary" disabled={create.isPending}>
        {create.isPending ? "Creating…" : "Create dataset"}
      </button>
      {error || create.error ? (
        <span className="field-error" id="new-dataset-error" role="alert">
          {error ?? create.error?.message}
        </span>
      ) : null}
    </form>
  );
}

function DeleteDatasetButton({ d }: { d: DatasetSummary }) {
  const confirm = useConfirm();
  const remove = useDeleteDataset();
  return (
    <button
      type="button"
      className="btn small"
      aria-label={`Delete dataset ${d.name}`}
      disabled={remove.isPending}
      onClick={async () => {
        const ok = await confirm({
          title: `Delete the dataset '${d.name}'?`,
          message: "Its cases and every revision are deleted. This cannot be undone.",
          affected: { label: "Dataset", items: [`${d.name} (${d.caseCount} cases, ${d.revision} revisions)`] },
          confirmLabel: "Delete dataset",
          tone: "danger",
        });
        if (ok) remove.mutate(d.id);
      }}
    >
      Delete
    </button>
  );
}

export function DatasetsList() {
  const router = useRouter();
  const query = useDatasets();
  const canAuthor = useCan("author");
  const [importing, setImporting] = useState(false);
  return (
    <section aria-labelledby="datasets-title" className="stack">
      <div className="section-head">
        <h2 id="datasets-title">Datasets</h2>
        {canAuthor ? (
          <button type="button" className="btn" aria-expanded={importing} onClick={() => setImporting((v) => !v)}>
            Import a file
          </button>
        ) : null}
      </div>
      {canAuthor ? <NewDatasetForm /> : null}
      {importing && canAuthor ? <ImportDatasetForm onImported={(r) => router.push(`/evals/datasets/${r.id}`)} /> : null}
      <QueryState
        query={query}
        isEmpty={(d) => d.datasets.length === 0}
        empty={
          <>
            <h2>No datasets yet</h2>
            <p className="muted">
              A dataset is a named list of cases: a message to send and what the answer and the agent&apos;s behaviour
              must be. {canAuthor ? "Create one above or import a JSONL or CSV file." : ""}
            </p>
          </>
        }
      >
        {(d) => (
          <div className="table-scroll">
            <table className="table" data-testid="datasets-table">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Cases</th>
                  <th>Revision</th>
                  <th>Updated</th>
                  {canAuthor ? (
                    <th>
                      <span className="evals-visually-hidden">Actions</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {d.datasets.map((row) => (
                  <tr key={row.id} data-testid={`dataset-row-${row.name}`}>
                    <td>
                      <Link href={`/evals/datasets/${row.id}`}>{row.name}</Link>
                    </td>
                    <td>{row.caseCount}</td>
                    <td>r{row.revision}</td>
                    <td>{formatDateTime(row.updatedAt)}</td>
                    {canAuthor ? (
                      <td>
                        <DeleteDatasetButton d={row} />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </section>
  );
}
