/**
 * OpenTelemetry export end to end (docs/telemetry.md), over real HTTP to an OTLP receiver on
 * loopback, once per protocol (`http/json`, and `http/protobuf` decoded field by field): a turn of
 * `coordinator` whose model falls back (an OpenAI-compatible primary answers 500, the scripted fallback answers),
 * that calls a tool (`city_population`) and an agent (`billing`, a child run) whose refund waits for
 * an approval — two segments of each run: suspended, then resumed after the decision. The spans
 * carry the GenAI convention's names, the ids derived from the runs, and the parent links; the
 * trace route names the exported trace id; health counts what was sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import {
  openaiReplies,
  startFakeProviderServer,
  type FakeProviderServer,
} from "@/lib/models/testing/fake-provider-server";
import { settledRun } from "@/lib/runs/testing/settled-run";
import { parseSse } from "@/lib/runs/testing/sse";
import { closeServer, server } from "@/lib/server/server";
import { segmentSpanId, toolSpanId, traceIdOf } from "@/lib/telemetry/span-ids";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "@/lib/telemetry/testing/otlp-receiver";
import { approvalRoutes } from "./approvals/testing/approval-routes";
import * as agents from "./agents/route";
import * as conversations from "./conversations/route";
import * as health from "./health/route";
import * as runTrace from "./runs/[id]/trace/route";

const ADMIN = "otel-export-admin-token-0123456789abcdef";
const savedEnv = { ...process.env };
let t: TestDatabase;
let provider: FakeProviderServer;
let receiver: OtlpReceiver;
let coordinatorId = "";

beforeAll(async () => {
  t = await createTestDatabase();
  provider = await startFakeProviderServer();
  receiver = await startOtlpReceiver();
  provider.reply("/v1/chat/completions", openaiReplies.error(500, "the primary is down"));
  Object.assign(process.env, {
    ATELIER_ADMIN_TOKEN: ADMIN,
    OPENAI_COMPATIBLE_BASE_URL: `${provider.url}/v1`,
    OTEL_BSP_SCHEDULE_DELAY: "20",
  });
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  const billing = await t.db.agent.findFirstOrThrow({ where: { name: "billing" } });
  const population = await t.db.tool.findFirstOrThrow({ where: { name: "city_population" } });
  const created = await callRoute(agents.POST, "/api/agents", {
    bearer: ADMIN,
    body: {
      name: "coordinator",
      description: "Looks a city up and has billing refund an order.",
      prompt: { template: "You coordinate.", params: {} },
      model: {
        provider: "openai-compatible",
        model: "gpt-4o-mini",
        baseUrl: `${provider.url}/v1`,
        fallbackModels: [
          {
            provider: "scripted",
            model: "coordinator-script",
            script: [
              {
                toolCalls: [
                  { toolName: "city_population", args: { city: "Berlin" } },
                  { toolName: "billing", args: { task: "Please refund order A-1001, amount 25 dollars" } },
                ],
              },
              { text: "Berlin is big, and your refund is done." },
            ],
          },
        ],
      },
      runtime: { http: { maxRetries: 0 } },
      tools: [{ toolId: population.id }, { agentId: billing.id, sideEffecting: false }],
    },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  coordinatorId = created.json.agent.id;
});

afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await receiver?.close();
  await provider?.close();
  await t?.cleanup();
});

const { send, decide } = approvalRoutes(ADMIN);

/** One turn through both segments; answers the run ids. */
async function turnWithApproval() {
  const c = await callRoute(conversations.POST, "/api/conversations", {
    body: { agentId: coordinatorId },
    bearer: ADMIN,
  });
  const res = await send(c.json.id, { content: "How many people live in Berlin? Also refund A-1001." });
  const frames = parseSse(res.json).filter((f) => f.id !== null);
  const turnId = frames.find((f) => f.event === "RunStarted" && f.data.data.kind === "turn")!.data.runId as string;
  const requested = frames.find((f) => f.event === "ApprovalRequested")!.data;
  const childId = requested.runId as string;
  const billingCall = frames.find((f) => f.event === "ToolCallEvent" && f.data.data.toolName === "billing")!.data.data
    .toolCallId as string;
  const decided = await decide(requested.data.approvalId, {
    decision: "approve",
    argumentsHash: requested.data.argumentsHash,
  });
  expect(decided.status).toBe(200);
  const finished = await settledRun(t.db, turnId);
  expect(finished.status).toBe("completed");
  await server().telemetry.flush();
  return { turnId, childId, billingCall, conversationId: c.json.id as string };
}

