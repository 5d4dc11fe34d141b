/**
 * What an agent can call: a saved tool (a version without definition errors), the built-in
 * `memory` tool, or another agent (as a tool with one `task` string; cycles refused on save).
 */
import { z } from "zod";

export const ToolRef = z
  .object({
    toolId: z.string().trim().min(1, "Pick a tool"),
    /** The attached version; omitted = the tool's latest version at save time. */
    toolVersionId: z.string().trim().min(1).optional(),
  })
  .strict();
export const BuiltinToolRef = z
  .object({ builtin: z.literal("memory", { error: "The only built-in tool is memory" }) })
  .strict();
export const AgentToolRef = z
  .object({
    agentId: z.string().trim().min(1, "Pick an agent"),
    /** Whether calling this agent has side effects (the autonomy tier gates it when true). */
    sideEffecting: z.boolean().default(false),
  })
  .strict();

export const AgentToolEntry = z.union([ToolRef, BuiltinToolRef, AgentToolRef], {
  error: 'A tool entry is {"toolId"}, {"builtin": "memory"} or {"agentId", "sideEffecting"}',
});
export type AgentToolEntry = z.infer<typeof AgentToolEntry>;
export type AgentToolEntryInput = z.input<typeof AgentToolEntry>;

export function toolEntryKind(entry: AgentToolEntry): "tool" | "builtin" | "agent" {
  if ("toolId" in entry) return "tool";
  if ("builtin" in entry) return "builtin";
  return "agent";
}
