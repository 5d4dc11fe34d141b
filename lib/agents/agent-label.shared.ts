/**
 * Release labels (README "Labels"): names pointing at an agent's versions. `production` and
 * `staging` exist for every agent (null until set); authors add others. A conversation started
 * without a version or label takes `production`, and an unset `production` is the latest version.
 */
import { z } from "zod";

export const LABEL_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;
export const BUILT_IN_LABELS = ["production", "staging"] as const;
export const DEFAULT_LABEL = "production";

export const LabelName = z
  .string()
  .regex(LABEL_PATTERN, "A label is 1–32 lowercase letters, digits or '-', starting with a letter");

/** Every label of an agent and the version it points at (null: never set). */
export const AgentLabels = z.record(z.string(), z.number().int().positive().nullable());
export type AgentLabels = z.infer<typeof AgentLabels>;
