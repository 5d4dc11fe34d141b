import { connectionsApi } from "@/lib/api/contracts/connections.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { deleteConnection } from "@/lib/connections/delete-connection";
import { connectionAudience, getConnection } from "@/lib/connections/list-connections";
import { updateConnection } from "@/lib/connections/update-connection";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(connectionsApi.get, { access: ANY_ROLE }, async ({ params, db, principal }) =>
    getConnection(db, params.name, connectionAudience(principal)),
  ),
  /** `fields` is the whole new list: a field sent without `value` keeps its stored value; one not sent is removed. */
  PUT: defineRoute(connectionsApi.update, { access: ["admin"] }, async ({ params, body, principal, db }) =>
    updateConnection(db, principal, params.name, body),
  ),
  DELETE: defineRoute(connectionsApi.remove, { access: ["admin"] }, async ({ params, principal, db }) => {
    await deleteConnection(db, principal, params.name);
    return { deleted: params.name };
  }),
});
