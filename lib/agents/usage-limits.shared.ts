/**
 * The two budget tiers (lib/agents/README.md, Rules): the run tier resets on every run;
 * the agent tier spans the agent's lifetime. Two separate objects, so a limit meaning "per run"
 * can never be mistaken for one meaning "over this agent's lifetime".
 */
import { z } from "zod";

const limit = (name: string) =>
  z
    .number()
    .int(`${name} must be a whole number`)
    .positive(`${name} must be greater than 0, or null for no limit`)
    .nullable()
    .default(null);

/** Cumulative across the requests of one run; reset on the next run. */
export const RunLimits = z
  .object({
    /** Max model requests per run — a safety brake (default 50). */
    requestLimit: limit("requestLimit").default(50),
    toolCallsLimit: limit("toolCallsLimit"),
    inputTokensLimit: limit("inputTokensLimit"),
    outputTokensLimit: limit("outputTokensLimit"),
    totalTokensLimit: limit("totalTokensLimit"),
  })
  .strict();
export type RunLimits = z.infer<typeof RunLimits>;

/** Over every run the agent performs; checked before a run (tokens first). */
export const AgentLimits = z
  .object({
    /** Max runs over the agent's lifetime. */
    agentRequestLimit: limit("agentRequestLimit"),
    inputTokensLimit: limit("inputTokensLimit"),
    outputTokensLimit: limit("outputTokensLimit"),
    totalTokensLimit: limit("totalTokensLimit"),
  })
  .strict();
export type AgentLimits = z.infer<typeof AgentLimits>;
