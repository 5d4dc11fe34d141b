/**
 * Another agent as a tool: one `task` string; calling it runs the agent as a child run (kind
 * `child`, parentRunId = the calling run) with its own limits and tools, one level deeper, and
 * answers with the child's final text. Cancellation flows down through the caller's signal.
 */
import type { RunTool, ToolArgumentFailure, ToolCallScope, ToolOutcome } from "../run-tool";

export const AGENT_TOOL_PARAMETERS = {
  type: "object",
  properties: { task: { type: "string", description: "the sub-task / goal to run" } },
  required: ["task"],
  additionalProperties: false,
} as const;

/** How deep agents may call agents (a turn is depth 0). */
export const MAX_AGENT_DEPTH = 4;

/** Runs `agentId` at `version` as a child run answering the call in `scope`. */
export type RunChild = (agentId: string, task: string, scope: ToolCallScope, version?: number) => Promise<ToolOutcome>;

export function agentRunTool(
  child: { agentId: string; agentVersion?: number; name: string; description: string; sideEffecting: boolean },
  runChild: RunChild,
): RunTool {
  const description =
    child.description.trim().length >= 30
      ? child.description.trim()
      : `Delegate a sub-task to the agent '${child.name}'${child.description.trim() ? `: ${child.description.trim()}` : "."} It answers with its final text.`;
  return {
    name: child.name,
    description,
    parameters: { ...AGENT_TOOL_PARAMETERS, properties: { ...AGENT_TOOL_PARAMETERS.properties } },
    sideEffecting: child.sideEffecting,
    idempotent: false,
    requiresApproval: false,
    kind: "agent",
    checkArguments: (args) => taskArgumentError(child.name, args),
    async execute(args, scope) {
      const refused = taskArgumentError(child.name, args);
      if (refused) return { ok: false, error: refused };
      const task = (args as { task: string }).task;
      if (scope.depth + 1 > MAX_AGENT_DEPTH) {
        return {
          ok: false,
          error: {
            type: "ToolExecutionError",
            message: `agent '${child.name}' was not called: agents may call agents at most ${MAX_AGENT_DEPTH} levels deep.`,
          },
        };
      }
      return runChild(child.agentId, task, scope, child.agentVersion);
    },
  };
}

/** An agent takes one non-empty `task` string and nothing else. */
function taskArgumentError(name: string, args: unknown): ToolArgumentFailure | null {
  const task = (args as { task?: unknown } | null)?.task;
  const extra = args && typeof args === "object" ? Object.keys(args).filter((k) => k !== "task") : [];
  if (typeof task === "string" && task.trim() && !extra.length) return null;
  return {
    type: "ToolArgumentError",
    message: `tool '${name}' call rejected: ${typeof task !== "string" || !task.trim() ? "missing: ['task'] (a non-empty string)" : `unexpected: [${extra.map((k) => `'${k}'`).join(", ")}]`}; accepted: ['task']`,
  };
}
