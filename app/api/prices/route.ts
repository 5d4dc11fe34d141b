import { pricesApi } from "@/lib/api/contracts/prices.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { createPriceEntry, listPriceEntries } from "@/lib/prices/price-entries";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Every custom price entry (any signed-in role: the costs page names the entries behind its figures). */
  GET: defineRoute(pricesApi.list, { access: ANY_ROLE }, async ({ db }) => ({ prices: await listPriceEntries(db) })),
  POST: defineRoute(pricesApi.create, { access: ["admin"] }, async ({ body, principal, db }) =>
    createPriceEntry(db, principal, body),
  ),
});
