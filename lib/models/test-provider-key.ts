/**
 * Settings → Providers "Test": build the provider with the studio's key (or the environment's)
 * and make one tiny real request, reporting the provider's own error text when it fails.
 */
import { APICallError } from "@ai-sdk/provider";
import { generateText } from "ai";
import { z } from "zod";
import type { KeyedProvider } from "../auth/provider-credentials";
import { ModelConfig } from "./model-config.shared";
import { createLanguageModel, type ModelBuildContext } from "./create-language-model";

export const ProviderTestInput = z
  .object({
    /** The model (Azure: the deployment) to ask; a small default per provider otherwise. */
    model: z.string().trim().min(1).max(200).optional(),
    /** openai-compatible only: the server to test. */
    baseUrl: z.string().trim().url("baseUrl must be a URL").optional(),
  })
  .strict();
export type ProviderTestInput = z.infer<typeof ProviderTestInput>;

export const DEFAULT_TEST_MODELS: Partial<Record<KeyedProvider, string>> = {
  openai: "gpt-4o-mini",
  anthropic: "claude-3-5-haiku-latest",
  google: "gemini-2.0-flash",
  mistral: "mistral-small-latest",
  nvidia: "meta/llama-3.1-8b-instruct",
};

export interface ProviderTestResult {
  ok: boolean;
  provider: KeyedProvider;
  model: string | null;
  latencyMs: number;
  /** The model's answer (a word or two) when ok. */
  answer?: string;
  /** The provider's error text when not ok. */
  error?: string;
  status?: number;
}

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
    const cause = (err as { cause?: unknown }).cause;
    const api = APICallError.isInstance(err) ? err : APICallError.isInstance(cause) ? cause : null;
    return fail((api ?? (err as Error)).message ?? String(err), api?.statusCode);
  }
}
