/**
 * The studio's transcript (lib/events/transcript-fold.shared.ts) folded from what the engine wrote
 * on the real store (Prisma, the batched event writer) where the in-memory harness cannot go:
 * approved and denied calls resuming their run, a suspended run superseded by a new message, and a
 * child run's approval resuming the child and then its caller. The other cases are in
 * transcript-fold.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentInput } from "@/lib/agents/agent-input.shared";
import { createAgent } from "@/lib/agents/save-agent";
import type { Principal } from "@/lib/auth/roles";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { currentWorkspaceId } from "@/lib/db/workspace";
import { foldTranscript } from "@/lib/events/transcript-fold.shared";
import type { ToolCallView, Transcript, TranscriptRun } from "@/lib/events/transcript-types.shared";
import { closeServer } from "@/lib/server/server";
import { testRunRuntime } from "@/lib/server/testing/test-runtime";
import { createTool } from "@/lib/tool-store/save-tool";
import { analyzeTool } from "@/lib/tools/analyze-tool";
import type { RunRuntime } from "../infra/runtime";
import { readConversationEvents } from "../infra/store/prisma-run-store";
import { decideApproval } from "../use-cases/decide-approval";
import { startTurn } from "../use-cases/start-turn";

let t: TestDatabase;
let rt: RunRuntime;
let workspaceId = "";
let stampId = "";
const ACTOR = { id: null, name: "approver" };
const AUTHOR: Principal = { kind: "system", id: "system", name: "scenario", roles: ["admin"] };

const STAMP = `import { tool } from "atelier";

/** Stamp a document with the approved stamp; the stamp cannot be taken back. */
export default tool({ sideEffecting: true }, function stamp(doc: string): string {
  return "stamped " + doc;
});
`;

beforeAll(async () => {
  t = await createTestDatabase();
  workspaceId = await currentWorkspaceId(t.db);
  rt = testRunRuntime(t.db, { dialect: t.target.kind });
  stampId = (await createTool(t.db, AUTHOR, STAMP, async (s) => analyzeTool(s))).id;
});
afterAll(async () => {
  await closeServer();
  await t?.cleanup();
});

async function agent(name: string, tools: unknown[], script: unknown[], autonomy = "gated"): Promise<string> {
  const config = AgentInput.parse({
    name,
    description: `The ${name} agent of the transcript-fold scenarios.`,
    model: { provider: "scripted", model: `${name}-script`, script },
    autonomy,
    tools,
  });
  return (await createAgent(t.db, config)).id;
}

async function conversation(agentId: string): Promise<string> {
  return (await t.db.conversation.create({ data: { workspaceId, agentId } })).id;
}

async function send(conversationId: string, content: string, supersede = false) {
  const started = await startTurn(rt, { conversationId, content, actor: ACTOR, supersede, mayDecideApprovals: true });
  return (await started.done)!;
}

async function fold(conversationId: string): Promise<Transcript> {
  return foldTranscript(await readConversationEvents(t.db, conversationId));
}

async function decide(approvalId: string, decision: "approve" | "deny", argumentsHash: string) {
  const { resumed } = await decideApproval(rt, {
    approvalId,
    decision,
    reason: decision === "deny" ? "not this one" : null,
    argumentsHash,
    actor: ACTOR,
  });
  await resumed;
}

const runsOf = (tr: Transcript): TranscriptRun[] => tr.entries.flatMap((e) => (e.kind === "run" ? [e.run] : []));
const callsOf = (run: TranscriptRun): ToolCallView[] => run.items.flatMap((i) => (i.kind === "tool" ? [i.call] : []));

async function pending(conversationId: string) {
  const events = await readConversationEvents(t.db, conversationId);
  return events.flatMap((e) => (e.type === "ApprovalRequested" ? [e.data] : []));
}

describe("the transcript of resumed and superseded runs", () => {
  it("one call approved, one denied: held until the last decision, then the run resumes and answers", async () => {
    const id = await agent(
      "stamper",
      [{ toolId: stampId }],
      [
        {
          toolCalls: [
            { toolName: "stamp", args: { doc: "a" } },
            { toolName: "stamp", args: { doc: "b" } },
          ],
        },
        { text: "Stamped a; b was refused." },
      ],
    );
    const c = await conversation(id);
    expect((await send(c, "Stamp a and b")).final.status).toBe("suspended");
    const [a, b] = await pending(c);

    const held = await fold(c);
    expect(callsOf(runsOf(held)[0]).map((x) => x.status)).toEqual(["held", "held"]);
    expect(held.heldApprovals.map((x) => x.approvalId)).toEqual([a.approvalId, b.approvalId]);

    await decide(a.approvalId, "approve", a.argumentsHash);
    const half = await fold(c);
    const [run] = runsOf(half);
    expect(run.status).toBe("suspended");
    expect(run.approvals.map((x) => x.decision)).toEqual(["approve", null]);
    // The approved call stays held with its run until the last decision.
    expect(callsOf(run).map((x) => x.status)).toEqual(["held", "held"]);
    expect(half.heldApprovals.map((x) => x.approvalId)).toEqual([b.approvalId]);

    await decide(b.approvalId, "deny", b.argumentsHash);
    const done = await fold(c);
    const [resumed] = runsOf(done);
    expect(runsOf(done)).toHaveLength(1); // the same run, resumed under its id
    expect(resumed).toMatchObject({ status: "completed", stopReason: "end_turn" });
    expect(resumed.approvals.map((x) => [x.decision, x.decidedBy])).toEqual([
      ["approve", "approver"],
      ["deny", "approver"],
    ]);
    const [stamped, refused] = callsOf(resumed);
    expect(stamped).toMatchObject({ status: "ok", result: { type: "text", value: "stamped a" } });
    expect(refused).toMatchObject({ status: "error" });
    expect(refused.errorMessage).toContain("not this one");
    expect(resumed.items.at(-1)).toMatchObject({ kind: "text", text: "Stamped a; b was refused." });
    expect(done).toMatchObject({ running: false, heldApprovals: [] });
  });

  it("a suspended run superseded by a new message: its held call is answered, nothing is held, the new run answers", async () => {
    const id = await agent(
      "superseded-stamper",
      [{ toolId: stampId }],
      [{ toolCalls: [{ toolName: "stamp", args: { doc: "c" } }] }, { text: "Fine, nothing stamped." }],
    );
    const c = await conversation(id);
    expect((await send(c, "Stamp c")).final.status).toBe("suspended");
    expect((await send(c, "Never mind.", true)).final.status).toBe("completed");

    const tr = await fold(c);
    const [old, next] = runsOf(tr);
    expect(old).toMatchObject({ stopReason: "superseded" });
    expect(old.approvals.map((x) => x.decision)).toEqual(["deny"]);
    expect(callsOf(old).map((x) => x.status)).not.toContain("held");
    expect(next).toMatchObject({ status: "completed" });
    expect(tr.entries.map((e) => e.kind)).toEqual(["user", "run", "user", "run"]);
    expect(tr).toMatchObject({ running: false, heldApprovals: [] });
  });

  it("a child run's approval holds its caller's call; the decision resumes the child, then the caller", async () => {
    const shipper = await agent(
      "child-stamper",
      [{ toolId: stampId }],
      [{ toolCalls: [{ toolName: "stamp", args: { doc: "d" } }] }, { text: "Stamped d." }],
    );
    const lead = await agent(
      "lead",
      [{ agentId: shipper, sideEffecting: false }],
      [{ toolCalls: [{ toolName: "child-stamper", args: { task: "Stamp d." } }] }, { text: "The child stamped d." }],
      "auto",
    );
    const c = await conversation(lead);
    expect((await send(c, "Have d stamped")).final.status).toBe("suspended");

    const held = await fold(c);
    expect(runsOf(held)).toHaveLength(1);
    const [call] = callsOf(runsOf(held)[0]);
    expect(call).toMatchObject({ toolName: "child-stamper", status: "held" });
    expect(call.child).toMatchObject({ kind: "child", status: "suspended" });
    expect(callsOf(call.child!).map((x) => x.status)).toEqual(["held"]);
    expect(held.heldApprovals.map((x) => x.toolName)).toEqual(["stamp"]);
    expect(held.running).toBe(false);

    const [request] = await pending(c);
    await decide(request.approvalId, "approve", request.argumentsHash);
    const done = await fold(c);
    const [caller] = runsOf(done);
    expect(caller).toMatchObject({ status: "completed" });
    const [answered] = callsOf(caller);
    expect(answered).toMatchObject({ status: "ok", childRunId: answered.child?.runId });
    expect(answered.child).toMatchObject({ status: "completed" });
    expect(callsOf(answered.child!).map((x) => x.status)).toEqual(["ok"]);
    expect(caller.items.at(-1)).toMatchObject({ kind: "text", text: "The child stamped d." });
    expect(done).toMatchObject({ running: false, heldApprovals: [] });
  });
});
