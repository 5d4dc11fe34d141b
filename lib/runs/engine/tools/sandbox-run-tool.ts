/** A saved tool as a run calls it: its analysed definition, executed in the sandbox. */
import type { SandboxInvoker } from "../ports";
import { ToolArgumentError } from "../../../tools/errors";
import type { AnalyzedTool } from "../../../tools/tool-types";
import { validateArguments } from "../../../tools/validate-arguments";
import type { ContextOutcome, RunTool, ToolArgumentFailure, ToolCallScope } from "../run-tool";
import { EMPTY_ENVIRONMENT } from "../run-environment";
import { createRedactor } from "../../../sandbox/redact-secrets";
import { grantConnections, missingConnectionsMessage } from "../../../sandbox/connection-grant";

export function sandboxRunTool(toolId: string, tool: AnalyzedTool, source: string, invoke: SandboxInvoker): RunTool {
  const request = (scope: ToolCallScope, connections: Record<string, Record<string, string>>, args: unknown) => {
    const env = scope.env ?? EMPTY_ENVIRONMENT;
    return {
      tool,
      source,
      arguments: args,
      context: {
        agentId: scope.agentId,
        conversationId: scope.conversationId,
        runId: scope.runId,
        toolSeqStart: 0,
        connections,
        values: { ...env.context },
        user: env.user,
      },
      // The run's actor; runs started by no user (scripts, tests) share one "system" share.
      owner: scope.actorId || "system",
    };
  };
  return {
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters as Record<string, unknown>,
    sideEffecting: tool.sideEffecting,
    idempotent: tool.idempotent,
    requiresApproval: tool.requiresApproval,
    kind: "sandbox",
    toolId,
    availableWhen: tool.availableWhen ?? null,
    templates: tool.templates,
    ...(tool.prompt ? { prompt: tool.prompt } : {}),
    ...(tool.contextFunction
      ? {
          async context(scope: ToolCallScope): Promise<ContextOutcome> {
            const env = scope.env ?? EMPTY_ENVIRONMENT;
            const grant = grantConnections(tool.connections ?? [], env.connections);
            if (!grant.ok) return { ok: false, error: missingConnectionsMessage(tool.name, grant.missing) };
            const raw = await invoke({ ...request(scope, grant.connections, {}), entry: "context" });
            // A secret is never sent to the model, whatever the function returned or threw.
            const outcome = createRedactor(grant.secrets).outcome(raw);
            if (!outcome.ok) return { ok: false, error: `${outcome.error.type}: ${outcome.error.message}` };
            return { ok: true, text: typeof outcome.result === "string" ? outcome.result : null };
          },
        }
      : {}),
    checkArguments: (args) => sandboxArgumentError(tool, args),
    async execute(args, scope) {
      const env = scope.env ?? EMPTY_ENVIRONMENT;
      // The declared connections, each with every field set, or an error the model can read.
      const grant = grantConnections(tool.connections ?? [], env.connections);
      if (!grant.ok)
        return {
          ok: false,
          error: { type: "ToolExecutionError", message: missingConnectionsMessage(tool.name, grant.missing) },
        };
      const raw = await invoke(request(scope, grant.connections, args));
      // Nothing a secret was in leaves the call: not the result, an error, a log or an event.
      const outcome = createRedactor(grant.secrets).outcome(raw);
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
