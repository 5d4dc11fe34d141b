/**
 * The one wrapper every route handler uses: it authenticates, checks roles, parses params, query
 * and body with zod, calls the handler with the database client, and maps every error through
 * the error table (lib/errors.ts, via lib/api/error-response.ts). Handlers stay thin and contain
 * no try/catch. `routeMethods` (lib/api/route-methods.ts) turns a route's handlers into its
 * exports, with a JSON 405 for every method it does not define.
 */
import type { ZodType } from "zod";
import { authenticate } from "../auth/authenticate";
import { hasAnyRole, type Principal } from "../auth/roles";
import type { Role } from "../auth/roles.shared";
import { getDb, type Db } from "../db/client";
import { ForbiddenError, UnauthorizedError } from "../errors";
import { toErrorResponse, jsonResponse } from "./error-response";
import { DEFAULT_MAX_BODY_BYTES, readJsonBody } from "./read-body";

/** Resolves who is calling; installed by lib/auth (see `setAuthenticator`). */
export type Authenticator = (req: Request) => Promise<Principal | null>;

/** Bearer token or session cookie (with the same-origin check for unsafe methods). */
export const defaultAuthenticator: Authenticator = (req) => authenticate(getDb(), req);

let authenticator: Authenticator = defaultAuthenticator;

/** Replaces how requests are authenticated (unit tests of the wrapper). */
export function setAuthenticator(fn: Authenticator): void {
  authenticator = fn;
}

export type Access = "public" | readonly Role[];

export interface RouteOptions<P, Q, B, A extends Access> {
  /** "public" (no sign-in) or the roles that may call it (admin always may). */
  access: A;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  maxBodyBytes?: number;
  /** Status of a successful JSON answer (201 for creations); default 200. */
  status?: number;
}

export interface RouteInput<P, Q, B, A extends Access = Access> {
  req: Request;
  params: P;
  query: Q;
  body: B;
  /** Who is calling: never null on a route that lists roles; maybe null on a public one. */
  principal: A extends "public" ? Principal | null : Principal;
  /** The process-wide database client (resolved when first read). */
  db: Db;
}

export type RouteContext = { params: Promise<Record<string, string | string[]>> } | undefined;
export type RouteHandler = (req: Request, ctx?: RouteContext) => Promise<Response>;

export function defineRoute<A extends Access, P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  options: RouteOptions<P, Q, B, A>,
  handler: (input: RouteInput<P, Q, B, A>) => unknown,
): RouteHandler {
  return async (req, ctx) => {
    try {
      const principal = await authorize(req, options.access);
      const rawParams = ctx?.params ? await ctx.params : {};
      const params = options.params ? options.params.parse(rawParams) : (rawParams as P);
      const query = options.query ? options.query.parse(queryObject(req)) : ({} as Q);
      const body = options.body
        ? options.body.parse(await readJsonBody(req, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES))
        : (undefined as B);
      const input = {
        req,
        params,
        query,
        body,
        principal: principal as RouteInput<P, Q, B, A>["principal"],
        get db() {
          return getDb();
        },
      };
      const out = await handler(input);
      if (out instanceof Response) return out;
      return jsonResponse(out ?? null, options.status ?? 200);
    } catch (err) {
      return toErrorResponse(err);
    }
  };
}

async function authorize(req: Request, access: Access): Promise<Principal | null> {
  if (access === "public") return authenticator(req).catch(() => null);
  // Throws 401 for a bad bearer token and 403 for a cross-site cookie request.
  const principal = await authenticator(req);
  if (!principal) throw new UnauthorizedError();
  if (!hasAnyRole(principal, access)) {
    throw new ForbiddenError(`This action needs one of the roles: ${access.join(", ")}.`, { requiredRoles: access });
  }
  return principal;
}

function queryObject(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  new URL(req.url).searchParams.forEach((v, k) => {
    out[k] = v;
  });
  return out;
}
