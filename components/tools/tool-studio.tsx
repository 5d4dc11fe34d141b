"use client";
/**
 * The Tool Studio: Monaco on the left with its problems, the live model-facing preview on the
 * right, and below them the test-run panel and the version history. `toolId` null is a new tool.
 */
import dynamic from "next/dynamic";
import { useCallback, useEffect, useState } from "react";
import type { ToolDetail } from "@/lib/tool-store/tool-views.shared";
import type { SourceRange } from "@/lib/tools/tool-analysis.shared";
import { useCan } from "@/components/shell/viewer-context";
import { ProblemsPanel } from "./problems-panel";
import { TestRunPanel } from "./test-run-panel";
import type { CursorRequest } from "./tool-source-editor";
import { ToolPreviewPanel } from "./tool-preview-panel";
import {
  fetchToolVersion,
  storedAnalysis,
  useAtelierTypes,
  useSaveTool,
  useToolAnalysis,
  useToolDetail,
} from "./tool-queries";
import { StudioHeader } from "./studio-header";
import { templateSource } from "./tool-templates";
import { useDebounced } from "./use-debounced";
import { VersionHistoryPanel } from "./version-history-panel";

/** Keystroke to analysis request; the budget is 300 ms from keystroke to markers. */
export const ANALYSIS_DEBOUNCE_MS = 150;

const ToolSourceEditor = dynamic(() => import("./tool-source-editor"), {
  ssr: false,
  loading: () => <div className="tool-editor-monaco editor-loading">Loading the editor…</div>,
});

export function ToolStudio({ toolId, templateId }: { toolId: string | null; templateId?: string }) {
  const detail = useToolDetail(toolId);
  if (!toolId)
    return (
      <StudioWorkspace
        tool={null}
        initialSource={templateSource(templateId)}
        documentKey={`new:${templateId ?? "empty"}`}
      />
    );
  if (detail.error)
    return (
      <p className="error" role="alert">
        Could not load this tool: {detail.error.message}
      </p>
    );
  if (!detail.data)
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  return <StudioWorkspace tool={detail.data} initialSource={detail.data.version.source} documentKey={toolId} />;
}

function StudioWorkspace({
  tool,
  initialSource,
  documentKey,
}: {
  tool: ToolDetail | null;
  initialSource: string;
  documentKey: string;
}) {
  const canSave = useCan("author");
  const canRunPlain = useCan("author", "operator");
  const canRunGated = useCan("approver");
  const [source, setSource] = useState(initialSource);
  const [docKey, setDocKey] = useState(documentKey);
  const [docText, setDocText] = useState(initialSource);
  const [cursor, setCursor] = useState<CursorRequest | null>(null);
  const [lowerTab, setLowerTab] = useState<"run" | "history">("run");
  const [restoring, setRestoring] = useState<number | null>(null);
  const debounced = useDebounced(source, ANALYSIS_DEBOUNCE_MS);
  const analysis = useToolAnalysis(debounced, canSave);
  const types = useAtelierTypes();
  // A new tool gets its id from its first save; the page stays (no reload of the editor).
  const [toolId, setToolId] = useState<string | null>(tool?.id ?? null);
  const save = useSaveTool(toolId);
  const saved = save.data ?? tool;
  const savedSource = saved?.version.source ?? null;
  const dirty = source !== savedSource;
  // Only authors may ask for a live analysis; everyone else sees the saved version's own.
  const live = analysis.data ?? (canSave ? null : storedAnalysis(saved ?? null));

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const moveTo = useCallback((range: Pick<SourceRange, "startLine" | "startColumn">) => {
    setCursor({ line: range.startLine, column: range.startColumn, nonce: Date.now() });
  }, []);

  const doSave = (text: string) =>
    save.mutate(text, {
      onSuccess: (t) => {
        if (toolId === null) {
          setToolId(t.id);
          window.history.replaceState(null, "", `/tools/${t.id}`);
        }
      },
    });

  const restore = async (version: number) => {
    if (!toolId) return;
    setRestoring(version);
    try {
      const old = await fetchToolVersion(toolId, version);
      await save.mutateAsync(old.version.source);
      setDocText(old.version.source);
      setSource(old.version.source);
      setDocKey(`${toolId}@restore${version}-${Date.now()}`);
    } finally {
      setRestoring(null);
    }
  };

  return (
    <div className="studio" data-testid="tool-studio">
      <StudioHeader
        name={live?.preview?.name ?? live?.tool?.name ?? saved?.name ?? "New tool"}
        saved={saved}
        dirty={dirty}
        canSave={canSave}
        saving={save.isPending}
        saveError={save.error}
        onSave={() => doSave(source)}
      />
      <div className="studio-grid">
        <div className="studio-editor">
          <ToolSourceEditor
            initialValue={docText}
            documentKey={docKey}
            onChange={setSource}
            diagnostics={live?.diagnostics ?? []}
            analysedSource={live?.source ?? null}
            atelierTypes={types.data ?? null}
            cursorRequest={cursor}
            readOnly={!canSave}
            onSave={() => {
              if (canSave && dirty && !save.isPending) doSave(source);
            }}
          />
          <ProblemsPanel diagnostics={live?.diagnostics ?? []} onSelect={moveTo} />
        </div>
        <ToolPreviewPanel
          analysis={live}
          pending={debounced !== source || analysis.isFetching}
          error={analysis.error}
        />
      </div>
      <section className="card lower-panel">
        <div className="tabs" role="tablist">
          <button
            role="tab"
            aria-selected={lowerTab === "run"}
            className={`tab${lowerTab === "run" ? " active" : ""}`}
            onClick={() => setLowerTab("run")}
          >
            Test run
          </button>
          <button
            role="tab"
            aria-selected={lowerTab === "history"}
            className={`tab${lowerTab === "history" ? " active" : ""}`}
            onClick={() => setLowerTab("history")}
            disabled={!saved}
          >
            History{saved ? ` (${saved.versions.length})` : ""}
          </button>
        </div>
        {lowerTab === "run" || !saved ? (
          <TestRunPanel
            toolId={saved?.id ?? null}
            target={
              saved
                ? {
                    version: saved.version.version,
                    hasErrors: saved.version.hasErrors,
                    analysis: saved.version.analysis,
                  }
                : null
            }
            dirty={dirty}
            canRun={{ plain: canRunPlain, gated: canRunGated }}
            onShowLine={(line) => moveTo({ startLine: line, startColumn: 1 })}
          />
        ) : (
          <VersionHistoryPanel
            tool={saved}
            canSave={canSave}
            restoring={restoring}
            onRestore={(v) => void restore(v)}
          />
        )}
        {save.error && restoring !== null ? <p className="error">{save.error.message}</p> : null}
      </section>
    </div>
  );
}
