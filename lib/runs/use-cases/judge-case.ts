/**
 * The judge of an eval case (docs/evals.md, "The judge"): for each `judge` expectation, after the
 * case's turns, one run in the case's conversation (`RunStarted.kind: "judge"`, no tools, one
 * request) asks the judge model — the expectation's `model` (a roster key of the agent), else the
 * agent's active model — to score the final answer against the rubric with the versioned prompt
 * (lib/evals/judge-prompt.ts), answering JSON `{score, reason}`. The verdict passes at `passAt`
 * (default 0.7) or above. Refused without a request: no final answer, a key outside the roster,
 * the offline demo model (it cannot judge). An unparsable answer fails the verdict. The judge's
 * cost is returned apart (the experiment reports it as `judgeCostNanoUsd`).
 */
import { DEFAULT_JUDGE_PASS_AT, type Expectation } from "../../evals/dataset.shared";
import { judgePrompt, judgeReason, parseJudgeAnswer } from "../../evals/judge-prompt";
import type { Verdict } from "../../evals/verdict.shared";
import type { ModelConfig } from "../../models/model-config.shared";
import { modelRosterKey } from "../../models/providers.shared";
import type { AgentRecord, RunActor, RunDeps } from "../engine/ports";
import { runLoop } from "../engine/run-loop";
import { CONCLUSION_LIMITS } from "../engine/stages/run-limits";

type JudgeExpectation = Extract<Expectation, { kind: "judge" }>;

export interface JudgeInput {
  conversationId: string;
  /** The agent as the case ran it (its roster, its active model). */
  agent: AgentRecord;
  /** The case's user messages and its final answer. */
  messages: readonly string[];
  answer: string | null;
  actor: RunActor;
  signal: AbortSignal;
  onRunStart?: (runId: string) => void;
}

/** The judge model for an expectation, or why there is none. */
export function judgeModel(agent: AgentRecord, key: string | undefined): { model: ModelConfig } | { refused: string } {
  const config = agent.config;
  const model = key ? [config.model, ...config.roster].find((m) => modelRosterKey(m) === key) : config.model;
  if (!model) return { refused: `the judge model '${key}' is not in the agent's model roster` };
  if (model.provider === "demo")
    return {
      refused: `the offline demo model cannot judge: name a judge model from the agent's roster (judge.model)`,
    };
  return { model };
}

/** One judge expectation's verdict and what its run cost. */
export async function judgeExpectation(
  deps: RunDeps,
  input: JudgeInput,
  expectation: JudgeExpectation,
): Promise<{ verdict: Verdict; costNanoUsd: number }> {
  const passAt = expectation.passAt ?? DEFAULT_JUDGE_PASS_AT;
  const fail = (reason: string, costNanoUsd = 0) => ({
    verdict: { kind: "judge" as const, passed: false, reason },
    costNanoUsd,
  });
  if (input.answer === null) return fail("there is no final answer to judge");
  const chosen = judgeModel(input.agent, expectation.model);
  if ("refused" in chosen) return fail(chosen.refused);
  const prompt = judgePrompt();
  const { agent } = input;
  const result = await runLoop(
    {
      conversationId: input.conversationId,
      agent: {
        ...agent,
        config: {
          ...agent.config,
          model: chosen.model,
          prompt: { template: prompt.system, params: {}, currentDateTime: false, jsonOutputReminder: false },
        },
        tools: [],
        followedTools: undefined,
      },
      kind: "judge",
      parentRunId: null,
      rootRunId: null,
      depth: 0,
      prompt: prompt.message({ rubric: expectation.rubric, messages: input.messages, answer: input.answer }),
      history: [],
      limits: CONCLUSION_LIMITS,
      tools: [],
      signal: input.signal,
      actor: input.actor,
      lastSystemPromptHash: null,
      onStart: input.onRunStart,
    },
    deps,
  );
  if (result.status !== "completed")
    return fail(
      `the judge's run ${result.status}${result.error ? `: ${result.error.message}` : ""}`,
      result.costNanoUsd,
    );
  const parsed = parseJudgeAnswer(result.text);
  if (!parsed.ok) return fail(parsed.problem, result.costNanoUsd);
  return {
    verdict: {
      kind: "judge",
      passed: parsed.score >= passAt,
      reason: judgeReason(parsed.score, passAt, parsed.reason, prompt.version),
    },
    costNanoUsd: result.costNanoUsd,
  };
}

/** The verdicts with every pending judge verdict answered, and the judges' total cost. */
export async function judgeVerdicts(
  deps: RunDeps,
  input: JudgeInput,
  expectations: readonly Expectation[],
  verdicts: readonly Verdict[],
): Promise<{ verdicts: Verdict[]; costNanoUsd: number }> {
  const out = [...verdicts];
  let costNanoUsd = 0;
  for (const [i, e] of expectations.entries()) {
    if (e.kind !== "judge" || !out[i]?.pending) continue;
    const judged = await judgeExpectation(deps, input, e);
    out[i] = judged.verdict;
    costNanoUsd += judged.costNanoUsd;
  }
  return { verdicts: out, costNanoUsd };
}
