/**
 * What a child run answers its caller's tool call with: its final text, or why it has none. The
 * same answer whether the child finished inside the call or later, after an approval it waited for
 * (lib/runs/use-cases/resume-run.ts).
 */
import type { RunError, RunStatus } from "../../events/event-types";
import type { ToolOutcome } from "./run-tool";

export interface FinishedChild {
  runId: string;
  status: RunStatus;
  /** "superseded": the user moved on before the child's approval was decided. */
  stopReason?: string | null;
  text: string | null;
  error: RunError | null;
}

export function childRunOutcome(agentName: string, child: FinishedChild): ToolOutcome {
  const { runId: childRunId } = child;
  if (child.status === "completed" && child.text && child.text.trim()) {
    return { ok: true, result: child.text, childRunId };
  }
  if (child.status === "suspended") {
    return {
      ok: false,
      error: {
        type: "ChildRunSuspended",
        message: `agent '${agentName}' is waiting for an approval (run ${childRunId}); the call is answered when it finishes.`,
      },
      childRunId,
      held: true,
    };
  }
  if (child.stopReason === "superseded") {
    return {
      ok: false,
      error: {
        type: "Superseded",
        message: `agent '${agentName}' was stopped before it answered: superseded by a new user message.`,
      },
      childRunId,
    };
  }
  const why = child.error ? `${child.error.type}: ${child.error.message}` : "it produced no answer";
  return {
    ok: false,
    error: { type: child.error?.type ?? "ChildRunFailed", message: `agent '${agentName}' did not finish: ${why}` },
    childRunId,
  };
}
