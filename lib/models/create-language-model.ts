/**
 * The model factory: a model config -> an AI SDK 6 language model (spec V3). Providers go through
 * their `@ai-sdk/*` packages (nvidia and openai-compatible through the OpenAI-compatible one); keys
 * come from the studio's saved credentials or the environment (provider-keys.ts); every request
 * goes through the HTTP retry policy (http-retry.ts). A base URL typed in the studio (an
 * `openai-compatible` entry's `baseUrl`) is reached only through the egress policy (model-egress.ts:
 * checked and pinned per request, no redirects, `ATELIER_MODEL_EGRESS_ALLOW`); base URLs from the
 * environment are the operator's and trusted. The primary and its whole fallback chain are built eagerly, so a missing key fails here — at a run's start or at a switch — with a
 * message naming the variable, never at the first request.
 */
import { createAnthropic } from "@ai-sdk/anthropic";
import { createAzure } from "@ai-sdk/azure";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createMistral } from "@ai-sdk/mistral";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { FallbackModelConfig, ModelConfig } from "./model-config.shared";
import type { HttpClientConfig } from "./http-client-config.shared";
import { ConfiguredModel } from "./configured-model";
import { DemoLanguageModel } from "./demo-model";
import { FallbackModel } from "./fallback-model";
import { createRetryingFetch, retryPolicyFrom, type FetchFunction, type RetryingFetchOptions } from "./http-retry";
import { createModelEgressFetch, usesStudioBaseUrl } from "./model-egress";
import type { ResolveHost } from "../sandbox/outbound-target";
import {
  ModelConfigurationError,
  requireProviderKey,
  requireSetting,
  openAiCompatibleKey,
  type Env,
  type SavedKeys,
} from "./provider-keys";
import { ScriptedLanguageModel } from "./scripted-model";

export interface ModelBuildContext {
  /** Environment variables (default: process.env). */
  env?: Env;
  /** Keys saved in the studio (see loadSavedKeys); they win over the environment. */
  savedKeys?: SavedKeys;
  /** The agent's HTTP timeout and retry tuning (defaults in http-client-config.shared.ts). */
  http?: HttpClientConfig;
  /** Overrides for the retrying fetch (the underlying fetch, sleep — tests). */
  retry?: Omit<RetryingFetchOptions, "policy">;
  /** DNS resolution for requests to a base URL typed in the studio (tests). */
  resolve?: ResolveHost;
}

export const DEFAULT_BASE_URLS = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1",
  google: "https://generativelanguage.googleapis.com/v1beta",
  mistral: "https://api.mistral.ai/v1",
  nvidia: "https://integrate.api.nvidia.com/v1",
} as const;

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

function fetchFor(ctx: ModelBuildContext, inner?: FetchFunction): FetchFunction {
  return createRetryingFetch({
    ...ctx.retry,
    ...(inner ? { fetch: inner } : {}),
    policy: ctx.http ? retryPolicyFrom(ctx.http) : undefined,
  });
}

/** The retrying fetch of an entry whose base URL was typed in the studio: every attempt passes the egress policy. */
function policedFetchFor(ctx: ModelBuildContext, env: NonNullable<ModelBuildContext["env"]>): FetchFunction {
  return fetchFor(ctx, createModelEgressFetch({ env, resolve: ctx.resolve, fetch: ctx.retry?.fetch }));
}

