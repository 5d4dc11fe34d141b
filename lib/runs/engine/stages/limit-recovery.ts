/**
 * Stage 4: limit recovery. On a run-tier breach (after healing), the agent's policy decides:
 * `conclude` asks for one tool-free conclusion run with the reason as its prompt; `raise` lets the
 * breach surface as RunUsageLimitError. Only the run tier is ever recovered: an agent-tier refusal
 * is terminal, and a conclusion is never itself recovered. A child run (an agent called as a tool)
 * is not recovered either: its breach becomes the tool's error, and the parent's model decides.
 */
import { conclusionReason, type LimitRecovery } from "../../../agents/limit-recovery.shared";

export interface ConclusionDecision {
  reason: string;
}

export function decideRecovery(
  policy: LimitRecovery,
  kind: "turn" | "conclusion" | "child",
): ConclusionDecision | null {
  if (kind !== "turn") return null;
  return policy.policy === "conclude" ? { reason: conclusionReason(policy) } : null;
}

/** What a conclusion produced is usable only when it is a non-blank answer. */
export function isUsableConclusion(text: string | null): boolean {
  return typeof text === "string" && text.trim().length > 0;
}
