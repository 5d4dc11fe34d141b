/**
 * The canvas's graph (lib/canvas/README.md): every agent, tool, MCP server, skill and connection of
 * a workspace as nodes, and who uses what as edges. It is a view of the stored configuration, never
 * a second format: it is built from agent versions and tools (build-canvas-graph.ts) and edits on
 * it become AgentInput saves (canvas-edits.shared.ts). Browser-safe: zod only.
 *
 * Node ids are stable across builds, so dragged positions (CanvasPosition rows) find their node:
 *   agent:<agentId> · tool:<toolId> · builtin:memory · builtin:workspace · mcp-server:<serverId>
 *   · mcp-tool:<serverId>:<tool name on the server> · skill:<name> · connection:<name>
 * Edge ids are `<source>-><target>`.
 */
import { z } from "zod";
import { AgentInput } from "../agents/agent-input.shared";
import { AgentToolEntry } from "../agents/agent-tools.shared";

export const CANVAS_NODE_KINDS = ["agent", "tool", "builtin", "mcp-server", "mcp-tool", "skill", "connection"] as const;
export const CanvasNodeKind = z.enum(CANVAS_NODE_KINDS);
export type CanvasNodeKind = z.infer<typeof CanvasNodeKind>;

/** Something the user should see on a node at a glance. */
export const CanvasBadge = z.strictObject({
  kind: z.enum([
    "definition-errors", // a tool's newest version (or a pinned one) has definition errors
    "missing-connection", // a tool names a connection the workspace does not have
    "server-unhealthy", // an MCP server whose last check failed
    "missing-skill", // an agent attaches a skill that no longer exists
    "invalid", // a canvas edit the save refused (set by the browser from the 400's issues)
  ]),
  message: z.string(),
});
export type CanvasBadge = z.infer<typeof CanvasBadge>;

const AgentNodeData = z.strictObject({
  agentId: z.string(),
  name: z.string(),
  /** The version shown: the latest (workspace canvas) or the one the run ran (run canvas). */
  version: z.number().int(),
  /** "provider:model" of the active model. */
  activeModel: z.string(),
  /** Entries in the roster (0 for a single-model agent). */
  rosterSize: z.number().int(),
  autonomy: z.string(),
  toolMode: z.enum(["native", "structured"]),
  /** Run limits that are set (null = unlimited). */
  requestLimit: z.number().nullable(),
  toolCallsLimit: z.number().nullable(),
  totalTokensLimit: z.number().nullable(),
  /** Release labels pointing at versions of this agent: label → version. */
  labels: z.record(z.string(), z.number().int()),
});
const ToolNodeData = z.strictObject({
  toolId: z.string(),
  name: z.string(),
  /** The tool's newest version number (null: no version saved). */
  latestVersion: z.number().int().nullable(),
  /** Whether the newest version analysed without definition errors. */
  clean: z.boolean(),
  /** The newest clean version (what a new attachment pins), null when none. */
  newestCleanVersionId: z.string().nullable(),
  /** That version's number (what the edge of a new attachment shows as its pin). */
  newestCleanVersion: z.number().int().nullable().optional(),
  sideEffecting: z.boolean(),
  requiresApproval: z.boolean(),
  idempotent: z.boolean(),
  description: z.string(),
});
const BuiltinNodeData = z.strictObject({ builtin: z.enum(["memory", "workspace"]), name: z.string() });
const McpServerNodeData = z.strictObject({
  serverId: z.string(),
  name: z.string(),
  /** The server's health as the MCP page shows it ("ok", "error", "never", …). */
  status: z.string(),
  lastError: z.string().nullable(),
});
const McpToolNodeData = z.strictObject({ serverId: z.string(), tool: z.string(), description: z.string() });
const SkillNodeData = z.strictObject({
  name: z.string(),
  description: z.string(),
  version: z.number().int().nullable(),
});
const ConnectionNodeData = z.strictObject({
  name: z.string(),
  /** False when a tool names it but the workspace has no such connection. */
  exists: z.boolean(),
});

