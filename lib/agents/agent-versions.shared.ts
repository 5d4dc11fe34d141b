/** The wire shapes of an agent's version history (README "Versions"). Browser-safe. */
import { z } from "zod";

export const AgentVersionSummary = z
  .object({
    version: z.number().int().positive(),
    createdAt: z.iso.datetime(),
    /** The name of who saved it; null when no one signed in did (the demo seed, an import by token). */
    createdBy: z.string().nullable(),
    /** The labels pointing at it. */
    labels: z.array(z.string()),
  })
  .strict();
export type AgentVersionSummary = z.infer<typeof AgentVersionSummary>;
