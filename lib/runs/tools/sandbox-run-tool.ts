/** A saved tool as a run calls it: its analysed definition, executed in the sandbox. */
import type { SandboxInvoker } from "../ports";
import type { AnalyzedTool } from "../../tools/tool-types";
import type { RunTool } from "../run-tool";

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
    async execute(args, scope) {
      const outcome = await invoke({
        tool,
        source,
        arguments: args,
        context: { agentId: scope.agentId, conversationId: scope.conversationId, runId: scope.runId, toolSeqStart: 0 },
        ...(scope.actorId ? { owner: scope.actorId } : {}),
      });
      return outcome.ok
        ? { ok: true, result: outcome.result, events: outcome.events.map((e) => ({ payload: e.payload })) }
        : { ok: false, error: outcome.error, events: outcome.events.map((e) => ({ payload: e.payload })) };
    },
  };
}
