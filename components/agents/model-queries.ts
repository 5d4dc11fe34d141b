"use client";
/** The model catalog (GET /api/models): providers with their key status and known models, for the model picker. */
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import { modelsApi } from "@/lib/api/contracts/models.shared";
import type { CatalogProvider } from "@/lib/models/model-catalog.shared";

export const modelKeys = { catalog: ["models", "catalog"] as const };

/** The catalog; off for viewers who cannot edit (the route is the authors'). */
export function useModelCatalog(enabled = true) {
  return useQuery({
    queryKey: modelKeys.catalog,
    queryFn: () => apiFetch(modelsApi.catalog),
    enabled,
    staleTime: 60_000,
  });
}

/** The catalog's entry of one provider, or undefined while loading (or for a viewer). */
export function useCatalogProvider(provider: string, enabled = true): CatalogProvider | undefined {
  const q = useModelCatalog(enabled);
  return q.data?.providers.find((p) => p.id === provider);
}
