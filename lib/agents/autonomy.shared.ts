/**
 * The autonomy tier: `auto` (default: only requiresApproval tools pause), `gated` (every
 * side-effecting call pauses too), `manual` (every call pauses).
 */
import { z } from "zod";

export const Autonomy = z.enum(["auto", "gated", "manual"]);
export type Autonomy = z.infer<typeof Autonomy>;

/** Whether a call needs a human's approval under the tier. */
export function needsApproval(
  autonomy: Autonomy,
  tool: { requiresApproval: boolean; sideEffecting: boolean },
): boolean {
  if (autonomy === "manual") return true;
  if (tool.requiresApproval) return true;
  return autonomy === "gated" && tool.sideEffecting;
}
