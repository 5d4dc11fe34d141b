/**
 * Agents called as tools: the callee runs as a child run of the calling run, with its own limits and
 * lifetime budget, its events inside the caller's tool call, its answer as the tool's result; calls
 * deeper than MAX_AGENT_DEPTH are refused, and cancelling the turn stops child and parent.
 */
import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../../events/event-types";
import type { AgentToolRecord } from "../engine/ports";
import { MAX_AGENT_DEPTH } from "../engine/tools/agent-run-tool";
import {
  agentTool,
  createHarness,
  eventsOfType,
  hangingModel,
  sandboxStub,
  savedTool,
  toolSource,
  turn,
  type Harness,
} from "../testing/run-harness";

const LOOKUP = savedTool(toolSource("lookup", "{ sideEffecting: false }", "q: string", "  return q;"));
const TASK = "Find the population of Paris.";

function label(e: StoredEvent, runs: Record<string, string>): string {
  const type = e.type === "LlmMessageEvent" ? `LlmMessageEvent:${e.data.role}` : e.type;
  return `${runs[e.runId ?? ""] ?? e.runId} ${type}`;
}

/** A lead agent that delegates one task to `researcher`, then answers. */
function defineLead(h: Harness, options: { researcher?: Parameters<Harness["agents"]["define"]>[0] } = {}) {
  const researcher = h.agents.define(
    options.researcher ?? {
      name: "researcher",
      description: "Looks facts up and answers with the fact and the year it was measured.",
      model: { provider: "scripted", model: "r", script: [{ text: "Paris: 2.1 million (2023)." }] },
    },
    [LOOKUP],
  );
  h.agents.define(
    {
      name: "lead",
      model: {
        provider: "scripted",
        model: "l",
        script: [
          { toolCalls: [{ toolName: "researcher", args: { task: TASK } }] },
          { text: "About 2.1 million people live in Paris." },
          { toolCalls: [{ toolName: "researcher", args: { task: TASK } }] },
          { text: "Still about 2.1 million." },
        ],
      },
    },
    [agentTool(researcher)],
  );
  return researcher;
}

