/**
 * The environment a run resumes in (lib/runs/engine/run-environment.ts): the user recorded on its
 * RunStarted (who posted the turn — not whoever approved its calls), the conversation's context
 * values (a child's: the fields it declares), and the connections as they are now.
 */
import { childEnvironment, environmentOf } from "../engine/environment-of";
import { contextFieldsOf } from "../engine/context-fields";
import type { AgentRecord } from "../engine/ports";
import type { RunEnvironment, RunUser } from "../engine/run-environment";
import type { RunRuntime } from "../infra/runtime";

export async function environmentAtResume(
  rt: Pick<RunRuntime, "db" | "deps">,
  run: { id: string; conversationId: string; kind: string },
  record: AgentRecord,
): Promise<RunEnvironment> {
  const started = await rt.db.event.findFirst({
    where: { conversationId: run.conversationId, runId: run.id, type: "RunStarted" },
    select: { payload: true },
  });
  const user = ((started?.payload as { user?: RunUser | null } | null)?.user ?? null) as RunUser | null;
  const env = await environmentOf(rt.deps, run.conversationId, user);
  if (run.kind !== "child") return env;
  const child = childEnvironment(env, contextFieldsOf(record.config));
  return "env" in child ? child.env : { ...env, context: {} };
}
