/**
 * A run drawn on the canvas (lib/canvas/canvas-run-state.shared.ts) from the events the real engine
 * wrote, not from a hand-made log: a tool call, agents called as tools (nested three deep), calls
 * held for approval (the caller's own, and inside a child run), and failures (a tool that throws, a
 * model that fails, a child over its limit). Each is folded at its end and at every seq on the way,
 * as the timeline scrubber folds it.
 */
import { describe, expect, it } from "vitest";
import {
  CanvasGraph,
  agentNodeId,
  edgeId,
  toolNodeId,
  type CanvasEdge,
  type CanvasNode,
} from "../../canvas/canvas-graph.shared";
import { foldCanvasRun, runSeqs, type CanvasRunState } from "../../canvas/canvas-run-state.shared";
import type { StoredEvent } from "../../events/event-types";
import type { AgentRecord, AgentToolRecord } from "../engine/ports";
import {
  agentTool,
  createHarness,
  eventsOfType,
  mockModel,
  sandboxStub,
  turn,
  type Harness,
} from "../testing/run-harness";
import { DEPLOY, LOOKUP } from "../testing/scenario-tools";

/** The graph canvas-graph builds for these agents: each agent's node and the nodes its entries use. */
function graphOf(...agents: AgentRecord[]): CanvasGraph {
  const nodes = new Map<string, CanvasNode>();
  const edges: CanvasEdge[] = [];
  for (const a of agents) nodes.set(agentNodeId(a.id), agentNode(a.id, a.name));
  for (const a of agents) {
    for (const t of a.tools) {
      const target = nodeOf(t);
      if (!target) continue;
      if (!nodes.has(target.id)) nodes.set(target.id, target);
      const source = agentNodeId(a.id);
      edges.push({
        id: edgeId(source, target.id),
        source,
        target: target.id,
        kind: t.kind === "agent" ? "uses-agent" : "uses-tool",
      });
    }
  }
  return CanvasGraph.parse({ nodes: [...nodes.values()], edges, positions: {}, configs: {} });
}

function agentNode(id: string, name: string): CanvasNode {
  return {
    id: agentNodeId(id),
    kind: "agent",
    label: name,
    badges: [],
    data: {
      agentId: id,
      name,
      version: 1,
      activeModel: "scripted:s",
      rosterSize: 0,
      autonomy: "auto",
      toolMode: "native",
      requestLimit: null,
      toolCallsLimit: null,
      totalTokensLimit: null,
      labels: {},
    },
  };
}

function nodeOf(t: AgentToolRecord): CanvasNode | null {
  if (t.kind === "agent") return agentNode(t.agentId, t.name);
  if (t.kind !== "tool") return null;
  return {
    id: toolNodeId(t.toolId),
    kind: "tool",
    label: t.tool.name,
    badges: [],
    data: {
      toolId: t.toolId,
      name: t.tool.name,
      latestVersion: 1,
      clean: true,
      newestCleanVersionId: null,
      sideEffecting: false,
      requiresApproval: false,
      idempotent: false,
      description: "",
    },
  };
}

const events = (h: Harness): StoredEvent[] => h.store.eventsOf("c");

/** One node's status at every seq of the log, repeats folded away: how the scrubber sees it move. */
function timeline(graph: CanvasGraph, log: readonly StoredEvent[], pick: (s: CanvasRunState) => string | undefined) {
  const seen: string[] = [];
  for (const seq of runSeqs(log)) {
    const v = pick(foldCanvasRun(graph, log, seq)) ?? "idle";
    if (seen.at(-1) !== v) seen.push(v);
  }
  return seen;
}

const seqOf = (log: readonly StoredEvent[], find: (e: StoredEvent) => boolean) => log.find(find)!.seq;

