/**
 * Resuming a suspended run once every held call is decided: with the same run id, as a job of the
 * run queue (infra/queue/submit-resume.ts) like every turn. A denied call is answered with a refusal carrying the approver's reason and never
 * runs; an approved call runs exactly once with its frozen arguments — `approved → executing` is a
 * conditional update only one resumer wins, and `executing → done` records the result. Then the
 * loop continues from where it stopped, and a run-tier breach is recovered as in any turn.
 *
 * Agents called as tools: a child run that waited for an approval resumes on its own messages,
 * and once it finishes its answer flows back — the calling run's open call is answered with it
 * (as if the child had finished inside the call) and the caller resumes in turn, when nothing
 * else of its own is still pending.
 */
import { answerChildCalls, openChildren } from "../infra/store/answer-child-calls";
import { runUsageOf } from "../infra/store/recover-interrupted-runs";
import { foldContext, runMessages } from "../engine/context-fold";
import { admitsConclusion, concludeIfRecovered, createChildRunner, type TurnResult } from "../engine/execute-turn";
import { newEvent, type EventEntry, type RunKind, type RunUsage } from "../../events/event-types";
import type { ActiveTurn } from "../infra/active-runs";
import type { RunActor } from "../engine/ports";
import { prepareAgent } from "../engine/prepare-agent";
import { runLoop } from "../engine/run-loop";
import type { RunRuntime } from "../infra/runtime";
import { answerEvents, healingAnswers, type CallAnswer } from "../engine/stages/healing";
import { decidedCallChain } from "../engine/tool-dispatch/dispatch-chain";
import { toolResultOutput } from "../engine/tool-result-output";
import { toolStateEntries } from "../engine/tool-state-events";
import { readApprovalTarget } from "../read-models/approvals/approval-view";
import { approvedCallRefusal, toolNotAvailable } from "../engine/approval-target";
import { environmentAtResume } from "./environment-at-resume";

export function deniedMessage(decidedBy: string | null, reason: string | null): string {
  return `Denied by ${decidedBy ?? "an approver"}${reason ? `: ${reason}` : " (no reason given)"}. The call was not executed; do not retry it unless the user asks again.`;
}

/** How a run left `running` by a worker that stopped is continued by the worker taking it over. */
export interface TakeoverResume {
  /** Answers to the calls the stopped worker left without a result (none of them side-effecting). */
  heal: EventEntry[];
  usage: { requests: number; toolCalls: number; inputTokens: number; outputTokens: number; totalTokens: number };
  costNanoUsd: number;
}

export interface ResumeOptions {
  /** What the job executing the resume registered for the conversation (its abort controller, its runs); released by the job. */
  claimed: ActiveTurn;
  /** Continue a `running` run whose worker stopped instead of a `suspended` one (lib/runs/infra/queue). */
  takeover?: TakeoverResume;
}