export const CanvasNode = z.discriminatedUnion("kind", [
  z.strictObject({
    id: z.string(),
    kind: z.literal("agent"),
    label: z.string(),
    badges: z.array(CanvasBadge),
    data: AgentNodeData,
  }),
  z.strictObject({
    id: z.string(),
    kind: z.literal("tool"),
    label: z.string(),
    badges: z.array(CanvasBadge),
    data: ToolNodeData,
  }),
  z.strictObject({
    id: z.string(),
    kind: z.literal("builtin"),
    label: z.string(),
    badges: z.array(CanvasBadge),
    data: BuiltinNodeData,
  }),
  z.strictObject({
    id: z.string(),
    kind: z.literal("mcp-server"),
    label: z.string(),
    badges: z.array(CanvasBadge),
    data: McpServerNodeData,
  }),
  z.strictObject({
    id: z.string(),
    kind: z.literal("mcp-tool"),
    label: z.string(),
    badges: z.array(CanvasBadge),
    data: McpToolNodeData,
  }),
  z.strictObject({
    id: z.string(),
    kind: z.literal("skill"),
    label: z.string(),
    badges: z.array(CanvasBadge),
    data: SkillNodeData,
  }),
  z.strictObject({
    id: z.string(),
    kind: z.literal("connection"),
    label: z.string(),
    badges: z.array(CanvasBadge),
    data: ConnectionNodeData,
  }),
]);
export type CanvasNode = z.infer<typeof CanvasNode>;

export const CANVAS_EDGE_KINDS = ["uses-tool", "uses-agent", "uses-skill", "needs-connection", "served-by"] as const;
export const CanvasEdge = z.strictObject({
  /** `<source>-><target>`. */
  id: z.string(),
  source: z.string(),
  target: z.string(),
  /**
   * uses-tool: agent → tool / builtin / mcp-tool; uses-agent: agent → agent (as a tool);
   * uses-skill: agent → skill; needs-connection: tool → connection; served-by: mcp-tool → mcp-server.
   */
  kind: z.enum(CANVAS_EDGE_KINDS),
  /** uses-tool and uses-agent: the agent's tool entry as its version stores it (the pin, the flags). */
  entry: AgentToolEntry.optional(),
  /** uses-tool on an authored tool: the pinned version's number (null = follows the latest). */
  pinnedVersion: z.number().int().nullable().optional(),
});
export type CanvasEdge = z.infer<typeof CanvasEdge>;

export const CanvasPoint = z.strictObject({ x: z.number().finite(), y: z.number().finite() });
export type CanvasPoint = z.infer<typeof CanvasPoint>;

export const CanvasGraph = z.strictObject({
  nodes: z.array(CanvasNode),
  edges: z.array(CanvasEdge),
  /** Dragged positions by node id; a node without one is placed by the automatic layout. */
  positions: z.record(z.string(), CanvasPoint),
  /**
   * Each agent's configuration as the form saves it (AgentInput), by agent id: a canvas edit changes
   * `tools` / `skills` here and saves the whole configuration, so a canvas save and the same form
   * save write the same version.
   */
  configs: z.record(z.string(), AgentInput),
});
/** `configs` typed on the input side (AgentInput, what a save sends back); the rest as parsed. */
export type CanvasGraph = Omit<z.infer<typeof CanvasGraph>, "configs"> & { configs: Record<string, AgentInput> };

export function agentNodeId(agentId: string): string {
  return `agent:${agentId}`;
}
export function toolNodeId(toolId: string): string {
  return `tool:${toolId}`;
}
export function builtinNodeId(builtin: "memory" | "workspace"): string {
  return `builtin:${builtin}`;
}
export function mcpServerNodeId(serverId: string): string {
  return `mcp-server:${serverId}`;
}
export function mcpToolNodeId(serverId: string, tool: string): string {
  return `mcp-tool:${serverId}:${tool}`;
}
export function skillNodeId(name: string): string {
  return `skill:${name}`;
}
export function connectionNodeId(name: string): string {
  return `connection:${name}`;
}
export function edgeId(source: string, target: string): string {
  return `${source}->${target}`;
}
