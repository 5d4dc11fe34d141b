/** Run-loop tuning (seed `akgentic-llm.md`, RuntimeConfig and HttpClientConfig). */
import { z } from "zod";

/** HTTP timeout and retry tuning for provider requests (the seed's HttpClientConfig defaults). */
export const HttpClientConfig = z
  .object({
    /** Seconds before one attempt is abandoned. */
    timeout: z.number().positive("timeout must be greater than 0").max(3600).default(120),
    maxRetries: z.number().int("maxRetries must be a whole number").min(0, "maxRetries must be at least 0").max(20).default(5),
    backoffMultiplier: z.number().positive("backoffMultiplier must be greater than 0").max(60).default(0.5),
    /** Seconds; the cap of one exponential backoff wait. */
    backoffMax: z.number().positive("backoffMax must be greater than 0").max(3600).default(60),
  })
  .strict();
export type HttpClientConfig = z.infer<typeof HttpClientConfig>;

export const EndStrategy = z.enum(["early", "exhaustive"]);
export type EndStrategy = z.infer<typeof EndStrategy>;

export const RuntimeConfig = z
  .object({
    /** Retry attempts for tool failures and output validation errors. */
    retries: z.number().int("retries must be a whole number").min(0, "retries must be at least 0").max(20).default(3),
    /** early: stop after the first successful result; exhaustive: run every tool call of the step. */
    endStrategy: EndStrategy.default("exhaustive"),
    http: HttpClientConfig.prefault({}),
  })
  .strict();
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
