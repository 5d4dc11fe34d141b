/**
 * foldCanvasRun on hand-made logs, for what the engine's scenarios (lib/runs/scenarios/canvas-run.test.ts)
 * do not reach easily: nothing folded yet, names the graph does not have, the names built-in, MCP
 * and skill tools are called by, decisions after a hold, several turns, an interrupted run.
 */
import { describe, expect, it } from "vitest";
import type { EventData, EventType, StoredEvent } from "../events/event-types.shared";
import {
  CanvasGraph,
  agentNodeId,
  builtinNodeId,
  edgeId,
  mcpToolNodeId,
  skillNodeId,
  toolNodeId,
  type CanvasEdge,
  type CanvasNode,
} from "./canvas-graph.shared";
import { foldCanvasRun, IDLE_RUN_STATE, runSeqs } from "./canvas-run-state.shared";

const A = agentNodeId("a");
const LOOKUP = toolNodeId("t-lookup");
const DEPLOY = toolNodeId("t-deploy");
const MEMORY = builtinNodeId("memory");
const FILES = builtinNodeId("workspace");
const SEARCH = mcpToolNodeId("srv", "search");
const NOTES = skillNodeId("notes");

function node(id: string, kind: CanvasNode["kind"], name: string): CanvasNode {
  const base = { id, label: name, badges: [] };
  switch (kind) {
    case "agent":
      return {
        ...base,
        kind,
        data: {
          agentId: id.slice("agent:".length),
          name,
          version: 1,
          activeModel: "demo:demo",
          rosterSize: 0,
          autonomy: "auto",
          toolMode: "native",
          requestLimit: null,
          toolCallsLimit: null,
          totalTokensLimit: null,
          labels: {},
        },
      };
    case "tool":
      return {
        ...base,
        kind,
        data: {
          toolId: id.slice("tool:".length),
          name,
          latestVersion: 1,
          clean: true,
          newestCleanVersionId: null,
          sideEffecting: false,
          requiresApproval: false,
          idempotent: false,
          description: "",
        },
      };
    case "builtin":
      return { ...base, kind, data: { builtin: name as "memory" | "workspace", name } };
    case "mcp-tool":
      return { ...base, kind, data: { serverId: "srv", tool: name, description: "" } };
    default:
      return { ...base, kind: "skill", data: { name, description: "", version: 1 } };
  }
}

const uses = (target: string, kind: CanvasEdge["kind"] = "uses-tool", entry?: CanvasEdge["entry"]): CanvasEdge => ({
  id: edgeId(A, target),
  source: A,
  target,
  kind,
  ...(entry ? { entry } : {}),
});

/** Agent `a` using lookup, deploy, memory, workspace, an MCP tool renamed `find`, and the skill `notes`. */
const GRAPH = CanvasGraph.parse({
  nodes: [
    node(A, "agent", "a"),
    node(LOOKUP, "tool", "lookup"),
    node(DEPLOY, "tool", "deploy"),
    node(MEMORY, "builtin", "memory"),
    node(FILES, "builtin", "workspace"),
    node(SEARCH, "mcp-tool", "search"),
    node(NOTES, "skill", "notes"),
  ],
  edges: [
    uses(LOOKUP),
    uses(DEPLOY),
    uses(MEMORY),
    uses(FILES),
    uses(SEARCH, "uses-tool", { mcpServerId: "srv", tool: "search", as: "find" }),
    uses(NOTES, "uses-skill"),
  ],
  positions: {},
  configs: {},
});

/** A log numbered 1, 2, 3… as the server stores it, for agent `a`. */
function log() {
  const events: StoredEvent[] = [];
  const add = <T extends EventType>(runId: string | null, type: T, data: EventData[T]) => {
    events.push({ seq: events.length + 1, runId, type, createdAt: "2025-01-01T00:00:00.000Z", data } as StoredEvent);
    return events.length;
  };
  return {
    events,
    start: (runId: string, agentId = "a") =>
      add(runId, "RunStarted", { kind: "turn", parentRunId: null, agentId, model: "demo:demo" }),
    call: (runId: string, id: string, name: string, args: unknown = {}) =>
      add(runId, "ToolCallEvent", { toolCallId: id, toolName: name, arguments: JSON.stringify(args) }),
    ret: (runId: string, id: string, name: string, success = true) =>
      add(runId, "ToolReturnEvent", { toolCallId: id, toolName: name, success, durationMs: 1 }),
    ask: (runId: string, approvalId: string, id: string, name: string, args: unknown) =>
      add(runId, "ApprovalRequested", {
        approvalId,
        toolCallId: id,
        toolName: name,
        arguments: args,
        argumentsHash: "h",
      }),
    decide: (approvalId: string, decision: "approve" | "deny") =>
      add(null, "ApprovalDecided", { approvalId, decision, reason: null, decidedBy: "ada" }),
    finish: (runId: string, status: "completed" | "suspended" | "failed" | "interrupted", stopReason = "end_turn") =>
      add(runId, "RunFinished", { status, stopReason } as EventData["RunFinished"]),
  };
}