describe("child runs", () => {
  it("runs the called agent as a child run inside the caller's tool call and returns its answer as the tool result", async () => {
    const h = createHarness();
    h.deps.invokeSandbox = sandboxStub({ lookup: (a) => a.q }).invoke;
    defineLead(h);
    const result = await turn(h.deps, "c", "lead", "How many people live in Paris?");
    expect(result.final).toMatchObject({ status: "completed", text: "About 2.1 million people live in Paris." });

    const [parent, child] = h.store.runList({ conversationId: "c" });
    expect(parent).toMatchObject({ kind: "turn", parentRunId: null, depth: 0, agentId: "lead", status: "completed" });
    expect(child).toMatchObject({
      kind: "child",
      parentRunId: parent.id,
      rootRunId: parent.id,
      depth: 1,
      agentId: "researcher",
      status: "completed",
      stopReason: "end_turn",
    });

    const names = { [parent.id]: "parent", [child.id]: "child" };
    expect(h.store.eventsOf("c").map((e) => label(e, names))).toEqual([
      "parent RunStarted",
      "parent LlmMessageEvent:user",
      "parent LlmMessageEvent:assistant",
      "parent ToolCallEvent",
      "parent LlmUsageEvent",
      "child RunStarted",
      "child LlmMessageEvent:user",
      "child LlmMessageEvent:assistant",
      "child LlmUsageEvent",
      "child RunFinished",
      "parent LlmMessageEvent:tool",
      "parent ToolReturnEvent",
      "parent LlmMessageEvent:assistant",
      "parent LlmUsageEvent",
      "parent RunFinished",
    ]);
    const started = eventsOfType(h.store, "c", "RunStarted")[1];
    expect(started.data).toEqual({
      kind: "child",
      agentVersion: 1,
      parentRunId: parent.id,
      agentId: "researcher",
      model: "scripted:r",
      // The child works for the user who posted the turn.
      user: { id: "user-1", roles: [] },
    });
    // The child's prompt is its task.
    const childUser = h.store.eventsOf("c")[6];
    expect(childUser.data).toEqual({ role: "user", parts: [{ type: "text", text: TASK }] });
    // The parent's return names the child run; the child's answer is the tool result's text.
    expect(eventsOfType(h.store, "c", "ToolReturnEvent")[0].data).toMatchObject({
      toolName: "researcher",
      success: true,
      childRunId: child.id,
    });
    const toolMessage = h.store.eventsOf("c")[10];
    expect(toolMessage.data).toMatchObject({
      role: "tool",
      parts: [{ toolName: "researcher", output: { type: "text", value: "Paris: 2.1 million (2023)." } }],
    });
    // The child's tokens are the child agent's.
    expect(await h.store.agentLifetimeUsage("researcher")).toMatchObject({ runs: 1 });
    expect((await h.store.agentLifetimeUsage("researcher")).totalTokens).toBeGreaterThan(0);
    expect(await h.store.agentLifetimeUsage("lead")).toMatchObject({ runs: 1 });
  });

  it("runs the child under its own run limits: its breach is the parent's tool error and the parent continues", async () => {
    const h = createHarness();
    const stub = sandboxStub({ lookup: (a) => a.q });
    h.deps.invokeSandbox = stub.invoke;
    defineLead(h, {
      researcher: {
        name: "researcher",
        model: {
          provider: "scripted",
          model: "r",
          script: [{ toolCalls: [{ toolName: "lookup", args: { q: "paris" } }] }, { text: "never asked" }],
        },
        runLimits: { requestLimit: 1 },
        limitRecovery: { policy: "conclude" },
      },
    });
    const result = await turn(h.deps, "c", "lead", "How many people live in Paris?");
    expect(result.final).toMatchObject({ status: "completed", text: "About 2.1 million people live in Paris." });
    expect(stub.count("lookup")).toBe(1);

    const [parent, child] = h.store.runList({ conversationId: "c" });
    expect(h.store.runList().map((r) => r.kind)).toEqual(["turn", "child"]); // a child is never concluded
    expect(child).toMatchObject({
      status: "failed",
      stopReason: "usage_limit",
      error: { type: "RunUsageLimitError", limit: "requestLimit" },
    });
    const ret = eventsOfType(h.store, "c", "ToolReturnEvent").find((e) => e.runId === parent.id)!;
    expect(ret.data).toMatchObject({ success: false, errorType: "RunUsageLimitError", childRunId: child.id });
    const toolMessage = h.store
      .eventsOf("c")
      .find((e) => e.runId === parent.id && e.type === "LlmMessageEvent" && e.data.role === "tool")!;
    expect(toolMessage.data).toMatchObject({
      parts: [
        {
          output: {
            type: "error-text",
            value:
              "RunUsageLimitError: agent 'researcher' did not finish: RunUsageLimitError: The next request would exceed the requestLimit of 1 (requests=1)",
          },
        },
      ],
    });
  });

  it("checks the child's own lifetime budget: a spent child is the parent's AgentUsageLimitError tool error", async () => {
    const h = createHarness();
    h.deps.invokeSandbox = sandboxStub({ lookup: (a) => a.q }).invoke;
    defineLead(h, {
      researcher: {
        name: "researcher",
        model: { provider: "scripted", model: "r", script: [{ text: "Paris: 2.1 million." }] },
        agentLimits: { agentRequestLimit: 1 },
      },
    });
    await turn(h.deps, "c", "lead", "How many people live in Paris?");
    const second = await turn(h.deps, "c", "lead", "Check again.");
    expect(second.final).toMatchObject({ status: "completed", text: "Still about 2.1 million." });

    const ofSecond = h.store.eventsOf("c").filter((e) => e.runId === second.final.runId);
    expect(ofSecond.find((e) => e.type === "ToolReturnEvent")!.data).toEqual({
      toolName: "researcher",
      toolCallId: expect.any(String),
      success: false,
      durationMs: 0,
      errorType: "AgentUsageLimitError",
    });
    const toolMessage = ofSecond.find((e) => e.type === "LlmMessageEvent" && e.data.role === "tool")!;
    expect(toolMessage.data).toMatchObject({
      parts: [
        {
          output: {
            type: "error-text",
            value: "AgentUsageLimitError: Exceeded the agentRequestLimit of 1 (runCount=1)",
          },
        },
      ],
    });
    // No second child run started; the parent's budget is its own.
    expect(h.store.runList({ kind: "child" })).toHaveLength(1);
    expect(await h.store.agentLifetimeUsage("lead")).toMatchObject({ runs: 2 });
  });

  it("records a child agent's unchanged system prompt once, also when one step calls it twice in parallel", async () => {
    const h = createHarness();
    const helper = h.agents.define({
      name: "helper",
      description: "Does one small task and answers with a single line of text.",
      prompt: { template: "You help with one task at a time." },
      model: { provider: "scripted", model: "h", script: [{ text: "done" }] },
    });
    h.agents.define(
      {
        name: "lead",
        prompt: { template: "You delegate." },
        model: {
          provider: "scripted",
          model: "l",
          script: [
            {
              toolCalls: [
                { toolName: "helper", args: { task: "a" } },
                { toolName: "helper", args: { task: "b" } },
              ],
            },
            { text: "both done" },
            { toolCalls: [{ toolName: "helper", args: { task: "c" } }] },
            { text: "done again" },
          ],
        },
      },
      [agentTool(helper)],
    );
    await turn(h.deps, "c", "lead", "do a and b");
    await turn(h.deps, "c", "lead", "do c");
    const children = h.store.runList({ kind: "child" });
    expect(children).toHaveLength(3);
    const recorded = eventsOfType(h.store, "c", "LlmSystemPromptEvent").map((e) => e.runId);
    const turns = h.store.runList({ kind: "turn" });
    expect(recorded).toHaveLength(2);
    expect(recorded[0]).toBe(turns[0].id);
    expect(children.map((r) => r.id)).toContain(recorded[1]);
  });

  it(`refuses an agent call deeper than MAX_AGENT_DEPTH (${MAX_AGENT_DEPTH})`, async () => {
    const h = createHarness();
    const self: AgentToolRecord = {
      kind: "agent",
      agentId: "recursive",
      agentVersion: 1,
      name: "recursive",
      description: "Delegates the same task one level deeper, then answers with what came back.",
      sideEffecting: false,
    };
    h.agents.define(
      {
        name: "recursive",
        model: {
          provider: "scripted",
          model: "s",
          script: [{ toolCalls: [{ toolName: "recursive", args: { task: "go deeper" } }] }, { text: "bottom" }],
        },
      },
      [self],
    );
    const result = await turn(h.deps, "c", "recursive", "start");
    expect(result.final.status).toBe("completed");

    const runs = h.store.runList({ conversationId: "c" });
    expect(runs.map((r) => [r.kind, r.depth])).toEqual([
      ["turn", 0],
      ["child", 1],
      ["child", 2],
      ["child", 3],
      ["child", 4],
    ]);
    runs.slice(1).forEach((r, i) => expect(r.parentRunId).toBe(runs[i].id));
    const deepest = runs[4];
    const refused = eventsOfType(h.store, "c", "ToolReturnEvent").find((e) => e.runId === deepest.id)!;
    expect(refused.data).toMatchObject({ success: false, errorType: "ToolExecutionError" });
    expect(refused.data.childRunId).toBeUndefined();
    const message = h.store
      .eventsOf("c")
      .find((e) => e.runId === deepest.id && e.type === "LlmMessageEvent" && e.data.role === "tool")!;
    expect(message.data).toMatchObject({
      parts: [
        {
          output: {
            value: `ToolExecutionError: agent 'recursive' was not called: agents may call agents at most ${MAX_AGENT_DEPTH} levels deep.`,
          },
        },
      ],
    });
    expect(runs.every((r) => r.status === "completed")).toBe(true);
  });

  it("finishes both runs interrupted when the turn's signal is aborted while the child runs", async () => {
    const controller = new AbortController();
    const h = createHarness({
      models: { hang: hangingModel(() => setTimeout(() => controller.abort("the user pressed stop"), 10)) },
    });
    defineLead(h, { researcher: { name: "researcher", model: { provider: "demo", model: "hang" } } });
    const result = await turn(h.deps, "c", "lead", "How many people live in Paris?", { signal: controller.signal });
    expect(result.final).toMatchObject({ status: "interrupted", stopReason: "interrupted" });

    const [parent, child] = h.store.runList({ conversationId: "c" });
    expect([parent.status, child.status]).toEqual(["interrupted", "interrupted"]);
    const finished = eventsOfType(h.store, "c", "RunFinished").map((e) => [e.runId, e.data.status, e.data.stopReason]);
    expect(finished).toEqual([
      [child.id, "interrupted", "interrupted"],
      [parent.id, "interrupted", "interrupted"],
    ]);
    // The parent's call was answered (with the child's interruption) before the parent stopped.
    expect(eventsOfType(h.store, "c", "ToolReturnEvent").map((e) => e.data)).toEqual([
      expect.objectContaining({ toolName: "researcher", success: false, childRunId: child.id }),
    ]);
    expect(eventsOfType(h.store, "c", "RunFinished")[1].data.error).toMatchObject({
      type: "RunCancelledError",
      message: "the user pressed stop",
    });
  });
});
