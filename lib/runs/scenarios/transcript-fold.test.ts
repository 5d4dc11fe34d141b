/**
 * The studio's transcript (lib/events/transcript-fold.shared.ts) folded from the events the real
 * engine wrote, not from a hand-made log: a plain answer, tool calls, a run suspended with pending
 * approvals, a child run holding its caller's call, and a usage-limit breach with its conclusion.
 * Resume after decisions and supersede need the Prisma store: transcript-fold.int.test.ts.
 */
import { describe, expect, it } from "vitest";
import { foldTranscript } from "../../events/transcript-fold.shared";
import type { ToolCallView, Transcript, TranscriptRun } from "../../events/transcript-types.shared";
import { agentTool, createHarness, mockModel, sandboxStub, turn, type Harness } from "../testing/run-harness";
import { DEPLOY, LOOKUP } from "../testing/scenario-tools";

const fold = (h: Harness, conversationId = "c"): Transcript => foldTranscript(h.store.eventsOf(conversationId));
const runsOf = (t: Transcript): TranscriptRun[] => t.entries.flatMap((e) => (e.kind === "run" ? [e.run] : []));
const callsOf = (run: TranscriptRun): ToolCallView[] => run.items.flatMap((i) => (i.kind === "tool" ? [i.call] : []));
const textsOf = (run: TranscriptRun): string[] => run.items.flatMap((i) => (i.kind === "text" ? [i.text] : []));

