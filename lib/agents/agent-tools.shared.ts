/**
 * What an agent can call: a saved tool (a version without definition errors), the built-in
 * `memory` tool, another agent (as a tool with one `task` string; cycles refused on save), or a
 * tool imported from an MCP server (lib/mcp), optionally renamed with `as`.
 */
import { z } from "zod";
import { Predicate } from "../tools/availability.shared";

/** An entry's own availability (AND-ed with the tool's), any kind of entry. */
const availableWhen = Predicate.optional();

export const ToolRef = z
  .object({
    toolId: z.string().trim().min(1, "Pick a tool"),
    /** The attached version; omitted (and no `follow`) = the tool's latest version at save time. */
    toolVersionId: z.string().trim().min(1).optional(),
    /**
     * `latest`: not pinned — each run takes the tool's newest version without definition errors
     * when it starts (recorded on the run, and bound by its approvals).
     */
    follow: z.literal("latest", { error: 'follow is "latest" (or leave it out to pin a version)' }).optional(),
    availableWhen,
  })
  .strict()
  .refine((r) => !(r.follow && r.toolVersionId), {
    message: 'A tool entry either pins a version (toolVersionId) or follows the latest (follow: "latest"), not both',
    path: ["follow"],
  });
/** The built-in tool sets: `memory`, and `workspace` (a file system per conversation, or per agent with `scope: "agent"`). */
export const BUILTIN_TOOLS = ["memory", "workspace"] as const;
export const WorkspaceScope = z.enum(["conversation", "agent"], { error: 'scope is "conversation" or "agent"' });
export type WorkspaceScope = z.infer<typeof WorkspaceScope>;
export const BuiltinToolRef = z
  .object({
    builtin: z.enum(BUILTIN_TOOLS, { error: "A built-in tool is memory or workspace" }),
    /** workspace only: whose files (default: the conversation's). */
    scope: WorkspaceScope.optional(),
    availableWhen,
  })
  .strict()
  .refine((r) => r.scope === undefined || r.builtin === "workspace", {
    message: "Only the workspace tool has a scope",
    path: ["scope"],
  });
export const AgentToolRef = z
  .object({
    agentId: z.string().trim().min(1, "Pick an agent"),
    /** Whether calling this agent has side effects (the autonomy tier gates it when true). */
    sideEffecting: z.boolean().default(false),
    availableWhen,
  })
  .strict();

export const McpToolRef = z
  .object({
    mcpServerId: z.string().trim().min(1, "Pick an MCP server"),
    /** The tool's name on that server. */
    tool: z.string().trim().min(1, "Pick one of the server's tools"),
    /** The name the model sees instead (to avoid a clash, or when the server's name is not a valid tool name). */
    as: z.string().trim().min(1).optional(),
    availableWhen,
  })
  .strict();

export const AgentToolEntry = z.union([ToolRef, BuiltinToolRef, AgentToolRef, McpToolRef], {
  error:
    'A tool entry is {"toolId", "toolVersionId"?, "follow"?}, {"builtin": "memory"|"workspace", "scope"?}, {"agentId", "sideEffecting"} or {"mcpServerId", "tool", "as"?}',
});
export type AgentToolEntry = z.infer<typeof AgentToolEntry>;
export type AgentToolEntryInput = z.input<typeof AgentToolEntry>;

export function toolEntryKind(entry: AgentToolEntry): "tool" | "builtin" | "agent" | "mcp" {
  if ("toolId" in entry) return "tool";
  if ("builtin" in entry) return "builtin";
  if ("mcpServerId" in entry) return "mcp";
  return "agent";
}
