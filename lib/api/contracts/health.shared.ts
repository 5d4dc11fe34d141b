/**
 * The contract of /api/health (docs/http-contract.md): `{status}` for anyone (load balancers), the
 * full report for a signed-in caller. The route answers a `Response` (503 when the database is
 * down, no caching); its JSON is one of these two shapes.
 */
import { z } from "zod";
import { endpoint } from "../contract.shared";
import { HealthReport, PublicHealth } from "../../db/health.shared";

export const healthApi = {
  get: endpoint({
    method: "GET",
    path: "/api/health",
    response: z.union([HealthReport, PublicHealth]),
  }),
};
