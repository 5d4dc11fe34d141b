/**
 * The model rules the browser needs too, written once (browser-safe: zod only): the provider list,
 * the roster key grammar `provider:model`, and which providers return structured output natively.
 * The server's config schema (model-config.ts) and the agent editor both use these.
 */
import { z } from "zod";

export const PROVIDERS = [
  "openai",
  "azure",
  "anthropic",
  "google",
  "mistral",
  "nvidia",
  "openai-compatible",
  "demo",
  "scripted",
] as const;
export const Provider = z.enum(PROVIDERS);
export type Provider = z.infer<typeof Provider>;

/** The order the editor offers providers in: the offline demo model first. */
export const PROVIDER_CHOICES: readonly Provider[] = ["demo", ...PROVIDERS.filter((p) => p !== "demo")];

/** `provider:model` — the roster's identity and the argument a switch takes. */
export function modelRosterKey(cfg: { provider: string; model: string }): string {
  return `${cfg.provider}:${cfg.model}`;
}

/** Whether a provider returns structured output natively (OpenAI, Azure, Anthropic, and NVIDIA's openai/ models). */
export function supportsNativeOutput(cfg: { provider: string; model: string }): boolean {
  switch (cfg.provider) {
    case "openai":
    case "azure":
    case "anthropic":
      return true;
    case "nvidia":
      return cfg.model.startsWith("openai/");
    default:
      return false;
  }
}