function expectTrace(spans: ReceivedSpan[], ids: Awaited<ReturnType<typeof turnWithApproval>>) {
  const { turnId, childId, billingCall, conversationId } = ids;
  const traceId = traceIdOf(turnId);
  const mine = spans.filter((s) => s.traceId === traceId);
  const one = (pred: (s: ReceivedSpan) => boolean, what: string) => {
    const found = mine.filter(pred);
    expect(found, what).toHaveLength(1);
    return found[0];
  };
  const seg = (runId: string, n: number) => one((s) => s.spanId === segmentSpanId(runId, n), `${runId} segment ${n}`);

  // The turn: two invoke_agent segments, the second linked to the first; no parent (the trace's root).
  const t0 = seg(turnId, 0);
  const t1 = seg(turnId, 1);
  expect(t0).toMatchObject({ name: "invoke_agent coordinator", parentSpanId: "", kind: 1 });
  expect(t0.attributes).toMatchObject({
    "gen_ai.operation.name": "invoke_agent",
    "gen_ai.agent.name": "coordinator",
    "gen_ai.agent.id": coordinatorId,
    "gen_ai.conversation.id": conversationId,
    "atelier.run.id": turnId,
    "atelier.agent.version": 1,
    "atelier.run.status": "suspended",
    "atelier.run.segment": 0,
  });
  expect(typeof t0.attributes["atelier.cost_nano_usd"]).toBe("number");
  expect(t1.attributes).toMatchObject({ "atelier.run.status": "completed", "atelier.run.segment": 1 });
  expect(t1.links).toEqual([expect.objectContaining({ traceId, spanId: t0.spanId })]);
  expect(t0.resource).toMatchObject({ "service.name": "atelier-test" });

  // Its model requests fell back: asked for gpt-4o-mini, answered by the scripted entry.
  const chats = mine.filter((s) => s.name === "chat gpt-4o-mini");
  expect(chats).toHaveLength(2);
  for (const c of chats) {
    expect(c.kind).toBe(3);
    expect(c.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "atelier.scripted",
      "gen_ai.request.model": "gpt-4o-mini",
      "gen_ai.response.model": "coordinator-script",
      "atelier.model.fallback": true,
    });
    expect(typeof c.attributes["gen_ai.usage.input_tokens"]).toBe("number");
    expect(typeof c.attributes["gen_ai.usage.output_tokens"]).toBe("number");
  }
  expect(chats.map((c) => c.parentSpanId).sort()).toEqual([t0.spanId, t1.spanId].sort());
  expect(chats.find((c) => c.parentSpanId === t0.spanId)!.attributes["gen_ai.response.finish_reasons"]).toEqual([
    "tool_call",
  ]);

  // The tool call, and the agent call answered after the child's approval (under the segment that asked).
  const lookup = one((s) => s.name === "execute_tool city_population", "city_population");
  expect(lookup).toMatchObject({ parentSpanId: t0.spanId, kind: 1 });
  expect(lookup.attributes).toMatchObject({
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": "city_population",
    "gen_ai.tool.type": "function",
  });
  expect(typeof lookup.attributes["gen_ai.tool.call.id"]).toBe("string");
  const agentCall = one((s) => s.name === "execute_tool billing", "billing call");
  expect(agentCall).toMatchObject({ spanId: toolSpanId(turnId, billingCall), parentSpanId: t0.spanId });
  expect(agentCall.attributes).toMatchObject({
    "gen_ai.tool.call.id": billingCall,
    "gen_ai.tool.type": "function",
    "atelier.tool.child_run.id": childId,
  });

  // The child run: two segments under the caller's tool span; the approval's request and decision are span events.
  const c0 = seg(childId, 0);
  const c1 = seg(childId, 1);
  for (const c of [c0, c1]) expect(c).toMatchObject({ name: "invoke_agent billing", parentSpanId: agentCall.spanId });
  expect(c0.events.map((e) => e.name)).toContain("atelier.approval.requested");
  const decidedEvent = c1.events.find((e) => e.name === "atelier.approval.decided")!;
  expect(decidedEvent.attributes).toMatchObject({ "atelier.approval.decision": "approve" });
  expect(typeof decidedEvent.attributes["atelier.approval.wait_ms"]).toBe("number");
  expect(c1.links).toEqual([expect.objectContaining({ spanId: c0.spanId })]);
  const refund = one((s) => s.name === "execute_tool refund", "refund");
  expect(refund.parentSpanId).toBe(c0.spanId);
  expect(refund.endNs).toBeGreaterThanOrEqual(refund.startNs);

  // Nothing was sent twice.
  expect(new Set(mine.map((s) => s.spanId)).size).toBe(mine.length);
  // No content without ATELIER_OTEL_CAPTURE_CONTENT=1.
  expect(mine.some((s) => Object.keys(s.attributes).some((k) => k.endsWith(".messages")))).toBe(false);
}

