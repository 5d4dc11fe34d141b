/**
 * A tool module's `context(ctx)` run through the invoker (`entry: "context"`): ctx always given,
 * the text returned as the result, nothing returned is null, anything else an error, and the
 * call's limits apply.
 */
import { describe, expect, it } from "vitest";
import { analyzeTool } from "../tools/analyze-tool";
import { invokeTool } from "./invoke-tool";
import { startSandboxTestbed } from "./testing/sandbox-testbed";

const testbed = startSandboxTestbed();

const source = (context: string, options = "") => `import { tool, type RunContext } from "atelier";

${context}

/** Look up the status of an order by its number in the order system. */
export default tool({ sideEffecting: false${options} }, async function orderStatus(order: string) {
  return "shipped";
});
`;

function invokeContext(src: string, values: Record<string, unknown> = {}) {
  const result = analyzeTool(src);
  if (!result.tool) throw new Error(result.diagnostics.map((d) => d.message).join("; "));
  return invokeTool({
    tool: result.tool,
    source: src,
    arguments: {},
    entry: "context",
    context: { agentId: "a", conversationId: "c", runId: "r", values, user: { id: "u1", roles: ["operator"] } },
    pool: testbed.pool,
    owner: "context-test",
  });
}

describe("a tool's context function in the sandbox", () => {
  it("gets ctx (context values, user) and answers its text", async () => {
    const out = await invokeContext(
      source(
        "export async function context(ctx: RunContext) { return `Plan: ${ctx.context.plan}; user ${ctx.user?.id}`; }",
      ),
      { plan: "pro" },
    );
    expect(out).toMatchObject({ ok: true, result: "Plan: pro; user u1" });
  });

  it("answers null when it returns nothing", async () => {
    expect(await invokeContext(source("export function context() {}"))).toMatchObject({ ok: true, result: null });
  });

  it("refuses a value that is not text", async () => {
    const out = await invokeContext(source("export function context() { return { plan: 1 }; }"));
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error.message).toContain("context() must return a string (or nothing), got object");
  });

  it("reports what it throws, and ctx.emit is refused there", async () => {
    const thrown = await invokeContext(source(`export function context() { throw new Error("no plan"); }`));
    expect(thrown.ok).toBe(false);
    if (!thrown.ok) expect(thrown.error.message).toContain("no plan");
    const emitted = await invokeContext(source(`export function context(ctx: RunContext) { ctx.emit({ a: 1 }); }`));
    expect(emitted.ok).toBe(false);
    if (!emitted.ok) expect(emitted.error.message).toContain("ctx.emit cannot be used in context()");
  });

  it("is stopped at the tool's time limit", async () => {
    const out = await invokeContext(source("export function context() { for (;;) {} }", ", timeoutMs: 300"));
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error.type).toBe("ToolTimeoutError");
  });
});
