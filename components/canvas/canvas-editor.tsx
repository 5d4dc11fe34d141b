"use client";
/**
 * The canvas editor (/canvas and an agent's Canvas tab): the drawing or its list view, the side
 * panel of the selected node, and the toolbar — Save (one version per changed agent), Discard,
 * Auto layout (forgets dragged positions) and the List view toggle. Refusals and save results are
 * announced in an alert and a status region; leaving with unsaved wiring asks first.
 */
import Link from "next/link";
import { useCallback, useMemo, useState } from "react";
import type { CanvasGraph } from "@/lib/canvas/canvas-graph.shared";
import { narrowCanvasGraph } from "@/lib/canvas/narrow-canvas-graph.shared";
import { QueryState } from "@/components/shell/query-state";
import { GuardedLink } from "@/components/shell/unsaved-changes";
import { useCan } from "@/components/shell/viewer-context";
import { CanvasListView } from "./canvas-list-view";
import { useCanvasGraph, useResetCanvasPositions, useSaveCanvasPositions } from "./canvas-queries";
import { CanvasSidePanel } from "./canvas-side-panel";
import { CanvasView } from "./canvas-view";
import { useCanvasEdits, type CanvasNotice } from "./use-canvas-edits";

export function CanvasEditor({ agentId }: { agentId?: string }) {
  // The whole workspace even on an agent's tab: anything can be attached there; the tab draws the
  // agent's neighbourhood of the edited wiring.
  const q = useCanvasGraph();
  return (
    <QueryState
      query={q}
      isEmpty={(g) => g.nodes.length === 0}
      empty={
        <>
          <h2>Nothing on the canvas yet</h2>
          <p className="muted">
            Create an <Link href="/agents/new">agent</Link> or a <Link href="/tools/new">tool</Link> and it appears
            here.
          </p>
        </>
      }
    >
      {(graph) => <LoadedCanvas stored={graph} agentId={agentId} />}
    </QueryState>
  );
}

function Notice({ notice }: { notice: CanvasNotice }) {
  return (
    <>
      <div role="alert" className="canvas-alert" data-testid="canvas-alert">
        {notice?.tone === "error" ? (
          <div className="error">
            {notice.text}
            {notice.details?.length ? (
              <ul>
                {notice.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
      <div role="status" className="canvas-status" data-testid="canvas-status">
        {notice?.tone === "ok" ? notice.text : null}
      </div>
    </>
  );
}

function LoadedCanvas({ stored, agentId }: { stored: CanvasGraph; agentId?: string }) {
  const canWrite = useCan("author");
  const edits = useCanvasEdits(stored, canWrite);
  const savePositions = useSaveCanvasPositions();
  const resetPositions = useResetCanvasPositions();
  const [listView, setListView] = useState(false);
  const [selected, setSelected] = useState<string | null>(agentId ? `agent:${agentId}` : null);
  const { marks, setNotice } = edits;
  const graph = useMemo(
    () => (agentId ? narrowCanvasGraph(edits.graph, agentId) : edits.graph),
    [edits.graph, agentId],
  );
  const selectedNode = useMemo(() => graph.nodes.find((n) => n.id === selected) ?? null, [graph.nodes, selected]);
  const onMoveNodes = useCallback(
    (moved: Array<{ nodeId: string; x: number; y: number }>) => {
      if (!canWrite) return;
      savePositions.mutate(moved, {
        onError: (e) => setNotice({ tone: "error", text: `Could not store the positions: ${e.message}` }),
      });
    },
    [canWrite, savePositions, setNotice],
  );
  const changedNames = edits.changed.map((id) => edits.configs[id]?.name ?? id);
  return (
    <div className="canvas-editor" data-testid="canvas-editor">
      <div className="canvas-toolbar" role="toolbar" aria-label="Canvas">
        {canWrite ? (
          <>
            <button
              type="button"
              className="btn primary"
              onClick={() => void edits.submit()}
              disabled={!edits.dirty || edits.saving}
            >
              {edits.saving ? "Saving…" : "Save"}
            </button>
            <button type="button" className="btn" onClick={edits.discard} disabled={!edits.dirty || edits.saving}>
              Discard
            </button>
          </>
        ) : null}
        <span className="muted small canvas-dirty" data-testid="canvas-dirty">
          {edits.dirty
            ? `Unsaved changes to ${changedNames.join(", ")}`
            : canWrite
              ? "No unsaved changes"
              : "Read only: your role cannot change agents"}
        </span>
        <span className="canvas-toolbar-gap" />
        {canWrite && !listView ? (
          <button
            type="button"
            className="btn"
            onClick={() =>
              resetPositions.mutate(undefined, {
                onError: (e) => setNotice({ tone: "error", text: `Could not reset the layout: ${e.message}` }),
              })
            }
            disabled={resetPositions.isPending || Object.keys(graph.positions).length === 0}
            title="Forget dragged positions and place every node automatically"
          >
            Auto layout
          </button>
        ) : null}
        <button type="button" className="btn" aria-pressed={listView} onClick={() => setListView((v) => !v)}>
          List view
        </button>
      </div>
      {agentId ? (
        <p className="muted small">
          This agent, what it uses and what uses it. Attach anything of the workspace from the side panel or the list
          view; the <GuardedLink href="/canvas">workspace canvas</GuardedLink> draws everything.
        </p>
      ) : null}
      <Notice notice={edits.notice} />
      {listView ? (
        <CanvasListView
          graph={graph}
          candidates={edits.graph}
          canEdit={canWrite}
          invalid={marks}
          onAttach={edits.connect}
          onDetach={edits.detach}
        />
      ) : (
        <div className="canvas-main">
          <CanvasView
            graph={graph}
            readOnly={!canWrite}
            selectedNodeId={selected}
            onSelectNode={setSelected}
            onConnect={edits.connect}
            onDeleteEdge={edits.detach}
            onMoveNodes={onMoveNodes}
            invalid={marks}
            label={agentId ? "Canvas of this agent" : "Canvas of the workspace"}
          />
          <CanvasSidePanel
            graph={graph}
            candidates={edits.graph}
            node={selectedNode}
            canEdit={canWrite}
            invalid={marks}
            onAttach={edits.connect}
            onDetach={edits.detach}
            onClose={() => setSelected(null)}
          />
        </div>
      )}
    </div>
  );
}
