/** A saved tool as a run calls it: its analysed definition, executed in the sandbox. */
import type { SandboxInvoker } from "../ports";
import { ToolArgumentError } from "../../../tools/errors";
import type { AnalyzedTool } from "../../../tools/tool-types";
import { validateArguments } from "../../../tools/validate-arguments";
import type { RunTool, ToolArgumentFailure } from "../run-tool";

export function sandboxRunTool(toolId: string, tool: AnalyzedTool, source: string, invoke: SandboxInvoker): RunTool {
  return {
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters as Record<string, unknown>,
    sideEffecting: tool.sideEffecting,
    idempotent: tool.idempotent,
    requiresApproval: tool.requiresApproval,
    kind: "sandbox",
    toolId,
    checkArguments: (args) => sandboxArgumentError(tool, args),
    async execute(args, scope) {
      const outcome = await invoke({
        tool,
        source,
        arguments: args,
        context: { agentId: scope.agentId, conversationId: scope.conversationId, runId: scope.runId, toolSeqStart: 0 },
        // The run's actor; runs started by no user (scripts, tests) share one "system" share.
        owner: scope.actorId || "system",
      });
      return outcome.ok
        ? { ok: true, result: outcome.result, events: outcome.events.map((e) => ({ payload: e.payload })) }
        : { ok: false, error: outcome.error, events: outcome.events.map((e) => ({ payload: e.payload })) };
    },
  };
}

/** The ToolArgumentError the sandbox would answer (schema and constraint tags), or null. */
function sandboxArgumentError(tool: AnalyzedTool, args: unknown): ToolArgumentFailure | null {
  try {
    validateArguments(tool, args);
    return null;
  } catch (error) {
    if (!ToolArgumentError.is(error)) throw error;
    const { message, missing, unexpected, invalid, accepted } = error;
    return { type: "ToolArgumentError", message, missing, unexpected, invalid, accepted };
  }
}
