/**
 * Approval gating under the three autonomy tiers: which calls are held, that held calls do not run
 * while the step's other calls do, and that the run then finishes suspended with one approval and one
 * ApprovalRequested (frozen arguments, SHA-256 of their canonical JSON) per held call.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../../events/event-types";
import type { AgentToolRecord } from "../engine/ports";
import {
  agentTool,
  createHarness,
  eventsOfType,
  memoryTool,
  mockModel,
  sandboxStub,
  savedTool,
  toolSource,
  turn,
} from "../testing/run-harness";

const READ = savedTool(
  toolSource(
    "read_doc",
    "{ sideEffecting: false }",
    "id: string",
    "  return id;",
    "Read a document by its id and return its text.",
  ),
);
const WRITE = savedTool(
  toolSource(
    "write_doc",
    "{ sideEffecting: true }",
    "id: string, text: string",
    "  return id;",
    "Overwrite a document's text; the old text is lost.",
  ),
);
const DEPLOY = savedTool(
  toolSource(
    "deploy",
    "{ sideEffecting: true, requiresApproval: true }",
    "env: string, version: string, options: { region: string; canary: boolean }",
    "  return env;",
    "Deploy a version of the service to an environment; customers see it at once.",
  ),
);

const CALLS = [
  { toolName: "read_doc", args: { id: "doc-1" } },
  { toolName: "write_doc", args: { text: "new text", id: "doc-1" } },
  { toolName: "deploy", args: { version: "1.2.0", options: { region: "eu", canary: true }, env: "prod" } },
];

function labels(events: StoredEvent[]): string[] {
  return events.map((e) => (e.type === "LlmMessageEvent" ? `LlmMessageEvent:${e.data.role}` : e.type));
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The canonical JSON of each call's arguments, written out by hand (keys sorted at every depth). */
const CANONICAL: Record<string, string> = {
  read_doc: '{"id":"doc-1"}',
  write_doc: '{"id":"doc-1","text":"new text"}',
  deploy: '{"env":"prod","options":{"canary":true,"region":"eu"},"version":"1.2.0"}',
};

describe("approval gating", () => {
  it.each([
    { autonomy: "auto" as const, held: ["deploy"] },
    { autonomy: "gated" as const, held: ["write_doc", "deploy"] },
    { autonomy: "manual" as const, held: ["read_doc", "write_doc", "deploy"] },
  ])("under $autonomy holds $held, runs the step's other calls, and suspends the run", async ({ autonomy, held }) => {
    const model = mockModel([{ toolCalls: CALLS }, { text: "never asked" }]);
    const stub = sandboxStub({ read_doc: (a) => a.id, write_doc: (a) => a.id, deploy: (a) => a.env });
    const h = createHarness({ models: model, invokeSandbox: stub.invoke });
    h.agents.define({ name: "operator", model: { provider: "demo", model: "operator" }, autonomy }, [
      READ,
      WRITE,
      DEPLOY,
    ]);
    const result = await turn(h.deps, "c", "operator", "Update doc-1 and ship 1.2.0.");
    const executed = CALLS.map((c) => c.toolName).filter((n) => !held.includes(n));

    // Held calls never ran; the others did, once.
    expect(stub.calls.map((c) => c.tool).sort()).toEqual([...executed].sort());
    expect(model.doStreamCalls).toHaveLength(1);
    expect(result.runs).toHaveLength(1);
    expect(result.final).toMatchObject({ status: "suspended", stopReason: "awaiting_approval", error: null });
    expect(h.store.runs.get(result.final.runId)).toMatchObject({
      status: "suspended",
      stopReason: "awaiting_approval",
    });

    expect(labels(h.store.eventsOf("c"))).toEqual([
      "RunStarted",
      "LlmMessageEvent:user",
      "LlmMessageEvent:assistant",
      "ToolCallEvent",
      "ToolCallEvent",
      "ToolCallEvent",
      "LlmUsageEvent",
      ...(executed.length ? ["LlmMessageEvent:tool", ...executed.map(() => "ToolReturnEvent")] : []),
      ...held.map(() => "ApprovalRequested"),
      "RunFinished",
    ]);
    const callIds = Object.fromEntries(
      eventsOfType(h.store, "c", "ToolCallEvent").map((e) => [e.data.toolName, e.data.toolCallId]),
    );
    // The tool message answers only the calls that ran.
    expect(eventsOfType(h.store, "c", "ToolReturnEvent").map((e) => e.data.toolName)).toEqual(executed);

    // One approval and one ApprovalRequested per held call, bound to the hash of its canonical
    // arguments and to what will run: the version of the saved tool the run loaded.
    const args = Object.fromEntries(CALLS.map((c) => [c.toolName, c.args]));
    const target = (name: string) => ({ kind: "tool", toolId: `tool-${name}`, toolVersion: 1 });
    expect(h.store.approvals).toEqual(
      held.map((name, i) => ({
        id: `approval-${i + 1}`,
        status: "pending",
        conversationId: "c",
        runId: result.final.runId,
        toolCallId: callIds[name],
        toolName: name,
        arguments: args[name],
        argumentsHash: sha256(CANONICAL[name]),
        target: target(name),
      })),
    );
    expect(eventsOfType(h.store, "c", "ApprovalRequested").map((e) => [e.runId, e.data])).toEqual(
      held.map((name, i) => [
        result.final.runId,
        {
          approvalId: `approval-${i + 1}`,
          toolName: name,
          toolCallId: callIds[name],
          arguments: args[name],
          argumentsHash: sha256(CANONICAL[name]),
          target: target(name),
        },
      ]),
    );
    expect(eventsOfType(h.store, "c", "RunFinished")[0].data).toMatchObject({
      status: "suspended",
      stopReason: "awaiting_approval",
      usage: { requests: 1, toolCalls: 3 },
    });
  });

  it("runs a requiresApproval-free step under auto without holding anything", async () => {
    const stub = sandboxStub({ read_doc: (a) => a.id, write_doc: (a) => a.id, deploy: (a) => a.env });
    const h = createHarness({
      models: mockModel([{ toolCalls: CALLS.slice(0, 2) }, { text: "Updated." }]),
      invokeSandbox: stub.invoke,
    });
    h.agents.define({ name: "operator", model: { provider: "demo", model: "operator" }, autonomy: "auto" }, [
      READ,
      WRITE,
      DEPLOY,
    ]);
    const result = await turn(h.deps, "c", "operator", "Update doc-1.");
    expect(result.final).toMatchObject({ status: "completed", text: "Updated." });
    expect(h.store.approvals).toEqual([]);
    expect(stub.calls.map((c) => c.tool).sort()).toEqual(["read_doc", "write_doc"]);
  });
});