describe("foldCanvasRun", () => {
  it("before anything: every node and edge idle, at seq 0", () => {
    const l = log();
    l.start("r1");
    l.call("r1", "c1", "lookup");
    expect(foldCanvasRun(GRAPH, l.events, 0)).toEqual(IDLE_RUN_STATE);
    expect(foldCanvasRun(GRAPH, [])).toEqual(IDLE_RUN_STATE);
  });

  it("draws names the graph does not have nowhere, and a run of an agent not on the graph not at all", () => {
    const l = log();
    l.start("r1");
    l.call("r1", "c1", "teleport");
    l.ret("r1", "c1", "teleport");
    l.call("r1", "c2", "load_skill", { name: "unknown-skill" });
    l.ret("r1", "c2", "load_skill");
    l.start("r2", "ghost");
    l.call("r2", "c3", "lookup");
    const s = foldCanvasRun(GRAPH, l.events);
    expect(s.nodes).toEqual({ [A]: "thinking" });
    expect(s.edges).toEqual({});
    expect(s.seq).toBe(l.events.length);
  });

  it("finds built-in, renamed MCP and skill calls by the names the model calls them", () => {
    const l = log();
    l.start("r1");
    l.call("r1", "c1", "memory", { command: "view" });
    l.ret("r1", "c1", "memory");
    l.call("r1", "c2", "read_file", { path: "a.md" });
    l.ret("r1", "c2", "read_file", false);
    l.call("r1", "c3", "find", { q: "x" });
    l.call("r1", "c4", "load_skill", { name: "notes" });
    l.call("r1", "c5", "search");
    const s = foldCanvasRun(GRAPH, l.events);
    expect(s.nodes).toEqual({
      [A]: "running",
      [MEMORY]: "done",
      [FILES]: "failed",
      [SEARCH]: "running",
      [NOTES]: "running",
    });
    expect(s.edges).toEqual({
      [edgeId(A, MEMORY)]: "done",
      [edgeId(A, FILES)]: "failed",
      [edgeId(A, SEARCH)]: "active",
      [edgeId(A, NOTES)]: "active",
    });
  });

  it("a call in flight outranks an earlier one that returned, on the node and on the edge", () => {
    const l = log();
    l.start("r1");
    l.call("r1", "c1", "lookup");
    l.ret("r1", "c1", "lookup");
    l.call("r1", "c2", "lookup");
    expect(foldCanvasRun(GRAPH, l.events)).toMatchObject({
      nodes: { [LOOKUP]: "running" },
      edges: { [edgeId(A, LOOKUP)]: "active" },
    });
    // Whatever order the events come in, each seq once.
    expect(foldCanvasRun(GRAPH, [...l.events].reverse().concat(l.events))).toEqual(foldCanvasRun(GRAPH, l.events));
  });

  it("a held call: its raw arguments in `held`; approved, it runs; denied, it fails", () => {
    const l = log();
    l.start("r1");
    l.call("r1", "c1", "deploy", { env: "prod" });
    l.ask("r1", "ap1", "c1", "deploy", { env: "prod", note: "now" });
    const suspended = l.finish("r1", "suspended", "awaiting_approval");
    const held = foldCanvasRun(GRAPH, l.events);
    expect(held.nodes).toEqual({ [A]: "held", [DEPLOY]: "held" });
    expect(held.held).toEqual([
      { nodeId: DEPLOY, approvalId: "ap1", toolCallId: "c1", toolName: "deploy", args: { env: "prod", note: "now" } },
    ]);

    const approved = log();
    approved.events.push(...l.events);
    approved.decide("ap1", "approve");
    const s = foldCanvasRun(GRAPH, approved.events);
    expect(s).toMatchObject({ nodes: { [A]: "running", [DEPLOY]: "running" }, held: [] });
    expect(foldCanvasRun(GRAPH, approved.events, suspended).held).toHaveLength(1);

    const denied = log();
    denied.events.push(...l.events);
    denied.decide("ap1", "deny");
    denied.start("r1");
    denied.ret("r1", "c1", "deploy", false);
    denied.finish("r1", "completed");
    expect(foldCanvasRun(GRAPH, denied.events)).toMatchObject({
      nodes: { [A]: "done", [DEPLOY]: "failed" },
      edges: { [edgeId(A, DEPLOY)]: "failed" },
      held: [],
    });
  });

  it("several turns: the newest paints over what ended before; an interrupted run is red", () => {
    const l = log();
    l.start("r1");
    l.finish("r1", "failed", "error");
    expect(foldCanvasRun(GRAPH, l.events).nodes[A]).toBe("failed");
    l.start("r2");
    expect(foldCanvasRun(GRAPH, l.events).nodes[A]).toBe("thinking");
    l.finish("r2", "completed");
    expect(foldCanvasRun(GRAPH, l.events).nodes[A]).toBe("done");
    l.start("r3");
    l.finish("r3", "interrupted", "cancelled");
    expect(foldCanvasRun(GRAPH, l.events).nodes[A]).toBe("failed");
  });

  it("runSeqs: each seq once, in order", () => {
    const l = log();
    l.start("r1");
    l.call("r1", "c1", "lookup");
    expect(runSeqs([...l.events].reverse().concat(l.events))).toEqual([1, 2]);
  });
});
