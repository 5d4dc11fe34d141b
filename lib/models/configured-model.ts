/**
 * One model-config entry as a LanguageModelV3: the provider's model with the entry's settings
 * (temperature, seed, maxTokens, reasoningEffort) applied to every call the caller left unset, the
 * tools' parameters in the form the entry's provider accepts (OpenAI's API: no keyword beside a
 * `$ref`, lib/tools/schema-formats.ts — the form the Tool Studio previews), and
 * `providerMetadata.atelier.answeredBy` ("provider:model") on every result, so the run loop can
 * record the model that actually answered — also when a fallback entry did. A failed request
 * (an HTTP error, an egress refusal, an error part of the stream) comes out as a short, typed,
 * redacted `ModelProviderError` naming the entry (model-provider-error.ts), never the upstream body.
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3StreamPart,
  SharedV3ProviderMetadata,
  SharedV3ProviderOptions,
} from "@ai-sdk/provider";
import { openAIParameters } from "../tools/schema-formats";
import type { JsonSchema } from "../tools/tool-types";
import type { FallbackModelConfig } from "./model-config.shared";
import { streamErrorOf, toModelProviderError } from "./model-provider-error";
import { modelRosterKey } from "./providers.shared";

export const ATELIER_METADATA_KEY = "atelier";

export interface AnsweredBy {
  /** `provider:model` of the entry that answered. */
  answeredBy: string;
  provider: string;
  model: string;
  /** 0 = the primary; n = the n-th fallback entry. */
  fallbackIndex: number;
}

/** Who answered, read back from a generate result's or finish part's providerMetadata. */
export function answeredByOf(metadata: SharedV3ProviderMetadata | undefined): AnsweredBy | null {
  const m = metadata?.[ATELIER_METADATA_KEY] as unknown as AnsweredBy | undefined;
  return m && typeof m.answeredBy === "string" ? m : null;
}

function withAnsweredBy(metadata: SharedV3ProviderMetadata | undefined, who: AnsweredBy): SharedV3ProviderMetadata {
  return { ...metadata, [ATELIER_METADATA_KEY]: { ...who } };
}

function reasoningOptions(entry: FallbackModelConfig): SharedV3ProviderOptions {
  if (!entry.reasoningEffort) return {};
  switch (entry.provider) {
    case "openai":
      return { openai: { reasoningEffort: entry.reasoningEffort } };
    case "azure":
      return { azure: { reasoningEffort: entry.reasoningEffort }, openai: { reasoningEffort: entry.reasoningEffort } };
    case "nvidia":
    case "openai-compatible":
      return { [entry.provider]: { reasoningEffort: entry.reasoningEffort } };
    default:
      return {};
  }
}

/** Providers reached through OpenAI's API, which takes tool parameters in OpenAI's form. */
const OPENAI_FORMAT = new Set(["openai", "azure", "nvidia", "openai-compatible"]);

function toolsFor(entry: FallbackModelConfig, tools: LanguageModelV3CallOptions["tools"]) {
  if (!tools || !OPENAI_FORMAT.has(entry.provider)) return tools;
  return tools.map((t) =>
    t.type === "function"
      ? { ...t, inputSchema: openAIParameters(t.inputSchema as JsonSchema) as typeof t.inputSchema }
      : t,
  );
}

export function applySettings(
  entry: FallbackModelConfig,
  options: LanguageModelV3CallOptions,
): LanguageModelV3CallOptions {
  const extra = reasoningOptions(entry);
  const providerOptions: SharedV3ProviderOptions = { ...extra };
  for (const [k, v] of Object.entries(options.providerOptions ?? {}))
    providerOptions[k] = { ...(extra[k] ?? {}), ...v };
  return {
    ...options,
    temperature: options.temperature ?? entry.temperature ?? undefined,
    seed: options.seed ?? entry.seed ?? undefined,
    maxOutputTokens: options.maxOutputTokens ?? entry.maxTokens ?? undefined,
    providerOptions: Object.keys(providerOptions).length ? providerOptions : options.providerOptions,
    tools: toolsFor(entry, options.tools),
  };
}

export class ConfiguredModel implements LanguageModelV3 {
  readonly specificationVersion = "v3" as const;
  readonly who: AnsweredBy;

  constructor(
    readonly inner: LanguageModelV3,
    readonly entry: FallbackModelConfig,
    fallbackIndex = 0,
  ) {
    this.who = { answeredBy: modelRosterKey(entry), provider: entry.provider, model: entry.model, fallbackIndex };
  }

  get provider() {
    return this.inner.provider;
  }
  get modelId() {
    return this.inner.modelId;
  }
  get supportedUrls() {
    return this.inner.supportedUrls;
  }

  async doGenerate(options: LanguageModelV3CallOptions) {
    let result: Awaited<ReturnType<LanguageModelV3["doGenerate"]>>;
    try {
      result = await this.inner.doGenerate(applySettings(this.entry, options));
    } catch (err) {
      throw toModelProviderError(err, this.entry) ?? err;
    }
    return { ...result, providerMetadata: withAnsweredBy(result.providerMetadata, this.who) };
  }

  async doStream(options: LanguageModelV3CallOptions) {
    let result: Awaited<ReturnType<LanguageModelV3["doStream"]>>;
    try {
      result = await this.inner.doStream(applySettings(this.entry, options));
    } catch (err) {
      throw toModelProviderError(err, this.entry) ?? err;
    }
    const who = this.who;
    const entry = this.entry;
    const stream = result.stream.pipeThrough(
      new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
        transform(part, ctrl) {
          if (part.type === "finish")
            ctrl.enqueue({ ...part, providerMetadata: withAnsweredBy(part.providerMetadata, who) });
          else if (part.type === "error") ctrl.enqueue({ type: "error", error: streamErrorOf(part.error, entry) });
          else ctrl.enqueue(part);
        },
      }),
    );
    return { ...result, stream };
  }
}