/** The provider's own model for one entry (no settings, no fallback). Throws ModelConfigurationError. */
export function createProviderModel(entry: FallbackModelConfig, ctx: ModelBuildContext = {}): LanguageModelV3 {
  const env = ctx.env ?? process.env;
  const saved = ctx.savedKeys ?? {};
  switch (entry.provider) {
    case "demo":
      return new DemoLanguageModel(entry.model);
    case "scripted":
      if (!entry.script?.length)
        throw new ModelConfigurationError("A scripted model needs at least one turn in script.", []);
      return new ScriptedLanguageModel(entry.script, entry.model);
    case "openai": {
      const apiKey = requireProviderKey("openai", env, saved);
      return createOpenAI({
        apiKey,
        baseURL: trimSlash(env.OPENAI_BASE_URL || DEFAULT_BASE_URLS.openai),
        fetch: fetchFor(ctx),
      }).chat(entry.model);
    }
    case "azure": {
      const apiKey = requireProviderKey("azure", env, saved);
      const endpoint = trimSlash(requireSetting(env, "AZURE_OPENAI_ENDPOINT", "azure"));
      return createAzure({
        apiKey,
        baseURL: endpoint.endsWith("/openai") ? endpoint : `${endpoint}/openai`,
        apiVersion: env.AZURE_OPENAI_API_VERSION || env.OPENAI_API_VERSION || undefined,
        fetch: fetchFor(ctx),
      }).chat(entry.model);
    }
    case "anthropic": {
      const apiKey = requireProviderKey("anthropic", env, saved);
      return createAnthropic({
        apiKey,
        baseURL: trimSlash(env.ANTHROPIC_BASE_URL || DEFAULT_BASE_URLS.anthropic),
        fetch: fetchFor(ctx),
      })(entry.model);
    }
    case "google": {
      const apiKey = requireProviderKey("google", env, saved);
      return createGoogleGenerativeAI({
        apiKey,
        baseURL: trimSlash(env.GOOGLE_GENERATIVE_AI_BASE_URL || DEFAULT_BASE_URLS.google),
        fetch: fetchFor(ctx),
      })(entry.model);
    }
    case "mistral": {
      const apiKey = requireProviderKey("mistral", env, saved);
      return createMistral({
        apiKey,
        baseURL: trimSlash(env.MISTRAL_BASE_URL || DEFAULT_BASE_URLS.mistral),
        fetch: fetchFor(ctx),
      })(entry.model);
    }
    case "nvidia": {
      const apiKey = requireProviderKey("nvidia", env, saved);
      return createOpenAICompatible({
        name: "nvidia",
        baseURL: trimSlash(env.NVIDIA_BASE_URL || DEFAULT_BASE_URLS.nvidia),
        apiKey,
        fetch: fetchFor(ctx),
        includeUsage: true,
        supportsStructuredOutputs: entry.model.startsWith("openai/"),
      }).chatModel(entry.model);
    }
    case "openai-compatible": {
      const baseURL = entry.baseUrl ?? env.OPENAI_COMPATIBLE_BASE_URL;
      if (!baseURL) {
        throw new ModelConfigurationError(
          "Set baseUrl on the model (or the `OPENAI_COMPATIBLE_BASE_URL` environment variable) to use the OpenAI-compatible provider.",
          ["OPENAI_COMPATIBLE_BASE_URL"],
        );
      }
      // Local servers (Ollama, LM Studio) need no key; a configured one is sent only to the base URL
      // it was configured for (provider-keys.ts, openAiCompatibleKey).
      const apiKey = openAiCompatibleKey(baseURL, env, saved) ?? undefined;
      return createOpenAICompatible({
        name: "openai-compatible",
        baseURL: trimSlash(baseURL),
        apiKey,
        // The environment's URL is the operator's; one typed in the studio passes the egress policy.
        fetch: usesStudioBaseUrl(entry, env) ? policedFetchFor(ctx, env) : fetchFor(ctx),
        includeUsage: true,
      }).chatModel(entry.model);
    }
  }
}

/**
 * The model a run uses for a config: the primary and every fallback entry built now, with their
 * settings applied and the answering entry reported on each result.
 */
export function createLanguageModel(cfg: ModelConfig, ctx: ModelBuildContext = {}): LanguageModelV3 {
  const chain = [cfg, ...cfg.fallbackModels].map(
    (entry, i) => new ConfiguredModel(createProviderModel(entry, ctx), entry, i),
  );
  return new FallbackModel(chain);
}
