/**
 * Settings → Providers "Test": build the provider with the studio's key (or the environment's)
 * and make one tiny real request, reporting the provider's own error text when it fails.
 */
import { APICallError } from "@ai-sdk/provider";
import { generateText } from "ai";
import type { KeyedProvider } from "../auth/provider-credentials.shared";
import { ModelConfig } from "./model-config.shared";
import { createLanguageModel, type ModelBuildContext } from "./create-language-model";
import { ModelProviderError } from "./model-provider-error";
import type { ProviderTestInput, ProviderTestResult } from "./provider-test.shared";

/** The input and the answer are shared with the settings page (./provider-test.shared.ts). */
export type { ProviderTestInput, ProviderTestResult };

export const DEFAULT_TEST_MODELS: Partial<Record<KeyedProvider, string>> = {
  openai: "gpt-4o-mini",
  anthropic: "claude-3-5-haiku-latest",
  google: "gemini-2.0-flash",
  mistral: "mistral-small-latest",
  nvidia: "meta/llama-3.1-8b-instruct",
};

export async function testProviderKey(
  provider: KeyedProvider,
  input: ProviderTestInput,
  ctx: ModelBuildContext = {},
): Promise<ProviderTestResult> {
  const started = Date.now();
  const modelName = input.model ?? DEFAULT_TEST_MODELS[provider] ?? null;
  const fail = (error: string, status?: number): ProviderTestResult => ({
    ok: false,
    provider,
    model: modelName,
    latencyMs: Date.now() - started,
    error,
    ...(status ? { status } : {}),
  });
  if (!modelName)
    return fail(provider === "azure" ? "Name the Azure deployment to test (model)." : "Name the model to test.");
  try {
    const cfg = ModelConfig.parse({
      provider,
      model: modelName,
      // Without a URL to test, the one the saved key is bound to (the key goes nowhere else).
      ...(provider === "openai-compatible" && (input.baseUrl ?? ctx.savedKeys?.baseUrls?.["openai-compatible"])
        ? { baseUrl: input.baseUrl ?? ctx.savedKeys?.baseUrls?.["openai-compatible"] }
        : {}),
    });
    const model = createLanguageModel(cfg, {
      ...ctx,
      http: { timeout: 30, maxRetries: 1, backoffMultiplier: 0.5, backoffMax: 5 },
    });
    const r = await generateText({
      model,
      prompt: "Reply with the single word: ok",
      maxOutputTokens: 16,
      maxRetries: 0,
    });
    return {
      ok: true,
      provider,
      model: modelName,
      latencyMs: Date.now() - started,
      answer: r.text.trim().slice(0, 200),
    };
  } catch (err) {
    // A provider's answer comes back short and redacted (model-provider-error.ts), with its status.
    if (ModelProviderError.is(err)) return fail(err.excerpt || err.message, err.status ?? undefined);
    const cause = (err as { cause?: unknown }).cause;
    const api = APICallError.isInstance(err) ? err : APICallError.isInstance(cause) ? cause : null;
    return fail((api ?? (err as Error)).message ?? String(err), api?.statusCode);
  }
}
