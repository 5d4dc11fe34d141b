/** One agent of the agents list (list-agents.ts builds it). Browser-safe: the agents contract answers with it. */
import { z } from "zod";
import { Autonomy } from "./autonomy.shared";

export const AgentSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    /** The active model's roster key (`provider:model`); null for a stored config without a model. */
    activeModel: z.string().nullable(),
    /** Entries in the model roster; 0 for a single-model agent. */
    rosterSize: z.number().int().nonnegative(),
    autonomy: Autonomy,
    /** How many tools it can call. */
    tools: z.number().int().nonnegative(),
    conversations: z.number().int().nonnegative(),
    /** The latest version. */
    version: z.number().int().positive(),
    /** The version `production` points at; null while unset (new conversations take the latest). */
    production: z.number().int().positive().nullable(),
    updatedAt: z.iso.datetime(),
  })
  .strict();
export type AgentSummary = z.infer<typeof AgentSummary>;
