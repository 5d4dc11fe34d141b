/** Run-loop tuning of an agent; the provider HTTP tuning it embeds is lib/models' HttpClientConfig. */
import { z } from "zod";
import { HttpClientConfig } from "../models/http-client-config.shared";

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
