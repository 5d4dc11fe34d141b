/**
 * An operator's command (lib/runs/README.md, "The four channels of a tool"): one of the agent's
 * tools run directly, without the model, as a run of kind `command`. It is written as if the model
 * had called the tool, so the next turn's model sees it: RunStarted (`kind: "command"`), an
 * assistant LlmMessageEvent with the tool-call part, a ToolCallEvent, then — after the call ran
 * through the same dispatch chain as a model's (traced, audited when side-effecting) — the tool
 * LlmMessageEvent with the result, a ToolReturnEvent, the ToolStateEvents it emitted, and
 * RunFinished. No model request is made (no LlmUsageEvent, no tokens). Who may issue it, and the
 * call's checks, are the use case's (use-cases/run-command.ts); by then the tool and the
 * arguments are known good.
 *
 * A command on an agent-as-tool whose child run stops for an approval holds the call open: the
 * command run finishes `suspended` and is answered (and finished, without a model request) when the
 * child finishes (use-cases/resume-run.ts).
 */
import { newEvent, type MessagePart } from "../../events/event-types";
import type { EventEntry, RunActor, RunDeps, AgentRecord } from "./ports";
import { createChildRunner, type TurnResult } from "./execute-turn";
import { environmentOf, userOf } from "./environment-of";
import { prepareAgent } from "./prepare-agent";
import { errorRecord } from "./run-errors";
import type { RunResult } from "./run-loop";
import { answerEvents } from "./stages/healing";
import { returnData } from "./step-calls";
import { createDispatchChain } from "./tool-dispatch/dispatch-chain";
import { newToolMeter } from "./tool-dispatch/metering";
import { newRetryState } from "./tool-dispatch/retry";
import { toolResultOutput } from "./tool-result-output";
import { toolStateEntries } from "./tool-state-events";
import { modelRosterKey } from "../../models/providers.shared";
import type { RunUsage, RunError, FinishedRunStatus, StopReason } from "../../events/event-types";

export interface CommandInput {
  conversationId: string;
  agentId: string;
  /** The tool's name, as the agent offers it. */
  tool: string;
  /** The arguments, already checked against the tool. */
  arguments: Record<string, unknown>;
  actor: RunActor;
  signal: AbortSignal;
  /** The agent as loaded when the command was accepted. */
  admitted?: AgentRecord;
  onRunStart?: (runId: string) => void;
}

/** The id of the tool call a command writes (letters, digits and `_` only: every provider takes it). */
export function commandCallId(id: string): string {
  return `command_${id.replace(/[^A-Za-z0-9_]/g, "_")}`;
}

export async function executeCommand(input: CommandInput, deps: RunDeps): Promise<TurnResult> {
  const { store, clock } = deps;
  const record = input.admitted ?? (await deps.agents.load(input.agentId, { conversationId: input.conversationId }));
  const env = await environmentOf(deps, input.conversationId, userOf(input.actor));
  const agent = prepareAgent(record, deps, createChildRunner(input.conversationId, input.actor, deps, env));
  const runId = deps.newId();
  const model = modelRosterKey(agent.config.model);
  const usage: RunUsage = { requests: 0, toolCalls: 1, inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  const append = (entries: EventEntry[]) => store.appendEvents(input.conversationId, entries);
  const ev = (event: ReturnType<typeof newEvent>): EventEntry => ({ event });
  const created = store.createRun({
    id: runId,
    conversationId: input.conversationId,
    agentId: agent.id,
    kind: "command",
    parentRunId: null,
    rootRunId: runId,
    depth: 0,
    model,
    agentVersion: agent.version,
    userId: env.user?.id ?? null,
    apiTokenId: env.user?.apiTokenId ?? null,
  });
  created.catch(() => {});
  input.onRunStart?.(runId);

  const finish = async (
    status: FinishedRunStatus,
    stopReason: StopReason,
    error: RunError | null,
    text: string | null,
  ): Promise<TurnResult> => {
    await created;
    await append([
      ev(
        newEvent(runId, "RunFinished", {
          status,
          stopReason,
          usage: { ...usage },
          costNanoUsd: 0,
          ...(error ? { error } : {}),
        }),
      ),
    ]);
    await store.finishRun(runId, { status, stopReason, error, usage: { ...usage }, costNanoUsd: 0, model });
    const result: RunResult = {
      runId,
      status,
      stopReason,
      text,
      usage: { ...usage },
      costNanoUsd: 0,
      error,
      breach: null,
      model,
    };
    return { runs: [result], final: result };
  };

  const toolCallId = commandCallId(runId);
  const call = { toolCallId, toolName: input.tool, input: JSON.stringify(input.arguments) };
  const part: MessagePart = { type: "tool-call", toolCallId, toolName: input.tool, input: input.arguments };
  await append([
    ev(
      newEvent(runId, "RunStarted", {
        kind: "command",
        parentRunId: null,
        agentId: agent.id,
        model,
        agentVersion: agent.version,
        ...(agent.followedTools?.length ? { followedTools: agent.followedTools } : {}),
        ...(env.user ? { user: env.user } : {}),
      }),
    ),
    ev(newEvent(runId, "LlmMessageEvent", { role: "assistant", parts: [part] })),
    ev(newEvent(runId, "ToolCallEvent", { toolName: input.tool, toolCallId, arguments: call.input })),
  ]);

  try {
    const tool = agent.tools.find((t) => t.name === input.tool);
    // Checked when the command was accepted; the agent changed since: answered, nothing runs.
    const outcome = tool
      ? await createDispatchChain({
          clock,
          store,
          actor: input.actor,
          meter: newToolMeter(),
          retries: agent.config.runtime.retries,
          retryState: newRetryState(),
          // A replayed command is answered from the original's record (tool-dispatch/replay.ts).
          ...(deps.replay ? { replay: { session: deps.replay, autonomy: agent.config.autonomy } } : {}),
        })({
          tool,
          args: input.arguments,
          scope: {
            conversationId: input.conversationId,
            runId,
            rootRunId: runId,
            agentId: agent.id,
            toolCallId,
            depth: 0,
            signal: input.signal,
            env,
          },
        })
      : {
          outcome: {
            ok: false as const,
            error: { type: "ToolNotAvailable", message: `the agent has no tool '${input.tool}' any more` },
          },
          durationMs: 0,
        };
    if (!outcome.outcome.ok && outcome.outcome.held) return await finish("suspended", "awaiting_approval", null, null);
    const state = tool
      ? await toolStateEntries(store, { runId, conversationId: input.conversationId }, tool, outcome)
      : [];
    await append([
      ...answerEvents(runId, [{ output: toolResultOutput(outcome.outcome), ret: returnData(call, outcome) }]),
      ...state,
    ]);
    return await finish("completed", "end_turn", null, null);
  } catch (err) {
    // The call has no answer (the store failed): heal it so the next request stays valid.
    await append(
      answerEvents(runId, [
        {
          output: { type: "error-text", value: `Not executed: the command stopped before it ran (${String(err)}).` },
          ret: { toolName: input.tool, toolCallId, success: false, durationMs: 0, errorType: "Error" },
        },
      ]),
    ).catch(() => {});
    return await finish(
      input.signal.aborted ? "interrupted" : "failed",
      input.signal.aborted ? "interrupted" : "error",
      errorRecord(err),
      null,
    );
  }
}
