/**
 * A route file's exports, from the handlers it defines: every method it does not define answers a
 * JSON 405 with `Allow` (Next.js would answer an empty 405), so the allowed list can never drift
 * from the handlers.
 *   export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: defineRoute(…), POST: defineRoute(…) });
 */
import { MethodNotAllowedError } from "../errors";
import type { RouteHandler } from "./define-route";
import { toErrorResponse } from "./error-response";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A handler that only refuses its method (the route-by-role matrix tells them apart by this mark). */
export type RefusingHandler = RouteHandler & { refusesMethod: true };

export function routeMethods(
  handlers: Partial<Record<HttpMethod, RouteHandler>>,
): Record<HttpMethod, RouteHandler | RefusingHandler> {
  const served = HTTP_METHODS.filter((m) => handlers[m]);
  const allow = served.join(", ");
  const refuse: RefusingHandler = Object.assign(
    async (req: Request) => {
      const res = toErrorResponse(new MethodNotAllowedError(req.method, [...served]));
      res.headers.set("allow", allow);
      return res;
    },
    { refusesMethod: true as const },
  );
  return Object.fromEntries(HTTP_METHODS.map((m) => [m, handlers[m] ?? refuse])) as Record<HttpMethod, RouteHandler>;
}
