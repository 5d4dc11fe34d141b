"use client";
/**
 * "Add this turn to a dataset" (a modal dialog on a conversation's page, authors): the server
 * drafts a case from what happened up to the end of the turn (POST /api/datasets/draft-case: its
 * messages, the conversation's context values, expectations drafted from its events, mocks of
 * approved calls), the author edits it in the case editor and saves it into a dataset picked here —
 * as that dataset's next revision — or into a new one.
 */
import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import { useModalDialog } from "@/components/shell/use-modal-dialog";
import { datasetsApi } from "@/lib/api/contracts/datasets.shared";
import type { CaseInput } from "@/lib/evals/dataset.shared";
import { draftFromCase } from "./case-draft";
import { CaseEditor } from "./case-editor";
import { useCreateDataset, useDatasets, useUpdateDataset } from "./dataset-queries";
import "@/components/shell/dialog.css";
import "./evals.css";
import "./experiments.css";

const NEW = "";

export function AddToDatasetDialog({
  conversationId,
  turn,
  onClose,
}: {
  conversationId: string;
  /** 0-based: the n-th turn of the conversation. */
  turn: number;
  onClose(): void;
}) {
  const ref = useModalDialog();
  const drafted = useQuery({
    queryKey: ["datasets", "draft-case", conversationId, turn],
    queryFn: () => apiFetch(datasetsApi.draftCase, { body: { conversationId, turn } }),
    staleTime: Infinity,
    gcTime: 0,
  });
  // Made once: the editor compares its form with this to know whether it was changed.
  const initial = useMemo(
    () => (drafted.data ? { ...draftFromCase({ ...drafted.data.case, id: "draft" }), id: undefined } : null),
    [drafted.data],
  );
  const datasets = useDatasets();
  const [target, setTarget] = useState(NEW);
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ id: string; name: string; revision: number } | null>(null);
  const create = useCreateDataset();
  const update = useUpdateDataset(target || "none");
  const saving = create.isPending || update.isPending;
  const saveError = problem ?? create.error?.message ?? update.error?.message ?? null;

  const save = async (c: CaseInput) => {
    setProblem(null);
    if (target === NEW) {
      if (!name.trim()) return setProblem("Name the new dataset.");
      create.mutate(
        { name: name.trim(), cases: [c] },
        { onSuccess: (ref) => setSaved({ id: ref.id, name: name.trim(), revision: ref.revision }) },
      );
      return;
    }
    try {
      // The dataset as it is now: the case is appended to its current revision.
      const current = await apiFetch(datasetsApi.get, { params: { id: target }, query: {} });
      update.mutate(
        { name: current.name, cases: [...current.cases, c], mocks: current.mocks },
        { onSuccess: (ref) => setSaved({ id: ref.id, name: current.name, revision: ref.revision }) },
      );
    } catch (err) {
      setProblem((err as Error).message);
    }
  };

  return (
    <dialog
      ref={ref}
      className="studio-dialog add-to-dataset-dialog"
      aria-labelledby="add-case-h"
      aria-describedby="add-case-d"
      data-testid="add-to-dataset-dialog"
      onCancel={(e) => {
        e.preventDefault();
        if (!saving) onClose();
      }}
    >
      <h2 id="add-case-h">Add turn {turn + 1} to a dataset</h2>
      <div className="studio-dialog-body">
        <p id="add-case-d" className="small">
          A case drafted from what happened: the message{turn > 0 ? "s up to this turn" : ""}, the conversation&apos;s
          context values, and expectations drafted from its events. Edit it, pick a dataset, and save: the dataset gets
          a new revision.
        </p>
        {saved ? (
          <>
            <p className="notice ok" role="status" data-testid="added-to-dataset">
              Added to {saved.name} as revision {saved.revision}.
            </p>
            <div className="studio-dialog-actions">
              <a className="btn" href={`/evals/datasets/${encodeURIComponent(saved.id)}`}>
                Open the dataset
              </a>
              <button type="button" className="btn primary" onClick={onClose}>
                Close
              </button>
            </div>
          </>
        ) : (
          <>
            <div className="inline-form wrap">
              <label className="field">
                <span className="field-label">Dataset</span>
                <select
                  value={target}
                  onChange={(e) => {
                    setTarget(e.target.value);
                    setProblem(null);
                  }}
                  data-testid="add-case-dataset"
                >
                  <option value={NEW}>A new dataset…</option>
                  {(datasets.data?.datasets ?? []).map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name} ({d.caseCount} case{d.caseCount === 1 ? "" : "s"})
                    </option>
                  ))}
                </select>
              </label>
              {target === NEW ? (
                <label className="field">
                  <span className="field-label">New dataset&apos;s name</span>
                  <input
                    value={name}
                    maxLength={120}
                    onChange={(e) => setName(e.target.value)}
                    data-testid="add-case-dataset-name"
                  />
                </label>
              ) : null}
            </div>
            {drafted.isPending ? (
              <p className="muted" role="status">
                Drafting the case…
              </p>
            ) : drafted.error || !initial ? (
              <>
                <p className="error" role="alert">
                  Could not draft a case from this turn: {drafted.error?.message}
                </p>
                <div className="studio-dialog-actions">
                  <button type="button" className="btn" onClick={onClose}>
                    Close
                  </button>
                </div>
              </>
            ) : (
              <CaseEditor
                initial={initial}
                title="Drafted case"
                saving={saving}
                saveError={saveError}
                onSave={(c) => void save(c)}
                onCancel={onClose}
              />
            )}
          </>
        )}
      </div>
    </dialog>
  );
}
