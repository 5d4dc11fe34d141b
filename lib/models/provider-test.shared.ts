/**
 * Settings → Providers "Test" (browser-safe: zod only): what the test takes and what it answers —
 * the model's short answer, or the provider's own error text. Run by ./test-provider-key.ts.
 */
import { z } from "zod";
import { KeyedProvider } from "../auth/provider-credentials.shared";

export const ProviderTestInput = z
  .object({
    /** The model (Azure: the deployment) to ask; a small default per provider otherwise. */
    model: z.string().trim().min(1).max(200).optional(),
    /** openai-compatible only: the server to test. */
    baseUrl: z.string().trim().url("baseUrl must be a URL").optional(),
  })
  .strict();
export type ProviderTestInput = z.infer<typeof ProviderTestInput>;

const tested = {
  provider: KeyedProvider,
  /** The model asked (Azure: the deployment); null when none was named and the provider has no default. */
  model: z.string().nullable(),
  latencyMs: z.number().int(),
};

/** `ok`: the model's answer (a word or two); otherwise the provider's error text and HTTP status. */
export const ProviderTestResult = z.discriminatedUnion("ok", [
  z.strictObject({ ok: z.literal(true), ...tested, answer: z.string() }),
  z.strictObject({ ok: z.literal(false), ...tested, error: z.string(), status: z.number().int().optional() }),
]);
export type ProviderTestResult = z.infer<typeof ProviderTestResult>;
