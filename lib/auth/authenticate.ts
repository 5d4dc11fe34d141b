/**
 * Who is calling, from a request's headers: a bearer token (ATELIER_ADMIN_TOKEN, or an API token)
 * or the session cookie. Unsafe methods carrying a session cookie must come from our own origin
 * (Origin / Sec-Fetch-Site), since route handlers have no CSRF protection of their own; token
 * calls need no cookie and so no such check. Bearer failures are limited per client address
 * (./bearer-limiter.ts) when the caller hands in the process's limiter: the server does
 * (`server.authenticate`, lib/server/server.ts), for the route wrapper and every page.
 */
import { AppError, ForbiddenError } from "../errors";
import type { Db } from "../db/client";
import { isApiTokenShaped, resolveApiToken } from "./api-tokens";
import type { BearerFailureLimiter } from "./bearer-limiter";
import { safeEqual } from "./opaque-token";
import { clientAddress, type RequestLike } from "./request-meta";
import type { Principal } from "./roles";
import { readCookie, resolveSession, SESSION_COOKIE } from "./sessions";

export type { RequestLike };

export const ADMIN_TOKEN_PRINCIPAL: Principal = {
  kind: "system",
  id: "system",
  name: "ATELIER_ADMIN_TOKEN",
  roles: ["admin"],
};

export class InvalidTokenError extends AppError {
  static override readonly kind: string = "InvalidTokenError";
  constructor() {
    super("invalid_token", "The bearer token is not valid: unknown, expired or revoked.");
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export async function authenticate(
  db: Db,
  req: RequestLike,
  env: { adminToken?: string; trustedOrigins?: string[] } = readEnv(),
  bearerLimiter?: BearerFailureLimiter,
): Promise<Principal | null> {
  const auth = req.headers.get("authorization");
  if (auth) {
    // Checked, compared and counted before the first await: parallel guesses share the budget.
    const address = bearerLimiter ? clientAddress(req) : null;
    bearerLimiter?.check(address);
    const refuse = () => {
      bearerLimiter?.failed(address);
      return new InvalidTokenError();
    };
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (!m) throw refuse();
    const secret = m[1];
    if (env.adminToken && safeEqual(secret, env.adminToken)) return ADMIN_TOKEN_PRINCIPAL;
    if (!isApiTokenShaped(secret)) throw refuse();
    const principal = await resolveApiToken(db, secret);
    if (!principal) throw refuse();
    return principal;
  }
  const cookie = readCookie(req.headers.get("cookie"), SESSION_COOKIE);
  if (!cookie) return null;
  if (!SAFE_METHODS.has(req.method.toUpperCase())) assertSameOrigin(req, env.trustedOrigins ?? []);
  return resolveSession(db, cookie);
}

/** Refuses a cookie-carrying unsafe request that does not prove it comes from our own pages. */
export function assertSameOrigin(req: RequestLike, trustedOrigins: string[]): void {
  const origin = req.headers.get("origin");
  const fetchSite = req.headers.get("sec-fetch-site");
  const own = ownOrigins(req, trustedOrigins);
  if (origin) {
    if (origin !== "null" && own.has(origin)) return;
    throw new ForbiddenError(
      `Cross-site request refused: Origin ${origin} is not this studio.`,
      {},
      "cross_site_refused",
    );
  }
  if (fetchSite === "same-origin") return;
  throw new ForbiddenError(
    fetchSite
      ? `Cross-site request refused (Sec-Fetch-Site: ${fetchSite}).`
      : "Request refused: a request that uses the session cookie must send its Origin.",
    {},
    "cross_site_refused",
  );
}

function ownOrigins(req: RequestLike, trusted: string[]): Set<string> {
  const set = new Set(trusted);
  set.add(new URL(req.url).origin);
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  if (host) {
    const proto = req.headers.get("x-forwarded-proto") ?? new URL(req.url).protocol.replace(":", "");
    set.add(`${proto}://${host}`);
  }
  return set;
}

function readEnv() {
  return {
    adminToken: process.env.ATELIER_ADMIN_TOKEN || undefined,
    trustedOrigins: (process.env.ATELIER_TRUSTED_ORIGINS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

/**
 * For sign-in, sign-out and setup (no session yet, so no cookie to protect): a browser's request
 * must still come from our pages (login CSRF); a script that sends no Origin may proceed.
 */
export function assertSameOriginIfBrowser(req: RequestLike, trustedOrigins: string[] = readEnv().trustedOrigins): void {
  if (req.headers.get("origin") || req.headers.get("sec-fetch-site")) assertSameOrigin(req, trustedOrigins);
}
