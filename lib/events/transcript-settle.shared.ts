/**
 * The server's suspension rules, applied to a folded transcript (`transcript-fold.shared.ts`): a
 * call of a run that stopped without answering it is `held` when it waits for a decision — its own
 * approval, or a child run (an agent called as a tool) that waits for one — and `unfinished`
 * otherwise; a suspended caller whose child has finished and that waits on nothing else is about to
 * resume with the child's answer (lib/runs/README.md, "Approvals inside a child run").
 */
import type { Transcript, TranscriptEntry, TranscriptRun } from "./transcript-types.shared";
import { pricingOf } from "./usage-counters.shared";

/** How many usage records a run had, and how many of them had no price. */
export interface PricedRequests {
  requests: number;
  unpriced: number;
}

const FINISHED: ReadonlySet<string> = new Set(["completed", "failed", "interrupted"]);

/**
 * Settles every run's calls, links each call to its child run, shows child runs whose caller is not
 * in the log at top level, and tells whether anything is running and which calls are held.
 */
export function settleTranscript(
  entries: TranscriptEntry[],
  runs: ReadonlyMap<string, TranscriptRun>,
  pricing: ReadonlyMap<string, PricedRequests>,
): Pick<Transcript, "running" | "heldApprovals"> {
  // A suspended run still waiting on a decision, or on a child that waits for one.
  const waitsOnMore = (run: TranscriptRun) =>
    run.approvals.some((a) => a.decision === null) ||
    run.items.some(
      (i) => i.kind === "tool" && i.call.childRunId !== null && runs.get(i.call.childRunId)?.status === "suspended",
    );
  let callerResuming = false;
  for (const run of runs.values()) {
    const p = pricing.get(run.runId);
    run.usage.priced = p ? pricingOf(p.requests, p.unpriced) : "all";
    const held = run.status === "suspended" && waitsOnMore(run);
    for (const item of run.items) {
      if (item.kind !== "tool") continue;
      const call = item.call;
      const child = call.childRunId ? runs.get(call.childRunId) : undefined;
      if (call.status === "running" && run.status !== "running") {
        const childDone = child !== undefined && FINISHED.has(child.status);
        if (run.status === "suspended" && childDone && !held) {
          // The child that held this call open has finished and nothing else holds the caller:
          // the child's answer is flowing back and the caller resumes (lib/runs/use-cases/resume-run.ts).
          callerResuming = true;
        } else {
          const approvalHeld = run.approvals.some(
            (a) => a.toolCallId === call.toolCallId && (a.decision === null || run.status === "suspended"),
          );
          // A call of another agent is held open while its run waits for an approval, and after,
          // until its caller (waiting on other decisions too) resumes.
          const childHeld = child?.status === "suspended" || (run.status === "suspended" && childDone);
          call.status = approvalHeld || childHeld ? "held" : "unfinished";
        }
      }
      call.child = child ?? null;
      // "ToolTimeoutError: ToolTimeoutError: …" says the type once.
      if (call.errorType && call.errorMessage?.startsWith(`${call.errorType}: `))
        call.errorMessage = call.errorMessage.slice(call.errorType.length + 2);
    }
  }

  // A child whose parent is not in the list (or whose call is unknown) still shows, at top level.
  const shown = new Set<string>();
  const walk = (run: TranscriptRun) => {
    shown.add(run.runId);
    for (const i of run.items) if (i.kind === "tool" && i.call.child) walk(i.call.child);
  };
  for (const e of entries) if (e.kind === "run") walk(e.run);
  for (const run of runs.values()) {
    if (!shown.has(run.runId)) {
      entries.push({ kind: "run", key: `run-${run.runId}`, run });
      walk(run);
    }
  }

  const all = [...runs.values()];
  return {
    running: callerResuming || all.some((r) => r.status === "running"),
    heldApprovals: all
      .filter((r) => r.status === "suspended")
      .flatMap((r) => r.approvals.filter((a) => a.decision === null)),
  };
}
