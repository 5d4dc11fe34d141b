/**
 * Stage 1, outermost: the agent's lifetime budget. Checked before a run starts — tokens first, so
 * a token refusal costs no run budget — against totals recomputed from stored runs and usage
 * (nothing is kept in memory, so a restart changes nothing). A refusal appends nothing. The run
 * that crosses a token limit completes; the next one is refused.
 */
import type { AgentLimits } from "../../../agents/usage-limits.shared";
import type { LifetimeUsage } from "../ports";
import { AgentUsageLimitError } from "../run-errors";

const TOKEN_LIMITS = [
  ["inputTokensLimit", "inputTokens"],
  ["outputTokensLimit", "outputTokens"],
  ["totalTokensLimit", "totalTokens"],
] as const;

/** Throws AgentUsageLimitError when the agent may not start another run. */
export function checkAgentBudget(limits: AgentLimits, used: LifetimeUsage): void {
  for (const [limit, counter] of TOKEN_LIMITS) {
    const max = limits[limit];
    if (max !== null && used[counter] > max) {
      throw new AgentUsageLimitError(
        `Exceeded the ${limit} of ${max} (${counter}=${used[counter]})`,
        limit,
        used[counter],
        max,
      );
    }
  }
  const maxRuns = limits.agentRequestLimit;
  if (maxRuns !== null && used.runs >= maxRuns) {
    throw new AgentUsageLimitError(
      `Exceeded the agentRequestLimit of ${maxRuns} (runCount=${used.runs})`,
      "agentRequestLimit",
      used.runs,
      maxRuns,
    );
  }
}