for (const protocol of ["http/json", "http/protobuf"] as const) {
  describe(`OTLP export over ${protocol}`, () => {
    beforeAll(async () => {
      await closeServer();
      receiver.requests.length = 0;
      Object.assign(process.env, {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
        OTEL_EXPORTER_OTLP_HEADERS: "x-collector-key=k%3D1",
        OTEL_SERVICE_NAME: "atelier-test",
        OTEL_RESOURCE_ATTRIBUTES: "deployment.environment=test",
      });
    });

    it("sends a turn with a fallback, a tool call, a child run and an approval as linked GenAI spans", async () => {
      provider.requests.length = 0;
      const ids = await turnWithApproval();
      // The primary was asked (and failed) before the scripted fallback answered.
      expect(provider.requests.length).toBeGreaterThan(0);
      const sent = receiver.requests;
      expect(sent.length).toBeGreaterThan(0);
      for (const r of sent) {
        expect(r.path).toBe("/v1/traces");
        expect(r.contentType).toBe(protocol === "http/json" ? "application/json" : "application/x-protobuf");
        expect(r.headers["x-collector-key"]).toBe("k=1");
      }
      const spans = receiver.spans();
      expectTrace(spans, ids);
      expect(spans[0].resource).toMatchObject({ "deployment.environment": "test" });

      const h = await callRoute(health.GET, "/api/health", { bearer: ADMIN });
      expect(h.json.telemetry).toMatchObject({
        enabled: true,
        protocol,
        endpoint: `${receiver.url}/v1/traces`,
        droppedSpans: 0,
        failedSpans: 0,
        droppedSegments: 0,
      });
      expect(h.json.telemetry.exportedSpans).toBe(spans.length);

      const trace = await callRoute(runTrace.GET, `/api/runs/${ids.childId}/trace`, {
        params: { id: ids.childId },
        bearer: ADMIN,
      });
      expect(trace.status).toBe(200);
      expect(trace.json.otelTraceId).toBe(traceIdOf(ids.turnId));
    });
  });
}

describe("export off", () => {
  it("sends nothing, health says off and the trace names no id", async () => {
    for (const k of Object.keys(process.env)) if (k.startsWith("OTEL_EXPORTER_OTLP")) delete process.env[k];
    await closeServer();
    receiver.requests.length = 0;
    const ids = await turnWithApproval();
    expect(receiver.requests).toHaveLength(0);
    const h = await callRoute(health.GET, "/api/health", { bearer: ADMIN });
    expect(h.json.telemetry).toEqual({ enabled: false });
    const anonymous = await callRoute(health.GET, "/api/health", {});
    expect(anonymous.json).toEqual({ status: "ok" });
    const trace = await callRoute(runTrace.GET, `/api/runs/${ids.turnId}/trace`, {
      params: { id: ids.turnId },
      bearer: ADMIN,
    });
    expect(trace.json.otelTraceId).toBeUndefined();
  });
});
