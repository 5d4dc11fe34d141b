/**
 * Structured mode (lib/agents/README.md, "Tool mode"): the model gets no tools, answers one JSON
 * object per step, and the chosen action runs through the same checks, gating and dispatch as a
 * native call — recorded as the assistant's JSON, a ToolCallEvent with a generated id, the result
 * as a user message, and a ToolReturnEvent; `final_answer` ends the run with its text.
 */
import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../../events/event-types";
import {
  createHarness,
  eventsOfType,
  mockModel,
  sandboxStub,
  savedTool,
  toolSource,
  turn,
} from "../testing/run-harness";
import { foldContext, lastAssistantTexts } from "../engine/context-fold";
import { foldTranscript } from "../../events/transcript-fold.shared";
import { danglingOf } from "../infra/store/recover-interrupted-runs";

const READ = savedTool(
  toolSource(
    "read_doc",
    "{ sideEffecting: false }",
    "id: string",
    "  return id;",
    "Read a document by its id and return its text.",
  ),
);
const DEPLOY = savedTool(
  toolSource(
    "deploy",
    "{ sideEffecting: true, requiresApproval: true }",
    "env: string",
    "  return env;",
    "Deploy the service to an environment; customers see it.",
  ),
);
const HIDDEN = savedTool(
  toolSource(
    "hidden",
    `{ sideEffecting: false, availableWhen: { role: "approver" } }`,
    "x: string",
    "  return x;",
    "A tool only approvers are offered, never others.",
  ),
);

const FIELDS = [{ name: "reasoning", type: "string" as const, description: "Why this action" }];

function labels(events: StoredEvent[]): string[] {
  return events.map((e) => (e.type === "LlmMessageEvent" ? `LlmMessageEvent:${e.data.role}` : e.type));
}

const obj = (value: unknown) => ({ text: JSON.stringify(value) });

