"use client";
/**
 * The canvas's wiring edits before a save: the edited configurations (the graph's `configs`,
 * AgentInput as the form saves them), attach and detach (checked with the same rules as the form,
 * lib/canvas/canvas-edits.shared.ts), the graph redrawn from them, and the save — the changed
 * agents' whole configurations in one request; a refusal marks the node or edge and saves nothing.
 */
import { useCallback, useMemo, useState } from "react";
import {
  attachToAgent,
  canConnect,
  changedAgentIds,
  detachEdge,
  graphWithConfigs,
  type CanvasConfigs,
} from "@/lib/canvas/canvas-edits.shared";
import type { CanvasGraph } from "@/lib/canvas/canvas-graph.shared";
import { issuesOf } from "@/components/agents/form-issues";
import { useUnsavedChanges } from "@/components/shell/unsaved-changes";
import { useSaveCanvas } from "./canvas-queries";
import { markSaveIssues, type MarkedIssues } from "./canvas-save-issues";

/** What the status and alert regions say. */
export type CanvasNotice = { tone: "ok" | "error"; text: string; details?: string[] } | null;

const NO_MARKS: MarkedIssues = { nodes: {}, edges: {}, messages: [] };

export function labelOf(graph: Pick<CanvasGraph, "nodes">, id: string): string {
  return graph.nodes.find((n) => n.id === id)?.label ?? id;
}

export function useCanvasEdits(stored: CanvasGraph, canWrite: boolean) {
  const [configs, setConfigs] = useState<CanvasConfigs>(stored.configs);
  const [seenBase, setSeenBase] = useState(stored.configs);
  const [followNext, setFollowNext] = useState(false);
  const [marks, setMarks] = useState<MarkedIssues>(NO_MARKS);
  const [notice, setNotice] = useState<CanvasNotice>(null);
  const save = useSaveCanvas();

  const changed = useMemo(() => changedAgentIds(stored.configs, configs), [stored.configs, configs]);
  const dirty = changed.length > 0;
  // A new stored graph (a save here, or a refetch): follow it unless there are edits to keep.
  if (seenBase !== stored.configs) {
    setSeenBase(stored.configs);
    if (followNext || !dirty) {
      setConfigs(stored.configs);
      setFollowNext(false);
    }
  }
  useUnsavedChanges(canWrite && dirty, "the canvas wiring");

  const graph = useMemo(() => graphWithConfigs(stored, configs), [stored, configs]);

  const connect = useCallback(
    (source: string, target: string): boolean => {
      const check = canConnect(graph, configs, source, target);
      if (!check.ok) {
        setNotice({
          tone: "error",
          text: `Cannot attach ${labelOf(graph, target)} to ${labelOf(graph, source)}: ${check.reason}`,
        });
        return false;
      }
      const source_ = graph.nodes.find((n) => n.id === source);
      if (source_?.kind !== "agent") return false;
      setConfigs(attachToAgent(graph, configs, source_.data.agentId, target));
      setNotice({
        tone: "ok",
        text: `Attached ${labelOf(graph, target)} to ${labelOf(graph, source)} (not saved yet)`,
      });
      return true;
    },
    [graph, configs],
  );

  const detach = useCallback(
    (edgeId: string) => {
      const edge = graph.edges.find((e) => e.id === edgeId);
      if (!edge) return;
      const next = detachEdge(configs, edge);
      if (next === configs) return;
      setConfigs(next);
      setNotice({
        tone: "ok",
        text: `Detached ${labelOf(graph, edge.target)} from ${labelOf(graph, edge.source)} (not saved yet)`,
      });
    },
    [graph, configs],
  );

  const discard = useCallback(() => {
    setConfigs(stored.configs);
    setMarks(NO_MARKS);
    setNotice(null);
  }, [stored.configs]);

  const submit = useCallback(async () => {
    if (!dirty) return;
    const sent = changed.map((agentId) => ({ agentId, config: configs[agentId] }));
    try {
      const res = await save.mutateAsync({ agents: sent });
      setFollowNext(true);
      setMarks(NO_MARKS);
      const names = res.agents
        .filter((a) => a.changed)
        .map((a) => `${configs[a.agentId]?.name ?? a.agentId} v${a.version}`);
      setNotice({ tone: "ok", text: names.length ? `Saved: ${names.join(", ")}` : "No changes to save" });
    } catch (err) {
      const marked = markSaveIssues(issuesOf(err), sent);
      setMarks(marked);
      setNotice({
        tone: "error",
        text: "Nothing was saved: fix the marked nodes and edges.",
        details: marked.messages,
      });
    }
  }, [dirty, changed, configs, save]);

  return {
    graph,
    configs,
    changed,
    dirty,
    marks,
    notice,
    setNotice,
    connect,
    detach,
    discard,
    submit,
    saving: save.isPending,
  };
}
