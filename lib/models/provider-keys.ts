/**
 * Where each provider's credentials come from: a key saved in the studio (encrypted, Settings →
 * Providers) wins; otherwise the environment variables below. A missing
 * key is a build error naming the variable, so a run fails at its start and a switch is refused.
 */
import type { Provider } from "./providers.shared";
import { BrandedError } from "../errors";

export type Env = Record<string, string | undefined>;
/**
 * Decrypted keys saved in the studio, by provider (see load-saved-keys.ts), and the base URL a key
 * was saved for where the provider's URL is the agent's choice (openai-compatible).
 */
export type SavedKeys = Partial<Record<Provider, string>> & { baseUrls?: Partial<Record<Provider, string>> };

/** The environment variables consulted for each provider's key, in order. */
export const PROVIDER_KEY_ENV: Record<Exclude<Provider, "demo" | "scripted">, readonly string[]> = {
  openai: ["OPENAI_API_KEY"],
  azure: ["AZURE_OPENAI_API_KEY"],
  anthropic: ["ANTHROPIC_API_KEY"],
  // GOOGLE_API_KEY, falling back to GEMINI_API_KEY; the AI SDK's own name is accepted too.
  google: ["GOOGLE_API_KEY", "GEMINI_API_KEY", "GOOGLE_GENERATIVE_AI_API_KEY"],
  mistral: ["MISTRAL_API_KEY"],
  // Only NVIDIA's own key: an OpenAI key is never sent to another provider.
  nvidia: ["NVIDIA_API_KEY"],
  "openai-compatible": ["OPENAI_COMPATIBLE_API_KEY"],
};

const LABELS: Record<string, string> = {
  openai: "OpenAI",
  azure: "Azure OpenAI",
  anthropic: "Anthropic",
  google: "Google Gemini",
  mistral: "Mistral",
  nvidia: "NVIDIA NIM",
  "openai-compatible": "OpenAI-compatible",
};

export function providerLabel(provider: string): string {
  return LABELS[provider] ?? provider;
}

/** A provider cannot be built because a key or setting is missing; the message names the variable. */
export class ModelConfigurationError extends BrandedError {
  static override readonly kind: string = "ModelConfigurationError";
  constructor(
    message: string,
    readonly variables: string[],
  ) {
    super(message);
  }
}

function quoteList(names: readonly string[]): string {
  const q = names.map((n) => `\`${n}\``);
  return q.length <= 1 ? q.join("") : `${q.slice(0, -1).join(", ")} or ${q[q.length - 1]}`;
}

export function missingKeyError(provider: keyof typeof PROVIDER_KEY_ENV): ModelConfigurationError {
  const vars = PROVIDER_KEY_ENV[provider];
  return new ModelConfigurationError(
    `Set the ${quoteList(vars)} environment variable or save a ${provider} key in Settings → Providers to use the ${providerLabel(provider)} provider.`,
    [...vars],
  );
}

/** The key to use for a provider, or null. */
export function findProviderKey(provider: keyof typeof PROVIDER_KEY_ENV, env: Env, saved: SavedKeys): string | null {
  const s = saved[provider];
  if (s) return s;
  for (const v of PROVIDER_KEY_ENV[provider]) {
    const value = env[v];
    if (value && value.trim()) return value.trim();
  }
  return null;
}

export function requireProviderKey(provider: keyof typeof PROVIDER_KEY_ENV, env: Env, saved: SavedKeys): string {
  const key = findProviderKey(provider, env, saved);
  if (!key) throw missingKeyError(provider);
  return key;
}

export function requireSetting(env: Env, variable: string, provider: string): string {
  const value = env[variable]?.trim();
  if (!value) {
    throw new ModelConfigurationError(
      `Set the \`${variable}\` environment variable to use the ${providerLabel(provider)} provider.`,
      [variable],
    );
  }
  return value;
}

/** A base URL in one spelling for comparison: scheme and host lower-cased, no trailing slash. */
export function normalizeBaseUrl(url: string): string | null {
  try {
    const u = new URL(url.trim()); // scheme and host come back lower-cased, default ports dropped
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, "")}${u.search}`;
  } catch {
    return null;
  }
}

function sameBaseUrl(a: string | undefined, b: string): boolean {
  if (!a) return false;
  const na = normalizeBaseUrl(a);
  return na !== null && na === normalizeBaseUrl(b);
}

/**
 * The key for an openai-compatible request to `baseUrl`, or null (then none is sent). A key goes
 * only where it was meant to: the saved key to the base URL an admin saved it with, the
 * environment's `OPENAI_COMPATIBLE_API_KEY` to `OPENAI_COMPATIBLE_BASE_URL`. An agent naming
 * another URL gets no key (a local server such as Ollama needs none).
 */
export function openAiCompatibleKey(baseUrl: string, env: Env, saved: SavedKeys): string | null {
  const savedKey = saved["openai-compatible"];
  if (savedKey && sameBaseUrl(saved.baseUrls?.["openai-compatible"], baseUrl)) return savedKey;
  const envKey = env.OPENAI_COMPATIBLE_API_KEY?.trim();
  if (envKey && sameBaseUrl(env.OPENAI_COMPATIBLE_BASE_URL, baseUrl)) return envKey;
  return null;
}
