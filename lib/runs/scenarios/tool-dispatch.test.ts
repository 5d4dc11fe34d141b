/**
 * The tool-dispatch chain, as named scenarios: repair turns for calls the model got wrong, the retry
 * budget per tool, idempotent replay of side-effecting calls within a run, memoized pure calls,
 * the audit of side-effecting calls, and which calls run concurrently.
 */
import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../../events/event-types";
import { startSandboxTestbed } from "../../sandbox/testing/sandbox-testbed";
import { canonicalHash } from "../engine/canonical-json";
import {
  createHarness,
  eventsOfType,
  mockModel,
  realSandbox,
  sandboxStub,
  savedTool,
  toolSource,
  turn,
  type MockStep,
  TEST_ACTOR,
} from "../testing/run-harness";

const WEATHER = savedTool(
  toolSource(
    "weather",
    "{ sideEffecting: false }",
    "city: string",
    "  return `${city}: 21 degrees`;",
    "Report the current weather for a city, in degrees Celsius.",
  ),
);
const SEND = savedTool(
  toolSource(
    "send_email",
    "{ sideEffecting: true }",
    "to: string, body: string",
    "  return `sent to ${to}`;",
    "Send a short e-mail to one recipient; every call sends a message.",
  ),
);
const QUOTE = savedTool(
  toolSource(
    "quote",
    "{ sideEffecting: false, idempotent: true }",
    "symbol: string",
    "  return 12.5;",
    "Return the latest traded price of a stock ticker symbol.",
  ),
);
const DICE = savedTool(
  toolSource(
    "dice",
    "{ sideEffecting: false }",
    "sides: number",
    "  return 4;",
    "Roll one die with the given number of sides and return the face it shows.",
  ),
);
const SET_FLAG = savedTool(
  toolSource(
    "set_flag",
    "{ sideEffecting: true, idempotent: true }",
    "name: string",
    "  return name;",
    "Switch a named feature flag on; switching it on twice leaves it on.",
  ),
);

/** The tool-result parts of every tool message, in order. */
function toolResults(events: StoredEvent[]) {
  return events.flatMap((e) =>
    e.type === "LlmMessageEvent" && e.data.role === "tool"
      ? e.data.parts.flatMap((p) => (p.type === "tool-result" ? [p] : []))
      : [],
  );
}

