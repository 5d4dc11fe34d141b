/**
 * A tool as the run loop sees it: what the model is told (name, description, parameters), the
 * flags that drive gating and caching, and how to execute one call. Saved tools run in the
 * sandbox, `memory` against the agent's files, agents as tools as child runs, and imported
 * tools on their MCP server (lib/runs/engine/tools/*).
 */
import type { ApprovalTarget } from "../read-models/approvals/list-approvals.shared";
import type { ToolCallError } from "../../sandbox/tool-call-outcome";
import type { Predicate } from "../../tools/availability.shared";
import type { AnalyzedTool } from "../../tools/tool-types";
import type { RunEnvironment } from "./run-environment";

export type RunToolKind = "sandbox" | "memory" | "workspace" | "skill" | "agent" | "mcp";

/** The run a call belongs to, handed to every execution. */
export interface ToolCallScope {
  conversationId: string;
  runId: string;
  rootRunId: string;
  agentId: string;
  toolCallId: string;
  depth: number;
  signal: AbortSignal;
  /** Who the run acts for (set by the dispatch chain): the sandbox shares its workers per principal. */
  actorId?: string | null;
  /** The run's user, context values and connections (run-environment.ts); empty outside a run. */
  env?: RunEnvironment;
}

/** A call's arguments refused before anything runs (the model repairs them). */
export type ToolArgumentFailure = ToolCallError & { type: "ToolArgumentError" };

export type ToolOutcome =
  | { ok: true; result: unknown; events?: Array<{ payload: unknown }>; childRunId?: string }
  | {
      ok: false;
      error: ToolCallError | { type: string; message: string };
      events?: Array<{ payload: unknown }>;
      childRunId?: string;
      /**
       * The call has no answer yet: the child run it started waits for an approval. The calling
       * run suspends with the call open, and is answered and resumed when the child finishes.
       */
      held?: true;
    };

/** What a tool's context function gave: its text (null: nothing), or why it failed. */
export type ContextOutcome = { ok: true; text: string | null } | { ok: false; error: string };

export interface RunTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  sideEffecting: boolean;
  idempotent: boolean;
  requiresApproval: boolean;
  kind: RunToolKind;
  /** The saved tool's id (sandbox tools): ToolStateEvent numbering is per tool. */
  toolId?: string;
  /** When the tool is offered (the tool's predicate AND its agent entry's); unset: always. */
  availableWhen?: Predicate | null;
  /** Texts written with tool-side templates, rendered per conversation (offered-tools.ts). */
  templates?: AnalyzedTool["templates"];
  /**
   * The tool's prompt part as written (`prompt` option, tool-side templates): appended to the
   * system prompt while the tool is offered (tool-prompt-parts.ts).
   */
  prompt?: string;
  /**
   * The tool's per-request context (its module's `context(ctx)`, context-blocks.ts): run before
   * every model request while the tool is offered. Unset when the tool has none.
   */
  context?: (scope: ToolCallScope) => Promise<ContextOutcome>;
  /**
   * What an approval of a call binds (lib/runs/engine/approval-target.ts): the tool version, the
   * MCP tool and its schema hash, or the agent; null (or unset) for `memory`.
   */
  target?: ApprovalTarget | null;
  /**
   * The ToolArgumentError this tool would answer for `args`, or null when they are valid. The loop
   * asks before gating, so an invalid call is answered for a repair turn and never held for approval.
   */
  checkArguments(args: unknown): ToolArgumentFailure | null;
  execute(args: unknown, scope: ToolCallScope): Promise<ToolOutcome>;
}
