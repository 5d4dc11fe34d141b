import { describe, expect, it } from "vitest";
import type { RunTool } from "../run-tool";
import { EVAL_UNMOCKED, ExperimentSession, experimentMocks, needsMock } from "./experiment-mocks";

const tool = (name: string, kind: RunTool["kind"], sideEffecting: boolean): RunTool => ({
  name,
  description: "",
  parameters: {},
  sideEffecting,
  idempotent: !sideEffecting,
  requiresApproval: false,
  kind,
  checkArguments: () => null,
  execute: async () => ({ ok: true, result: "ran" }),
});
const scope = {
  conversationId: "c",
  runId: "r",
  rootRunId: "r",
  agentId: "a",
  toolCallId: "t",
  depth: 0,
  signal: new AbortController().signal,
};

describe("experiment mocks", () => {
  it("needs a mock for side-effecting saved and MCP tools and for memory; not for pure tools or agents", () => {
    expect(needsMock(tool("refund", "sandbox", true))).toBe(true);
    expect(needsMock(tool("mcp_write", "mcp", true))).toBe(true);
    expect(needsMock(tool("memory", "memory", true))).toBe(true);
    expect(needsMock(tool("lookup", "sandbox", false))).toBe(false);
    expect(needsMock(tool("helper", "agent", true))).toBe(false);
  });

  it("answers from the case's mock before the dataset's, matching args before none", async () => {
    const session = new ExperimentSession(
      [{ tool: "refund", args: { order: 7 }, result: "case 7" }],
      [
        { tool: "refund", result: "dataset any" },
        { tool: "lookup", result: "mocked lookup" },
      ],
    );
    let ran = 0;
    const next = async () => {
      ran += 1;
      return { outcome: { ok: true as const, result: "ran" }, durationMs: 1 };
    };
    const mw = experimentMocks(session);
    const refund = tool("refund", "sandbox", true);
    const mocked = await mw({ tool: refund, args: { order: 7 }, scope }, next);
    expect(mocked.outcome).toEqual({ ok: true, result: "case 7" });
    // Its ToolReturnEvent says so (step-calls.ts returnData): a mocked answer is not a real one.
    expect(mocked.mocked).toBe(true);
    expect((await mw({ tool: refund, args: { order: 8 }, scope }, next)).outcome).toEqual({
      ok: true,
      result: "dataset any",
    });
    // A pure tool with a mock is mocked too; without one it runs.
    expect((await mw({ tool: tool("lookup", "sandbox", false), args: {}, scope }, next)).outcome).toEqual({
      ok: true,
      result: "mocked lookup",
    });
    const live = await mw({ tool: tool("pure", "sandbox", false), args: {}, scope }, next);
    expect(live.outcome).toEqual({ ok: true, result: "ran" });
    expect(live.mocked).toBeUndefined();
    expect(ran).toBe(1);
    expect(session.failure).toBeNull();
    expect(session.stats).toEqual({ mocked: 3, live: 1, refused: 0 });
  });

  it("refuses an unmocked side-effecting call without running it and records the first reason", async () => {
    const session = new ExperimentSession(undefined, []);
    let ran = 0;
    const next = async () => {
      ran += 1;
      return { outcome: { ok: true as const, result: "ran" }, durationMs: 1 };
    };
    const mw = experimentMocks(session);
    const first = await mw({ tool: tool("refund", "sandbox", true), args: {}, scope }, next);
    await mw({ tool: tool("memory", "memory", true), args: {}, scope }, next);
    expect(ran).toBe(0);
    expect(first.outcome.ok).toBe(false);
    expect(!first.outcome.ok && first.outcome.error.type).toBe(EVAL_UNMOCKED);
    expect(session.failure).toEqual({
      type: EVAL_UNMOCKED,
      message: "side-effecting tool 'refund' has no mock in the case",
    });
  });
});
