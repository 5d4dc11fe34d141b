/**
 * The one wrapper every route handler uses: it authenticates, checks roles, parses params, query
 * and body with zod, calls the handler with the database client, and maps every error through
 * the error table (lib/errors.ts, via lib/api/error-response.ts). Handlers stay thin and contain
 * no try/catch. `routeMethods` (lib/api/route-methods.ts) turns a route's handlers into its
 * exports, with a JSON 405 for every method it does not define.
 */
import { randomUUID } from "node:crypto";
import type { ZodType } from "zod";
import type { AnswerOf, BodyOf, Endpoint, ParamsOf, QueryOf } from "./contract.shared";
import { hasAnyRole, type Principal } from "../auth/roles";
import type { Role } from "../auth/roles.shared";
import type { Db } from "../db/client";
import { server, type Server } from "../server/server";
import { BrandedError, ForbiddenError, UnauthorizedError } from "../errors";
import { errorBody, jsonResponse, toErrorResponse } from "./error-response";
import { DEFAULT_MAX_BODY_BYTES, readJsonBody } from "./read-body";

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
  /** The process's database client (`server.db`, resolved when first read). */
  db: Db;
  /** The process's composition root (lib/server/server.ts): runtime, sandbox, analyser, limiters, logger. */
  server: Server;
}

export type RouteContext = { params: Promise<Record<string, string | string[]>> } | undefined;
export type RouteHandler = ((req: Request, ctx?: RouteContext) => Promise<Response>) & { contract?: Endpoint };

/** Options of a route declared by its contract: who may call it, and how large a body may be. */
export interface ContractRouteOptions<A extends Access> {
  access: A;
  maxBodyBytes?: number;
}

type Awaitable<T> = T | Promise<T>;

/**
 * A route handler from its contract (lib/api/contract.shared.ts): params, query and body are parsed
 * with the contract's schemas, the handler's answer is typed by its response schema and, outside
 * production, checked against it (a mismatch is a logged 500 naming the field), so every
 * integration test checks every answer it receives.
 */
export function defineRoute<E extends Endpoint, A extends Access>(
  contract: E,
  options: ContractRouteOptions<A>,
  handler: (input: RouteInput<ParamsOf<E>, QueryOf<E>, BodyOf<E>, A>) => Awaitable<AnswerOf<E> | Response>,
): RouteHandler;
export function defineRoute<A extends Access, P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  options: RouteOptions<P, Q, B, A>,
  handler: (input: RouteInput<P, Q, B, A>) => unknown,
): RouteHandler;
export function defineRoute(
  first: Endpoint | RouteOptions<unknown, unknown, unknown, Access>,
  second: ContractRouteOptions<Access> | ((input: RouteInput<unknown, unknown, unknown>) => unknown),
  third?: (input: RouteInput<unknown, unknown, unknown>) => unknown,
): RouteHandler {
  if (typeof second === "function") return route(first as RouteOptions<unknown, unknown, unknown, Access>, second);
  const contract = first as Endpoint;
  const handler = route(
    { ...second, params: contract.params, query: contract.query, body: contract.body, status: contract.status },
    third!,
    CHECK_ANSWERS ? contract : undefined,
  );
  // The handler names its contract, so a test can check every route against the contract it serves.
  return Object.assign(handler, { contract });
}

/** Answers are checked against their contract in development and tests, never in production (CPU). */
const CHECK_ANSWERS = process.env.NODE_ENV !== "production";

function route<A extends Access, P, Q, B>(
  options: RouteOptions<P, Q, B, A>,
  handler: (input: RouteInput<P, Q, B, A>) => unknown,
  contract?: Endpoint,
): RouteHandler {
  return async (req, ctx) => {
    const requestId = requestIdOf(req);
    const log = (err: unknown) =>
      server()
        .logger.child({ requestId })
        .error({ err, method: req.method, path: new URL(req.url).pathname }, "unhandled route error");
    try {
      if (contract && req.method !== contract.method) {
        throw new Error(`${contract.method} ${contract.path} is served as ${req.method}: fix the route's export`);
      }
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
          return server().db;
        },
        get server() {
          return server();
        },
      };
      const out = await handler(input);
      if (out instanceof Response) return out;
      const json = JSON.stringify(out ?? null);
      if (contract) checkAnswer(contract, json);
      return jsonResponse(out ?? null, options.status ?? 200, undefined, json);
    } catch (err) {
      if (ResponseContractError.is(err)) {
        // Development and tests only: the message names the field, so a failing test says what drifted.
        log(err);
        return jsonResponse(errorBody("internal_error", err.message, { requestId }), 500);
      }
      return toErrorResponse(err, log, requestId);
    }
  };
}

/** The answer as the client will parse it must satisfy the contract's response schema. */
function checkAnswer(contract: Endpoint, json: string): void {
  const result = contract.response.safeParse(JSON.parse(json));
  if (result.success) return;
  const issues = result.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`)
    .join("; ");
  throw new ResponseContractError(`${contract.method} ${contract.path} answered outside its contract: ${issues}`);
}

/** A handler's answer that does not match its response schema (development and tests only): a 500. */
export class ResponseContractError extends BrandedError {
  static override readonly kind: string = "ResponseContractError";
}

/** The caller's `X-Request-Id` (a proxy's), bounded, or a new one: it ties a 500 to its log line. */
function requestIdOf(req: Request): string {
  const given = req.headers.get("x-request-id")?.trim();
  return given && /^[\w.:-]{1,100}$/.test(given) ? given : randomUUID();
}

async function authorize(req: Request, access: Access): Promise<Principal | null> {
  if (access === "public")
    return server()
      .authenticate(req)
      .catch(() => null);
  // Throws 401 for a bad bearer token and 403 for a cross-site cookie request.
  const principal = await server().authenticate(req);
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
