/**
 * The scenario tests' harness: `RunDeps` on the in-memory store (memory-run-store.ts), agents
 * held in memory and built from `AgentInput` (so every default is the real one), models from the
 * real factory (`scripted`/`demo` need no key; provider keys come only from the `env` given here,
 * never from the machine's environment) or injected LanguageModelV3s, a clock that moves only when
 * a test moves it, sequential ids (from the store, so a restart never reuses one), and the sandbox — the real `invokeTool` on a test pool, or a stub.
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
} from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { AgentInput } from "../../agents/agent-input.shared";
import type { EventType, StoredEvent } from "../../events/event-types";
import { createLanguageModel } from "../../models/create-language-model";
import type { Env } from "../../models/provider-keys";
import { invokeTool, type InvokeOutcome, type InvokeToolRequest } from "../../sandbox/invoke-tool";
import type { SandboxPool } from "../../sandbox/worker-pool";
import { analyzeTool } from "../../tools/analyze-tool";
import { executeTurn, type TurnInput, type TurnResult } from "../engine/execute-turn";
import type {
  AgentLoader,
  AgentRecord,
  AgentToolRecord,
  Clock,
  ModelFactory,
  RunActor,
  RunDeps,
} from "../engine/ports";
import { MemoryRunStore } from "./memory-run-store";

export const TEST_NOW = new Date("2025-06-01T12:00:00.000Z");
export const TEST_ACTOR: RunActor = { id: "user-1", name: "tester" };

/** `now` never moves; `monotonic` moves only by `advance` (so durations are exact). */
export class ManualClock implements Clock {
  private ms = 0;
  constructor(private readonly at: Date = TEST_NOW) {}
  now(): Date {
    return new Date(this.at);
  }
  monotonic(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** Agents held in memory; `define` builds a record whose config went through AgentInput. */
export class MemoryAgentLoader implements AgentLoader {
  readonly records = new Map<string, AgentRecord>();

  async load(agentId: string): Promise<AgentRecord> {
    const record = this.records.get(agentId);
    if (!record) throw new Error(`No agent with id '${agentId}'.`);
    return structuredClone(record);
  }

  /** Defines (or redefines) an agent: `id` defaults to its name. */
  define(input: AgentInput & { id?: string }, tools: AgentToolRecord[] = []): AgentRecord {
    const { id, ...rest } = input;
    const config = AgentInput.parse({ ...rest, tools: tools.map(toolEntry) });
    const record: AgentRecord = {
      id: id ?? config.name,
      name: config.name,
      description: config.description,
      version: 1,
      config,
      tools,
    };
    this.records.set(record.id, record);
    return record;
  }
}

function toolEntry(t: AgentToolRecord) {
  switch (t.kind) {
    case "tool":
      return { toolId: t.toolId };
    case "builtin":
      return t.builtin === "workspace"
        ? { builtin: "workspace" as const, scope: t.scope }
        : { builtin: "memory" as const };
    case "agent":
      return { agentId: t.agentId, sideEffecting: t.sideEffecting };
    case "mcp":
      return { mcpServerId: t.serverId, tool: t.tool.name, ...(t.as ? { as: t.as } : {}) };
  }
}

export interface HarnessOptions {
  /** Share a store between harnesses to model a restart (new deps, same data). */
  store?: MemoryRunStore;
  agents?: MemoryAgentLoader;
  /**
   * One model for every run, a factory, or models by config `model` name (the rest from the real
   * factory). Default: the real factory with `env`.
   */
  models?: LanguageModelV3 | ModelFactory | Record<string, LanguageModelV3>;
  /** The only environment the real model factory sees (default: none, so no key leaks in). */
  env?: Env;
  invokeSandbox?: RunDeps["invokeSandbox"];
  clock?: ManualClock;
  publishDelta?: RunDeps["publishDelta"];
  /** Appends commit this much later (a new store only): see MemoryRunStore. */
  commitDelayMs?: number;
}

export interface Harness {
  deps: RunDeps;
  store: MemoryRunStore;
  agents: MemoryAgentLoader;
  clock: ManualClock;
}

function isModel(m: unknown): m is LanguageModelV3 {
  return typeof m === "object" && m !== null && "doStream" in m && "specificationVersion" in m;
}

export function createHarness(options: HarnessOptions = {}): Harness {
  const clock = options.clock ?? new ManualClock();
  const store = options.store ?? new MemoryRunStore(() => clock.now(), options.commitDelayMs);
  const agents = options.agents ?? new MemoryAgentLoader();
  const real: ModelFactory = (cfg, http) => createLanguageModel(cfg, { env: options.env ?? {}, http });
  const m = options.models;
  const models: ModelFactory =
    m === undefined
      ? real
      : typeof m === "function"
        ? m
        : isModel(m)
          ? () => m
          : (cfg, http) => (Object.hasOwn(m, cfg.model) ? m[cfg.model] : real(cfg, http));
  const deps: RunDeps = {
    store,
    agents,
    models,
    clock,
    newId: () => store.nextId(),
    invokeSandbox:
      options.invokeSandbox ??
      (async (r) => {
        throw new Error(`this scenario has no sandbox (tool '${r.tool.name}' was called)`);
      }),
    publishDelta: options.publishDelta,
  };
  return { deps, store, agents, clock };
}

/** A user's turn through executeTurn (the lifetime budget included). */
export function turn(
  deps: RunDeps,
  conversationId: string,
  agentId: string,
  content: string,
  options: Partial<Pick<TurnInput, "signal" | "actor" | "onRunStart">> = {},
): Promise<TurnResult> {
  return executeTurn(
    {
      conversationId,
      agentId,
      content,
      actor: options.actor ?? TEST_ACTOR,
      signal: options.signal ?? new AbortController().signal,
      onRunStart: options.onRunStart,
    },
    deps,
  );
}

/** The types of the conversation's stored events, in seq order. */
export function eventTypes(store: MemoryRunStore, conversationId: string): EventType[] {
  return store.eventsOf(conversationId).map((e) => e.type);
}

export function eventsOfType<T extends EventType>(
  store: MemoryRunStore,
  conversationId: string,
  type: T,
): Array<Extract<StoredEvent, { type: T }>> {
  return store.eventsOf(conversationId).filter((e): e is Extract<StoredEvent, { type: T }> => e.type === type);
}

// ---------------------------------------------------------------------------------------------
// Tools

/**
 * A saved tool analysed from TypeScript source (fails the test when the source has definition
 * errors), as version `toolVersion` (default 1) of `toolId` (default `tool-<name>`).
 */
export function savedTool(
  source: string,
  toolId?: string,
  toolVersion = 1,
): Extract<AgentToolRecord, { kind: "tool" }> {
  const result = analyzeTool(source);
  if (!result.tool) throw new Error(`no tool: ${result.diagnostics.map((d) => d.message).join("; ")}`);
  return { kind: "tool", toolId: toolId ?? `tool-${result.tool.name}`, toolVersion, tool: result.tool, source };
}

/** The source of a minimal saved tool: options, a parameter list and a body. */
export function toolSource(name: string, options: string, params: string, body: string, doc?: string): string {
  return [
    `import { tool, type RunContext } from "atelier";`,
    "",
    `/** ${doc ?? `The ${name} tool of a run-engine scenario: it does what its body says and nothing else.`} */`,
    `export default tool(${options}, async function ${name}(${params}) {`,
    body,
    `});`,
    "",
  ].join("\n");
}

export const memoryTool = (): AgentToolRecord => ({ kind: "builtin", builtin: "memory" });
export const workspaceTools = (scope: "conversation" | "agent" = "conversation"): AgentToolRecord => ({
  kind: "builtin",
  builtin: "workspace",
  scope,
});

export function agentTool(agent: AgentRecord, sideEffecting = false): AgentToolRecord {
  return {
    kind: "agent",
    agentId: agent.id,
    agentVersion: agent.version,
    name: agent.name,
    description: agent.description,
    sideEffecting,
  };
}

/** The real sandbox invoker on a given pool (see lib/sandbox/testing/sandbox-testbed.ts). */
export function realSandbox(pool: () => SandboxPool): RunDeps["invokeSandbox"] {
  return (request) => invokeTool({ ...request, pool: pool() });
}

export type StubHandler = (args: Record<string, unknown>, request: Omit<InvokeToolRequest, "pool">) => unknown;

/**
 * A sandbox stand-in: each saved tool's body is a handler by tool name; what it returns is the
 * result, what it throws a ToolExecutionError. Records every call and how many ran at once.
 */
export function sandboxStub(handlers: Record<string, StubHandler>) {
  const calls: Array<{ tool: string; args: Record<string, unknown> }> = [];
  const stub = {
    calls,
    inFlight: 0,
    maxInFlight: 0,
    count: (tool: string) => calls.filter((c) => c.tool === tool).length,
    invoke: async (request: Omit<InvokeToolRequest, "pool">): Promise<InvokeOutcome> => {
      const handler = handlers[request.tool.name];
      if (!handler) throw new Error(`no stub for tool '${request.tool.name}'`);
      const args = (request.arguments ?? {}) as Record<string, unknown>;
      calls.push({ tool: request.tool.name, args });
      stub.inFlight += 1;
      stub.maxInFlight = Math.max(stub.maxInFlight, stub.inFlight);
      try {
        const result = await handler(args, request);
        return { ok: true, result, logs: [], events: [], durationMs: 0 };
      } catch (err) {
        return {
          ok: false,
          error: { type: "ToolExecutionError", message: err instanceof Error ? err.message : String(err) },
          logs: [],
          events: [],
          durationMs: 0,
        };
      } finally {
        stub.inFlight -= 1;
      }
    },
  };
  return stub;
}

// ---------------------------------------------------------------------------------------------
// Models

export interface MockUsage {
  input: number;
  output: number;
  cacheRead?: number;
}

/** One answer of a mock model: text, tool calls (args as an object, or `input` as raw JSON text), or a failure. */
export type MockStep = (
  | { text: string }
  | { toolCalls: Array<{ toolName: string; args?: Record<string, unknown>; input?: string; id?: string }> }
  | { error: Error }
) & { usage?: MockUsage };

export const DEFAULT_MOCK_USAGE: MockUsage = { input: 10, output: 5 };

/**
 * A MockLanguageModelV3 that streams its steps in call order (whatever the prompt), recording every
 * call's options (`doStreamCalls`) — what the live run sent to the model.
 */
export function mockModel(
  steps: Array<MockStep | ((options: LanguageModelV3CallOptions) => MockStep)>,
  modelId = "mock",
): MockLanguageModelV3 {
  let call = 0;
  return new MockLanguageModelV3({
    provider: "mock",
    modelId,
    doStream: async (options) => {
      const index = call++;
      const entry = steps[index];
      if (!entry) throw new Error(`mock model '${modelId}' has no step ${index + 1}`);
      const step = typeof entry === "function" ? entry(options) : entry;
      if ("error" in step) throw step.error;
      return { stream: streamOf(step, index) };
    },
  });
}

function streamOf(step: Exclude<MockStep, { error: Error }>, index: number): ReadableStream<LanguageModelV3StreamPart> {
  const u = step.usage ?? DEFAULT_MOCK_USAGE;
  const usage = {
    inputTokens: { total: u.input, noCache: u.input - (u.cacheRead ?? 0), cacheRead: u.cacheRead ?? 0, cacheWrite: 0 },
    outputTokens: { total: u.output, text: u.output, reasoning: 0 },
  };
  const parts: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }];
  if ("text" in step) {
    parts.push({ type: "text-start", id: "t" });
    if (step.text) parts.push({ type: "text-delta", id: "t", delta: step.text });
    parts.push({ type: "text-end", id: "t" });
    parts.push({ type: "finish", usage, finishReason: { unified: "stop", raw: "stop" } });
  } else {
    step.toolCalls.forEach((c, i) =>
      parts.push({
        type: "tool-call",
        toolCallId: c.id ?? `call-${index + 1}-${i + 1}`,
        toolName: c.toolName,
        input: c.input ?? JSON.stringify(c.args ?? {}),
      }),
    );
    parts.push({ type: "finish", usage, finishReason: { unified: "tool-calls", raw: "tool_calls" } });
  }
  return new ReadableStream({
    start(ctrl) {
      for (const p of parts) ctrl.enqueue(p);
      ctrl.close();
    },
  });
}

/** A model whose stream never ends until the call's abort signal fires (then it fails with the reason). */
export function hangingModel(onCall?: () => void): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    provider: "mock",
    modelId: "hanging",
    doStream: async (options) => {
      onCall?.();
      return {
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(ctrl) {
            ctrl.enqueue({ type: "stream-start", warnings: [] });
            const signal = options.abortSignal;
            const fail = () => ctrl.error(signal?.reason ?? new Error("aborted"));
            if (signal?.aborted) fail();
            else signal?.addEventListener("abort", fail, { once: true });
          },
        }),
      };
    },
  });
}

/** The prompt without its system message(s): the conversation as the model saw it. */
export function withoutSystem(prompt: LanguageModelV3Prompt): LanguageModelV3Prompt {
  return prompt.filter((m) => m.role !== "system");
}