export async function resumeRun(
  rt: RunRuntime,
  runId: string,
  actor: RunActor,
  options: ResumeOptions,
): Promise<TurnResult | null> {
  const { db, deps } = rt;
  const { takeover } = options;
  const run = await db.run.findUnique({ where: { id: runId } });
  if (!run || run.status !== (takeover ? "running" : "suspended")) return null;
  if (!takeover && (await db.approval.count({ where: { runId, status: "pending" } })) > 0) return null;
  // A call held open by a child that still waits (or runs) is answered when that child finishes.
  if (!takeover && (await openChildren(db, runId)) > 0) return null;
  const turn = options.claimed;
  if (!takeover) {
    const { count } = await db.run.updateMany({
      where: { id: runId, status: "suspended" },
      data: { status: "running" },
    });
    if (count === 0) return null;
  }
  turn.runIds.push(runId);
  const record = await deps.agents.load(run.agentId, {
    conversationId: run.conversationId,
    // A resumed run runs the version it started on.
    ...(run.agentVersion !== null ? { version: run.agentVersion } : {}),
  });
  const env = await environmentAtResume(rt, run, record);
  const agent = prepareAgent(record, deps, createChildRunner(run.conversationId, actor, deps, env));
  const toolsByName = new Map(agent.tools.map((t) => [t.name, t]));
  const usage = takeover?.usage ?? runUsageOf(run);
  const dispatch = decidedCallChain(deps, actor, record.config.runtime.retries);
  const decided = takeover
    ? []
    : await db.approval.findMany({
        where: { runId, status: { in: ["approved", "denied"] } },
        orderBy: { createdAt: "asc" },
      });

  const answers: CallAnswer[] = [];
  // What the approved calls emitted (ctx.emit), appended once after their returns.
  const state: EventEntry[] = [];
  for (const a of decided) {
    if (a.status === "denied") {
      answers.push(...healingAnswers([a], deniedMessage(a.decidedBy, a.reason), "ApprovalDenied"));
      continue;
    }
    const tool = toolsByName.get(a.toolName);
    // An approval binds what runs: a tool saved, re-pinned or rediscovered since is not run.
    const refusal = approvedCallRefusal({ toolName: a.toolName, target: readApprovalTarget(a.target) }, tool);
    if (refusal || !tool) {
      const why = refusal ?? toolNotAvailable(a.toolName);
      const { count } = await db.approval.updateMany({
        where: { id: a.id, status: "approved" },
        data: { status: "done", result: { ok: false, error: why } as never },
      });
      if (count === 1) answers.push(...healingAnswers([a], `${why.type}: ${why.message}`, why.type));
      continue;
    }
    const claimed = await db.approval.updateMany({
      where: { id: a.id, status: "approved" },
      data: { status: "executing" },
    });
    if (claimed.count === 0) continue;
    const scope = {
      conversationId: run.conversationId,
      runId,
      rootRunId: run.rootRunId ?? runId,
      agentId: run.agentId,
      toolCallId: a.toolCallId,
      depth: run.depth,
      signal: turn.controller.signal,
      env,
    };
    const result = await dispatch({ tool, args: a.arguments, scope });
    state.push(...(await toolStateEntries(deps.store, scope, tool, result)));
    const o = result.outcome;
    await db.approval.update({
      where: { id: a.id },
      data: {
        status: "done",
        result: (o.ok ? { ok: true, result: o.result ?? null } : { ok: false, error: o.error }) as never,
      },
    });
    answers.push({
      output: toolResultOutput(o),
      ret: {
        toolName: a.toolName,
        toolCallId: a.toolCallId,
        success: o.ok,
        durationMs: result.durationMs,
        ...(o.ok ? {} : { errorType: o.error.type }),
        ...(o.childRunId ? { childRunId: o.childRunId } : {}),
        ...(result.mocked ? { mocked: true } : {}),
      },
    });
  }
  answers.push(...(await answerChildCalls(db, deps.store, runId, run.conversationId)));
  if (takeover?.heal.length) await deps.store.appendEvents(run.conversationId, takeover.heal);
  if (answers.length || state.length)
    await deps.store.appendEvents(run.conversationId, [...answerEvents(runId, answers), ...state]);

  // A command held open by its child run: answered now, it finishes without a model request.
  if (run.kind === "command") return finishCommandRun(rt, run, usage);

  const events = await deps.store.conversationEvents(run.conversationId);
  const context = foldContext(events);
  const history = run.kind === "child" ? runMessages(events, runId) : context.messages;
  const resumed = await runLoop(
    {
      conversationId: run.conversationId,
      agent,
      kind: run.kind as RunKind,
      parentRunId: run.parentRunId,
      rootRunId: run.rootRunId,
      depth: run.depth,
      prompt: "",
      history,
      limits: record.config.runLimits,
      tools: agent.tools,
      signal: turn.controller.signal,
      actor,
      lastSystemPromptHash: context.systemPromptHashes.get(agent.id) ?? null,
      resume: {
        runId,
        usage,
        costNanoUsd: takeover?.costNanoUsd ?? Number(run.costNanoUsd),
        agentVersion: run.agentVersion,
      },
      env,
      admitConclusion: async () => run.kind === "turn" && (await admitsConclusion(deps, record)),
    },
    deps,
  );
  const result: TurnResult =
    run.kind === "turn"
      ? await concludeIfRecovered(
          resumed,
          agent,
          {
            conversationId: run.conversationId,
            actor,
            signal: turn.controller.signal,
            onRunStart: (id) => turn.runIds.push(id),
            env,
          },
          deps,
        )
      : { runs: [resumed], final: resumed };
  // A child that finished answers its caller, which goes on from there (within this claim).
  if (run.kind === "child" && run.parentRunId && resumed.status !== "suspended") {
    const parent = await resumeRun(rt, run.parentRunId, actor, { claimed: turn });
    if (parent) return { runs: [...result.runs, ...parent.runs], final: parent.final };
  }
  return result;
}

/** A resumed command run: its call is answered, so it is over (engine/execute-command.ts). */
async function finishCommandRun(
  rt: RunRuntime,
  run: { id: string; conversationId: string; model: string | null },
  usage: RunUsage,
): Promise<TurnResult> {
  const finish = { status: "completed" as const, stopReason: "end_turn" as const, usage, costNanoUsd: 0 };
  await rt.deps.store.appendEvents(run.conversationId, [{ event: newEvent(run.id, "RunFinished", finish) }]);
  await rt.deps.store.finishRun(run.id, { ...finish, error: null, model: run.model });
  const result = { runId: run.id, ...finish, text: null, error: null, breach: null, model: run.model ?? "" };
  return { runs: [result], final: result };
}
