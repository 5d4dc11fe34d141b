/**
 * A run drawn on the canvas (lib/canvas/README.md, "The live run"): the conversation's events,
 * folded up to a chosen seq with the shared transcript fold (lib/events/transcript-fold.shared.ts),
 * give each node and edge of the run's graph a state. The live view folds every event as it
 * streams in; the timeline scrubber folds up to the seq it points at. Browser-safe.
 *
 * What the fold settled is read, never re-derived: a run's status (and so its agent node's), each
 * call's status (running, held, ok, error, unfinished), the child run a call of another agent
 * opened, and which approvals are still held. This module only places them on the graph: a call's
 * tool name is matched against what the calling agent's node uses (its uses-tool, uses-agent and
 * uses-skill edges), by the name the model sees. A name the graph does not have (a tool of another
 * version, `final_answer` of a structured run) is drawn nowhere.
 */
import type { StoredEvent } from "../events/event-types.shared";
import { foldTranscript } from "../events/transcript-fold.shared";
import type { CallStatus, ToolCallView, Transcript, TranscriptRun } from "../events/transcript-types.shared";
import { WORKSPACE_TOOL_NAMES } from "../workspace-files/workspace-tool-names.shared";
import { agentNodeId, edgeId, skillNodeId, type CanvasGraph } from "./canvas-graph.shared";

/** idle: not reached yet · thinking: its model is being asked · running: a call to it is in flight
 * · held: a call waits for an approval · failed: its call or run failed · done: it answered. */
export type CanvasNodeRunStatus = "idle" | "thinking" | "running" | "held" | "failed" | "done";
/** idle · active: a call along it is in flight (or held) · done: a call along it returned · failed. */
export type CanvasEdgeRunStatus = "idle" | "active" | "done" | "failed";

/** A call held for approval, shown as a badge on its tool node. */
export interface CanvasHeldCall {
  nodeId: string;
  approvalId: string;
  toolCallId: string;
  toolName: string;
  /** The arguments, as the approval card shows them. */
  args: unknown;
}

export interface CanvasRunState {
  /** The seq folded up to (the last event's seq when live). */
  seq: number;
  /** Node id → status; absent = idle. */
  nodes: Record<string, CanvasNodeRunStatus>;
  /** Edge id → status; absent = idle. */
  edges: Record<string, CanvasEdgeRunStatus>;
  /** Child agents opened by this run: the child run id → the agent node it ran as. */
  childRuns: Record<string, string>;
  held: CanvasHeldCall[];
}

/** Nothing folded yet: every node and edge idle. */
export const IDLE_RUN_STATE: CanvasRunState = { seq: 0, nodes: {}, edges: {}, childRuns: {}, held: [] };

/** The built-in tools that read a skill (lib/skills/skill-tools.ts): their `name` argument is the skill. */
const SKILL_TOOLS: ReadonlySet<string> = new Set(["load_skill", "read_skill_resource"]);
const MEMORY_TOOL = "memory";

/** Per agent node: the name the model calls → the node it calls. */
type ToolNames = Map<string, Map<string, string>>;

