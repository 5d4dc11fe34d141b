/**
 * The contract of /api/connections (docs/connections.md): named settings and credentials that
 * tools declare. Any signed-in role lists them (plain values for admins and authors only); only
 * admins create, change and delete. A secret value goes in and never comes back.
 */
import { z } from "zod";
import { DeletedResponse, endpoint } from "../contract.shared";
import {
  ConnectionInput,
  ConnectionName,
  ConnectionPatch,
  ConnectionView,
} from "../../connections/connection-views.shared";

const NameParams = z.object({ name: ConnectionName });

export const connectionsApi = {
  list: endpoint({
    method: "GET",
    path: "/api/connections",
    response: z.strictObject({ connections: z.array(ConnectionView) }),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/connections",
    body: ConnectionInput,
    response: ConnectionView,
    status: 201,
  }),
  get: endpoint({
    method: "GET",
    path: "/api/connections/:name",
    params: NameParams,
    response: ConnectionView,
  }),
  /** `fields` is the whole new list: a field sent without `value` keeps it, one not sent is removed. */
  update: endpoint({
    method: "PUT",
    path: "/api/connections/:name",
    params: NameParams,
    body: ConnectionPatch,
    response: ConnectionView,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/connections/:name",
    params: NameParams,
    response: DeletedResponse,
  }),
};
