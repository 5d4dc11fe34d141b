/**
 * Facts about a request used by sign-in: the client's address (behind a trusted proxy only) and
 * whether the studio is served over https (for the cookie's Secure flag).
 */
import { authSettings, type AuthSettings } from "./auth-settings";

/** What authentication and sign-in read of a request (a `Request`, or a page's headers). */
export interface RequestLike {
  method: string;
  url: string;
  headers: Headers;
}

type ProxySettings = Pick<AuthSettings, "trustProxy" | "trustedHops">;

/**
 * The client address from X-Forwarded-For, only when ATELIER_TRUST_PROXY=1 (otherwise any client
 * could pick its own address). Each proxy appends the address it received the request from, so
 * the entries a client can forge are on the left: with N trusted proxies in front of the studio
 * the client is the Nth entry from the right. Null when unknown (no trusted proxy, no header, or
 * fewer entries than trusted hops — a request that did not pass through every proxy).
 */
export function clientAddress(req: RequestLike, settings: ProxySettings = authSettings()): string | null {
  if (!settings.trustProxy) return null;
  const entries = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length < settings.trustedHops) return null;
  return entries[entries.length - settings.trustedHops] ?? null;
}

/**
 * Whether cookies must be Secure: the request came over https, or a trusted proxy says it did
 * (X-Forwarded-Proto, ignored without ATELIER_TRUST_PROXY), or the public URL is https.
 */
export function isHttps(
  req: RequestLike,
  settings: Pick<AuthSettings, "trustProxy" | "publicUrl"> = authSettings(),
): boolean {
  if (settings.publicUrl?.protocol === "https:") return true;
  if (new URL(req.url).protocol === "https:") return true;
  if (!settings.trustProxy) return false;
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return proto === "https";
}