describe("repair turns", () => {
  const testbed = startSandboxTestbed();

  const CASES: Array<{ kind: string; bad: MockStep; expected: RegExp }> = [
    {
      kind: "a missing argument",
      bad: { toolCalls: [{ toolName: "weather", args: {} }] },
      expected: /^ToolArgumentError: .*missing.*'city'/s,
    },
    {
      kind: "an unexpected argument",
      bad: { toolCalls: [{ toolName: "weather", args: { city: "Lyon", units: "F" } }] },
      expected: /^ToolArgumentError: .*unexpected.*'units'/s,
    },
    {
      kind: "an unknown tool",
      bad: { toolCalls: [{ toolName: "forecast", args: { city: "Lyon" } }] },
      expected: /^ToolArgumentError: Unknown tool 'forecast'\. Available tools: weather\.$/,
    },
    {
      kind: "invalid argument JSON",
      bad: { toolCalls: [{ toolName: "weather", input: '{"city": "Lyon"' }] },
      expected: /^ToolArgumentError: tool 'weather' call rejected: the arguments are not valid JSON/,
    },
  ];

  it.each(CASES)(
    "returns $kind to the model as a ToolArgumentError, and the model's next call succeeds",
    async ({ bad, expected }) => {
      const model = mockModel([
        bad,
        { toolCalls: [{ toolName: "weather", args: { city: "Lyon" } }] },
        { text: "It is 21 degrees in Lyon." },
      ]);
      const h = createHarness({ models: model, invokeSandbox: realSandbox(() => testbed.pool) });
      h.agents.define({ name: "forecaster", model: { provider: "demo", model: "forecaster" } }, [WEATHER]);
      const result = await turn(h.deps, "c", "forecaster", "Weather in Lyon?");

      expect(result.final).toMatchObject({ status: "completed", text: "It is 21 degrees in Lyon." });
      const returns = eventsOfType(h.store, "c", "ToolReturnEvent").map((e) => e.data);
      expect(returns.map((r) => [r.success, r.errorType])).toEqual([
        [false, "ToolArgumentError"],
        [true, undefined],
      ]);
      const [repair, success] = toolResults(h.store.eventsOf("c"));
      if (repair.output.type !== "error-text") throw new Error(`expected an error text, got ${repair.output.type}`);
      expect(repair.output.value).toMatch(expected);
      expect(success.output).toEqual({ type: "text", value: "Lyon: 21 degrees" });
      // The model's repair request carried the error.
      expect(model.doStreamCalls[1].prompt.at(-1)).toMatchObject({
        role: "tool",
        content: [{ output: { type: "error-text", value: repair.output.value } }],
      });
    },
  );

  it("ends the run with ToolRetriesExceededError when one tool fails repairably more than runtime.retries times", async () => {
    const model = mockModel([
      { toolCalls: [{ toolName: "weather", args: {} }] },
      { toolCalls: [{ toolName: "weather", input: "{not json" }] },
      { toolCalls: [{ toolName: "weather", args: { town: "Lyon" } }] },
      { text: "never asked" },
    ]);
    const h = createHarness({ models: model, invokeSandbox: realSandbox(() => testbed.pool) });
    h.agents.define({ name: "forecaster", model: { provider: "demo", model: "forecaster" }, runtime: { retries: 2 } }, [
      WEATHER,
    ]);
    const result = await turn(h.deps, "c", "forecaster", "Weather in Lyon?");
    expect(model.doStreamCalls).toHaveLength(3);
    expect(result.final).toMatchObject({ status: "failed", stopReason: "error" });
    const events = h.store.eventsOf("c");
    expect(events.at(-1)!.data).toMatchObject({
      status: "failed",
      stopReason: "error",
      error: { type: "ToolRetriesExceededError", message: "Tool 'weather' exceeded max retries count of 2" },
    });
    // The third failure was still answered before the run ended: the context stays valid.
    expect(eventsOfType(h.store, "c", "ToolReturnEvent").map((e) => e.data.errorType)).toEqual([
      "ToolArgumentError",
      "ToolArgumentError",
      "ToolArgumentError",
    ]);
    expect(events.at(-2)!.type).toBe("ToolReturnEvent");
  });

  it("counts repairable failures per tool: another tool's failures do not spend this one's retries", async () => {
    const model = mockModel([
      { toolCalls: [{ toolName: "weather", args: {} }] },
      { toolCalls: [{ toolName: "forecast", args: {} }] },
      { toolCalls: [{ toolName: "weather", args: { city: "Lyon" } }] },
      { text: "21 degrees." },
    ]);
    const h = createHarness({ models: model, invokeSandbox: realSandbox(() => testbed.pool) });
    h.agents.define({ name: "forecaster", model: { provider: "demo", model: "forecaster" }, runtime: { retries: 1 } }, [
      WEATHER,
    ]);
    const result = await turn(h.deps, "c", "forecaster", "Weather in Lyon?");
    expect(result.final).toMatchObject({ status: "completed", text: "21 degrees." });
  });
});

