/** Per-request context blocks: run concurrently, failures recorded, one system message of the texts. */
import { describe, expect, it } from "vitest";
import { ManualClock } from "../testing/run-harness";
import { contextMessages, contextTools, requestContext } from "./context-blocks";
import type { ContextOutcome, RunTool } from "./run-tool";

const tool = (name: string, context?: () => Promise<ContextOutcome>): RunTool => ({
  name,
  description: "",
  parameters: {},
  sideEffecting: false,
  idempotent: false,
  requiresApproval: false,
  kind: "sandbox",
  ...(context ? { context } : {}),
  checkArguments: () => null,
  execute: async () => ({ ok: true, result: null }),
});

const scope = {
  conversationId: "c",
  runId: "r",
  rootRunId: "r",
  agentId: "a",
  depth: 0,
  signal: new AbortController().signal,
};

describe("requestContext", () => {
  it("runs only the tools that have a context function, in the agent's order, and records failures", async () => {
    const clock = new ManualClock();
    const tools = contextTools([
      tool("none"),
      tool("plan", async () => {
        clock.advance(5);
        return { ok: true, text: "Plan: pro" };
      }),
      tool("broken", async () => ({ ok: false, error: "ToolExecutionError: tool 'broken' raised Error: down" })),
      tool("thrower", async () => {
        throw new Error("sandbox gone");
      }),
      tool("quiet", async () => ({ ok: true, text: null })),
    ]);
    expect(tools.map((t) => t.name)).toEqual(["plan", "broken", "thrower", "quiet"]);
    const ctx = await requestContext(tools, scope, clock);
    expect(ctx.blocks).toEqual([
      { tool: "plan", text: "Plan: pro", durationMs: 5 },
      // The others started after `plan` moved the clock (they run concurrently, each timed on its own).
      { tool: "broken", text: "", durationMs: 0, error: "ToolExecutionError: tool 'broken' raised Error: down" },
      { tool: "thrower", text: "", durationMs: 0, error: "sandbox gone" },
      { tool: "quiet", text: "", durationMs: 0 },
    ]);
    expect(ctx.messages).toEqual([{ role: "system", content: "Plan: pro" }]);
  });

  it("does nothing without tools, and sends no message when every block is empty", async () => {
    expect(await requestContext([], scope, new ManualClock())).toEqual({ blocks: [], messages: [] });
    expect(contextMessages([{ tool: "a", text: "  ", durationMs: 1 }])).toEqual([]);
    expect(
      contextMessages([
        { tool: "a", text: "One", durationMs: 1 },
        { tool: "b", text: "Two\n", durationMs: 1 },
      ]),
    ).toEqual([{ role: "system", content: "One\n\nTwo" }]);
  });
});
