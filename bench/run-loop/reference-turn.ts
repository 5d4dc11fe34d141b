/**
 * The per-turn reference: the turn the engine runs for `atlas`, written by hand with nothing of
 * the engine — AI SDK `streamText` on the same offline demo model (`DemoLanguageModel`, the model
 * the engine builds for atlas), the agent's system prompt and tools, each tool call through
 * `invokeTool` on the same sandbox pool (`server().sandbox`), and the same events written with
 * raw better-sqlite3 prepared statements on a connection of its own to the same file: per turn
 * 11 `Event` rows (RunStarted, LlmSystemPromptEvent, the user message; per step the assistant
 * message, its ToolCallEvents and its LlmUsageEvent, then the tool results and their
 * ToolReturnEvents; RunFinished), 2 priced `UsageRecord` rows and the conversation's `lastSeq`,
 * in one transaction at the start, one per step and one at the end.
 *
 * It leaves out what a product needs and a benchmark turn does not exercise: no Run rows, no
 * limits or budgets, no approvals, no idempotency or memoize, no event bus.
 */
import { createHash, randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { jsonSchema, stepCountIs, streamText, tool, type ToolSet } from "ai";
import type { Db } from "../../lib/db/client";
import { priceUsage } from "../../lib/events/price-usage";
import { DemoLanguageModel } from "../../lib/models/demo-model";
import { invokeTool } from "../../lib/sandbox/invoke-tool";
import type { SandboxPool } from "../../lib/sandbox/worker-pool";
import type { AnalyzedTool } from "../../lib/tools/tool-types";

export type ReferenceTurn = (conversationId: string, content: string) => Promise<void>;

type Row = [conversationId: string, seq: number, runId: string, type: string, payload: string, createdAt: string];

export async function referenceTurn(
  db: Db,
  file: string,
  agentId: string,
  pool: SandboxPool,
): Promise<{ turn: ReferenceTurn; close: () => void }> {
  const agent = await db.agent.findUniqueOrThrow({ where: { id: agentId } });
  const version = await db.agentVersion.findUniqueOrThrow({
    where: { agentId_version: { agentId, version: agent.latestVersion } },
  });
  const template = (version.config as { prompt: { template: string } }).prompt.template;
  const links = await db.agentTool.findMany({
    where: { agentId, agentVersion: agent.latestVersion },
    orderBy: { position: "asc" },
    include: { toolVersion: true },
  });
  const saved = links.map((l) => ({
    tool: l.toolVersion!.analysis as unknown as AnalyzedTool,
    source: l.toolVersion!.source,
  }));

  const sqlite = new Database(file, { timeout: 10_000 });
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  const insertEvent = sqlite.prepare(
    `INSERT INTO "Event" ("conversationId", "seq", "runId", "type", "payload", "createdAt") VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const insertUsage = sqlite.prepare(
    `INSERT INTO "UsageRecord" ("id", "conversationId", "eventSeq", "runId", "rootRunId", "agentId", "provider", "model", "requestedModel", "inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens", "totalTokens", "costNanoUsd", "priced", "priceVersion", "day", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const advance = sqlite.prepare(`UPDATE "Conversation" SET "lastSeq" = ?, "updatedAt" = ? WHERE "id" = ?`);
  const model = new DemoLanguageModel("demo");

  const turn: ReferenceTurn = async (conversationId, content) => {
    const runId = randomUUID();
    let seq = 0; // a fresh conversation
    let rows: Row[] = [];
    let usages: unknown[][] = [];
    const add = (type: string, data: unknown) => {
      seq += 1;
      rows.push([conversationId, seq, runId, type, JSON.stringify(data), new Date().toISOString()]);
      return seq;
    };
    const commit = sqlite.transaction(() => {
      for (const r of rows) insertEvent.run(...r);
      for (const u of usages) insertUsage.run(...u);
      advance.run(seq, new Date().toISOString(), conversationId);
    });
    const flush = () => {
      commit();
      rows = [];
      usages = [];
    };

    const now = new Date();
    const parts = [
      { dynamicRef: null, content: template },
      {
        dynamicRef: "currentDateTime",
        content: `The current date and time is ${now.toISOString().slice(0, 19).replace("T", " ")} UTC.`,
      },
    ];
    const hash = createHash("sha256");
    for (const p of parts) hash.update(JSON.stringify([p.dynamicRef, p.content]));
    add("RunStarted", { kind: "turn", parentRunId: null, agentId, model: "demo:demo" });
    add("LlmSystemPromptEvent", { parts, contentHash: hash.digest("hex") });
    add("LlmMessageEvent", { role: "user", parts: [{ type: "text", text: content }] });
    flush();

    const durations = new Map<string, number>();
    const tools: ToolSet = {};
    for (const { tool: t, source } of saved) {
      tools[t.name] = tool({
        description: t.description,
        inputSchema: jsonSchema(t.parameters as never),
        execute: async (args: unknown, { toolCallId }) => {
          const out = await invokeTool({
            tool: t,
            source,
            arguments: args,
            pool,
            owner: "system",
            context: { agentId, conversationId, runId, toolSeqStart: 0 },
          });
          durations.set(toolCallId, out.durationMs);
          if (!out.ok) throw new Error(out.error.message);
          return out.result;
        },
      });
    }
    const totals = { requests: 0, toolCalls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 };
    let stepStarted = performance.now();
    const result = streamText({
      model,
      system: parts.map((p) => p.content).join("\n\n"),
      prompt: content,
      tools,
      stopWhen: stepCountIs(10),
      onStepFinish: (step) => {
        const inputTokens = step.usage.inputTokens ?? 0;
        const outputTokens = step.usage.outputTokens ?? 0;
        add("LlmMessageEvent", {
          role: "assistant",
          parts: step.content.flatMap((p): unknown[] =>
            p.type === "text"
              ? [{ type: "text", text: p.text }]
              : p.type === "tool-call"
                ? [{ type: "tool-call", toolCallId: p.toolCallId, toolName: p.toolName, input: p.input }]
                : [],
          ),
        });
        for (const c of step.toolCalls)
          add("ToolCallEvent", { toolName: c.toolName, toolCallId: c.toolCallId, arguments: JSON.stringify(c.input) });
        const tokens = { inputTokens, outputTokens, cacheReadTokens: 0, cacheWriteTokens: 0 };
        const price = priceUsage("demo", "demo", tokens, now);
        const usage = {
          provider: "demo",
          model: "demo",
          requestedModel: "demo:demo",
          ...tokens,
          totalTokens: inputTokens + outputTokens,
          ...price,
          durationMs: Math.round(performance.now() - stepStarted),
        };
        const at = new Date().toISOString();
        const usageSeq = add("LlmUsageEvent", usage);
        usages.push([
          randomUUID(),
          conversationId,
          usageSeq,
          runId,
          runId,
          agentId,
          "demo",
          "demo",
          "demo:demo",
          inputTokens,
          outputTokens,
          0,
          0,
          inputTokens + outputTokens,
          price.costNanoUsd,
          price.priced ? 1 : 0,
          price.priceVersion,
          at.slice(0, 10),
          at,
        ]);
        if (step.toolResults.length) {
          add("LlmMessageEvent", {
            role: "tool",
            parts: step.toolResults.map((r) => ({
              type: "tool-result",
              toolCallId: r.toolCallId,
              toolName: r.toolName,
              output: { type: "json", value: r.output },
            })),
          });
          for (const r of step.toolResults)
            add("ToolReturnEvent", {
              toolName: r.toolName,
              toolCallId: r.toolCallId,
              success: true,
              durationMs: durations.get(r.toolCallId) ?? 0,
            });
        }
        totals.requests += 1;
        totals.toolCalls += step.toolCalls.length;
        totals.inputTokens += inputTokens;
        totals.outputTokens += outputTokens;
        totals.totalTokens += inputTokens + outputTokens;
        flush();
        stepStarted = performance.now();
      },
    });
    await result.consumeStream({ onError: (e) => void e });
    const steps = await result.steps;
    if (steps.length !== 2 || !steps[0].toolResults.length)
      throw new Error(`the reference turn took ${steps.length} steps (${JSON.stringify(steps.at(-1)?.content)})`);
    add("RunFinished", { status: "completed", stopReason: "end_turn", usage: totals, costNanoUsd: 0 });
    flush();
  };
  return { turn, close: () => sqlite.close() };
}
