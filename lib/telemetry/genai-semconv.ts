/**
 * The GenAI semantic-convention names Atelier exports, pinned to OpenTelemetry Semantic
 * Conventions 1.45.0 (GenAI: status Development), as `@opentelemetry/semantic-conventions` 1.45.0
 * generates them. Incubating names are copied here rather than imported from its `incubating`
 * entry, which may change in a minor release — the package's own advice. Stable names come from
 * the package. Atelier's own attributes live under `atelier.`. docs/telemetry.md lists them all.
 */
export { ATTR_ERROR_TYPE, ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from "@opentelemetry/semantic-conventions";

export const SEMCONV_VERSION = "1.45.0";

export const GEN_AI = {
  operationName: "gen_ai.operation.name",
  providerName: "gen_ai.provider.name",
  agentName: "gen_ai.agent.name",
  agentId: "gen_ai.agent.id",
  agentVersion: "gen_ai.agent.version",
  conversationId: "gen_ai.conversation.id",
  requestModel: "gen_ai.request.model",
  responseModel: "gen_ai.response.model",
  finishReasons: "gen_ai.response.finish_reasons",
  inputTokens: "gen_ai.usage.input_tokens",
  outputTokens: "gen_ai.usage.output_tokens",
  cacheReadTokens: "gen_ai.usage.cache_read.input_tokens",
  cacheCreationTokens: "gen_ai.usage.cache_creation.input_tokens",
  toolName: "gen_ai.tool.name",
  toolCallId: "gen_ai.tool.call.id",
  toolType: "gen_ai.tool.type",
  toolCallArguments: "gen_ai.tool.call.arguments",
  toolCallResult: "gen_ai.tool.call.result",
  inputMessages: "gen_ai.input.messages",
  outputMessages: "gen_ai.output.messages",
} as const;

export const OPERATION = { invokeAgent: "invoke_agent", chat: "chat", executeTool: "execute_tool" } as const;

/** Atelier's own attributes and span events (namespaced). */
export const ATELIER = {
  runId: "atelier.run.id",
  runKind: "atelier.run.kind",
  runSegment: "atelier.run.segment",
  runStatus: "atelier.run.status",
  stopReason: "atelier.run.stop_reason",
  costNanoUsd: "atelier.cost_nano_usd",
  agentVersion: "atelier.agent.version",
  fallback: "atelier.model.fallback",
  requestPurpose: "atelier.request.purpose",
  childRunId: "atelier.tool.child_run.id",
  replayed: "atelier.tool.replayed",
  memoized: "atelier.tool.memoized",
  approvalId: "atelier.approval.id",
  approvalDecision: "atelier.approval.decision",
  approvalWaitMs: "atelier.approval.wait_ms",
  compactionStrategy: "atelier.compaction.strategy",
  tokensBefore: "atelier.compaction.tokens_before",
  tokensAfter: "atelier.compaction.tokens_after",
  replacedMessages: "atelier.compaction.replaced_messages",
  clearedMessages: "atelier.context.cleared_messages",
} as const;

export const SPAN_EVENTS = {
  approvalRequested: "atelier.approval.requested",
  approvalDecided: "atelier.approval.decided",
  compacted: "atelier.context.compacted",
  cleared: "atelier.context.cleared",
} as const;

/**
 * Atelier's provider names as the conventions' well-known `gen_ai.provider.name` values; providers
 * the conventions do not list keep a name of their own (lower case, `_` for `-`).
 */
const PROVIDER_NAMES: Record<string, string> = {
  openai: "openai",
  azure: "azure.ai.openai",
  anthropic: "anthropic",
  google: "gcp.gemini",
  mistral: "mistral_ai",
  nvidia: "nvidia",
  "openai-compatible": "openai_compatible",
  demo: "atelier.demo",
  scripted: "atelier.scripted",
};

export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider] ?? provider.toLowerCase().replace(/-/g, "_");
}

/** `provider:model` (a roster key) split; a key without a provider is all model. */
export function splitModelKey(key: string): { provider: string | null; model: string } {
  const colon = key.indexOf(":");
  return colon > 0 ? { provider: key.slice(0, colon), model: key.slice(colon + 1) } : { provider: null, model: key };
}
