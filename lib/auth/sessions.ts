/**
 * Browser sessions: a random id in an httpOnly SameSite=Lax cookie (Secure over https); only its
 * SHA-256 is stored. A session ends when unused for the idle lifetime (ATELIER_SESSION_IDLE_HOURS,
 * default 24) or at the absolute lifetime after sign-in however much it is used
 * (ATELIER_SESSION_MAX_DAYS, default 7); a deactivated user's sessions are deleted at once, and a
 * password change deletes the user's other sessions.
 */
import type { Db } from "../db/client";
import { authSettings } from "./auth-settings";
import { digest, newSecret } from "./opaque-token";
import { parseRoles, type Principal } from "./roles";

export const SESSION_COOKIE = "atelier_session";
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** When a session used at `now` next expires: idle lifetime from now, never past the absolute end. */
function nextExpiry(createdAt: number, now: number, settings = authSettings()): Date {
  return new Date(Math.min(now + settings.sessionIdleMs, createdAt + settings.sessionMaxMs));
}

/**
 * Starts a session. `expiresAt` is its absolute end, which is what the cookie carries (the idle
 * lifetime is enforced by the server, which moves the stored expiry on use).
 */
export async function createSession(
  db: Db,
  userId: string,
  meta: { userAgent?: string | null; ip?: string | null } = {},
) {
  const secret = newSecret();
  const now = Date.now();
  const settings = authSettings();
  const expiresAt = new Date(now + settings.sessionMaxMs);
  await db.session.create({
    data: {
      tokenHash: digest(secret),
      userId,
      createdAt: new Date(now),
      expiresAt: nextExpiry(now, now, settings),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    },
  });
  return { secret, expiresAt };
}

/** The signed-in user for a session cookie value, or null (unknown, expired, or user inactive). */
export async function resolveSession(db: Db, secret: string): Promise<Principal | null> {
  if (!secret || secret.length > 200) return null;
  const session = await db.session.findUnique({ where: { tokenHash: digest(secret) }, include: { user: true } });
  if (!session) return null;
  const now = Date.now();
  const settings = authSettings();
  const createdAt = session.createdAt.getTime();
  const ended = session.expiresAt.getTime() <= now || createdAt + settings.sessionMaxMs <= now;
  if (ended || !session.user.active) {
    await db.session.delete({ where: { id: session.id } }).catch(() => {});
    return null;
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.session
      .update({
        where: { id: session.id },
        data: { lastSeenAt: new Date(now), expiresAt: nextExpiry(createdAt, now, settings) },
      })
      .catch(() => {});
  }
  const u = session.user;
  return { kind: "user", id: u.id, name: u.name, email: u.email, roles: parseRoles(u.roles) };
}

export async function deleteSession(db: Db, secret: string): Promise<void> {
  await db.session.deleteMany({ where: { tokenHash: digest(secret) } });
}

/** Ends every session of a user but the one whose cookie is `keepSecret`; answers how many ended. */
export async function deleteOtherSessions(db: Db, userId: string, keepSecret: string | null): Promise<number> {
  const keep = keepSecret ? digest(keepSecret) : null;
  const { count } = await db.session.deleteMany({
    where: { userId, ...(keep ? { NOT: { tokenHash: keep } } : {}) },
  });
  return count;
}

export function sessionCookie(secret: string, expiresAt: Date, secure: boolean): string {
  return [
    `${SESSION_COOKIE}=${secret}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Expires=${expiresAt.toUTCString()}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export function clearedSessionCookie(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0", ...(secure ? ["Secure"] : [])].join(
    "; ",
  );
}

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return null;
}
