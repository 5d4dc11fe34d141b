/**
 * 1. Loop overhead per step: an N-step tool loop on the mock model (a tool call per step, then an
 * answer) through our loop with every event persisted to SQLite by the batched writer, beside a
 * bare AI SDK `streamText` tool loop on the same mock (no persistence), at N = 10 and N = 200.
 */
import { jsonSchema, stepCountIs, streamText, tool } from "ai";
import { AgentInput } from "../../lib/agents/agent-input.shared";
import type { Db } from "../../lib/db/client";
import { currentWorkspaceId } from "../../lib/db/workspace";
import { runLoop } from "../../lib/runs/engine/run-loop";
import type { RunTool } from "../../lib/runs/engine/run-tool";
import { testRunRuntime } from "../../lib/server/testing/test-runtime";
import { summarize } from "../stats";
import { ADD_SCHEMA, LoopMockModel } from "./loop-mock-model";

const ms = (x: number) => `${x.toFixed(3)} ms`;

export async function loopOverhead(db: Db, reps: number): Promise<void> {
  const rt = testRunRuntime(db);
  const workspaceId = await currentWorkspaceId(db);
  const agentRow = await db.agent.create({ data: { workspaceId, name: "bench_loop", config: {} } });
  const config = AgentInput.parse({
    name: "bench_loop",
    model: { provider: "demo", model: "demo" },
    runLimits: { requestLimit: null },
  });
  const addTool: RunTool = {
    name: "add",
    description: "Add two numbers and return their sum (benchmark tool).",
    parameters: ADD_SCHEMA,
    sideEffecting: false,
    idempotent: false,
    requiresApproval: false,
    kind: "sandbox",
    checkArguments: () => null,
    execute: async (args) => ({
      ok: true,
      result: (args as { a: number; b: number }).a + (args as { a: number; b: number }).b,
    }),
  };
  const results: Record<number, { ours: number[]; ref: number[] }> = {};
  for (const steps of [10, 200]) {
    results[steps] = { ours: [], ref: [] };
    for (let rep = 0; rep < reps + 2; rep++) {
      const model = new LoopMockModel(steps);
      const conversation = await db.conversation.create({ data: { workspaceId, agentId: agentRow.id } });
      const t0 = performance.now();
      const r = await runLoop(
        {
          conversationId: conversation.id,
          agent: { id: agentRow.id, name: "bench_loop", description: "", version: 1, config, tools: [addTool] },
          kind: "turn",
          parentRunId: null,
          rootRunId: null,
          depth: 0,
          prompt: "add things",
          history: [],
          limits: config.runLimits,
          tools: [addTool],
          signal: new AbortController().signal,
          actor: { id: null, name: "bench" },
          lastSystemPromptHash: null,
        },
        { ...rt.deps, models: () => model },
      );
      const oursPerStep = (performance.now() - t0) / steps;
      if (r.status !== "completed" || r.usage.requests !== steps)
        throw new Error(`loop ended ${r.status} after ${r.usage.requests} requests`);

      const refModel = new LoopMockModel(steps);
      const t1 = performance.now();
      const result = streamText({
        model: refModel,
        prompt: "add things",
        tools: {
          add: tool({
            description: addTool.description,
            inputSchema: jsonSchema<{ a: number; b: number }>(ADD_SCHEMA as never),
            execute: async ({ a, b }) => a + b,
          }),
        },
        stopWhen: stepCountIs(steps),
      });
      await result.consumeStream();
      const steps2 = (await result.steps).length;
      if (steps2 !== steps) throw new Error(`reference loop took ${steps2} steps`);
      const refPerStep = (performance.now() - t1) / steps;
      if (rep >= 2) {
        results[steps].ours.push(oursPerStep);
        results[steps].ref.push(refPerStep);
      }
    }
  }
  console.log(
    "\n1. loop overhead per step (mock model; ours persists every event to SQLite, the reference persists nothing)",
  );
  for (const steps of [10, 200]) {
    const o = summarize(results[steps].ours);
    const r = summarize(results[steps].ref);
    console.log(
      `   ${String(steps).padStart(3)} steps: ours median ${ms(o.p50)} p95 ${ms(o.p95)} | AI SDK streamText median ${ms(r.p50)} p95 ${ms(r.p95)} | ratio ${(o.p50 / r.p50).toFixed(2)}× (n=${o.n})`,
    );
  }
}
