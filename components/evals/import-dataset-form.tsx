"use client";
/**
 * Import a JSONL or CSV file (docs/evals.md): as a new dataset (named after the file unless
 * renamed) or into the dataset on screen as its next revision. A refused file lists its problems
 * by line and field; nothing is imported unless every line is good.
 */
import { useId, useState } from "react";
import { ApiClientError } from "@/components/api/api-client";
import type { DatasetImportFormat, DatasetImportResult } from "@/lib/evals/dataset.shared";
import { DATASET_IMPORT_MAX_BYTES } from "@/lib/evals/dataset.shared";
import { useImportDataset } from "./dataset-queries";

interface Problem {
  line: number;
  field: string;
  message: string;
}

function problemsOf(error: unknown): Problem[] {
  if (!(error instanceof ApiClientError)) return [];
  const body = error.body as { error?: { errors?: Problem[] } } | null;
  return body?.error?.errors ?? [];
}

function formatOf(fileName: string): DatasetImportFormat {
  return /\.csv$/i.test(fileName) ? "csv" : "jsonl";
}

export function ImportDatasetForm({
  datasetId,
  onImported,
}: {
  datasetId?: string;
  onImported: (result: DatasetImportResult) => void;
}) {
  const id = useId();
  const importer = useImportDataset();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [format, setFormat] = useState<DatasetImportFormat>("jsonl");
  const [localError, setLocalError] = useState<string | null>(null);
  const problems = problemsOf(importer.error);

  const submit = async () => {
    setLocalError(null);
    importer.reset();
    if (!file) return setLocalError("Choose a .jsonl or .csv file.");
    if (file.size > DATASET_IMPORT_MAX_BYTES) return setLocalError("The file is larger than the 5 MB import limit.");
    if (!datasetId && !name.trim()) return setLocalError("Name the new dataset.");
    const content = await file.text();
    importer.mutate(datasetId ? { datasetId, format, content } : { name: name.trim(), format, content }, {
      onSuccess: (result) => {
        setFile(null);
        onImported(result);
      },
    });
  };

  return (
    <form
      className="dataset-import"
      aria-labelledby={`${id}-title`}
      data-testid="dataset-import-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 id={`${id}-title`}>{datasetId ? "Import cases into this dataset" : "Import a dataset"}</h3>
      <p className="muted small">
        JSONL: one case per line, as the API takes it. CSV: a header row with <code>message</code> and optional{" "}
        <code>id</code>, <code>contains</code>, <code>equals</code>, <code>toolCalled</code> columns. At most 5 MB.
        {datasetId ? " A case whose id the dataset already has replaces it; the others are added." : null}
      </p>
      <div className="inline-form wrap">
        <label className="field">
          <span className="field-label">File</span>
          <input
            type="file"
            accept=".jsonl,.ndjson,.csv,application/x-ndjson,text/csv"
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              setFile(f);
              if (f) {
                setFormat(formatOf(f.name));
                if (!datasetId && !name) setName(f.name.replace(/\.(jsonl|ndjson|csv)$/i, ""));
              }
            }}
          />
        </label>
        <label className="field">
          <span className="field-label">Format</span>
          <select value={format} onChange={(e) => setFormat(e.target.value as DatasetImportFormat)}>
            <option value="jsonl">JSONL</option>
            <option value="csv">CSV</option>
          </select>
        </label>
        {datasetId ? null : (
          <label className="field">
            <span className="field-label">Dataset name</span>
            <input value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. refunds" />
          </label>
        )}
        <button type="submit" className="btn primary" disabled={importer.isPending}>
          {importer.isPending ? "Importing…" : "Import"}
        </button>
      </div>
      {localError ? (
        <p className="error" role="alert">
          {localError}
        </p>
      ) : null}
      {importer.error ? (
        <div role="alert" className="import-problems" data-testid="import-problems">
          <p className="error">{importer.error.message}</p>
          {problems.length > 0 ? (
            <ul className="plain-list">
              {problems.map((p, i) => (
                <li key={i}>
                  <strong>Line {p.line}</strong>
                  {p.field ? <span className="mono"> · {p.field}</span> : null}: {p.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
