/** What the trace is built from: the rows `load-run-trace.ts` reads (or a test writes). */
import type { RunKind, RunStatus, StopReason, StoredEvent } from "../../../events/event-types";
import type { ApprovalDecision, ApprovalStatus } from "../approvals/list-approvals.shared";

/** A run row as stored (its vocabularies are the ones our code writes). */
export type RunRow = {
  id: string;
  kind: RunKind;
  parentRunId: string | null;
  depth: number;
  agentId: string;
  status: RunStatus;
  stopReason: StopReason | null;
  error: string | null;
  model: string | null;
  startedAt: Date;
  finishedAt: Date | null;
};

export interface TraceInput {
  rootId: string;
  conversation: { id: string; title: string | null; context: Record<string, unknown> };
  runs: RunRow[];
  /** The events of the root run and every run below it, in `seq` order. */
  events: StoredEvent[];
  /**
   * The system prompt renderings the requests may have used, in `seq` order: the trace's own, and
   * the latest one of each of its agents recorded before it (whose runs are in `runs`).
   */
  promptEvents: StoredEvent[];
  approvals: Array<{
    id: string;
    status: ApprovalStatus;
    decidedBy: string | null;
    decidedAt: Date | null;
    reason: string | null;
    decision: ApprovalDecision | null;
    createdAt: Date;
  }>;
  agentNames: Map<string, string>;
}
