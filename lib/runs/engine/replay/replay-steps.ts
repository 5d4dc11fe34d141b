/**
 * Executing a replay (docs/time-travel.md, "Replay") on the replay conversation: the original's
 * steps (replay-record.ts) in order — each user message as a real turn of the engine (its model
 * requests, events, usage and runs are real), each command as a command run answered from the
 * record, and between them the manual compactions and clears, model switches and version changes
 * the original made at the same points. Every run works with `RunDeps.replay` set, so its tool
 * calls are answered by the replay middleware (tool-dispatch/replay.ts) and nothing is held.
 *
 * A turn that ends `failed`, `interrupted` or `suspended` ends the replay `failed` (its RunFinished
 * carries the reason); a cancelled replay stops between steps. What needs stored state beyond the
 * run store — switching the conversation's model or version — is the caller's (`hooks`).
 */
import { renderSystemPrompt } from "../../../agents/prompt-template";
import { clearContext, compactContext } from "../compaction/compact";
import { estimateRequestTokens } from "../compaction/estimate";
import { foldEvents } from "../context-fold";
import { executeCommand } from "../execute-command";
import { executeTurn, preflightAgent, type TurnResult } from "../execute-turn";
import type { RunActor, RunDeps } from "../ports";
import { noChildRun, prepareAgent } from "../prepare-agent";
import { errorRecord, RunCancelledError } from "../run-errors";
import type { RunError } from "../../../events/event-types";
import type { ReplaySession } from "../tool-dispatch/replay";
import type { ReplayStep } from "./replay-record";

export interface ReplayHooks {
  /**
   * The one place a replayed turn is about to start (after the step before it, before anything of
   * the turn is appended): a budget check goes here; a throw ends the replay `failed` with it.
   */
  beforeTurn?: (index: number) => Promise<void>;
  /** Follows the original's model switch (the caller decides whether it applies and records it). */
  switchModel?: (step: Extract<ReplayStep, { kind: "model" }>) => Promise<void>;
  /** Follows the original's version change (idem). */
  changeVersion?: (step: Extract<ReplayStep, { kind: "version" }>) => Promise<void>;
}

export interface ReplayInput {
  /** The replay conversation. */
  conversationId: string;
  agentId: string;
  actor: RunActor;
  signal: AbortSignal;
  session: ReplaySession;
  onRunStart?: (runId: string) => void;
}

export interface ReplayOutcome {
  status: "completed" | "failed";
  /** Why it failed: the failing run's error, or what stopped the replay between runs. */
  error: RunError | null;
  /** Every turn and command executed, in order. */
  turns: TurnResult[];
}

export async function replaySteps(input: ReplayInput, deps: RunDeps, hooks: ReplayHooks = {}): Promise<ReplayOutcome> {
  const replayDeps: RunDeps = { ...deps, replay: input.session };
  const turns: TurnResult[] = [];
  const failed = (error: RunError): ReplayOutcome => ({ status: "failed", error, turns });
  let turnIndex = 0;
  try {
    for (const step of input.session.record.steps) {
      if (input.signal.aborted) throw new RunCancelledError(String(input.signal.reason ?? "the replay was cancelled"));
      let result: TurnResult | null = null;
      switch (step.kind) {
        case "turn":
          await hooks.beforeTurn?.(turnIndex++);
          input.session.enter(step.scope);
          result = await executeTurn(
            {
              conversationId: input.conversationId,
              agentId: input.agentId,
              content: step.content,
              actor: input.actor,
              signal: input.signal,
              onRunStart: input.onRunStart,
            },
            replayDeps,
          );
          break;
        case "command":
          input.session.enter(step.scope);
          result = await executeCommand(
            {
              conversationId: input.conversationId,
              agentId: input.agentId,
              tool: step.tool,
              arguments: step.arguments,
              actor: input.actor,
              signal: input.signal,
              onRunStart: input.onRunStart,
            },
            replayDeps,
          );
          break;
        case "compaction":
          await compactNow(input, deps, step.strategy);
          break;
        case "clear":
          await clearContext({
            store: deps.store,
            conversationId: input.conversationId,
            fold: foldEvents(await deps.store.conversationEvents(input.conversationId)),
          });
          break;
        case "model":
          await hooks.switchModel?.(step);
          break;
        case "version":
          await hooks.changeVersion?.(step);
          break;
      }
      if (!result) continue;
      turns.push(result);
      const final = result.final;
      if (final.status !== "completed")
        return failed(
          final.error ?? {
            type: "ReplayStopped",
            message: `the replayed run ${final.runId} ended ${final.status} (${final.stopReason})`,
          },
        );
    }
    return { status: "completed", error: null, turns };
  } catch (err) {
    return failed(errorRecord(err));
  }
}

/** The original's manual compaction, made again on the replay's own context (outside any run). */
async function compactNow(input: ReplayInput, deps: RunDeps, strategy: "summarize" | "sliding_window") {
  const record = await deps.agents.load(input.agentId, { conversationId: input.conversationId });
  if (strategy === "summarize") await preflightAgent(deps, record);
  const agent = prepareAgent(record, deps, noChildRun);
  const fold = foldEvents(await deps.store.conversationEvents(input.conversationId));
  const tokensBefore =
    fold.lastInputTokens ??
    estimateRequestTokens(renderSystemPrompt(record.config.prompt, deps.clock.now()), fold.messages, agent.tools);
  // Nothing to fold (the replay's context is shorter than the original's was): nothing is recorded.
  await compactContext({
    store: deps.store,
    models: deps.models,
    clock: deps.clock,
    conversationId: input.conversationId,
    agent,
    runId: null,
    rootRunId: "",
    fold,
    strategy,
    tokensBefore,
    signal: input.signal,
  });
}