describe("idempotency, memoize and audit", () => {
  function setup(steps: MockStep[]) {
    const stub = sandboxStub({
      send_email: (args) => `sent to ${String(args.to)}`,
      quote: () => 12.5,
      dice: () => 4,
      set_flag: (args) => `on: ${String(args.name)}`,
    });
    const h = createHarness({ models: mockModel(steps), invokeSandbox: stub.invoke });
    h.agents.define({ name: "clerk", model: { provider: "demo", model: "clerk" } }, [SEND, QUOTE, DICE, SET_FLAG]);
    return { h, stub };
  }
  const send = { toolName: "send_email", args: { to: "ana@example.com", body: "Hi" } };
  const sendReordered = { toolName: "send_email", args: { body: "Hi", to: "ana@example.com" } };

  it("executes the same side-effecting call once per run (the repeat is replayed) but again in the next run", async () => {
    const { h, stub } = setup([
      { toolCalls: [send, sendReordered] },
      { toolCalls: [send] },
      { text: "Sent." },
      { toolCalls: [send] },
      { text: "Sent again." },
    ]);
    const first = await turn(h.deps, "c", "clerk", "Mail Ana.");
    expect(stub.count("send_email")).toBe(1);
    const returns = eventsOfType(h.store, "c", "ToolReturnEvent").map((e) => e.data);
    expect(returns.map((r) => [r.success, r.replayed])).toEqual([
      [true, undefined],
      [true, true],
      [true, true],
    ]);
    // The replay answers with the first call's result.
    expect(toolResults(h.store.eventsOf("c")).map((p) => p.output)).toEqual([
      { type: "text", value: "sent to ana@example.com" },
      { type: "text", value: "sent to ana@example.com" },
      { type: "text", value: "sent to ana@example.com" },
    ]);

    const second = await turn(h.deps, "c", "clerk", "Mail Ana once more.");
    expect(stub.count("send_email")).toBe(2);
    const ofSecond = eventsOfType(h.store, "c", "ToolReturnEvent").filter((e) => e.runId === second.final.runId);
    expect(ofSecond.map((e) => e.data.replayed)).toEqual([undefined]);
    expect(first.final.runId).not.toBe(second.final.runId);
  });

  it("memoizes a pure idempotent call repeated with the same arguments within a run, but never a side-effecting one", async () => {
    const quote = (symbol: string) => ({ toolName: "quote", args: { symbol } });
    const flag = { toolName: "set_flag", args: { name: "beta" } };
    const { h, stub } = setup([
      { toolCalls: [quote("ACME")] },
      { toolCalls: [quote("ACME"), quote("INIT"), flag] },
      { toolCalls: [flag, { toolName: "dice", args: { sides: 6 } }, { toolName: "dice", args: { sides: 6 } }] },
      { text: "done" },
      { toolCalls: [quote("ACME"), flag] },
      { text: "done again" },
    ]);
    await turn(h.deps, "c", "clerk", "Quote ACME twice, then INIT, set the flag, roll dice.");
    expect(stub.count("quote")).toBe(2); // ACME once, INIT once
    expect(stub.count("set_flag")).toBe(1);
    expect(stub.count("dice")).toBe(2); // pure but not idempotent: never memoized
    const returns = eventsOfType(h.store, "c", "ToolReturnEvent").map((e) => [
      e.data.toolName,
      e.data.memoized ?? false,
      e.data.replayed ?? false,
    ]);
    expect(returns).toEqual([
      ["quote", false, false],
      ["quote", true, false],
      ["quote", false, false],
      ["set_flag", false, false],
      ["set_flag", false, true],
      ["dice", false, false],
      ["dice", false, false],
    ]);

    // A new run starts with nothing memoized.
    await turn(h.deps, "c", "clerk", "Once more.");
    expect(stub.count("quote")).toBe(3);
    expect(stub.count("set_flag")).toBe(2);
    expect(
      eventsOfType(h.store, "c", "ToolReturnEvent").some((e) => e.data.toolName === "set_flag" && e.data.memoized),
    ).toBe(false);
  });

  it("memoizes identical pure calls of one step: the body runs once", async () => {
    const { h, stub } = setup([
      {
        toolCalls: [
          { toolName: "quote", args: { symbol: "ACME" } },
          { toolName: "quote", args: { symbol: "ACME" } },
        ],
      },
      { text: "12.5" },
    ]);
    await turn(h.deps, "c", "clerk", "Quote ACME.");
    expect(stub.count("quote")).toBe(1);
    expect(eventsOfType(h.store, "c", "ToolReturnEvent").map((e) => e.data.memoized ?? false)).toEqual([false, true]);
  });

  it("writes every side-effecting call — replays included — to the audit list, and no pure call", async () => {
    const { h } = setup([
      { toolCalls: [send, { toolName: "quote", args: { symbol: "ACME" } }] },
      { toolCalls: [send] },
      { text: "Sent." },
    ]);
    const result = await turn(h.deps, "c", "clerk", "Mail Ana and quote ACME.");
    const calls = eventsOfType(h.store, "c", "ToolCallEvent")
      .filter((e) => e.data.toolName === "send_email")
      .map((e) => e.data.toolCallId);
    const hash = canonicalHash({ to: "ana@example.com", body: "Hi" });
    expect(h.store.auditLog).toEqual([
      {
        actorId: TEST_ACTOR.id,
        actor: TEST_ACTOR.name,
        action: "tool.call",
        target: "send_email",
        details: {
          conversationId: "c",
          runId: result.final.runId,
          toolCallId: calls[0],
          argumentsHash: hash,
          ok: true,
        },
      },
      {
        actorId: TEST_ACTOR.id,
        actor: TEST_ACTOR.name,
        action: "tool.call",
        target: "send_email",
        details: {
          conversationId: "c",
          runId: result.final.runId,
          toolCallId: calls[1],
          argumentsHash: hash,
          ok: true,
          replayed: true,
        },
      },
    ]);
  });
});

