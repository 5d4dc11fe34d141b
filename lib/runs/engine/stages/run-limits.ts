/**
 * The run tier: cumulative over the requests of one run, reset on the next. The request and
 * tool-call limits are checked before the request or calls they would exceed; token limits after
 * each response. Messages keep the shape of the reference implementation, with our field names.
 */
import type { RunLimits } from "../../../agents/usage-limits.shared";
import type { RunUsage } from "../../../events/event-types";
import { RunUsageLimitError } from "../run-errors";

export function checkBeforeRequest(limits: RunLimits, usage: RunUsage): void {
  const max = limits.requestLimit;
  if (max !== null && usage.requests + 1 > max) {
    throw new RunUsageLimitError(
      `The next request would exceed the requestLimit of ${max} (requests=${usage.requests})`,
      "requestLimit",
      usage.requests,
      max,
    );
  }
}

export function checkTokens(limits: RunLimits, usage: RunUsage): void {
  const checks = [
    ["inputTokensLimit", "inputTokens", usage.inputTokens],
    ["outputTokensLimit", "outputTokens", usage.outputTokens],
    ["totalTokensLimit", "totalTokens", usage.totalTokens],
  ] as const;
  for (const [limit, counter, used] of checks) {
    const max = limits[limit];
    if (max !== null && used > max)
      throw new RunUsageLimitError(`Exceeded the ${limit} of ${max} (${counter}=${used})`, limit, used, max);
  }
}

export function checkToolCalls(limits: RunLimits, usage: RunUsage, pending: number): void {
  const max = limits.toolCallsLimit;
  const next = usage.toolCalls + pending;
  if (max !== null && next > max) {
    throw new RunUsageLimitError(
      `The next tool call(s) would exceed the toolCallsLimit of ${max} (toolCalls=${next})`,
      "toolCallsLimit",
      next,
      max,
    );
  }
}

/** The budget of a conclusion run: one request, nothing else. */
export const CONCLUSION_LIMITS: RunLimits = {
  requestLimit: 1,
  toolCallsLimit: null,
  inputTokensLimit: null,
  outputTokensLimit: null,
  totalTokensLimit: null,
};