describe("structured actions", () => {
  it("runs a chosen tool through the dispatch and ends with final_answer's text", async () => {
    const model = mockModel([
      obj({ reasoning: "I need the document", action: { read_doc: { id: "doc-1" } } }),
      obj({ reasoning: "I have it", action: { final_answer: { text: "The document says doc-1." } } }),
    ]);
    const stub = sandboxStub({ read_doc: (a) => `text of ${a.id}` });
    const h = createHarness({ models: model, invokeSandbox: stub.invoke });
    h.agents.define(
      { name: "reader", model: { provider: "demo", model: "x" }, toolMode: "structured", responseFields: FIELDS },
      [READ, HIDDEN],
    );
    const result = await turn(h.deps, "c", "reader", "What does doc-1 say?");
    expect(result.final).toMatchObject({
      status: "completed",
      stopReason: "end_turn",
      text: "The document says doc-1.",
    });
    expect(stub.calls.map((c) => c.tool)).toEqual(["read_doc"]);

    // The model got no tools, the action model as JSON response format, and the schema in its prompt.
    const first = model.doStreamCalls[0]!;
    expect(first.tools).toBeUndefined();
    expect(first.responseFormat).toMatchObject({ type: "json", name: "action" });
    const schema = (first.responseFormat as { schema: { properties: Record<string, { anyOf?: unknown[] }> } }).schema;
    // Availability holds: `hidden` is not offered to a user without the approver role.
    const choices = (schema.properties.action!.anyOf as Array<{ title: string }>).map((c) => c.title);
    expect(choices).toEqual(["read_doc", "final_answer"]);
    expect(schema.properties.reasoning).toEqual({ type: "string", description: "Why this action" });
    const system = first.prompt.find((m) => m.role === "system");
    expect(system?.content).toContain('"final_answer"');

    const events = h.store.eventsOf("c");
    expect(labels(events)).toEqual([
      "RunStarted",
      "LlmSystemPromptEvent",
      "LlmMessageEvent:user",
      "LlmMessageEvent:assistant",
      "ToolCallEvent",
      "LlmUsageEvent",
      "LlmMessageEvent:user",
      "ToolReturnEvent",
      "LlmMessageEvent:assistant",
      "LlmUsageEvent",
      "RunFinished",
    ]);
    const [call] = eventsOfType(h.store, "c", "ToolCallEvent");
    expect(call!.data.toolCallId).toMatch(/^action_/);
    expect(call!.data).toMatchObject({ toolName: "read_doc", arguments: '{"id":"doc-1"}' });
    const [ret] = eventsOfType(h.store, "c", "ToolReturnEvent");
    expect(ret!.data).toMatchObject({ toolCallId: call!.data.toolCallId, toolName: "read_doc", success: true });
    // The assistant message is the JSON with its shared fields; the result is the user's text.
    const messages = eventsOfType(h.store, "c", "LlmMessageEvent");
    expect(messages[1]!.data.parts).toEqual([
      {
        type: "text",
        text: JSON.stringify({ reasoning: "I need the document", action: { read_doc: { id: "doc-1" } } }),
      },
    ]);
    expect(messages[2]!.data).toEqual({
      role: "user",
      parts: [{ type: "text", text: "Result of action read_doc: text of doc-1" }],
    });
    // The second request reads the step as the fold does: JSON, then the result as user text.
    const second = model.doStreamCalls[1]!.prompt.filter((m) => m.role !== "system");
    expect(second.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(foldContext(events).messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    // The run's answer as the transcript and callers read it is final_answer's text.
    expect(lastAssistantTexts(events).get(result.final.runId)).toBe("The document says doc-1.");
    // The transcript: the user's message once, the shared fields, the call's card with its result, the answer.
    const t = foldTranscript(events);
    expect(t.entries.map((e) => e.kind)).toEqual(["user", "run"]);
    const run = t.runs[result.final.runId]!;
    expect(
      run.items.map((i) =>
        i.kind === "tool" ? ["tool", i.call.status, i.call.result] : [i.kind, "text" in i ? i.text : ""],
      ),
    ).toEqual([
      ["text", "reasoning: I need the document"],
      ["tool", "ok", { type: "text", value: "text of doc-1" }],
      ["text", "The document says doc-1."],
    ]);
  });

  it("answers a tool action with invalid arguments as a native call's ToolArgumentError", async () => {
    const model = mockModel([
      obj({ reasoning: "go", action: { read_doc: { nope: 1 } } }),
      obj({ reasoning: "done", action: { final_answer: { text: "ok" } } }),
    ]);
    const stub = sandboxStub({ read_doc: (a) => a.id });
    const h = createHarness({ models: model, invokeSandbox: stub.invoke });
    h.agents.define(
      { name: "reader", model: { provider: "demo", model: "x" }, toolMode: "structured", responseFields: FIELDS },
      [READ],
    );
    const result = await turn(h.deps, "c", "reader", "read");
    expect(result.final.status).toBe("completed");
    expect(stub.calls).toHaveLength(0);
    expect(eventsOfType(h.store, "c", "ToolReturnEvent")[0]!.data).toMatchObject({
      success: false,
      errorType: "ToolArgumentError",
    });
    const result1 = eventsOfType(h.store, "c", "LlmMessageEvent")[2]!;
    expect(result1.data.role).toBe("user");
    expect(JSON.stringify(result1.data.parts)).toContain("Action read_doc failed (ToolArgumentError)");
  });

  it("repairs a malformed object with a repair message, then fails clearly past the retries", async () => {
    const model = mockModel([
      { text: "I think I will read the document." },
      obj({ action: { read_doc: { id: "doc-1" } } }),
      obj({ reasoning: "now well-formed", action: { read_doc: { id: "doc-1" } } }),
      obj({ reasoning: "done", action: { final_answer: { text: "Read." } } }),
    ]);
    const stub = sandboxStub({ read_doc: (a) => a.id });
    const h = createHarness({ models: model, invokeSandbox: stub.invoke });
    h.agents.define(
      {
        name: "reader",
        model: { provider: "demo", model: "x" },
        toolMode: "structured",
        responseFields: FIELDS,
        runtime: { retries: 2 },
      },
      [READ],
    );
    const result = await turn(h.deps, "c", "reader", "read doc-1");
    expect(result.final).toMatchObject({ status: "completed", text: "Read." });
    expect(stub.calls).toHaveLength(1);
    const repairs = eventsOfType(h.store, "c", "LlmMessageEvent").filter(
      (e) => e.data.role === "user" && JSON.stringify(e.data.parts).includes("not a valid action object"),
    );
    expect(repairs).toHaveLength(2);
    expect(JSON.stringify(repairs[0]!.data.parts)).toContain("not valid JSON");
    expect(JSON.stringify(repairs[1]!.data.parts)).toContain('\\"reasoning\\" is missing');
    expect(JSON.stringify(repairs[1]!.data.parts)).toContain("read_doc, final_answer");
    // No call is recorded for a malformed object.
    expect(eventsOfType(h.store, "c", "ToolCallEvent")).toHaveLength(1);
    // The transcript shows each repair as a notice of the run, never as the user's message.
    const t = foldTranscript(h.store.eventsOf("c"));
    expect(t.entries.filter((e) => e.kind === "user")).toHaveLength(1);
    const items = t.runs[result.final.runId]!.items;
    expect(items.filter((i) => i.kind === "notice").map((i) => (i as { tone: string }).tone)).toEqual(["warn", "warn"]);

    const failing = mockModel([{ text: "nope" }, { text: "{broken" }]);
    const h2 = createHarness({ models: failing });
    h2.agents.define(
      {
        name: "reader",
        model: { provider: "demo", model: "x" },
        toolMode: "structured",
        runtime: { retries: 1 },
      },
      [],
    );
    const failed = await turn(h2.deps, "c2", "reader", "hi");
    expect(failed.final).toMatchObject({ status: "failed", stopReason: "error" });
    expect(failed.final.error).toMatchObject({ type: "StructuredResponseError" });
    expect(failed.final.error!.message).toContain("without a valid action object");
  });

  it("holds a side-effecting action for approval like a native call", async () => {
    const model = mockModel([obj({ reasoning: "ship", action: { deploy: { env: "prod" } } })]);
    const stub = sandboxStub({ deploy: (a) => a.env });
    const h = createHarness({ models: model, invokeSandbox: stub.invoke });
    h.agents.define(
      { name: "ops", model: { provider: "demo", model: "x" }, toolMode: "structured", responseFields: FIELDS },
      [DEPLOY],
    );
    const result = await turn(h.deps, "c", "ops", "Deploy to prod.");
    expect(result.final).toMatchObject({ status: "suspended", stopReason: "awaiting_approval" });
    expect(stub.calls).toHaveLength(0);
    const [call] = eventsOfType(h.store, "c", "ToolCallEvent");
    expect(h.store.approvals).toEqual([
      expect.objectContaining({ toolName: "deploy", toolCallId: call!.data.toolCallId, arguments: { env: "prod" } }),
    ]);
    expect(labels(h.store.eventsOf("c")).slice(-2)).toEqual(["ApprovalRequested", "RunFinished"]);
  });

  it("a structured call left unanswered is dangling for restart recovery; an answered one is not", async () => {
    const model = mockModel([obj({ reasoning: "ship", action: { deploy: { env: "prod" } } })]);
    const h = createHarness({ models: model, invokeSandbox: sandboxStub({ deploy: (a) => a.env }).invoke });
    h.agents.define(
      { name: "ops", model: { provider: "demo", model: "x" }, toolMode: "structured", responseFields: FIELDS },
      [DEPLOY],
    );
    const result = await turn(h.deps, "c", "ops", "Deploy to prod.");
    const [call] = eventsOfType(h.store, "c", "ToolCallEvent");
    expect(danglingOf(h.store.eventsOf("c"), result.final.runId)).toEqual([
      { toolCallId: call!.data.toolCallId, toolName: "deploy" },
    ]);

    const read = mockModel([
      obj({ reasoning: "r", action: { read_doc: { id: "d" } } }),
      obj({ reasoning: "r", action: { final_answer: { text: "x" } } }),
    ]);
    const h2 = createHarness({ models: read, invokeSandbox: sandboxStub({ read_doc: (a) => a.id }).invoke });
    h2.agents.define(
      { name: "reader", model: { provider: "demo", model: "x" }, toolMode: "structured", responseFields: FIELDS },
      [READ],
    );
    const done = await turn(h2.deps, "c", "reader", "read");
    expect(danglingOf(h2.store.eventsOf("c"), done.final.runId)).toEqual([]);
  });

  it("the scripted model plays structured steps from its script", async () => {
    const stub = sandboxStub({ read_doc: (a) => `text of ${a.id}` });
    const h = createHarness({ invokeSandbox: stub.invoke });
    h.agents.define(
      {
        name: "scripted",
        model: {
          provider: "scripted",
          model: "s",
          script: [
            { toolCalls: [{ toolName: "read_doc", args: { id: "doc-9" } }] },
            { text: "{not json" },
            { text: "All read." },
          ],
        },
        toolMode: "structured",
        responseFields: FIELDS,
      },
      [READ],
    );
    const result = await turn(h.deps, "c", "scripted", "read doc-9");
    expect(result.final).toMatchObject({ status: "completed", text: "All read." });
    expect(stub.calls).toHaveLength(1);
    const assistant = eventsOfType(h.store, "c", "LlmMessageEvent").filter((e) => e.data.role === "assistant");
    expect(JSON.parse((assistant[0]!.data.parts[0] as { text: string }).text)).toEqual({
      reasoning: "(scripted)",
      action: { read_doc: { id: "doc-9" } },
    });
  });

  it("the offline demo model chooses an action, then answers from its result", async () => {
    const stub = sandboxStub({ read_doc: (a) => `text of ${a.id}` });
    const h = createHarness({ invokeSandbox: stub.invoke });
    h.agents.define(
      { name: "demo", model: { provider: "demo", model: "demo" }, toolMode: "structured", responseFields: FIELDS },
      [READ],
    );
    const result = await turn(h.deps, "c", "demo", 'Read the document "doc-7"');
    expect(result.final.status).toBe("completed");
    expect(stub.calls).toHaveLength(1);
    expect(result.final.text).toContain("Result of action read_doc: text of doc-7");
  });
});
