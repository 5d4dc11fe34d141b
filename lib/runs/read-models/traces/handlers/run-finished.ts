import type { EventHandler } from "../run-layout";

/** The run stops (a suspension opens when it stopped to wait for a decision). */
export const runFinished: EventHandler<"RunFinished"> = (e, run, trace) => {
  const when = Math.max(run.cursor, trace.at(e.createdAt));
  if (e.data.status === "suspended") run.suspensions.push({ startMs: when, endMs: null });
  run.finishedAt = when;
  run.cursor = when;
};
