/**
 * What the run engine needs from the outside world, as interfaces: the store (events, runs,
 * approvals, lifetime usage), the agents and their tools, the models, the clock and ids. The
 * Prisma implementations live in lib/runs/infra/store/ (prisma-run-store.ts, prisma-agent-loader.ts);
 * tests provide in-memory ones (lib/runs/testing/memory-run-store.ts), so the loop is tested
 * without a database. The composition root (lib/server/server.ts) wires the real ones.
 */
import type { RunSkill } from "../../skills/skill-tools";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { AgentConfig } from "../../agents/agent-input.shared";
import type { ModelConfig } from "../../models/model-config.shared";
import type { ApprovalTarget } from "../read-models/approvals/list-approvals.shared";
import type { HttpClientConfig } from "../../models/http-client-config.shared";
import type {
  EventData,
  EventEntry,
  RunKind,
  StopReason,
  StoredEvent,
  FinishedRunStatus,
  RunUsage,
  RunError,
  TextDelta,
} from "../../events/event-types";
import type { InvokeToolRequest, InvokeOutcome } from "../../sandbox/invoke-tool";
import type { MemoryFileStore } from "../../tools/builtin/memory-tool";
import type { WorkspaceFileStore, WorkspaceRef } from "../../workspace-files/workspace-file-store";
import type { AnalyzedTool } from "../../tools/tool-types";
import type { McpCaller } from "../../mcp/mcp-caller";
import type { RunTool } from "./run-tool";
import type { Predicate } from "../../tools/availability.shared";
import type { ConnectionsSnapshot } from "./run-environment";
import type { McpToolRecord } from "./tools/mcp-run-tool";
import type { ReplaySession } from "./tool-dispatch/replay";
import type { ExperimentSession } from "./tool-dispatch/experiment-mocks";

/** Runs a tool in the sandbox; the runtime supplies its pool. */
export type SandboxInvoker = (request: Omit<InvokeToolRequest, "pool">) => Promise<InvokeOutcome>;

export interface NewRunRecord {
  id: string;
  conversationId: string;
  agentId: string;
  kind: RunKind;
  parentRunId: string | null;
  /** A child run: the caller's tool call it answers. */
  parentToolCallId?: string | null;
  rootRunId: string;
  depth: number;
  model: string;
  /** The agent version the run runs. */
  agentVersion?: number;
  /** Who posted the turn (a child or conclusion run: the root turn's poster) and their API token. */
  userId?: string | null;
  apiTokenId?: string | null;
}

export interface RunFinish {
  status: FinishedRunStatus;
  stopReason: StopReason;
  error: RunError | null;
  usage: RunUsage;
  costNanoUsd: number;
  model: string | null;
}

