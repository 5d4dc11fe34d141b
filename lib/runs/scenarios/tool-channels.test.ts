/**
 * A tool's prompt part and per-request context in a run: the prompt part joins the system message
 * and the recorded system prompt (`dynamicRef: "tool:<name>"`) while the tool is offered; the
 * context block goes after the history on every request, is recorded on that request's
 * LlmUsageEvent and never stored as a message; a failing context function is recorded and the
 * request goes on.
 */
import { describe, expect, it } from "vitest";
import type { InvokeOutcome, InvokeToolRequest } from "../../sandbox/invoke-tool";
import { createHarness, eventsOfType, mockModel, savedTool, turn } from "../testing/run-harness";

const source = (name: string, options: string, extra = "") => `import { tool, type RunContext } from "atelier";

${extra}

/** Look up an order's status by its number in the shop's order system. */
export default tool({ sideEffecting: false${options} }, async function ${name}(order: string) {
  return "shipped";
});
`;

const ORDERS = savedTool(
  source(
    "orders",
    `, prompt: "Orders for the {{context.plan}} plan: quote the number. {context.plan} stays as written."`,
    `export function context(ctx: RunContext) { return "unused"; }`,
  ),
);
const HIDDEN = savedTool(
  source("hidden", `, availableWhen: { role: "approver" }, prompt: "Never shown to an operator."`),
);

/** A sandbox whose context functions answer by tool name, counting their runs. */
function contextSandbox(texts: Record<string, () => string>) {
  const runs: string[] = [];
  const invoke = async (r: Omit<InvokeToolRequest, "pool">): Promise<InvokeOutcome> => {
    if (r.entry !== "context") return { ok: true, result: "shipped", logs: [], events: [], durationMs: 0 };
    runs.push(r.tool.name);
    try {
      return { ok: true, result: texts[r.tool.name]!(), logs: [], events: [], durationMs: 0 };
    } catch (err) {
      return {
        ok: false,
        error: { type: "ToolExecutionError", message: (err as Error).message },
        logs: [],
        events: [],
        durationMs: 0,
      };
    }
  };
  return { runs, invoke };
}

describe("a tool's prompt part and context in a run", () => {
  it("sends the prompt part in the system message and records it; sends the context after the history", async () => {
    const model = mockModel([{ toolCalls: [{ toolName: "orders", args: { order: "A1" } }] }, { text: "Shipped." }]);
    let n = 0;
    const sandbox = contextSandbox({ orders: () => `Open orders: ${++n}` });
    const h = createHarness({ models: model, invokeSandbox: sandbox.invoke });
    h.deps.store.conversationContext = async () => ({ plan: "pro" });
    h.agents.define(
      { name: "shop", model: { provider: "demo", model: "shop" }, prompt: { template: "You run the shop." } },
      [ORDERS, HIDDEN],
    );
    const result = await turn(h.deps, "conv-1", "shop", "Where is A1?", {
      actor: { id: "u1", name: "op", roles: ["operator"] },
    });
    expect(result.final.status).toBe("completed");

    // Two requests, the context function ran before each.
    expect(sandbox.runs).toEqual(["orders", "orders"]);
    const [first, second] = model.doStreamCalls.map((c) => c.prompt);
    expect(first[0]).toEqual({
      role: "system",
      content: "You run the shop.\n\nOrders for the pro plan: quote the number. {context.plan} stays as written.",
    });
    // After the history: the last message of each request is the context block.
    expect(first.at(-1)).toEqual({ role: "system", content: "Open orders: 1" });
    expect(first.at(-2)?.role).toBe("user");
    expect(second.at(-1)).toEqual({ role: "system", content: "Open orders: 2" });
    expect(second.at(-2)?.role).toBe("tool");
    // The prefix stays byte-identical across requests (cache-friendly): only the block differs.
    expect(JSON.stringify(second.slice(0, first.length - 1))).toBe(JSON.stringify(first.slice(0, -1)));

    const [record] = eventsOfType(h.store, "conv-1", "LlmSystemPromptEvent");
    expect(record.data.parts).toEqual([
      { dynamicRef: null, content: "You run the shop." },
      {
        dynamicRef: "tool:orders",
        content: "Orders for the pro plan: quote the number. {context.plan} stays as written.",
      },
    ]);
    const usage = eventsOfType(h.store, "conv-1", "LlmUsageEvent");
    expect(usage.map((u) => u.data.contextBlocks?.map((b) => [b.tool, b.text]))).toEqual([
      [["orders", "Open orders: 1"]],
      [["orders", "Open orders: 2"]],
    ]);
    // Never stored as a message.
    const stored = JSON.stringify(eventsOfType(h.store, "conv-1", "LlmMessageEvent"));
    expect(stored).not.toContain("Open orders");
  });

  it("records a failing context function and makes the request without it", async () => {
    const model = mockModel([{ text: "Hello." }]);
    const sandbox = contextSandbox({
      orders: () => {
        throw new Error("the order system is down");
      },
    });
    const h = createHarness({ models: model, invokeSandbox: sandbox.invoke });
    h.agents.define({ name: "shop", model: { provider: "demo", model: "shop" } }, [ORDERS]);
    const result = await turn(h.deps, "conv-2", "shop", "Hi");
    expect(result.final.status).toBe("completed");
    expect(model.doStreamCalls[0].prompt.filter((m) => m.role === "system")).toHaveLength(1);
    const [usage] = eventsOfType(h.store, "conv-2", "LlmUsageEvent");
    expect(usage.data.contextBlocks).toEqual([
      { tool: "orders", text: "", durationMs: 0, error: "ToolExecutionError: the order system is down" },
    ]);
  });

  it("adds nothing for a tool that is not offered, and runs no context function when no tool has one", async () => {
    const model = mockModel([{ text: "Hello." }]);
    const sandbox = contextSandbox({});
    const h = createHarness({ models: model, invokeSandbox: sandbox.invoke });
    h.agents.define({ name: "plain", model: { provider: "demo", model: "plain" } }, [HIDDEN]);
    await turn(h.deps, "conv-3", "plain", "Hi", { actor: { id: "u1", name: "op", roles: ["operator"] } });
    expect(model.doStreamCalls[0].prompt.filter((m) => m.role === "system")).toEqual([]);
    expect(sandbox.runs).toEqual([]);
    const [usage] = eventsOfType(h.store, "conv-3", "LlmUsageEvent");
    expect(usage.data).not.toHaveProperty("contextBlocks");
  });
});
