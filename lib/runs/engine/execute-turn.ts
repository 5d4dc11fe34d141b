/**
 * A user's turn, end to end: the lifetime budget (outermost — a spent agent is refused before
 * anything is appended or paid), the compaction gate with the context fold (stages/compaction.ts),
 * the run, and — when a run-tier breach is recovered — the sibling conclusion run (through the same
 * gate): no tools, one request, the agent-tier pre-flight paid again, prompted with the recovery
 * reason on top of the healed context. Agents called as tools run as child runs through the same loop.
 */
import type { LanguageModelV3Message } from "@ai-sdk/provider";
import { offerTools } from "./offered-tools";
import { runSystemParts } from "./tool-prompt-parts";
import { childRunOutcome } from "./child-outcome";
import { foldContext } from "./context-fold";
import { compactionGate } from "./stages/compaction";
import type { RunActor, RunDeps, AgentRecord, RunnableAgent } from "./ports";
import { prepareAgent } from "./prepare-agent";
import { AgentUsageLimitError, errorRecord, type RunUsageLimitError } from "./run-errors";
import { runLoop, type RunResult } from "./run-loop";
import type { ToolCallScope, ToolOutcome } from "./run-tool";
import { checkAgentBudget } from "./stages/lifetime-budget";
import { decideRecovery } from "./stages/limit-recovery";
import { CONCLUSION_LIMITS } from "./stages/run-limits";
import { systemPromptHash } from "./stages/system-prompt-record";
import { childEnvironment, environmentOf, userOf } from "./environment-of";
import { EMPTY_ENVIRONMENT, type RunEnvironment } from "./run-environment";
import { contextFieldsOf } from "./context-fields";

export interface TurnInput {
  conversationId: string;
  agentId: string;
  content: string;
  actor: RunActor;
  signal: AbortSignal;
  /** The agent as already loaded and admitted by the lifetime budget (startTurn): not checked twice. */
  admitted?: AgentRecord;
  /** Called with each run's id as it starts (the active-run registry, cancellation). */
  onRunStart?: (runId: string) => void;
}

export interface TurnResult {
  /** The runs of the turn in order: the turn run, then its conclusion when there was one. */
  runs: RunResult[];
  final: RunResult;
}

/** Throws AgentUsageLimitError when the agent's lifetime budget refuses another run. */
export async function preflightAgent(deps: RunDeps, agent: AgentRecord): Promise<void> {
  const limits = agent.config.agentLimits;
  const unlimited =
    limits.agentRequestLimit === null &&
    limits.inputTokensLimit === null &&
    limits.outputTokensLimit === null &&
    limits.totalTokensLimit === null;
  if (unlimited) return;
  checkAgentBudget(limits, await deps.store.agentLifetimeUsage(agent.id));
}

/**
 * Whether a run that broke a run limit may get a conclusion run: the agent's policy says so and
 * its lifetime budget is not spent. Only a spent budget means "no"; a failure to read the budget
 * (the database) is not an answer and fails the run instead.
 */
export async function admitsConclusion(deps: RunDeps, record: AgentRecord): Promise<boolean> {
  if (!decideRecovery(record.config.limitRecovery, "turn")) return false;
  try {
    await preflightAgent(deps, record);
    return true;
  } catch (err) {
    if (AgentUsageLimitError.is(err)) return false;
    throw err;
  }
}

export async function executeTurn(input: TurnInput, deps: RunDeps): Promise<TurnResult> {
  const record = input.admitted ?? (await deps.agents.load(input.agentId, { conversationId: input.conversationId }));
  if (!input.admitted) await preflightAgent(deps, record);
  // Who the turn works for, the conversation's context values and the connections as they are now.
  const env = await environmentOf(deps, input.conversationId, userOf(input.actor));
  const runChild = createChildRunner(input.conversationId, input.actor, deps, env);
  const agent = prepareAgent(record, deps, runChild);
  // Compaction: at the run's head, after the budget, before the run reads its history.
  const head = await compactionGate(deps, {
    conversationId: input.conversationId,
    agent,
    rootRunId: null,
    user: env.user,
    signal: input.signal,
  });
  const context = head.context;
  const history: LanguageModelV3Message[] = context.messages;

  const turn = await runLoop(
    {
      conversationId: input.conversationId,
      agent,
      kind: "turn",
      parentRunId: null,
      rootRunId: null,
      depth: 0,
      prompt: input.content,
      history,
      limits: agent.config.runLimits,
      tools: agent.tools,
      signal: input.signal,
      actor: input.actor,
      lastSystemPromptHash: context.systemPromptHashes.get(agent.id) ?? null,
      onStart: input.onRunStart,
      admitConclusion: () => admitsConclusion(deps, record),
      runId: head.runId,
      prepaidCostNanoUsd: head.prepaidCostNanoUsd,
      env,
    },
    deps,
  );
  return concludeIfRecovered(turn, agent, { ...input, env }, deps);
}