export interface LifetimeUsage {
  runs: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

export interface NewApproval {
  conversationId: string;
  runId: string;
  toolCallId: string;
  toolName: string;
  arguments: unknown;
  argumentsHash: string;
  /** What will run once approved (lib/runs/engine/approval-target.ts); null for `memory`. */
  target: ApprovalTarget | null;
}

export interface AuditEntry {
  actorId: string | null;
  actor: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
}

export interface RunStore {
  /** Appends in order with contiguous seq per conversation; resolves once committed. */
  appendEvents(conversationId: string, entries: EventEntry[]): Promise<StoredEvent[]>;
  /** Every stored event of the conversation, in seq order. */
  conversationEvents(conversationId: string): Promise<StoredEvent[]>;
  createRun(run: NewRunRecord): Promise<void>;
  finishRun(runId: string, finish: RunFinish): Promise<void>;
  /** Runs started and tokens spent by the agent over its lifetime (from stored runs and usage). */
  agentLifetimeUsage(agentId: string): Promise<LifetimeUsage>;
  /** The conversation's context values (fixed when it was created); unset: none. */
  conversationContext?(conversationId: string): Promise<Record<string, unknown>>;
  createApproval(approval: NewApproval): Promise<{ id: string }>;
  /** Reserves `count` numbers of the tool's per-conversation sequence; returns the first. */
  reserveToolSeqs(toolId: string, conversationId: string, count: number): Promise<number>;
  audit(entry: AuditEntry): Promise<void>;
  memoryFiles(agentId: string): MemoryFileStore;
  /** A workspace's files as the calls of a run in `conversationId` read and write them (lib/workspace-files). */
  workspaceFiles(ref: WorkspaceRef, conversationId: string): WorkspaceFileStore;
}

/**
 * One of an agent's tools as stored: a saved tool's runnable version, `memory`, another agent, or
 * an MCP tool — with its agent entry's own availability (AND-ed with the tool's).
 */
export type AgentToolRecord = { availableWhen?: Predicate | null } & (
  | { kind: "tool"; toolId: string; toolVersion: number; tool: AnalyzedTool; source: string }
  | { kind: "builtin"; builtin: "memory" }
  | { kind: "builtin"; builtin: "workspace"; scope: "conversation" | "agent" }
  | {
      kind: "agent";
      agentId: string;
      /** The child's version its runs take: its `production` (the latest while unset) when the caller was loaded. */
      agentVersion: number;
      name: string;
      description: string;
      sideEffecting: boolean;
    }
  | ({ kind: "mcp" } & McpToolRecord)
);

/** An agent as stored: configuration and tool records (lib/runs/infra/store/prisma-agent-loader.ts reads it). */
export interface AgentRecord {
  id: string;
  name: string;
  description: string;
  /** The agent version this configuration is. */
  version: number;
  config: AgentConfig;
  tools: AgentToolRecord[];
  /** Tool entries following the latest, as resolved for this load (recorded on RunStarted). */
  followedTools?: Array<{ toolId: string; name: string; version: number }>;
  /** The attached skills as resolved for this load (lib/skills): listed in the system prompt, recorded on RunStarted. */
  skills?: RunSkill[];
}

export interface AgentLoader {
  /**
   * The agent as stored, at a version: `version` when given (a run resumed runs the version it
   * started on); for `conversationId` (a run of that conversation's own agent), the version the
   * conversation is pinned to, with the model the conversation switched to in place of the agent's
   * active one (conversation-model.ts); otherwise its `production` version (the latest while unset).
   * A caller that has just read the conversation passes what it read (`conversation`), so the
   * loader does not read it again.
   */
  load(
    agentId: string,
    options?: {
      conversationId?: string;
      conversation?: { agentId: string; modelKey: string | null; agentVersion: number };
      version?: number;
    },
  ): Promise<AgentRecord>;
}

/** An agent ready to run: its record and its tools as the loop calls them. */
export interface RunnableAgent extends Omit<AgentRecord, "tools"> {
  tools: RunTool[];
}

/** Builds the model (and its whole fallback chain) for a config; throws when a key is missing. */
export type ModelFactory = (cfg: ModelConfig, http?: HttpClientConfig) => LanguageModelV3 | Promise<LanguageModelV3>;

export interface Clock {
  now(): Date;
  /** Monotonic milliseconds, for durations. */
  monotonic(): number;
}

export const systemClock: Clock = { now: () => new Date(), monotonic: () => performance.now() };

/** Who started the turn (for the audit of side-effecting calls). */
export interface RunActor {
  id: string | null;
  name: string | null;
  /** The principal's roles (`ctx.user.roles`, availability by role); absent: none. */
  roles?: string[];
  /** The API token the request came with (recorded on the run and its usage: token budgets). */
  apiTokenId?: string | null;
}

export interface RunDeps {
  store: RunStore;
  agents: AgentLoader;
  models: ModelFactory;
  clock: Clock;
  newId: () => string;
  /** Runs a saved tool's body in the process's sandbox pool (lib/sandbox/invoke-tool.ts). */
  invokeSandbox: SandboxInvoker;
  /** Calls an imported MCP tool on its server (lib/mcp); unset, MCP tools answer that they cannot run. */
  callMcp?: McpCaller;
  /**
   * The studio's connections as a run sees them (read once when a run starts; secrets open):
   * availability, description templates and the tools' `ctx.connections`. Unset: none.
   */
  connections?: () => Promise<ConnectionsSnapshot>;
  /** Live followers of the conversation: streamed text (never stored). */
  publishDelta?: (conversationId: string, delta: TextDelta) => void;
  /**
   * A replay's matching state (tool-dispatch/replay.ts): every call of every run of the replay is
   * answered from the original's record, refused, or (pure, `live-pure`) run live; nothing is held.
   */
  replay?: ReplaySession;
  /** An eval case's mocks (tool-dispatch/experiment-mocks.ts): every call of every run of the case passes them first. */
  experiment?: ExperimentSession;
}

export type { EventData, EventEntry };
