/**
 * One run: a user-role prompt → model request → tool calls → model request … until the model
 * answers without tool calls. The stages (lib/runs/README.md) sit around it in order: the lifetime
 * budget is checked by the caller before this starts; compaction has already folded `history`;
 * every message, call, return and usage report is appended here as it happens (event sourcing); a
 * run-tier breach heals the dangling calls, then asks the recovery policy (`admitConclusion`)
 * whether a conclusion run follows. Calls that need approval are held: the run finishes
 * `suspended` with one approval per held call.
 */
import type { LanguageModelV3, LanguageModelV3Message } from "@ai-sdk/provider";
import { needsApproval } from "../../agents/autonomy.shared";
import { systemMessages } from "./system-messages";
import { modelRosterKey } from "../../models/providers.shared";
import type { MessagePart, RunError, RunUsage, FinishedRunStatus, StopReason } from "../../events/event-types";
import { addUsage, requestUsage } from "../../events/usage-counters.shared";
import { newEvent } from "../../events/event-types";
import { canonicalHash } from "./canonical-json";
import { toModelMessage } from "./context-fold";
import { functionTools, parseToolInput, requestModel, type ModelToolCall } from "./model-request";
import { priceResponse } from "./price-response";
import { checkCall, dispatchCalls, returnData } from "./step-calls";
import type { EventEntry, RunDeps } from "./ports";
import { errorRecord, RunCancelledError, RunUsageLimitError } from "./run-errors";
import { isUsableConclusion } from "./stages/limit-recovery";
import { answerEvents, danglingCalls, healingAnswers, healingInstruction, type CallAnswer } from "./stages/healing";
import { checkBeforeRequest, checkTokens, checkToolCalls } from "./stages/run-limits";
import { systemPromptRecord } from "./stages/system-prompt-record";
import { createDispatchChain } from "./tool-dispatch/dispatch-chain";
import { newToolMeter } from "./tool-dispatch/metering";
import { countRepairableFailure, newRetryState } from "./tool-dispatch/retry";
import { toolResultOutput } from "./tool-result-output";
import { toolStateEntries } from "./tool-state-events";
import { notAvailableError, offerTools } from "./offered-tools";
import { runSystemParts } from "./tool-prompt-parts";
import { runSkillRefs, skillPromptParts } from "./skill-prompt-part";
import { contextTools, requestContext } from "./context-blocks";
import { EMPTY_ENVIRONMENT } from "./run-environment";
import type { RunResult, RunSpec } from "./run-spec";
import { readStructuredStep, structuredMode } from "./structured/structured-step";

export type { RunResult, RunSpec } from "./run-spec";

const zeroUsage = (): RunUsage => ({ requests: 0, toolCalls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 });