describe("concurrency", () => {
  it("runs a step's pure calls concurrently and its side-effecting calls one after another, alongside them", async () => {
    const running = { pure: 0, effect: 0 };
    const peak = { pure: 0, effect: 0, all: 0 };
    const order: string[] = [];
    const wait = (kind: "pure" | "effect", label: string) => async () => {
      running[kind] += 1;
      peak[kind] = Math.max(peak[kind], running[kind]);
      peak.all = Math.max(peak.all, running.pure + running.effect);
      order.push(`start ${label}`);
      await new Promise((r) => setTimeout(r, 40));
      order.push(`end ${label}`);
      running[kind] -= 1;
      return label;
    };
    const stub = sandboxStub({
      weather: (args) => wait("pure", `weather ${String(args.city)}`)(),
      send_email: (args) => wait("effect", `send ${String(args.to)}`)(),
    });
    const calls = [
      { toolName: "send_email", args: { to: "a", body: "1" } },
      { toolName: "weather", args: { city: "Lyon" } },
      { toolName: "send_email", args: { to: "b", body: "2" } },
      { toolName: "weather", args: { city: "Nice" } },
      { toolName: "weather", args: { city: "Metz" } },
      { toolName: "send_email", args: { to: "c", body: "3" } },
    ];
    const h = createHarness({
      models: mockModel([{ toolCalls: calls }, { text: "done" }]),
      invokeSandbox: stub.invoke,
    });
    h.agents.define({ name: "busy", model: { provider: "demo", model: "busy" } }, [WEATHER, SEND]);
    const started = performance.now();
    await turn(h.deps, "c", "busy", "do six things");
    const elapsed = performance.now() - started;

    expect(peak.pure).toBe(3);
    expect(peak.effect).toBe(1);
    expect(peak.all).toBe(4);
    // Side-effecting calls in the model's order, each ending before the next starts.
    expect(order.filter((o) => o.includes("send"))).toEqual([
      "start send a",
      "end send a",
      "start send b",
      "end send b",
      "start send c",
      "end send c",
    ]);
    // Three 40 ms sends in a row bound the step (the pure calls ran inside that time).
    expect(elapsed).toBeGreaterThanOrEqual(115);
    // Results still come back in the model's order.
    expect(eventsOfType(h.store, "c", "ToolReturnEvent").map((e) => e.data.toolName)).toEqual(
      calls.map((c) => c.toolName),
    );
  });
});