/**
 * Arguments are checked before gating (#22): a call the tool would refuse is answered to the model
 * as a ToolArgumentError for a repair turn and never reaches the inbox, for every kind of tool
 * entry — authored (schema and constraint tags), MCP (its discovered inputSchema), an agent's
 * `task`, and the built-in memory tool.
 */
describe("invalid arguments are never held for approval", () => {
  const REFUND = savedTool(
    toolSource(
      "refund",
      "{ sideEffecting: true, requiresApproval: true }",
      "orderId: string, amount: number",
      "  return orderId;",
      "Refund an amount of money to the customer who placed an order.\n *\n * @param amount In euros.\n * @minimum 0.01",
    ),
  );
  const MCP_DELETE: AgentToolRecord = {
    kind: "mcp",
    serverId: "mcp-1",
    serverName: "files",
    tool: {
      name: "delete_file",
      title: null,
      description: "Delete a file from the shared drive; it cannot be recovered.",
      inputSchema: {
        type: "object",
        properties: { path: { type: "string", minLength: 1 } },
        required: ["path"],
        additionalProperties: false,
      },
      annotations: { destructiveHint: true },
    },
  };
  const CHILD = { id: "helper", name: "helper", description: "A helper agent that carries out a sub-task." };

  it.each([
    {
      kind: "authored (missing amount)",
      tool: "refund",
      invalid: { orderId: "o-1" },
      valid: { orderId: "o-1", amount: 12.5 },
      message: /amount/,
    },
    {
      kind: "authored (a constraint tag)",
      tool: "refund",
      invalid: { orderId: "o-1", amount: 0 },
      valid: { orderId: "o-1", amount: 12.5 },
      message: /minimum/,
    },
    {
      kind: "MCP (against its inputSchema)",
      tool: "delete_file",
      invalid: { file: "/a.txt" },
      valid: { path: "/a.txt" },
      message: /path/,
    },
    {
      kind: "agent (its task)",
      tool: "helper",
      invalid: { goal: "x" },
      valid: { task: "Sum 1 and 2." },
      message: /task/,
    },
    {
      kind: "built-in memory",
      tool: "memory",
      invalid: { command: "create", path: "/elsewhere/notes.md", file_text: "hi" },
      valid: { command: "create", path: "/memories/notes.md", file_text: "hi" },
      message: /memories/,
    },
  ])("$kind: a repair turn, and only the valid call waits in the inbox", async ({ tool, invalid, valid, message }) => {
    const model = mockModel([
      { toolCalls: [{ toolName: tool, args: invalid }] },
      { toolCalls: [{ toolName: tool, args: valid }] },
      { text: "never asked" },
    ]);
    const stub = sandboxStub({ refund: (a) => a.orderId });
    const h = createHarness({ models: model, invokeSandbox: stub.invoke });
    const mcpCalls: unknown[] = [];
    h.deps.callMcp = async (c) => {
      mcpCalls.push(c);
      return { ok: true, result: "deleted" };
    };
    const child = h.agents.define({ ...CHILD, model: { provider: "demo", model: "helper" } });
    h.agents.define({ name: "operator", model: { provider: "demo", model: "operator" }, autonomy: "gated" }, [
      REFUND,
      MCP_DELETE,
      agentTool(child, true),
      memoryTool(),
    ]);
    const result = await turn(h.deps, "c", "operator", "Go ahead.");

    // The invalid call was answered for a repair turn; the model was asked again.
    expect(model.doStreamCalls).toHaveLength(2);
    const returns = eventsOfType(h.store, "c", "ToolReturnEvent");
    expect(returns.map((e) => [e.data.toolName, e.data.success, e.data.errorType])).toEqual([
      [tool, false, "ToolArgumentError"],
    ]);
    const answered = h.store
      .eventsOf("c")
      .flatMap((e) => (e.type === "LlmMessageEvent" && e.data.role === "tool" ? e.data.parts : []))
      .map((p) => JSON.stringify(p));
    expect(answered.join("\n")).toMatch(message);

    // Only the valid call is held; nothing ran.
    expect(h.store.approvals.map((a) => [a.toolName, a.arguments])).toEqual([[tool, valid]]);
    expect(eventsOfType(h.store, "c", "ApprovalRequested")).toHaveLength(1);
    expect(result.final).toMatchObject({ status: "suspended", stopReason: "awaiting_approval" });
    expect(stub.calls).toEqual([]);
    expect(mcpCalls).toEqual([]);
    expect([...h.store.runs.values()].filter((r) => r.kind === "child")).toEqual([]);
    expect(h.store.files.get("operator")?.size ?? 0).toBe(0);
  });
});
