/**
 * The contract of /api/canvas (lib/canvas/README.md): the workspace's agents, tools, MCP servers,
 * skills and connections as one graph, the positions users drag, saving wiring edits as agent
 * versions in one transaction, and the graph of the versions a conversation ran (for drawing a run
 * on it). Any signed-in role reads; authors move nodes and save.
 */
import { z } from "zod";
import { endpoint } from "../contract.shared";
import { AgentInput } from "../../agents/agent-input.shared";
import { CanvasGraph, CanvasPoint } from "../../canvas/canvas-graph.shared";

export const CanvasSaveInput = z.strictObject({
  /**
   * The changed agents, each with its whole configuration (AgentInput, as the form saves it). All
   * are checked first — the same rules as the form, cycles judged on the edited graph — and then
   * written in one transaction, one version per agent whose configuration changed; any issue saves
   * nothing (400 `validation_error`, issue paths `["agents", i, "config", …]`).
   */
  agents: z
    .array(z.strictObject({ agentId: z.string().min(1), config: AgentInput }))
    .min(1, "Nothing to save: change an agent first")
    .max(200, "At most 200 agents in one save"),
});
export type CanvasSaveInput = z.input<typeof CanvasSaveInput>;

export const CanvasPositionsInput = z.strictObject({
  positions: z
    .array(z.strictObject({ nodeId: z.string().min(1).max(300), x: z.number().finite(), y: z.number().finite() }))
    .max(2000, "At most 2000 positions at once"),
});

export const canvasApi = {
  /** The workspace graph; `agentId` narrows it to that agent, what it uses (transitively) and what uses it. */
  get: endpoint({
    method: "GET",
    path: "/api/canvas",
    query: z.object({ agentId: z.string().min(1).optional() }),
    response: CanvasGraph,
  }),
  /** Stores dragged positions (upsert per node id); layout only, never an agent version. */
  savePositions: endpoint({
    method: "PUT",
    path: "/api/canvas/positions",
    body: CanvasPositionsInput,
    response: z.strictObject({ positions: z.record(z.string(), CanvasPoint) }),
  }),
  /** Forgets every dragged position of the workspace: the automatic layout places all nodes again. */
  resetPositions: endpoint({
    method: "DELETE",
    path: "/api/canvas/positions",
    response: z.strictObject({ deleted: z.number().int() }),
  }),
  /** Saves wiring edits: one version per changed agent, all in one transaction. */
  save: endpoint({
    method: "POST",
    path: "/api/canvas/save",
    body: CanvasSaveInput,
    response: z.strictObject({
      agents: z.array(z.strictObject({ agentId: z.string(), version: z.number().int(), changed: z.boolean() })),
    }),
  }),
  /**
   * The graph of what a conversation runs: its agent at the version of its latest turn (or the
   * version a new turn would run, before any), and child agents at the versions their runs recorded
   * (else their current one). Node ids match the workspace graph's, so positions carry over.
   */
  conversation: endpoint({
    method: "GET",
    path: "/api/canvas/conversations/:id",
    params: z.object({ id: z.string().min(1) }),
    response: z.strictObject({
      graph: CanvasGraph,
      conversationId: z.string(),
      agentId: z.string(),
      version: z.number().int(),
    }),
  }),
};
