import { pricesApi } from "@/lib/api/contracts/prices.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { deletePriceEntry, getPriceEntry, replacePriceEntry } from "@/lib/prices/price-entries";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(pricesApi.get, { access: ANY_ROLE }, async ({ params, db }) => getPriceEntry(db, params.id)),
  PUT: defineRoute(pricesApi.replace, { access: ["admin"] }, async ({ params, body, principal, db }) =>
    replacePriceEntry(db, principal, params.id, body),
  ),
  DELETE: defineRoute(pricesApi.remove, { access: ["admin"] }, async ({ params, principal, db }) => {
    await deletePriceEntry(db, principal, params.id);
    return { deleted: params.id };
  }),
});
