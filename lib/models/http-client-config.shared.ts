/** HTTP timeout and retry tuning for provider requests (see lib/models/README.md). Browser-safe: zod only. */
import { z } from "zod";

export const HttpClientConfig = z
  .object({
    /** Seconds before one attempt is abandoned. */
    timeout: z.number().positive("timeout must be greater than 0").max(3600).default(120),
    maxRetries: z
      .number()
      .int("maxRetries must be a whole number")
      .min(0, "maxRetries must be at least 0")
      .max(20)
      .default(5),
    backoffMultiplier: z.number().positive("backoffMultiplier must be greater than 0").max(60).default(0.5),
    /** Seconds; the cap of one exponential backoff wait. */
    backoffMax: z.number().positive("backoffMax must be greater than 0").max(3600).default(60),
  })
  .strict();
export type HttpClientConfig = z.infer<typeof HttpClientConfig>;