function toolNamesOf(graph: CanvasGraph): ToolNames {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const out: ToolNames = new Map();
  for (const e of graph.edges) {
    if (e.kind !== "uses-tool" && e.kind !== "uses-agent") continue;
    const target = byId.get(e.target);
    if (!target) continue;
    const names = out.get(e.source) ?? new Map<string, string>();
    out.set(e.source, names);
    const add = (name: string) => {
      if (!names.has(name)) names.set(name, target.id);
    };
    switch (target.kind) {
      case "tool":
      case "agent":
        add(target.data.name);
        break;
      case "builtin":
        if (target.data.builtin === "memory") add(MEMORY_TOOL);
        else WORKSPACE_TOOL_NAMES.forEach(add);
        break;
      case "mcp-tool": {
        const entry = e.entry && "mcpServerId" in e.entry ? e.entry : null;
        add(entry?.as ?? target.data.tool);
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/** The `name` argument of a skill tool's call (its pretty-printed arguments), if it has one. */
function skillNameOf(argumentsText: string | null): string | null {
  if (!argumentsText) return null;
  try {
    const args: unknown = JSON.parse(argumentsText);
    const name = typeof args === "object" && args !== null ? (args as { name?: unknown }).name : undefined;
    return typeof name === "string" ? name : null;
  } catch {
    return null;
  }
}

const ACTIVE_RANK: Record<CanvasNodeRunStatus, number> = {
  idle: 0,
  done: 1,
  failed: 1,
  thinking: 2,
  running: 2,
  held: 3,
};

class Drawing {
  readonly state: CanvasRunState;
  private readonly edgeIds: Set<string>;
  private readonly nodeIds: Set<string>;
  private readonly names: ToolNames;

  constructor(graph: CanvasGraph, seq: number) {
    this.state = { seq, nodes: {}, edges: {}, childRuns: {}, held: [] };
    this.nodeIds = new Set(graph.nodes.map((n) => n.id));
    this.edgeIds = new Set(graph.edges.map((e) => e.id));
    this.names = toolNamesOf(graph);
  }

  /**
   * Something in flight (held above thinking and running) outranks what has ended; among ended
   * states, and among states of the same rank, the later one wins (a second turn's answer paints
   * over the first's failure).
   */
  setNode(id: string, status: CanvasNodeRunStatus) {
    if (!this.nodeIds.has(id)) return;
    const cur = this.state.nodes[id] ?? "idle";
    if (ACTIVE_RANK[status] >= ACTIVE_RANK[cur]) this.state.nodes[id] = status;
  }

  setEdge(id: string, status: CanvasEdgeRunStatus) {
    if (!this.edgeIds.has(id)) return;
    if (this.state.edges[id] === "active" && status !== "active") return;
    this.state.edges[id] = status;
  }

  /** The node a call of `toolName` by the agent at `agentNode` reached, or null when the graph has none. */
  targetOf(agentNode: string, call: Pick<ToolCallView, "toolName" | "argumentsText">): string | null {
    if (SKILL_TOOLS.has(call.toolName)) {
      const skill = skillNameOf(call.argumentsText);
      const id = skill === null ? null : skillNodeId(skill);
      return id !== null && this.edgeIds.has(edgeId(agentNode, id)) ? id : null;
    }
    return this.names.get(agentNode)?.get(call.toolName) ?? null;
  }

  /** Draws one run (and the child runs its calls opened); answers its agent node's status. */
  drawRun(run: TranscriptRun): CanvasNodeRunStatus {
    const node = agentNodeId(run.agentId ?? "");
    if (run.kind === "child" && this.nodeIds.has(node)) this.state.childRuns[run.runId] = node;
    const calls = run.items.flatMap((i) => (i.kind === "tool" ? [i.call] : []));
    for (const call of calls) this.drawCall(node, call);
    const status = runStatus(run, calls);
    this.setNode(node, status);
    return status;
  }

  private drawCall(agentNode: string, call: ToolCallView) {
    // A child run is drawn even when its caller's call is not on the graph (its agent node may be).
    const childStatus = call.child ? this.drawRun(call.child) : null;
    const target = this.targetOf(agentNode, call);
    if (target === null) return;
    this.setNode(target, childStatus ?? callNodeStatus(call.status));
    this.setEdge(edgeId(agentNode, target), callEdgeStatus(call.status));
  }

  /** The held approvals the fold listed, on the node of the call each holds. */
  drawHeld(t: Transcript, rawArgs: ReadonlyMap<string, unknown>) {
    for (const a of t.heldApprovals) {
      const run = Object.values(t.runs).find((r) => r.approvals.some((x) => x.approvalId === a.approvalId));
      if (!run) continue;
      const nodeId = this.targetOf(agentNodeId(run.agentId ?? ""), {
        toolName: a.toolName,
        argumentsText: a.argumentsText,
      });
      if (nodeId === null) continue;
      this.setNode(nodeId, "held");
      this.state.held.push({
        nodeId,
        approvalId: a.approvalId,
        toolCallId: a.toolCallId,
        toolName: a.toolName,
        args: rawArgs.has(a.approvalId) ? rawArgs.get(a.approvalId) : a.argumentsText,
      });
    }
  }
}

/**
 * An agent node's status from its run: asked (no call in flight) is thinking; waiting on a call is
 * running; suspended on a held call is held (a suspended run whose calls are all settled is about
 * to resume: running); completed is done; failed and interrupted are failed.
 */
function runStatus(run: TranscriptRun, calls: readonly ToolCallView[]): CanvasNodeRunStatus {
  switch (run.status) {
    case "completed":
      return "done";
    case "failed":
    case "interrupted":
      return "failed";
    case "suspended":
      return calls.some((c) => c.status === "held") ? "held" : "running";
    default:
      if (calls.some((c) => c.status === "held")) return "held";
      return calls.some((c) => c.status === "running") ? "running" : "thinking";
  }
}

function callNodeStatus(status: CallStatus): CanvasNodeRunStatus {
  switch (status) {
    case "running":
      return "running";
    case "held":
      return "held";
    case "ok":
      return "done";
    default:
      return "failed";
  }
}

function callEdgeStatus(status: CallStatus): CanvasEdgeRunStatus {
  if (status === "running" || status === "held") return "active";
  return status === "ok" ? "done" : "failed";
}

/**
 * The run state of `graph` after the conversation's `events` up to `uptoSeq` (all of them when
 * omitted): every run the fold found is drawn on its agent's node, in the order the runs started,
 * its calls on the nodes they reached and the edges from the calling agent, child runs nested to
 * any depth.
 */
export function foldCanvasRun(graph: CanvasGraph, events: readonly StoredEvent[], uptoSeq?: number): CanvasRunState {
  const shown = uptoSeq === undefined ? events : events.filter((e) => e.seq <= uptoSeq);
  const t = foldTranscript(shown);
  const d = new Drawing(graph, t.lastSeq);
  const tops = t.entries.flatMap((e) => (e.kind === "run" ? [e.run] : [])).sort((a, b) => a.startedSeq - b.startedSeq);
  for (const run of tops) d.drawRun(run);
  const rawArgs = new Map<string, unknown>();
  for (const e of shown) if (e.type === "ApprovalRequested") rawArgs.set(e.data.approvalId, e.data.arguments);
  d.drawHeld(t, rawArgs);
  return d.state;
}

/** The seqs a timeline can stop at: each event's, once, in order. */
export function runSeqs(events: readonly StoredEvent[]): number[] {
  return [...new Set(events.map((e) => e.seq))].sort((a, b) => a - b);
}
