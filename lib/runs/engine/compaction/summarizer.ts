/**
 * The summarizer request of the `summarize` strategy: one awaited call (streamed like a run's
 * requests, its text never published) to the agent's active model — or the pinned
 * `compaction.summaryModel` — with the instructions of the registered prompt version and the
 * history as text, no tools. Its usage is priced like any
 * request (lib/events/price-usage.ts) so the caller can record it as the run's spend. Any failure
 * (no key, a provider error after its retries, a blank answer) is returned, never thrown: the
 * caller degrades to a truncation marker and the run goes on.
 */
import type { LanguageModelV3, LanguageModelV3Message } from "@ai-sdk/provider";
import type { AgentConfig } from "../../../agents/agent-input.shared";
import type { EventData } from "../../../events/event-types";
import { priceUsage } from "../../../events/price-usage";
import type { ModelConfig } from "../../../models/model-config.shared";
import { modelRosterKey } from "../../../models/providers.shared";
import { requestModel } from "../model-request";
import type { Clock, ModelFactory } from "../ports";
import { summarizerTranscript } from "./strategies";
import type { SummarizerPrompt } from "./summarizer-prompts";

export type UsageData = EventData["LlmUsageEvent"];

export type SummaryOutcome =
  | { ok: true; summary: string; usage: UsageData }
  /** `usage` is set when the provider answered (and billed) but the answer was unusable. */
  | { ok: false; error: string; usage: UsageData | null };

/** The model that writes summaries for this agent: the pinned summaryModel, else the active model. */
export function summarizerModel(config: Pick<AgentConfig, "model" | "compaction">): ModelConfig {
  return config.compaction.summaryModel ?? config.model;
}

/** Output room for the summary: the target plus a quarter, so a summary near its target is not cut off. */
export function summaryMaxOutputTokens(targetTokens: number): number {
  return Math.ceil(targetTokens * 1.25);
}

export async function requestSummary(options: {
  models: ModelFactory;
  clock: Clock;
  config: Pick<AgentConfig, "model" | "compaction" | "runtime">;
  prompt: SummarizerPrompt;
  messages: readonly LanguageModelV3Message[];
  signal?: AbortSignal;
}): Promise<SummaryOutcome> {
  const { config, prompt, clock } = options;
  const cfg = summarizerModel(config);
  const requestedModel = modelRosterKey(cfg);
  const target = config.compaction.summaryTargetTokens;
  const started = clock.monotonic();
  let usage: UsageData | null = null;
  try {
    const model = await options.models(cfg, config.runtime.http);
    const response = await requestModel({
      // The summary's room, never more than the model's own output cap.
      model: withMaxOutputTokens(model, Math.min(summaryMaxOutputTokens(target), cfg.maxTokens ?? Infinity)),
      prompt: [
        { role: "system", content: prompt.system(target) },
        ...appendInstruction(summarizerTranscript(options.messages), prompt.instruction(target)),
      ],
      tools: [],
      signal: options.signal ?? new AbortController().signal,
    });
    const who = response.answeredBy ?? { provider: cfg.provider, model: cfg.model };
    const priced = priceUsage(who.provider, who.model, response.usage);
    usage = {
      provider: who.provider,
      model: who.model,
      requestedModel,
      ...response.usage,
      costNanoUsd: priced.costNanoUsd,
      priced: priced.priced,
      priceVersion: priced.priceVersion,
      durationMs: Math.round(clock.monotonic() - started),
    };
    const summary = response.text.trim();
    if (!summary) return { ok: false, error: "the summarizer answered with no text", usage };
    return { ok: true, summary, usage };
  } catch (err) {
    const message = err instanceof Error ? `${err.name === "Error" ? "" : `${err.name}: `}${err.message}` : String(err);
    return { ok: false, error: message, usage };
  }
}

/** The instruction as the last user turn (merged into a trailing user turn, so roles still alternate). */
function appendInstruction(messages: LanguageModelV3Message[], instruction: string): LanguageModelV3Message[] {
  const last = messages[messages.length - 1];
  if (last && last.role === "user")
    return [
      ...messages.slice(0, -1),
      { role: "user", content: [...last.content, { type: "text", text: instruction }] },
    ];
  return [...messages, { role: "user", content: [{ type: "text", text: instruction }] }];
}

/** The model with every call's output capped (the summary's room), leaving the rest as it is. */
function withMaxOutputTokens(model: LanguageModelV3, maxOutputTokens: number): LanguageModelV3 {
  return {
    specificationVersion: model.specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    supportedUrls: model.supportedUrls,
    doGenerate: (options) => model.doGenerate({ ...options, maxOutputTokens }),
    doStream: (options) => model.doStream({ ...options, maxOutputTokens }),
  };
}
