/**
 * A run drawn on the canvas (lib/canvas/README.md, "The live run"): the conversation's events,
 * folded up to a chosen seq with the shared transcript fold (lib/events/transcript-fold.shared.ts),
 * give each node and edge of the run's graph a state. The live view folds every event as it
 * streams in; the timeline scrubber folds up to the seq it points at. Browser-safe.
 */

/** idle: not reached yet · thinking: its model is being asked · running: a call to it is in flight
 * · held: a call waits for an approval · failed: its call or run failed · done: it answered. */
export type CanvasNodeRunStatus = "idle" | "thinking" | "running" | "held" | "failed" | "done";
/** idle · active: a call along it is in flight (or held) · done: a call along it returned · failed. */
export type CanvasEdgeRunStatus = "idle" | "active" | "done" | "failed";

/** A call held for approval, shown as a badge on its tool node. */
export interface CanvasHeldCall {
  nodeId: string;
  approvalId: string;
  toolCallId: string;
  toolName: string;
  /** The arguments, as the approval card shows them. */
  args: unknown;
}

export interface CanvasRunState {
  /** The seq folded up to (the last event's seq when live). */
  seq: number;
  /** Node id → status; absent = idle. */
  nodes: Record<string, CanvasNodeRunStatus>;
  /** Edge id → status; absent = idle. */
  edges: Record<string, CanvasEdgeRunStatus>;
  /** Child agents opened by this run: the child run id → the agent node it ran as. */
  childRuns: Record<string, string>;
  held: CanvasHeldCall[];
}
