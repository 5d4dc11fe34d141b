/**
 * The model catalog as the browser sees it (browser-safe: zod only): for each provider, whether
 * a key is there to call it and the models the studio knows of — the agent editor's model picker
 * offers them, and any other name may still be typed. Built by model-catalog.ts.
 */
import { z } from "zod";
import { Provider } from "./providers.shared";

export const CatalogModel = z.strictObject({
  /** The model name an agent's config names (`model`). */
  id: z.string(),
  /** A readable name, when the source has one. */
  name: z.string().nullable(),
  /** The context window in tokens, when known. */
  contextWindow: z.number().int().positive().nullable(),
  /** USD per million input / output tokens, when the source prices it (null: unknown or tiered). */
  inputPerMillion: z.number().nonnegative().nullable(),
  outputPerMillion: z.number().nonnegative().nullable(),
  /** Where the entry comes from (`genai-prices`: the bundled price table; `atelier`: the offline models). */
  source: z.string(),
});
export type CatalogModel = z.infer<typeof CatalogModel>;

export const KeySource = z.enum(["studio", "environment"]);
export type KeySource = z.infer<typeof KeySource>;

export const CatalogProvider = z.strictObject({
  id: Provider,
  label: z.string(),
  /** False for the offline models and for OpenAI-compatible servers (a local one needs none). */
  needsKey: z.boolean(),
  /** A key is there to call it: saved in the studio, or in the server's environment. */
  keySaved: z.boolean(),
  /** Where the key comes from (null: no key). */
  keySource: KeySource.nullable(),
  /** The environment variable a key stands in for (null: the provider takes no key). */
  keyVariable: z.string().nullable(),
  /** Something besides the key the server still needs (e.g. Azure's endpoint), in words; null: nothing. */
  missingSetting: z.string().nullable(),
  models: z.array(CatalogModel),
});
export type CatalogProvider = z.infer<typeof CatalogProvider>;

export const ModelCatalog = z.strictObject({ providers: z.array(CatalogProvider) });
export type ModelCatalog = z.infer<typeof ModelCatalog>;

/** Whether a run of this provider would fail at its start for want of a key or a setting. */
export function providerNotReady(p: Pick<CatalogProvider, "needsKey" | "keySaved" | "missingSetting">): boolean {
  return (p.needsKey && !p.keySaved) || p.missingSetting !== null;
}
