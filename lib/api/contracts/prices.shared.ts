/**
 * The contract of /api/prices (docs/prices.md): custom model prices for what genai-prices does not
 * know (self-hosted and new models, the offline demo model) or should not price (`overrides`).
 * Any signed-in role lists and reads them (the costs page names the entries that priced a figure);
 * only admins create, replace and delete them. Prices are integer nano-USD per million tokens.
 */
import { z } from "zod";
import { endpoint } from "../contract.shared";
import { PriceEntryInput, PriceEntryView } from "../../prices/price-entry.shared";

const IdParams = z.object({ id: z.string().min(1).max(200) });

export const pricesApi = {
  list: endpoint({
    method: "GET",
    path: "/api/prices",
    response: z.strictObject({ prices: z.array(PriceEntryView) }),
  }),
  /** Answers the new entry (its `id` names it: usage it prices records `priceVersion: "custom:<id>"`). */
  create: endpoint({
    method: "POST",
    path: "/api/prices",
    body: PriceEntryInput,
    response: PriceEntryView,
    status: 201,
  }),
  get: endpoint({
    method: "GET",
    path: "/api/prices/:id",
    params: IdParams,
    response: PriceEntryView,
  }),
  /** Replaces every field; an absent `validFrom` keeps the stored one. Stored usage keeps its cost until a reprice. */
  replace: endpoint({
    method: "PUT",
    path: "/api/prices/:id",
    params: IdParams,
    body: PriceEntryInput,
    response: PriceEntryView,
  }),
  /** Stored usage stays priced as it was until `npm run usage:reprice`. */
  remove: endpoint({
    method: "DELETE",
    path: "/api/prices/:id",
    params: IdParams,
    response: z.strictObject({ deleted: z.string() }),
  }),
};
