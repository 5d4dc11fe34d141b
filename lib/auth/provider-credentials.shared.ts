/**
 * Provider keys as the browser and the server both see them (browser-safe: zod only): which
 * providers take a saved key and the variable it stands in for, the input that saves one, and the
 * masked summary that is all a browser ever receives of a saved key.
 */
import { z } from "zod";

/** The environment variable each provider's key stands in for (lib/models/README.md, Providers). */
export const PROVIDER_KEY_VARIABLES = {
  openai: "OPENAI_API_KEY",
  azure: "AZURE_OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  google: "GOOGLE_GENERATIVE_AI_API_KEY",
  mistral: "MISTRAL_API_KEY",
  nvidia: "NVIDIA_API_KEY",
  "openai-compatible": "OPENAI_COMPATIBLE_API_KEY",
} as const;

type KeyedProviderName = keyof typeof PROVIDER_KEY_VARIABLES;
type KeyVariableName = (typeof PROVIDER_KEY_VARIABLES)[KeyedProviderName];

export const KeyedProvider = z.enum(Object.keys(PROVIDER_KEY_VARIABLES) as [KeyedProviderName, ...KeyedProviderName[]]);
export type KeyedProvider = z.infer<typeof KeyedProvider>;

/** The name of a provider key's environment variable. */
export const KeyVariable = z.enum(Object.values(PROVIDER_KEY_VARIABLES) as [KeyVariableName, ...KeyVariableName[]]);
export type KeyVariable = z.infer<typeof KeyVariable>;

export const SetCredentialInput = z.object({
  value: z.string().trim().min(8, "That is too short to be an API key").max(4000),
  /** openai-compatible only, and required there: the server this key may be sent to. */
  baseUrl: z.string().trim().url("baseUrl must be a URL (e.g. https://llm.example.com/v1)").max(2000).optional(),
});
export type SetCredentialInput = z.infer<typeof SetCredentialInput>;

/** A saved key as answered: its masked hint, never its value. */
export const CredentialSummary = z.strictObject({
  provider: KeyedProvider,
  variable: KeyVariable,
  /** The key's masked form (`sk-…6789`). */
  hint: z.string(),
  /** openai-compatible: the only base URL the key is sent to. */
  baseUrl: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type CredentialSummary = z.infer<typeof CredentialSummary>;

/** Whether a provider's key variable is set in the server's environment (its value never leaves). */
export const ProviderKeyEnvironment = z.strictObject({
  provider: KeyedProvider,
  variable: KeyVariable,
  set: z.boolean(),
});
export type ProviderKeyEnvironment = z.infer<typeof ProviderKeyEnvironment>;
