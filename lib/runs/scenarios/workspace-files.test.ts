/**
 * The `workspace` tool set through the run loop (in-memory store): a scripted agent writes, edits,
 * rewrites and reads its files; a write repeated after an edit runs again (the set shares one
 * state for idempotency); writes record the seq of the conversation's log when they ran; an
 * agent-scope workspace is shared by the agent's conversations.
 */
import { describe, expect, it } from "vitest";
import type { ScriptedTurn } from "../../models/model-config.shared";
import { createHarness, eventsOfType, turn, workspaceTools } from "../testing/run-harness";

const call = (toolName: string, args: Record<string, unknown>): ScriptedTurn => ({
  toolCalls: [{ toolName, args }],
});

describe("workspace tools in a run", () => {
  it("writes, edits, rewrites and reads; a repeated write after an edit runs again", async () => {
    const h = createHarness();
    h.agents.define(
      {
        name: "scribe",
        model: {
          provider: "scripted",
          model: "s",
          script: [
            call("write_file", { path: "a.md", content: "one" }),
            call("edit_file", { path: "a.md", old_string: "one", new_string: "two" }),
            call("write_file", { path: "a.md", content: "one" }),
            call("read_file", { path: "a.md" }),
            call("stat", { path: "../a.md" }),
            { text: "Done." },
          ],
        },
      },
      [workspaceTools()],
    );
    const result = await turn(h.deps, "c", "scribe", "Keep a note.");
    expect(result.final).toMatchObject({ status: "completed", text: "Done." });
    const returns = eventsOfType(h.store, "c", "ToolReturnEvent").map((e) => [
      e.data.toolName,
      e.data.success,
      e.data.replayed ?? false,
      e.data.errorType,
    ]);
    expect(returns).toEqual([
      ["write_file", true, false, undefined],
      ["edit_file", true, false, undefined],
      ["write_file", true, false, undefined],
      ["read_file", true, false, undefined],
      ["stat", false, false, "ToolArgumentError"],
    ]);
    const ws = h.store.workspaces.get("conversation:c")!;
    expect(ws.versions.map((v) => v.content)).toEqual(["one", "two", "one"]);
    // Each write's seq is the log's length when it ran: its ToolCallEvent is already committed.
    const calls = eventsOfType(h.store, "c", "ToolCallEvent").map((e) => e.seq);
    ws.versions.forEach((v, i) => expect(v.seq).toBeGreaterThanOrEqual(calls[i]!));
    expect(ws.versions.map((v) => v.seq)).toEqual([...ws.versions.map((v) => v.seq)].sort((a, b) => a! - b!));
  });

  it("shares an agent-scope workspace between conversations", async () => {
    const h = createHarness();
    h.agents.define(
      {
        name: "keeper",
        model: {
          provider: "scripted",
          model: "s",
          script: [call("write_file", { path: "shared.md", content: "x" }), { text: "Kept." }],
        },
      },
      [workspaceTools("agent")],
    );
    await turn(h.deps, "c1", "keeper", "Keep it.");
    const agentId = [...h.store.workspaces.keys()][0]!;
    expect(agentId).toMatch(/^agent:/);
    expect(h.store.workspaces.get(agentId)!.versions).toHaveLength(1);
    expect(h.store.workspaces.has("conversation:c1")).toBe(false);
  });
});
