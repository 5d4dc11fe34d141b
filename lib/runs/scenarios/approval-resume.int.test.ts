/**
 * Approved calls after the decision, on the real store (Prisma, the batched event writer, the
 * sandbox): an approval binds what runs — a followed tool saved again or an MCP tool rediscovered with another
 * schema between the request and the decision is answered `ApprovalStale` and nothing runs, on
 * resume and on a reconciliation's retry — and what an approved call emits through `ctx.emit` is
 * in the log once, numbered per tool with the calls that ran in a normal step.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentInput } from "@/lib/agents/agent-input.shared";
import { createAgent, updateAgent } from "@/lib/agents/save-agent";
import type { Principal } from "@/lib/auth/roles";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { currentWorkspaceId } from "@/lib/db/workspace";
import type { StoredEvent } from "@/lib/events/event-types";
import { closeServer } from "@/lib/server/server";
import { testRunRuntime } from "@/lib/server/testing/test-runtime";
import { createTool, saveToolVersion } from "@/lib/tool-store/save-tool";
import { analyzeTool } from "@/lib/tools/analyze-tool";
import { decideApproval } from "../use-cases/decide-approval";
import { reconcileApproval } from "../use-cases/reconcile-approval";
import { canonicalHash } from "../engine/canonical-json";
import type { RunRuntime } from "../infra/runtime";
import { startTurn } from "../use-cases/start-turn";
import { readConversationEvents } from "../infra/store/prisma-run-store";

let t: TestDatabase;
let rt: RunRuntime;
let workspaceId = "";
const ACTOR = { id: null, name: "approver" };
const AUTHOR: Principal = { kind: "system", id: "system", name: "scenario", roles: ["admin"] };
/** Every sandbox invocation, by tool name. */
const ran: string[] = [];
/** Every MCP call, by tool name. */
const mcpCalls: string[] = [];

const stampSource = (label: string, name = "stamp") => `import { tool, type RunContext } from "atelier";

/** Stamp a document with the ${label} stamp and record the stamp as a state event for the studio. */
export default tool({ sideEffecting: true }, function ${name}(doc: string, ctx: RunContext): string {
  ctx.emit({ stamped: doc, label: "${label}" });
  return "stamped " + doc + " (${label})";
});
`;

beforeAll(async () => {
  t = await createTestDatabase();
  workspaceId = await currentWorkspaceId(t.db);
  rt = testRunRuntime(t.db, { dialect: t.target.kind });
  const invoke = rt.deps.invokeSandbox;
  rt.deps.invokeSandbox = (request) => {
    ran.push(request.tool.name);
    return invoke(request);
  };
  rt.deps.callMcp = async (call) => {
    mcpCalls.push(call.tool);
    return { ok: true, result: `erased ${String(call.arguments.path)}` };
  };
});
afterAll(async () => {
  await closeServer();
  await t?.cleanup();
});

const analyze = async (source: string) => analyzeTool(source);
type AgentConfig = ReturnType<typeof AgentInput.parse>;

/** The id of a saved tool's version `version`. */
async function versionId(toolId: string, version: number): Promise<string> {
  return (await t.db.toolVersion.findUniqueOrThrow({ where: { toolId_version: { toolId, version } } })).id;
}

async function agent(
  name: string,
  autonomy: "auto" | "gated" | "manual",
  tools: unknown[],
  script: unknown[],
): Promise<{ id: string; config: AgentConfig }> {
  const config = AgentInput.parse({
    name,
    description: `The ${name} agent of the approval-resume scenarios.`,
    model: { provider: "scripted", model: `${name}-script`, script },
    autonomy,
    tools,
  });
  const view = await createAgent(t.db, config);
  return { id: view.id, config };
}

async function conversation(agentId: string): Promise<string> {
  return (await t.db.conversation.create({ data: { workspaceId, agentId } })).id;
}

async function turn(conversationId: string, content: string) {
  const started = await startTurn(rt, { conversationId, content, actor: ACTOR });
  return (await started.done)!;
}

const log = (conversationId: string) => readConversationEvents(t.db, conversationId);
const ofType = <T extends StoredEvent["type"]>(events: StoredEvent[], type: T) =>
  events.filter((e): e is Extract<StoredEvent, { type: T }> => e.type === type);

