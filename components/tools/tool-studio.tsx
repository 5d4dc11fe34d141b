"use client";
/**
 * The Tool Studio: Monaco on the left with its problems, the live model-facing preview on the
 * right, and below them the test-run panel, the version history and the agents using the tool
 * (with the version each runs, and Upgrade). Unsaved edits are guarded (useUnsavedChanges); a name
 * another tool has is flagged as it is typed; after a save, agents left on an older version are
 * offered an upgrade. `toolId` null is a new tool.
 */
import dynamic from "next/dynamic";
import { useCallback, useState } from "react";
import type { ToolDetail } from "@/lib/tool-store/tool-views.shared";
import type { SourceRange } from "@/lib/tools/tool-analysis.shared";
import { useDocumentTitle } from "@/components/shell/use-document-title";
import { useUnsavedChanges } from "@/components/shell/unsaved-changes";
import { useCan } from "@/components/shell/viewer-context";
import { nameClash } from "./name-clash";
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
  useToolList,
} from "./tool-queries";
import { StudioHeader } from "./studio-header";
import { templateSource } from "./tool-templates";
import { useDebounced } from "./use-debounced";
import { UpgradeOffer, UsedByList } from "./used-by-panel";
import { VersionHistoryPanel } from "./version-history-panel";
import "./tool-pins.css";

/** Keystroke to analysis request; the budget is 300 ms from keystroke to markers. */
export const ANALYSIS_DEBOUNCE_MS = 150;
/** How long a typed name rests before it is checked against the other tools' names. */
const NAME_CHECK_DEBOUNCE_MS = 400;

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
  const [lowerTab, setLowerTab] = useState<"run" | "history" | "usedBy">("run");
  /** The version this session saved last (for the upgrade offer's wording). */
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const debounced = useDebounced(source, ANALYSIS_DEBOUNCE_MS);
  const analysis = useToolAnalysis(debounced, canSave);
  const types = useAtelierTypes();
  // A new tool gets its id from its first save; the page stays (no reload of the editor).
  const [toolId, setToolId] = useState<string | null>(tool?.id ?? null);
  const save = useSaveTool(toolId);
  // The query holds the freshest answer: a save writes it, an upgrade of its agents refetches it.
  const fresh = useToolDetail(toolId);
  const saved = fresh.data ?? save.data ?? tool;
  const savedSource = saved?.version.source ?? null;
  const dirty = source !== savedSource;
  // Only authors may ask for a live analysis; everyone else sees the saved version's own.
  const live = analysis.data ?? (canSave ? null : storedAnalysis(saved ?? null));

  const name = live?.preview?.name ?? live?.tool?.name ?? saved?.name ?? "New tool";
  useUnsavedChanges(dirty, saved ? `the tool '${saved.name}'` : "the new tool");
  useDocumentTitle(saved ? `${saved.name} · Tool Studio` : "New tool · Tool Studio");
  const others = useToolList();
  const typedName = useDebounced(live?.preview?.name ?? live?.tool?.name ?? null, NAME_CHECK_DEBOUNCE_MS);
  const clash = canSave ? nameClash(typedName, others.data?.tools ?? [], toolId) : null;

  const moveTo = useCallback((range: Pick<SourceRange, "startLine" | "startColumn">) => {
    setCursor({ line: range.startLine, column: range.startColumn, nonce: Date.now() });
  }, []);

  const doSave = (text: string) =>
    save.mutate(text, {
      onSuccess: (t) => {
        setSavedVersion(t.version.version);
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
        name={name}
        clash={clash}
        saved={saved}
        dirty={dirty}
        canSave={canSave}
        saving={save.isPending}
        saveError={save.error}
        onSave={() => doSave(source)}
      />
      {saved ? <UpgradeOffer tool={saved} canUpgrade={canSave} savedVersion={savedVersion} /> : null}
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
          <button
            role="tab"
            aria-selected={lowerTab === "usedBy"}
            className={`tab${lowerTab === "usedBy" ? " active" : ""}`}
            onClick={() => setLowerTab("usedBy")}
            disabled={!saved}
          >
            Used by{saved ? ` (${saved.usedBy.length})` : ""}
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
        ) : lowerTab === "usedBy" ? (
          <UsedByList tool={saved} canUpgrade={canSave} />
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