/** After a turn run: when its breach was admitted for recovery, the sibling conclusion run. */
export async function concludeIfRecovered(
  turn: RunResult,
  agent: RunnableAgent,
  input: Pick<TurnInput, "conversationId" | "actor" | "signal" | "onRunStart"> & { env?: RunEnvironment },
  deps: RunDeps,
): Promise<TurnResult> {
  const decision = decideRecovery(agent.config.limitRecovery, "turn");
  if (!(turn.breach && turn.status === "completed" && decision)) return { runs: [turn], final: turn };

  // The conclusion passes the same compaction gate as any run.
  const head = await compactionGate(deps, {
    conversationId: input.conversationId,
    agent: { ...agent, tools: [] },
    rootRunId: turn.runId,
    user: input.env?.user ?? null,
    signal: input.signal,
  });
  const healed = head.context;
  const conclusion = await runLoop(
    {
      conversationId: input.conversationId,
      agent: { ...agent, tools: [] },
      kind: "conclusion",
      parentRunId: turn.runId,
      rootRunId: turn.runId,
      depth: 0,
      prompt: decision.reason,
      history: healed.messages,
      limits: CONCLUSION_LIMITS,
      tools: [],
      signal: input.signal,
      actor: input.actor,
      lastSystemPromptHash: healed.systemPromptHashes.get(agent.id) ?? null,
      concludes: turn.breach as RunUsageLimitError,
      onStart: input.onRunStart,
      runId: head.runId,
      prepaidCostNanoUsd: head.prepaidCostNanoUsd,
      env: input.env,
    },
    deps,
  );
  return { runs: [turn, conclusion], final: conclusion };
}

/**
 * Runs another agent as a child run of the calling run; its answer (or failure) is the tool's
 * outcome. A child that suspends for an approval holds the call open: the caller suspends too and
 * is answered when the child finishes (lib/runs/use-cases/resume-run.ts).
 */
export function createChildRunner(
  conversationId: string,
  actor: RunActor,
  deps: RunDeps,
  env: RunEnvironment = EMPTY_ENVIRONMENT,
) {
  const input = { conversationId, actor };
  // The system prompt each agent's child runs rendered in this turn: calls of one step run
  // concurrently, so a sibling's record is not in the store yet when the next child reads it.
  const rendered = new Map<string, string>();
  const runChild = async (
    agentId: string,
    task: string,
    scope: ToolCallScope,
    version?: number,
  ): Promise<ToolOutcome> => {
    const record = await deps.agents.load(agentId, version !== undefined ? { version } : undefined);
    try {
      await preflightAgent(deps, record);
    } catch (err) {
      return { ok: false, error: errorRecord(err) };
    }
    // The child takes the caller's values of the context fields it declares (same names).
    const inherited = childEnvironment(scope.env ?? env, contextFieldsOf(record.config));
    if ("missing" in inherited)
      return {
        ok: false,
        error: {
          type: "ToolExecutionError",
          message: `agent '${record.name}' was not called: it needs the context ${inherited.missing.length === 1 ? "field" : "fields"} ${inherited.missing.map((m) => `'${m}'`).join(", ")}, which this conversation does not have.`,
        },
      };
    const child = prepareAgent(record, deps, runChild);
    const hashes = foldContext(await deps.store.conversationEvents(input.conversationId)).systemPromptHashes;
    const lastSystemPromptHash = rendered.get(child.id) ?? hashes.get(child.id) ?? null;
    const offered = offerTools(child.tools, inherited.env).offered;
    const parts = runSystemParts(child.config.prompt, offered, inherited.env, deps.clock.now());
    if (parts.length) rendered.set(child.id, systemPromptHash(parts));
    const r = await runLoop(
      {
        conversationId: input.conversationId,
        agent: child,
        kind: "child",
        parentRunId: scope.runId,
        parentToolCallId: scope.toolCallId,
        rootRunId: scope.rootRunId,
        depth: scope.depth + 1,
        prompt: task,
        history: [],
        limits: child.config.runLimits,
        tools: child.tools,
        signal: scope.signal,
        actor: input.actor,
        lastSystemPromptHash,
        env: inherited.env,
      },
      deps,
    );
    return childRunOutcome(record.name, r);
  };
  return runChild;
}
