import { connectionsApi } from "@/lib/api/contracts/connections.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { createConnection } from "@/lib/connections/create-connection";
import { connectionAudience, listConnections } from "@/lib/connections/list-connections";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Every connection: fields with their set flags; plain values for admins and authors; never a secret. */
  GET: defineRoute(connectionsApi.list, { access: ANY_ROLE }, async ({ db, principal }) => ({
    connections: await listConnections(db, connectionAudience(principal)),
  })),
  POST: defineRoute(connectionsApi.create, { access: ["admin"] }, async ({ body, principal, db }) =>
    createConnection(db, principal, body),
  ),
});