async function approve(conversationId: string) {
  const [requested] = ofType(await log(conversationId), "ApprovalRequested").slice(-1);
  const { resumed } = await decideApproval(rt, {
    approvalId: requested.data.approvalId,
    decision: "approve",
    reason: null,
    argumentsHash: requested.data.argumentsHash,
    actor: ACTOR,
  });
  await resumed;
  return requested;
}

describe("approved calls after the decision", () => {
  it("what an approved call emits is appended once, numbered per tool after the calls that ran in a step", async () => {
    const tool = await createTool(t.db, AUTHOR, stampSource("blue"), analyze);
    const a = await agent(
      "stamper",
      "auto",
      [{ toolId: tool.id }],
      [
        { toolCalls: [{ toolName: "stamp", args: { doc: "a" } }] },
        { text: "Stamped a." },
        { toolCalls: [{ toolName: "stamp", args: { doc: "b" } }] },
        { text: "Stamped b." },
      ],
    );
    const c = await conversation(a.id);
    // A normal step: the call runs in the loop and its event is numbered 1.
    expect((await turn(c, "Stamp a")).final.status).toBe("completed");
    // Under `gated` the same tool is held; approved, it runs on resume and its event is numbered 2.
    // (The save is version 2; the conversation is moved to it, as POST …/agent-version does.)
    await updateAgent(t.db, a.id, { ...a.config, autonomy: "gated" });
    await t.db.conversation.update({ where: { id: c }, data: { agentVersion: 2 } });
    expect((await turn(c, "Stamp b")).final.status).toBe("suspended");
    const requested = await approve(c);

    const events = await log(c);
    const state = ofType(events, "ToolStateEvent");
    expect(state.map((e) => [e.data.toolName, e.data.toolSeq, e.data.payload])).toEqual([
      ["stamp", 1, { stamped: "a", label: "blue" }],
      ["stamp", 2, { stamped: "b", label: "blue" }],
    ]);
    // The resumed call's event belongs to the resumed run and follows its return.
    const ret = ofType(events, "ToolReturnEvent").find((e) => e.data.toolCallId === requested.data.toolCallId)!;
    expect(ret.data.success).toBe(true);
    expect(state[1].runId).toBe(requested.runId);
    expect(state[1].seq).toBeGreaterThan(ret.seq);
    expect(ofType(events, "RunFinished").at(-1)!.data.status).toBe("completed");
  });

  it("a tool saved between the request and the decision (the agent follows its latest): the decision succeeds, the call answers ApprovalStale and nothing runs", async () => {
    const tool = await createTool(t.db, AUTHOR, stampSource("green", "seal"), analyze);
    const a = await agent(
      "following-sealer",
      "gated",
      [{ toolId: tool.id, follow: "latest" }],
      [{ toolCalls: [{ toolName: "seal", args: { doc: "c" } }] }, { text: "The seal did not happen." }],
    );
    const c = await conversation(a.id);
    expect((await turn(c, "Seal c")).final.status).toBe("suspended");
    const [held] = ofType(await log(c), "ApprovalRequested");
    expect(held.data.target).toEqual({ kind: "tool", toolId: tool.id, toolVersion: 1 });

    // A pinned conversation's tools change only through a followed entry: the run resumes on v2.
    await saveToolVersion(t.db, AUTHOR, tool.id, stampSource("red", "seal"), analyze);
    const before = ran.length;
    await approve(c);

    expect(ran.length).toBe(before);
    const events = await log(c);
    const ret = ofType(events, "ToolReturnEvent").find((e) => e.data.toolCallId === held.data.toolCallId)!;
    expect(ret.data).toMatchObject({ success: false, errorType: "ApprovalStale" });
    const toolMessage = ofType(events, "LlmMessageEvent").find((e) => e.data.role === "tool")!;
    expect(JSON.stringify(toolMessage.data.parts)).toContain("'seal' v1");
    expect(JSON.stringify(toolMessage.data.parts)).toContain("'seal' v2");
    expect(ofType(events, "ToolStateEvent")).toEqual([]);
    expect(ofType(events, "RunFinished").at(-1)!.data.status).toBe("completed");
    const approval = await t.db.approval.findUniqueOrThrow({ where: { id: held.data.approvalId } });
    expect(approval).toMatchObject({
      status: "done",
      decision: "approve",
      result: { ok: false, error: { type: "ApprovalStale" } },
    });

    // A reconciliation's retry binds the same way: the call was held under v2, the tool is now at v3.
    const c2 = await conversation(a.id);
    expect((await turn(c2, "Seal c again")).final.status).toBe("suspended");
    const [again] = ofType(await log(c2), "ApprovalRequested");
    expect(again.data.target).toEqual({ kind: "tool", toolId: tool.id, toolVersion: 2 });
    await t.db.approval.update({
      where: { id: again.data.approvalId },
      data: { status: "outcome_unknown", decision: "approve", decidedBy: "approver" },
    });
    await t.db.run.update({ where: { id: again.runId! }, data: { status: "interrupted" } });
    await saveToolVersion(t.db, AUTHOR, tool.id, stampSource("blue", "seal"), analyze);
    const view = await reconcileApproval(rt, again.data.approvalId, { action: "retry" }, ACTOR);
    expect(view).toMatchObject({ status: "done", result: { ok: false, error: { type: "ApprovalStale" } } });
    expect(ran.length).toBe(before);
    expect(ofType(await log(c2), "ToolStateEvent")).toEqual([]);
  });

  it("a pinned conversation keeps its tool versions when the agent is re-pinned: the approved call runs what was approved", async () => {
    const tool = await createTool(t.db, AUTHOR, stampSource("green", "wax"), analyze);
    const v1 = await versionId(tool.id, 1);
    const a = await agent(
      "pinned-waxer",
      "gated",
      [{ toolId: tool.id, toolVersionId: v1 }],
      [{ toolCalls: [{ toolName: "wax", args: { doc: "d" } }] }, { text: "Waxed." }],
    );
    const c = await conversation(a.id);
    expect((await turn(c, "Wax d")).final.status).toBe("suspended");
    await saveToolVersion(t.db, AUTHOR, tool.id, stampSource("red", "wax"), analyze);
    await updateAgent(t.db, a.id, {
      ...a.config,
      tools: [{ toolId: tool.id, toolVersionId: await versionId(tool.id, 2) }],
    });
    const before = ran.length;
    await approve(c);
    expect(ran.length).toBe(before + 1);
    const state = ofType(await log(c), "ToolStateEvent");
    expect(state.map((e) => e.data.payload)).toEqual([{ stamped: "d", label: "green" }]);
  });

  it("an MCP tool rediscovered with another input schema: ApprovalStale, and the server is never called", async () => {
    const server = await t.db.mcpServer.create({
      data: { workspaceId, name: "files", transport: "http", url: "http://127.0.0.1:9/mcp", headerNames: [] },
    });
    const schema = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };
    await t.db.mcpTool.create({
      data: {
        serverId: server.id,
        name: "erase",
        description: "Erase the file at a path; it cannot be restored.",
        inputSchema: schema,
        annotations: { destructiveHint: true },
      },
    });
    const a = await agent(
      "eraser",
      "manual",
      [{ mcpServerId: server.id, tool: "erase" }],
      [{ toolCalls: [{ toolName: "erase", args: { path: "/tmp/x" } }] }, { text: "Nothing was erased." }],
    );
    const c = await conversation(a.id);
    expect((await turn(c, "Erase /tmp/x")).final.status).toBe("suspended");
    const [held] = ofType(await log(c), "ApprovalRequested");
    expect(held.data.target).toEqual({
      kind: "mcp",
      serverId: server.id,
      tool: "erase",
      schemaHash: canonicalHash(schema),
    });

    // The server's tool changed under the same name (a refresh stored another schema).
    await t.db.mcpTool.update({
      where: { serverId_name: { serverId: server.id, name: "erase" } },
      data: { inputSchema: { ...schema, properties: { ...schema.properties, recursive: { type: "boolean" } } } },
    });
    await approve(c);

    expect(mcpCalls).toEqual([]);
    const ret = ofType(await log(c), "ToolReturnEvent").find((e) => e.data.toolCallId === held.data.toolCallId)!;
    expect(ret.data).toMatchObject({ success: false, errorType: "ApprovalStale" });
  });
});