describe("the transcript of what the engine wrote", () => {
  it("a plain answer: the user's message, one completed run with its text and usage", async () => {
    const h = createHarness({ models: mockModel([{ text: "Hello there." }]) });
    h.agents.define({ name: "greeter", model: { provider: "demo", model: "greeter" } });
    await turn(h.deps, "c", "greeter", "Hi!");

    const t = fold(h);
    expect(t.entries.map((e) => e.kind)).toEqual(["user", "run"]);
    expect(t.entries[0]).toMatchObject({ kind: "user", text: "Hi!" });
    const [run] = runsOf(t);
    expect(run).toMatchObject({ kind: "turn", status: "completed", stopReason: "end_turn", approvals: [] });
    expect(textsOf(run)).toEqual(["Hello there."]);
    expect(run.usage).toMatchObject({ requests: 1, inputTokens: 10, outputTokens: 5, totalTokens: 15, final: true });
    expect(t).toMatchObject({ running: false, heldApprovals: [], lastSeq: h.store.eventsOf("c").at(-1)!.seq });
  });

  it("tool calls: one card per call with its arguments, status and result, then the answer", async () => {
    const stub = sandboxStub({ lookup: (a) => `found ${String(a.q)}` });
    const model = mockModel([
      {
        toolCalls: [
          { toolName: "lookup", args: { q: "paris" } },
          { toolName: "lookup", args: { q: "rome" } },
        ],
      },
      { text: "Both found." },
    ]);
    const h = createHarness({ models: model, invokeSandbox: stub.invoke });
    h.agents.define({ name: "finder", model: { provider: "demo", model: "finder" } }, [LOOKUP]);
    await turn(h.deps, "c", "finder", "Find Paris and Rome.");

    const [run] = runsOf(fold(h));
    expect(callsOf(run).map((c) => [c.toolName, c.argumentsText, c.status, c.result])).toEqual([
      ["lookup", '{ "q": "paris" }', "ok", { type: "text", value: "found paris" }],
      ["lookup", '{ "q": "rome" }', "ok", { type: "text", value: "found rome" }],
    ]);
    expect(run.items.map((i) => i.kind)).toEqual(["tool", "tool", "text"]);
    expect(run).toMatchObject({ status: "completed", usage: { requests: 2, toolCalls: 2 } });
  });

  it("a suspended run: its held calls wait for their approvals, the others ran", async () => {
    const stub = sandboxStub({ lookup: (a) => a.q, deploy: (a) => a.env });
    const model = mockModel([
      {
        toolCalls: [
          { toolName: "lookup", args: { q: "status" } },
          { toolName: "deploy", args: { env: "prod" } },
          { toolName: "deploy", args: { env: "eu" } },
        ],
      },
    ]);
    const h = createHarness({ models: model, invokeSandbox: stub.invoke });
    h.agents.define({ name: "operator", model: { provider: "demo", model: "operator" }, autonomy: "auto" }, [
      LOOKUP,
      DEPLOY,
    ]);
    await turn(h.deps, "c", "operator", "Ship it.");

    const t = fold(h);
    const [run] = runsOf(t);
    expect(run).toMatchObject({ status: "suspended", stopReason: "awaiting_approval" });
    expect(callsOf(run).map((c) => [c.toolName, c.status])).toEqual([
      ["lookup", "ok"],
      ["deploy", "held"],
      ["deploy", "held"],
    ]);
    expect(t.running).toBe(false);
    // One listed approval per held call, as the store holds them.
    const [first, second] = h.store.approvals.map((a) => a.id);
    expect(t.heldApprovals.map((a) => [a.approvalId, a.toolName, a.argumentsText, a.decision])).toEqual([
      [first, "deploy", '{ "env": "prod" }', null],
      [second, "deploy", '{ "env": "eu" }', null],
    ]);
    expect(t.heldApprovals.map((a) => a.toolCallId)).toEqual(
      callsOf(run)
        .slice(1)
        .map((c) => c.toolCallId),
    );
  });

  it("a child run waiting for an approval holds its caller's call, nested inside it", async () => {
    const stub = sandboxStub({ deploy: (a) => a.env });
    const h = createHarness({ invokeSandbox: stub.invoke });
    const shipper = h.agents.define(
      {
        name: "shipper",
        description: "Ships the service to the environment it is asked for, once approved.",
        model: {
          provider: "scripted",
          model: "s",
          script: [{ toolCalls: [{ toolName: "deploy", args: { env: "prod" } }] }],
        },
        autonomy: "auto",
      },
      [DEPLOY],
    );
    h.agents.define(
      {
        name: "lead",
        model: {
          provider: "scripted",
          model: "l",
          script: [{ toolCalls: [{ toolName: "shipper", args: { task: "Ship to prod." } }] }],
        },
      },
      [agentTool(shipper)],
    );
    await turn(h.deps, "c", "lead", "Ship it.");

    const t = fold(h);
    const runs = runsOf(t);
    expect(runs).toHaveLength(1); // the child shows inside its caller's call, not at top level
    const [caller] = runs;
    expect(caller).toMatchObject({ kind: "turn", status: "suspended" });
    const [call] = callsOf(caller);
    expect(call).toMatchObject({ toolName: "shipper", status: "held" });
    const child = call.child!;
    expect(child).toMatchObject({ kind: "child", status: "suspended", parentRunId: caller.runId });
    expect(child.items[0]).toMatchObject({ kind: "task", text: "Ship to prod." });
    expect(callsOf(child).map((c) => [c.toolName, c.status])).toEqual([["deploy", "held"]]);
    expect(t.heldApprovals.map((a) => a.toolName)).toEqual(["deploy"]);
    expect(t.running).toBe(false);
    expect(stub.count("deploy")).toBe(0);
  });

  it("a usage-limit breach: the run stops at its limit, its unrun calls are answered, and the conclusion follows", async () => {
    const stub = sandboxStub({ lookup: (a) => a.q });
    const model = mockModel([
      { toolCalls: [{ toolName: "lookup", args: { q: "a" } }] },
      { toolCalls: [{ toolName: "lookup", args: { q: "b" } }] },
      { text: "Here is what I found so far." },
    ]);
    const h = createHarness({ models: model, invokeSandbox: stub.invoke });
    h.agents.define(
      {
        name: "budgeted",
        model: { provider: "demo", model: "budgeted" },
        runLimits: { toolCallsLimit: 1 },
        limitRecovery: { policy: "conclude" },
      },
      [LOOKUP],
    );
    await turn(h.deps, "c", "budgeted", "Look both up.");

    const t = fold(h);
    const [limited, conclusion] = runsOf(t);
    expect(limited).toMatchObject({ kind: "turn", status: "completed", stopReason: "usage_limit" });
    expect(limited.concludedBy).toBe(conclusion.runId);
    const calls = callsOf(limited);
    expect(calls[0]).toMatchObject({ status: "ok" });
    // The call the breach left unrun is answered for the model, never run.
    expect(calls.slice(1).every((c) => c.status === "error")).toBe(true);
    expect(calls.length).toBeGreaterThan(1);
    expect(stub.count("lookup")).toBe(1);
    expect(conclusion).toMatchObject({ kind: "conclusion", status: "completed" });
    expect(textsOf(conclusion)).toEqual(["Here is what I found so far."]);
    expect(t.running).toBe(false);
  });
});
