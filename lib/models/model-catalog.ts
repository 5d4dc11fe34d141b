/**
 * The model catalog (model-catalog.shared.ts has its shape): every provider, whether a key is
 * there to call it, and the models known for it. Models come from catalog sources — today the
 * bundled `@pydantic/genai-prices` price table (`bundledPriceSource`, offline), to which later
 * sources (e.g. a studio's own price entries) are added as further `ModelSource`s: entries of the
 * same provider and id are merged, the first source winning. Server-side (the price data is large).
 */
import { findProvider, type ModelInfo, type ModelPrice } from "@pydantic/genai-prices";
import type { CatalogModel, CatalogProvider, ModelCatalog } from "./model-catalog.shared";
import { PROVIDER_KEY_ENV, providerLabel, type Env } from "./provider-keys";
import { PROVIDERS, type Provider } from "./providers.shared";

/** A list of models per provider (none: the provider is named freely). */
export interface ModelSource {
  models(provider: Provider): CatalogModel[];
}

/** genai-prices' provider id for ours; providers without one of their own list no models. */
const PRICE_PROVIDER: Partial<Record<Provider, string>> = {
  openai: "openai",
  azure: "azure",
  anthropic: "anthropic",
  google: "google",
  mistral: "mistral",
};

/** Entries that are not chat models an agent can run (embeddings, speech, images, legacy completions…). */
const NOT_CHAT =
  /embed|whisper|tts|dall-e|image|moderation|ocr|transcribe|audio|realtime|search|^(ada|babbage|curie|davinci)(-|$)|^text-|^ft:/i;

/** Which of a provider's entries an agent of ours can name (Google's table lists Vertex's Claude too). */
const BELONGS: Partial<Record<Provider, RegExp>> = { google: /^(gemini|gemma)/ };

/** An id an agent can name as written: not a prefix or pattern of the price table. */
const usableId = (id: string) => /^[A-Za-z0-9][\w./-]*[A-Za-z0-9]$/.test(id);

/** A plain per-million price of the newest price entry (a tiered or conditional one: null). */
function pricesOf(info: ModelInfo): { input: number | null; output: number | null } {
  const current: ModelPrice | undefined = Array.isArray(info.prices)
    ? info.prices[info.prices.length - 1]?.prices
    : info.prices;
  const num = (v: unknown) => (typeof v === "number" ? v : null);
  return { input: num(current?.input_mtok), output: num(current?.output_mtok) };
}

/** How a catalog entry of the bundled price table names its source. */
export const BUNDLED_PRICES = "genai-prices";

/** The bundled price table's models (`@pydantic/genai-prices`, offline). */
export const bundledPriceSource: ModelSource = {
  models(provider) {
    const id = PRICE_PROVIDER[provider];
    const data = id ? findProvider({ providerId: id }) : undefined;
    if (!data) return [];
    const belongs = BELONGS[provider];
    return data.models
      .filter((m) => !m.deprecated && usableId(m.id) && !NOT_CHAT.test(m.id) && (!belongs || belongs.test(m.id)))
      .map((m) => {
        const p = pricesOf(m);
        return {
          id: m.id,
          name: m.name ?? null,
          contextWindow: m.context_window ?? null,
          inputPerMillion: p.input,
          outputPerMillion: p.output,
          source: BUNDLED_PRICES,
        };
      });
  },
};

/** The offline models: one name each. */
const offlineSource: ModelSource = {
  models(provider) {
    if (provider !== "demo") return [];
    return [
      {
        id: "demo",
        name: "Offline demo (not an LLM)",
        contextWindow: null,
        inputPerMillion: 0,
        outputPerMillion: 0,
        source: "atelier",
      },
    ];
  },
};

export const DEFAULT_MODEL_SOURCES: readonly ModelSource[] = [offlineSource, bundledPriceSource];

/** Providers whose key the studio holds (names only: the keys are never read here). */
export interface KeyStatusInput {
  /** Providers with a key saved in the studio. */
  saved: ReadonlySet<string>;
  env: Env;
}

const LABELS: Partial<Record<Provider, string>> = {
  demo: "Offline demo",
  scripted: "Scripted (offline test)",
};

function settingMissing(provider: Provider, env: Env): string | null {
  if (provider === "azure" && !env.AZURE_OPENAI_ENDPOINT?.trim())
    return "the server's AZURE_OPENAI_ENDPOINT environment variable is not set";
  return null;
}

/** One provider's key status and models (the sources' models merged by id, the first source winning). */
export function catalogProvider(provider: Provider, keys: KeyStatusInput, sources: readonly ModelSource[]) {
  const variables = provider in PROVIDER_KEY_ENV ? PROVIDER_KEY_ENV[provider as keyof typeof PROVIDER_KEY_ENV] : [];
  const inStudio = keys.saved.has(provider);
  const inEnv = variables.some((v) => Boolean(keys.env[v]?.trim()));
  const models = new Map<string, CatalogModel>();
  for (const source of sources) for (const m of source.models(provider)) if (!models.has(m.id)) models.set(m.id, m);
  const entry: CatalogProvider = {
    id: provider,
    label: LABELS[provider] ?? providerLabel(provider),
    needsKey: variables.length > 0 && provider !== "openai-compatible",
    keySaved: inStudio || inEnv,
    keySource: inStudio ? "studio" : inEnv ? "environment" : null,
    keyVariable: variables[0] ?? null,
    missingSetting: settingMissing(provider, keys.env),
    models: [...models.values()].sort((a, b) => a.id.localeCompare(b.id)),
  };
  return entry;
}

/** Every provider, in the order the editor offers them, with its key status and models. */
export function buildModelCatalog(
  keys: KeyStatusInput,
  sources: readonly ModelSource[] = DEFAULT_MODEL_SOURCES,
): ModelCatalog {
  const order: Provider[] = ["demo", ...PROVIDERS.filter((p) => p !== "demo")];
  return { providers: order.map((p) => catalogProvider(p, keys, sources)) };
}
