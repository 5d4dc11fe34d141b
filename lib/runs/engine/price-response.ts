/** What an `LlmUsageEvent` records of a model response: who answered, what was asked for, the usage and its price. */
import { priceUsage } from "../../events/price-usage";
import type { ModelResponse } from "./model-request";

export function priceResponse(
  response: ModelResponse,
  requested: { provider: string; model: string },
  requestedKey: string,
  durationMs: number,
) {
  const who = response.answeredBy ?? { provider: requested.provider, model: requested.model };
  const priced = priceUsage(who.provider, who.model, response.usage);
  return {
    provider: who.provider,
    model: who.model,
    requestedModel: requestedKey,
    ...response.usage,
    costNanoUsd: priced.costNanoUsd,
    priced: priced.priced,
    priceVersion: priced.priceVersion,
    durationMs,
  };
}