export async function runLoop(spec: RunSpec, deps: RunDeps): Promise<RunResult> {
  const { store, clock } = deps;
  const agent = spec.agent;
  const env = spec.env ?? EMPTY_ENVIRONMENT;
  const runId = spec.resume?.runId ?? spec.runId ?? deps.newId();
  const rootRunId = spec.rootRunId ?? runId;
  const requested = agent.config.model;
  const requestedKey = modelRosterKey(requested);
  const usage = spec.resume ? { ...spec.resume.usage } : zeroUsage();
  let costNanoUsd = (spec.resume?.costNanoUsd ?? 0) + (spec.prepaidCostNanoUsd ?? 0);
  let answeredKey = requestedKey;
  // The version the run's usage records carry: the version the run runs (recorded on its row).
  const agentVersion = spec.resume?.agentVersion === undefined ? agent.version : (spec.resume.agentVersion ?? 1);
  const append = (entries: EventEntry[]) => store.appendEvents(spec.conversationId, entries);
  const ev = (event: ReturnType<typeof newEvent>): EventEntry => ({ event });

  // Who posted the turn (user and API token): on the run row and its usage records, for budgets.
  const poster = { userId: env.user?.id ?? null, apiTokenId: env.user?.apiTokenId ?? null };
  // The run row and the first events are written concurrently (events do not reference the row);
  // `finish` waits for the row before updating it.
  const created = spec.resume
    ? Promise.resolve()
    : store.createRun({
        id: runId,
        conversationId: spec.conversationId,
        agentId: agent.id,
        kind: spec.kind,
        parentRunId: spec.parentRunId,
        parentToolCallId: spec.parentToolCallId ?? null,
        rootRunId,
        depth: spec.depth,
        model: requestedKey,
        agentVersion: agent.version,
        ...poster,
      });
  created.catch(() => {});
  spec.onStart?.(runId);

  const finish = async (
    status: FinishedRunStatus,
    stopReason: StopReason,
    error: RunError | null,
    text: string | null,
    breach: RunUsageLimitError | null = null,
  ): Promise<RunResult> => {
    if (spec.concludes && status !== "suspended" && (status !== "completed" || !isUsableConclusion(text))) {
      const cause = error ?? { type: "BlankConclusion", message: "the conclusion produced no answer" };
      return finishAs("failed", "usage_limit", { ...errorRecord(spec.concludes), cause }, null, spec.concludes);
    }
    return finishAs(status, stopReason, error, text, breach);
  };
  const finishAs = async (
    status: FinishedRunStatus,
    stopReason: StopReason,
    error: RunError | null,
    text: string | null,
    breach: RunUsageLimitError | null,
  ): Promise<RunResult> => {
    const data = { status, stopReason, usage: { ...usage }, costNanoUsd, ...(error ? { error } : {}) };
    await Promise.all([unsettled, created]);
    await append([ev(newEvent(runId, "RunFinished", data))]);
    await store.finishRun(runId, { status, stopReason, error, usage: { ...usage }, costNanoUsd, model: answeredKey });
    return { runId, status, stopReason, text, usage: { ...usage }, costNanoUsd, error, breach, model: answeredKey };
  };

  // The tools offered in this run's requests: availability holds, descriptions rendered for it.
  const { offered, withheld } = offerTools(spec.tools, env);
  // Run start: RunStarted, the system prompt (the agent's parts, then the offered tools' prompt
  // parts) when its rendering changed, the prompt.
  // Structured mode (structured/structured-step.ts): no tools offered; the action model instead.
  const structured = structuredMode(agent.config, offered);
  const systemParts = [
    ...runSystemParts(agent.config.prompt, offered, env, clock.now()),
    ...skillPromptParts(agent.skills),
    ...(structured ? [structured.promptPart] : []),
  ];
  const record = systemPromptRecord(systemParts, spec.lastSystemPromptHash);
  const userParts: MessagePart[] = [{ type: "text", text: spec.prompt }];
  if (!spec.resume) {
    await append([
      ev(
        newEvent(runId, "RunStarted", {
          kind: spec.kind,
          parentRunId: spec.parentRunId,
          agentId: agent.id,
          model: requestedKey,
          agentVersion: agent.version,
          ...(agent.followedTools?.length ? { followedTools: agent.followedTools } : {}),
          ...runSkillRefs(agent.skills),
          ...(env.user ? { user: env.user } : {}),
        }),
      ),
      ...(record ? [ev(newEvent(runId, "LlmSystemPromptEvent", record))] : []),
      ev(newEvent(runId, "LlmMessageEvent", { role: "user", parts: userParts })),
    ]);
  } else if (record) {
    await append([ev(newEvent(runId, "LlmSystemPromptEvent", record))]);
  }

  // The same system message the compaction estimate counts.
  const system = systemMessages(systemParts);
  const messages: LanguageModelV3Message[] = spec.resume
    ? [...spec.history]
    : [...spec.history, toModelMessage("user", userParts)];
  const withContext = contextTools(offered);
  const offeredTools = offered.map((t) => t.name).sort();
  const toolsByName = new Map(offered.map((t) => [t.name, t]));
  const advertised = functionTools(offered);
  const meter = newToolMeter();
  const retryState = newRetryState();
  const maxRetries = agent.config.runtime.retries;
  const replay = deps.replay ? { session: deps.replay, autonomy: agent.config.autonomy } : undefined;
  const dispatch = createDispatchChain({
    clock,
    store,
    actor: spec.actor,
    meter,
    retries: maxRetries,
    retryState,
    replay,
    experiment: deps.experiment,
  });
  // The tool calls of the last assistant message, and which of them have an answer.
  let lastAssistant: MessagePart[] = [];
  // The last append not yet awaited (see the assistant message below).
  let unsettled: Promise<unknown> = Promise.resolve();
  const answered = new Set<string>();

  try {
    const model: LanguageModelV3 = await deps.models(requested, agent.config.runtime.http);
    for (;;) {
      if (spec.signal.aborted) throw new RunCancelledError(String(spec.signal.reason ?? "the run was cancelled"));
      checkBeforeRequest(spec.limits, usage);
      // The tools' per-request context: after the history, never stored as a message.
      const context = await requestContext(
        withContext,
        {
          conversationId: spec.conversationId,
          runId,
          rootRunId,
          agentId: agent.id,
          depth: spec.depth,
          signal: spec.signal,
          actorId: spec.actor.id,
          env,
        },
        clock,
      );
      const started = clock.monotonic();
      const response = await requestModel({
        model,
        prompt: [...system, ...messages, ...context.messages],
        tools: structured ? [] : advertised,
        responseFormat: structured?.responseFormat,
        signal: spec.signal,
        onDelta: deps.publishDelta
          ? (delta) => deps.publishDelta!(spec.conversationId, { type: "LlmTextDelta", runId, delta })
          : undefined,
      });
      const durationMs = Math.round(clock.monotonic() - started);
      Object.assign(usage, addUsage(usage, requestUsage(response.usage)));
      const usageData = priceResponse(response, requested, requestedKey, durationMs);
      answeredKey = `${usageData.provider}:${usageData.model}`;
      costNanoUsd += usageData.costNanoUsd;
      // A structured answer is read into the step's one call (an ordinary call from here on), the
      // answer, or a repair message; its text is the assistant message either way.
      const step = structured ? readStructuredStep(response.text, structured, offered, deps.newId, maxRetries) : null;
      if (step) response.toolCalls = step.kind === "call" ? [step.call] : [];
      lastAssistant = [
        ...response.parts,
        ...(step?.kind === "call"
          ? [{ type: "tool-call" as const, toolCallId: step.call.toolCallId, toolName: step.call.toolName, input: {} }]
          : []),
      ];
      answered.clear();
      messages.push(toModelMessage("assistant", response.parts));
      if (step?.kind === "malformed") messages.push(toModelMessage("user", step.repair));
      // Appends are queued in order and committed in batches in the background; they are awaited
      // before anything with a side effect runs, before approvals are created and before the run
      // finishes — so a crash can lose the tail of a pure step, never hide an executed call.
      const previous = unsettled;
      unsettled = Promise.all([
        previous,
        append([
          ev(newEvent(runId, "LlmMessageEvent", { role: "assistant", parts: response.parts })),
          ...response.toolCalls.map((c) =>
            ev(
              newEvent(runId, "ToolCallEvent", { toolName: c.toolName, toolCallId: c.toolCallId, arguments: c.input }),
            ),
          ),
          {
            event: newEvent(runId, "LlmUsageEvent", {
              ...usageData,
              offeredTools,
              ...(withContext.length ? { contextBlocks: context.blocks } : {}),
            }),
            usage: { agentId: agent.id, agentVersion, rootRunId, conversationId: spec.conversationId, ...poster },
          },
          ...(step?.kind === "malformed"
            ? [ev(newEvent(runId, "LlmMessageEvent", { role: "user", parts: step.repair }))]
            : []),
        ]),
      ]);
      checkTokens(spec.limits, usage);
      if (step?.kind === "malformed") continue;
      if (step?.kind === "final") return await finish("completed", "end_turn", null, step.text);
      if (response.toolCalls.length === 0) return await finish("completed", "end_turn", null, response.text);

      checkToolCalls(spec.limits, usage, response.toolCalls.length);
      usage.toolCalls += response.toolCalls.length;
      // Arguments are checked before gating: an invalid call is answered for a repair turn, never held.
      const checked = response.toolCalls.map((c) =>
        withheld.has(c.toolName)
          ? { call: c, rejected: { ok: false as const, error: notAvailableError(c.toolName) } }
          : checkCall(c, toolsByName),
      );
      // A replay holds nothing: its middleware answers every call from the record or refuses it.
      const held = deps.replay
        ? []
        : checked.flatMap((c) => ("tool" in c && needsApproval(agent.config.autonomy, c.tool) ? [c.call] : []));
      const runnable = checked.filter((c) => !held.includes(c.call));
      if (held.length || runnable.some((c) => "tool" in c && c.tool.sideEffecting)) await unsettled;
      const results = await dispatchCalls(
        runnable,
        (call) => countRepairableFailure(retryState, call.toolName, "ToolArgumentError", maxRetries),
        (tool, args, call) =>
          dispatch({
            tool,
            args,
            scope: {
              conversationId: spec.conversationId,
              runId,
              rootRunId,
              agentId: agent.id,
              toolCallId: call.toolCallId,
              depth: spec.depth,
              signal: spec.signal,
              env,
            },
          }),
      );
      const answers: CallAnswer[] = [];
      const stateEntries: EventEntry[] = [];
      // Calls held open by a child run waiting for an approval: answered when it finishes.
      const heldByChild: ModelToolCall[] = [];
      for (const { call, result } of results) {
        if (!result.outcome.ok && result.outcome.held) {
          heldByChild.push(call);
          continue;
        }
        answered.add(call.toolCallId);
        answers.push({ output: toolResultOutput(result.outcome), ret: returnData(call, result) });
        // What it emitted, numbered per tool — the same on every path that executes a tool.
        const tool = toolsByName.get(call.toolName);
        if (tool)
          stateEntries.push(
            ...(await toolStateEntries(store, { runId, conversationId: spec.conversationId }, tool, result)),
          );
      }
      if (answers.length) {
        const [toolMessage, ...returns] = answerEvents(runId, answers);
        if (toolMessage.event.type === "LlmMessageEvent")
          messages.push(toModelMessage(toolMessage.event.data.role, toolMessage.event.data.parts));
        const previous = unsettled;
        unsettled = Promise.all([previous, append([toolMessage, ...returns, ...stateEntries])]);
      }
      if (retryState.exceeded) throw retryState.exceeded;
      if (held.length || heldByChild.length) {
        await Promise.all([created, unsettled]);
        const requests: EventEntry[] = [];
        for (const call of held) {
          const parsed = parseToolInput(call.input);
          const args = parsed.ok ? parsed.value : call.input;
          const argumentsHash = canonicalHash(args);
          // What will run once approved: checked again before the approved call runs.
          const target = toolsByName.get(call.toolName)?.target ?? null;
          const { id } = await store.createApproval({
            conversationId: spec.conversationId,
            runId,
            toolCallId: call.toolCallId,
            toolName: call.toolName,
            arguments: args,
            argumentsHash,
            target,
          });
          requests.push(
            ev(
              newEvent(runId, "ApprovalRequested", {
                approvalId: id,
                toolName: call.toolName,
                toolCallId: call.toolCallId,
                arguments: args,
                argumentsHash,
                target,
              }),
            ),
          );
        }
        if (requests.length) await append(requests);
        return await finish("suspended", "awaiting_approval", null, null);
      }
    }
  } catch (err) {
    await unsettled.catch(() => {});
    // Healing: answer the calls the run will never execute, so the context stays runnable.
    const dangling = danglingCalls(lastAssistant, answered);
    if (dangling.length) {
      const errorType = err instanceof Error ? err.name : "Error";
      await append(answerEvents(runId, healingAnswers(dangling, healingInstruction(err), errorType)));
    }
    if (RunUsageLimitError.is(err)) {
      // Limit recovery: a conclusion follows (this run ends at its limit) or the breach surfaces.
      let concluding = false;
      try {
        concluding = spec.admitConclusion ? await spec.admitConclusion(err) : false;
      } catch (unknown) {
        // The policy could not be read (the database): the run fails with that, not with a guess.
        return await finish("failed", "error", errorRecord(unknown), null);
      }
      return concluding
        ? await finish("completed", "usage_limit", null, null, err)
        : await finish("failed", "usage_limit", errorRecord(err), null, err);
    }
    if (RunCancelledError.is(err) || spec.signal.aborted)
      return await finish("interrupted", "interrupted", errorRecord(err), null);
    return await finish("failed", "error", errorRecord(err), null);
  }
}
