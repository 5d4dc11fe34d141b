/**
 * Route files export a JSON 405 for the methods they do not serve (Next.js would answer an empty
 * 405): `export const { PUT, PATCH, DELETE } = otherMethodsRefused(["GET", "POST"]);`
 */
import { toErrorResponse } from "./error-response";
import { MethodNotAllowedError } from "./errors";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

type RefusingHandler = ((req: Request) => Promise<Response>) & { refusesMethod: true };

export function otherMethodsRefused(served: readonly HttpMethod[]): Record<HttpMethod, RefusingHandler> {
  const allow = served.join(", ");
  const refuse = Object.assign(
    async (req: Request) => {
      const res = toErrorResponse(new MethodNotAllowedError(req.method, [...served]));
      res.headers.set("allow", allow);
      return res;
    },
    { refusesMethod: true as const },
  );
  return Object.fromEntries(HTTP_METHODS.map((m) => [m, refuse])) as Record<HttpMethod, RefusingHandler>;
}