describe("a run drawn on the canvas from the engine's events", () => {
  it("a tool call: the agent thinks, the tool runs along a lit edge, then both are done", async () => {
    const stub = sandboxStub({ lookup: (a) => `found ${String(a.q)}` });
    const model = mockModel([{ toolCalls: [{ toolName: "lookup", args: { q: "paris" } }] }, { text: "Found." }]);
    const h = createHarness({ models: model, invokeSandbox: stub.invoke });
    const finder = h.agents.define({ name: "finder", model: { provider: "demo", model: "finder" } }, [LOOKUP]);
    await turn(h.deps, "c", "finder", "Find Paris.");
    const g = graphOf(finder);
    const log = events(h);
    const agent = agentNodeId("finder");
    const tool = toolNodeId("tool-lookup");
    const edge = edgeId(agent, tool);

    expect(foldCanvasRun(g, log)).toEqual({
      seq: log.at(-1)!.seq,
      nodes: { [agent]: "done", [tool]: "done" },
      edges: { [edge]: "done" },
      childRuns: {},
      held: [],
    });
    const started = seqOf(log, (e) => e.type === "RunStarted");
    expect(foldCanvasRun(g, log, started)).toMatchObject({ seq: started, nodes: { [agent]: "thinking" }, edges: {} });
    const called = seqOf(log, (e) => e.type === "ToolCallEvent");
    expect(foldCanvasRun(g, log, called)).toMatchObject({
      nodes: { [agent]: "running", [tool]: "running" },
      edges: { [edge]: "active" },
    });
    expect(timeline(g, log, (s) => s.nodes[agent])).toEqual(["thinking", "running", "thinking", "done"]);
    expect(timeline(g, log, (s) => s.nodes[tool])).toEqual(["idle", "running", "done"]);
    expect(timeline(g, log, (s) => s.edges[edge])).toEqual(["idle", "active", "done"]);
  });

  it("agents called as tools, three deep: each child run opens on its agent's node, nested", async () => {
    const stub = sandboxStub({ lookup: (a) => a.q });
    const h = createHarness({ invokeSandbox: stub.invoke });
    const scripted = (model: string, script: unknown[]) => ({ provider: "scripted", model, script }) as never;
    const leaf = h.agents.define(
      {
        name: "researcher",
        description: "Looks facts up.",
        model: scripted("r", [{ toolCalls: [{ toolName: "lookup", args: { q: "paris" } }] }, { text: "2.1 million." }]),
      },
      [LOOKUP],
    );
    const mid = h.agents.define(
      {
        name: "planner",
        description: "Plans and delegates research.",
        model: scripted("p", [
          { toolCalls: [{ toolName: "researcher", args: { task: "Paris?" } }] },
          { text: "Done." },
        ]),
      },
      [agentTool(leaf)],
    );
    const top = h.agents.define(
      {
        name: "lead",
        model: scripted("l", [{ toolCalls: [{ toolName: "planner", args: { task: "Plan it." } }] }, { text: "OK." }]),
      },
      [agentTool(mid)],
    );
    await turn(h.deps, "c", "lead", "How many people live in Paris?");
    const g = graphOf(top, mid, leaf);
    const log = events(h);
    const [lead, planner, researcher, lookup] = [
      agentNodeId("lead"),
      agentNodeId("planner"),
      agentNodeId("researcher"),
      toolNodeId("tool-lookup"),
    ];

    const runs = eventsOfType(h.store, "c", "RunStarted");
    expect(runs.map((r) => r.data.kind)).toEqual(["turn", "child", "child"]);
    const end = foldCanvasRun(g, log);
    expect(end.nodes).toEqual({ [lead]: "done", [planner]: "done", [researcher]: "done", [lookup]: "done" });
    expect(end.edges).toEqual({
      [edgeId(lead, planner)]: "done",
      [edgeId(planner, researcher)]: "done",
      [edgeId(researcher, lookup)]: "done",
    });
    expect(end.childRuns).toEqual({ [runs[1].runId!]: planner, [runs[2].runId!]: researcher });

    // While the innermost tool runs, every caller up the chain waits on a lit edge.
    const deepest = seqOf(log, (e) => e.type === "ToolCallEvent" && e.data.toolName === "lookup");
    expect(foldCanvasRun(g, log, deepest)).toMatchObject({
      nodes: { [lead]: "running", [planner]: "running", [researcher]: "running", [lookup]: "running" },
      edges: {
        [edgeId(lead, planner)]: "active",
        [edgeId(planner, researcher)]: "active",
        [edgeId(researcher, lookup)]: "active",
      },
    });
    // The child's node: called (running), its own model asked (thinking), its tool, its answer.
    expect(timeline(g, log, (s) => s.nodes[researcher])).toEqual([
      "idle",
      "running",
      "thinking",
      "running",
      "thinking",
      "done",
    ]);
    // Before the child run started, no child is open.
    const childStart = runs[1].seq;
    expect(foldCanvasRun(g, log, childStart - 1).childRuns).toEqual({});
    expect(foldCanvasRun(g, log, childStart).childRuns).toEqual({ [runs[1].runId!]: planner });
  });

  it("a call held for approval: its tool node is held with the approval, the edge stays lit", async () => {
    const stub = sandboxStub({ deploy: (a) => a.env });
    const model = mockModel([{ toolCalls: [{ toolName: "deploy", args: { env: "prod" } }] }]);
    const h = createHarness({ models: model, invokeSandbox: stub.invoke });
    const operator = h.agents.define(
      { name: "operator", model: { provider: "demo", model: "operator" }, autonomy: "auto" },
      [DEPLOY],
    );
    await turn(h.deps, "c", "operator", "Ship it.");
    const g = graphOf(operator);
    const log = events(h);
    const [agent, tool] = [agentNodeId("operator"), toolNodeId("tool-deploy")];
    const [approval] = h.store.approvals;
    const call = eventsOfType(h.store, "c", "ToolCallEvent")[0];

    expect(foldCanvasRun(g, log)).toEqual({
      seq: log.at(-1)!.seq,
      nodes: { [agent]: "held", [tool]: "held" },
      edges: { [edgeId(agent, tool)]: "active" },
      childRuns: {},
      held: [
        {
          nodeId: tool,
          approvalId: approval.id,
          toolCallId: call.data.toolCallId,
          toolName: "deploy",
          args: { env: "prod" },
        },
      ],
    });
    expect(stub.count("deploy")).toBe(0);
    // Before the run suspended, the call was in flight, not yet held.
    const asked = seqOf(log, (e) => e.type === "ApprovalRequested");
    expect(foldCanvasRun(g, log, asked - 1)).toMatchObject({ nodes: { [tool]: "running" }, held: [] });
  });

  it("a child run waiting for an approval: the held badge is on the child's tool, the callers wait", async () => {
    const stub = sandboxStub({ deploy: (a) => a.env });
    const h = createHarness({ invokeSandbox: stub.invoke });
    const shipper = h.agents.define(
      {
        name: "shipper",
        description: "Ships the service once approved.",
        model: {
          provider: "scripted",
          model: "s",
          script: [{ toolCalls: [{ toolName: "deploy", args: { env: "eu" } }] }],
        },
        autonomy: "auto",
      },
      [DEPLOY],
    );
    const lead = h.agents.define(
      {
        name: "lead",
        model: {
          provider: "scripted",
          model: "l",
          script: [{ toolCalls: [{ toolName: "shipper", args: { task: "Ship." } }] }],
        },
      },
      [agentTool(shipper)],
    );
    await turn(h.deps, "c", "lead", "Ship it.");
    const g = graphOf(lead, shipper);
    const s = foldCanvasRun(g, events(h));
    const [l, sh, deploy] = [agentNodeId("lead"), agentNodeId("shipper"), toolNodeId("tool-deploy")];
    expect(s.nodes).toEqual({ [l]: "held", [sh]: "held", [deploy]: "held" });
    expect(s.edges).toEqual({ [edgeId(l, sh)]: "active", [edgeId(sh, deploy)]: "active" });
    expect(s.held).toMatchObject([{ nodeId: deploy, approvalId: h.store.approvals[0].id, args: { env: "eu" } }]);
    expect(Object.values(s.childRuns)).toEqual([sh]);
  });

  it("failures turn red: a tool that throws, a model that fails, a child over its limit", async () => {
    // A tool that throws: the tool and its edge fail, the agent answers anyway.
    const stub = sandboxStub({
      lookup: () => {
        throw new Error("the index is down");
      },
    });
    const model = mockModel([{ toolCalls: [{ toolName: "lookup", args: { q: "x" } }] }, { text: "Sorry." }]);
    const h = createHarness({ models: model, invokeSandbox: stub.invoke });
    const finder = h.agents.define({ name: "finder", model: { provider: "demo", model: "f" } }, [LOOKUP]);
    await turn(h.deps, "c", "finder", "Look x up.");
    const [agent, tool] = [agentNodeId("finder"), toolNodeId("tool-lookup")];
    expect(foldCanvasRun(graphOf(finder), events(h))).toMatchObject({
      nodes: { [agent]: "done", [tool]: "failed" },
      edges: { [edgeId(agent, tool)]: "failed" },
    });

    // A model that fails: the run fails, its agent turns red.
    const broken = createHarness({ models: mockModel([{ error: new Error("upstream 500") }]) });
    const a = broken.agents.define({ name: "broken", model: { provider: "demo", model: "b" } });
    const result = await turn(broken.deps, "c", "broken", "Hello?");
    expect(result.final).toMatchObject({ status: "failed" });
    expect(foldCanvasRun(graphOf(a), events(broken)).nodes).toEqual({ [agentNodeId("broken")]: "failed" });

    // A child over its request limit: its run fails, the call and its edge fail, the caller goes on.
    const hc = createHarness({ invokeSandbox: sandboxStub({ lookup: (x) => x.q }).invoke });
    const child = hc.agents.define(
      {
        name: "researcher",
        model: {
          provider: "scripted",
          model: "r",
          script: [{ toolCalls: [{ toolName: "lookup", args: { q: "p" } }] }, { text: "never" }],
        },
        runLimits: { requestLimit: 1 },
        limitRecovery: { policy: "conclude" },
      },
      [LOOKUP],
    );
    const parent = hc.agents.define(
      {
        name: "lead",
        model: {
          provider: "scripted",
          model: "l",
          script: [
            { toolCalls: [{ toolName: "researcher", args: { task: "Find the population of Paris." } }] },
            { text: "It failed." },
          ],
        },
      },
      [agentTool(child)],
    );
    await turn(hc.deps, "c", "lead", "Paris?");
    const s = foldCanvasRun(graphOf(parent, child), events(hc));
    const [l, r] = [agentNodeId("lead"), agentNodeId("researcher")];
    expect(s.nodes).toEqual({ [l]: "done", [r]: "failed", [toolNodeId("tool-lookup")]: "done" });
    expect(s.edges[edgeId(l, r)]).toBe("failed");
  });

  it("a graph without the run's tool (another version's): the call is drawn nowhere, the agent still is", async () => {
    const stub = sandboxStub({ lookup: (a) => a.q });
    const model = mockModel([{ toolCalls: [{ toolName: "lookup", args: { q: "a" } }] }, { text: "A." }]);
    const h = createHarness({ models: model, invokeSandbox: stub.invoke });
    const finder = h.agents.define({ name: "finder", model: { provider: "demo", model: "f" } }, [LOOKUP]);
    await turn(h.deps, "c", "finder", "Look a up.");
    const bare = graphOf({ ...finder, tools: [] });
    expect(foldCanvasRun(bare, events(h))).toMatchObject({ nodes: { [agentNodeId("finder")]: "done" }, edges: {} });
  });
});
