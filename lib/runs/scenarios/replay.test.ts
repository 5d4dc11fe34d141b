/**
 * Replaying a conversation (docs/time-travel.md, "Replay") on the in-memory store: the original's
 * user messages re-sent as real turns, every tool call answered by the replay middleware — from the
 * record when it matches the k-th call of the same tool in the same turn with equal arguments,
 * live only when pure and `live-pure`, refused otherwise — and nothing ever held for approval.
 */
import { describe, expect, it } from "vitest";
import { newEvent } from "../../events/event-types";
import { executeCommand } from "../engine/execute-command";
import { replayRecord } from "../engine/replay/replay-record";
import { replaySteps } from "../engine/replay/replay-steps";
import { answerEvents, healingAnswers } from "../engine/stages/healing";
import { ReplaySession } from "../engine/tool-dispatch/replay";
import type { ReplayToolResults } from "../read-models/branches/branch-views.shared";
import {
  createHarness,
  eventsOfType,
  mockModel,
  sandboxStub,
  savedTool,
  TEST_ACTOR,
  toolSource,
  turn,
  type Harness,
  type MockStep,
} from "../testing/run-harness";
import { DEPLOY } from "../testing/scenario-tools";

const LOOKUP = savedTool(
  toolSource(
    "lookup",
    "{ sideEffecting: false, idempotent: false }",
    "id: string",
    "  return id;",
    "Look an order up by its id and return its status.",
  ),
);
const SEARCH = savedTool(
  toolSource("search", "{ sideEffecting: false }", "q: string", "  return q;", "Search the help center for a query."),
);
const REFUND = savedTool(
  toolSource(
    "refund",
    "{ sideEffecting: true }",
    "orderId: string, amount: number",
    "  return orderId;",
    "Refund an amount of money on a customer order.",
  ),
);

/** A counting sandbox: each tool answers `<tool>#<n>` for its n-th execution, so recorded results are recognisable. */
function countingSandbox() {
  const n = new Map<string, number>();
  const next = (tool: string) => () => {
    const k = (n.get(tool) ?? 0) + 1;
    n.set(tool, k);
    return `${tool}#${k}`;
  };
  return sandboxStub({
    lookup: next("lookup"),
    search: next("search"),
    refund: next("refund"),
    deploy: next("deploy"),
  });
}

function setup(prompt = "You help with orders.") {
  const stub = countingSandbox();
  const h = createHarness({ invokeSandbox: stub.invoke });
  h.agents.define({ name: "support", model: { provider: "demo", model: "support" }, prompt: { template: prompt } }, [
    LOOKUP,
    SEARCH,
    REFUND,
    DEPLOY,
  ]);
  return { h, stub };
}

/** Deps on the same store and agents with their own model (the replay's scripted answers). */
function withModel(h: Harness, steps: MockStep[], stub: ReturnType<typeof countingSandbox>) {
  return createHarness({
    store: h.store,
    agents: h.agents,
    clock: h.clock,
    models: mockModel(steps),
    invokeSandbox: stub.invoke,
  });
}

async function original(
  h: Harness,
  stub: ReturnType<typeof countingSandbox>,
  turns: Array<{ content: string; steps: MockStep[] }>,
) {
  for (const t of turns) {
    const r = await turn(withModel(h, t.steps, stub).deps, "orig", "support", t.content);
    expect(r.final.status).toBe("completed");
  }
}

async function replay(
  h: Harness,
  stub: ReturnType<typeof countingSandbox>,
  steps: MockStep[],
  toolResults: ReplayToolResults = "recorded",
) {
  const session = new ReplaySession(replayRecord(h.store.eventsOf("orig")), toolResults);
  const outcome = await replaySteps(
    { conversationId: "rep", agentId: "support", actor: TEST_ACTOR, signal: new AbortController().signal, session },
    withModel(h, steps, stub).deps,
  );
  return { outcome, session };
}

