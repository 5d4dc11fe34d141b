/** Facts about a request used by sign-in: the client's address (behind a trusted proxy only) and https. */
import type { RequestLike } from "./authenticate";

/**
 * The client address from X-Forwarded-For / X-Real-IP, only when ATELIER_TRUST_PROXY=1 (otherwise
 * any client could pick its own address). Null when unknown.
 */
export function clientAddress(req: RequestLike, trustProxy = process.env.ATELIER_TRUST_PROXY === "1"): string | null {
  if (!trustProxy) return null;
  const xff = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return xff || req.headers.get("x-real-ip") || null;
}

export function isHttps(req: RequestLike): boolean {
  return new URL(req.url).protocol === "https:" || req.headers.get("x-forwarded-proto") === "https";
}