const toolResults = (h: Harness, conversationId: string) =>
  h.store
    .eventsOf(conversationId)
    .flatMap((e) => (e.type === "LlmMessageEvent" && e.data.role === "tool" ? e.data.parts : []))
    .map((p) => (p.type === "tool-result" ? p.output : null));

const userMessages = (h: Harness, conversationId: string) =>
  eventsOfType(h.store, conversationId, "LlmMessageEvent")
    .filter((e) => e.data.role === "user")
    .map((e) => (e.data.parts[0]?.type === "text" ? e.data.parts[0].text : ""));

describe("replay", () => {
  it("answers the same calls from the record under a changed prompt: the tools never run", async () => {
    const { h, stub } = setup();
    const script = (answer: string): MockStep[] => [
      {
        toolCalls: [
          { toolName: "lookup", args: { id: "A-1" } },
          { toolName: "search", args: { q: "refund policy" } },
        ],
      },
      { toolCalls: [{ toolName: "refund", args: { orderId: "A-1", amount: 20 } }] },
      { text: answer },
    ];
    await original(h, stub, [
      { content: "Refund order A-1.", steps: script("Refunded.") },
      { content: "Thanks!", steps: [{ text: "You're welcome." }] },
    ]);
    expect(stub.calls.map((c) => c.tool)).toEqual(["lookup", "search", "refund"]);
    // The agent's prompt changed; the scripted model makes the same calls.
    h.agents.define(
      { name: "support", model: { provider: "demo", model: "support" }, prompt: { template: "Be terse." } },
      [LOOKUP, SEARCH, REFUND, DEPLOY],
    );
    const before = stub.calls.length;
    const { outcome, session } = await replay(h, stub, [...script("Done."), { text: "Bye." }]);

    expect(outcome).toMatchObject({ status: "completed", error: null });
    expect(stub.calls.length).toBe(before); // nothing executed
    expect(session.stats).toEqual({ recorded: 3, live: 0, refused: 0 });
    expect(userMessages(h, "rep")).toEqual(["Refund order A-1.", "Thanks!"]);
    expect(
      eventsOfType(h.store, "rep", "ToolReturnEvent").map((e) => [e.data.toolName, e.data.success, e.data.replayed]),
    ).toEqual([
      ["lookup", true, true],
      ["search", true, true],
      ["refund", true, true],
    ]);
    expect(toolResults(h, "rep")).toEqual(toolResults(h, "orig"));
    // Real runs: one per turn, with their usage; the side-effecting call is not in the audit log.
    expect(h.store.runList({ conversationId: "rep" }).map((r) => [r.kind, r.status])).toEqual([
      ["turn", "completed"],
      ["turn", "completed"],
    ]);
    expect(eventsOfType(h.store, "rep", "LlmUsageEvent")).toHaveLength(4);
    expect(h.store.auditLog.filter((a) => a.details.conversationId === "rep")).toEqual([]);
  });

  it("refuses a side-effecting call the original did not make (ReplayRefused) and never runs it", async () => {
    const { h, stub } = setup();
    await original(h, stub, [
      {
        content: "Refund A-1.",
        steps: [{ toolCalls: [{ toolName: "refund", args: { orderId: "A-1", amount: 20 } }] }, { text: "Done." }],
      },
    ]);
    const before = stub.count("refund");
    for (const mode of ["recorded", "live-pure"] as const) {
      const { outcome } = await replay(
        h,
        stub,
        [{ toolCalls: [{ toolName: "refund", args: { orderId: "A-1", amount: 200 } }] }, { text: "Could not." }],
        mode,
      );
      expect(outcome.status).toBe("completed");
    }
    expect(stub.count("refund")).toBe(before);
    const returns = eventsOfType(h.store, "rep", "ToolReturnEvent");
    expect(returns.map((e) => [e.data.success, e.data.errorType, e.data.replayed])).toEqual([
      [false, "ReplayRefused", undefined],
      [false, "ReplayRefused", undefined],
    ]);
    const output = toolResults(h, "rep")[0];
    expect(output).toMatchObject({ type: "error-text" });
    expect(JSON.stringify(output)).toContain("has no record of this call to 'refund'");
  });

  it("runs an unmatched pure call live only with live-pure", async () => {
    const { h, stub } = setup();
    await original(h, stub, [
      {
        content: "Look up A-1.",
        steps: [{ toolCalls: [{ toolName: "lookup", args: { id: "A-1" } }] }, { text: "Found." }],
      },
    ]);
    const script: MockStep[] = [{ toolCalls: [{ toolName: "lookup", args: { id: "B-2" } }] }, { text: "Found." }];

    const recorded = await replay(h, stub, script, "recorded");
    expect(recorded.session.stats).toEqual({ recorded: 0, live: 0, refused: 1 });
    expect(stub.count("lookup")).toBe(1);

    const live = await replay(h, stub, script, "live-pure");
    expect(live.session.stats).toEqual({ recorded: 0, live: 1, refused: 0 });
    expect(stub.calls.at(-1)).toEqual({ tool: "lookup", args: { id: "B-2" } });
    expect(
      eventsOfType(h.store, "rep", "ToolReturnEvent").map((e) => [e.data.success, e.data.errorType ?? null]),
    ).toEqual([
      [false, "ReplayRefused"],
      [true, null],
    ]);
  });

  it("matches the k-th call of a tool in the same turn, with equal arguments", async () => {
    const { h, stub } = setup();
    await original(h, stub, [
      {
        content: "Check A-1 twice and B-2.",
        steps: [
          { toolCalls: [{ toolName: "lookup", args: { id: "A-1" } }] },
          { toolCalls: [{ toolName: "lookup", args: { id: "B-2" } }] },
          { toolCalls: [{ toolName: "lookup", args: { id: "A-1" } }] },
          { text: "Checked." },
        ],
      },
      { content: "Again A-1.", steps: [{ toolCalls: [{ toolName: "lookup", args: { id: "A-1" } }] }, { text: "Ok." }] },
    ]);
    expect(toolResults(h, "orig").map((o) => (o && "value" in o ? o.value : null))).toEqual([
      "lookup#1",
      "lookup#2",
      "lookup#3",
      "lookup#4",
    ]);
    const { session } = await replay(h, stub, [
      // Turn 1: the same three calls → the 1st, 2nd and 3rd recorded results (not the 1st twice).
      { toolCalls: [{ toolName: "lookup", args: { id: "A-1" } }] },
      { toolCalls: [{ toolName: "lookup", args: { id: "B-2" } }] },
      { toolCalls: [{ toolName: "lookup", args: { id: "A-1" } }] },
      { text: "Checked." },
      // Turn 2: its first lookup is turn 2's first (A-1); a second one has no record.
      {
        toolCalls: [
          { toolName: "lookup", args: { id: "A-1" } },
          { toolName: "lookup", args: { id: "A-1" } },
        ],
      },
      { text: "Ok." },
    ]);
    expect(session.stats).toEqual({ recorded: 4, live: 0, refused: 1 });
    expect(toolResults(h, "rep").map((o) => (o && "value" in o ? o.value : null))).toEqual([
      "lookup#1",
      "lookup#2",
      "lookup#3",
      "lookup#4",
      expect.stringContaining("ReplayRefused"),
    ]);
    expect(stub.count("lookup")).toBe(4);

    // Out of order: the 1st lookup of the turn was A-1, so B-2 first matches nothing.
    const swapped = await replay(h, stub, [
      { toolCalls: [{ toolName: "lookup", args: { id: "B-2" } }] },
      { text: "x" },
      { text: "y" },
    ]);
    expect(swapped.session.stats.refused).toBe(1);
  });

  it("replays a recorded denial as a denial and creates no approval for a tool that needs one", async () => {
    const { h, stub } = setup();
    // The original: deploy was held, then denied (as resume-run answers a denied call).
    const first = await turn(
      withModel(h, [{ toolCalls: [{ toolName: "deploy", args: { env: "prod" } }] }], stub).deps,
      "orig",
      "support",
      "Ship it.",
    );
    expect(first.final.status).toBe("suspended");
    expect(h.store.approvals).toHaveLength(1);
    const call = eventsOfType(h.store, "orig", "ToolCallEvent")[0].data;
    await h.store.appendEvents("orig", [
      ...answerEvents(
        first.final.runId,
        healingAnswers(
          [call],
          "Denied by ops: not on a Friday. The call was not executed; do not retry it unless the user asks again.",
          "ApprovalDenied",
        ),
      ),
      {
        event: newEvent(first.final.runId, "RunFinished", {
          status: "completed",
          stopReason: "end_turn",
          usage: first.final.usage,
          costNanoUsd: 0,
        }),
      },
    ]);

    const { outcome, session } = await replay(h, stub, [
      { toolCalls: [{ toolName: "deploy", args: { env: "prod" } }] },
      { toolCalls: [{ toolName: "deploy", args: { env: "staging" } }] },
      { text: "Not deployed." },
    ]);
    expect(outcome.status).toBe("completed");
    expect(session.stats).toEqual({ recorded: 1, live: 0, refused: 1 });
    expect(stub.count("deploy")).toBe(0);
    expect(h.store.approvals).toHaveLength(1); // the original's only
    expect(eventsOfType(h.store, "rep", "ApprovalRequested")).toEqual([]);
    expect(eventsOfType(h.store, "rep", "ToolReturnEvent").map((e) => [e.data.errorType, e.data.replayed])).toEqual([
      ["ApprovalDenied", true],
      ["ReplayRefused", undefined],
    ]);
    expect(JSON.stringify(toolResults(h, "rep")[0])).toContain("Denied by ops: not on a Friday.");
    expect(h.store.runList({ conversationId: "rep" }).map((r) => r.status)).toEqual(["completed"]);
  });

  it("replays a command with its recorded result and a clear at the same point", async () => {
    const { h, stub } = setup();
    await original(h, stub, [{ content: "Hi.", steps: [{ text: "Hello." }] }]);
    await executeCommand(
      {
        conversationId: "orig",
        agentId: "support",
        tool: "refund",
        arguments: { orderId: "A-1", amount: 5 },
        actor: TEST_ACTOR,
        signal: new AbortController().signal,
      },
      h.deps,
    );
    await h.store.appendEvents("orig", [
      { event: newEvent(null, "LlmContextClearedEvent", { clearedMessageCount: 4 }) },
    ]);
    await original(h, stub, [{ content: "Again.", steps: [{ text: "Hello again." }] }]);
    expect(stub.count("refund")).toBe(1);

    const { outcome } = await replay(h, stub, [{ text: "Hello." }, { text: "Hello again." }]);
    expect(outcome.status).toBe("completed");
    expect(stub.count("refund")).toBe(1);
    const kinds = eventsOfType(h.store, "rep", "RunStarted").map((e) => e.data.kind);
    expect(kinds).toEqual(["turn", "command", "turn"]);
    expect(eventsOfType(h.store, "rep", "ToolReturnEvent").map((e) => [e.data.toolName, e.data.replayed])).toEqual([
      ["refund", true],
    ]);
    const types = h.store.eventsOf("rep").map((e) => e.type);
    expect(types.indexOf("LlmContextClearedEvent")).toBeGreaterThan(types.lastIndexOf("ToolReturnEvent"));
    expect(types.indexOf("LlmContextClearedEvent")).toBeLessThan(types.lastIndexOf("RunStarted"));
  });

  it("ends failed with the failing turn's error and stops there", async () => {
    const { h, stub } = setup();
    await original(h, stub, [
      { content: "One.", steps: [{ text: "1" }] },
      { content: "Two.", steps: [{ text: "2" }] },
    ]);
    const { outcome } = await replay(h, stub, [{ error: new Error("provider down") }]);
    expect(outcome.status).toBe("failed");
    expect(outcome.error?.message).toContain("provider down");
    expect(userMessages(h, "rep")).toEqual(["One."]);
  });
});
