/**
 * Browser sessions: a random id in an httpOnly SameSite=Lax cookie; only its SHA-256 is stored.
 * A session lasts 14 days from last use; a deactivated user's sessions are deleted at once.
 */
import type { Db } from "../db/client";
import { digest, newSecret } from "./opaque-token";
import { parseRoles, type Principal } from "./roles";

export const SESSION_COOKIE = "atelier_session";
export const SESSION_TTL_MS = 14 * 24 * 3600 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export async function createSession(
  db: Db,
  userId: string,
  meta: { userAgent?: string | null; ip?: string | null } = {},
) {
  const secret = newSecret();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.session.create({
    data: {
      tokenHash: digest(secret),
      userId,
      expiresAt,
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
  if (session.expiresAt.getTime() <= now || !session.user.active) {
    await db.session.delete({ where: { id: session.id } }).catch(() => {});
    return null;
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.session
      .update({
        where: { id: session.id },
        data: { lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_TTL_MS) },
      })
      .catch(() => {});
  }
  const u = session.user;
  return { kind: "user", id: u.id, name: u.name, email: u.email, roles: parseRoles(u.roles) };
}

export async function deleteSession(db: Db, secret: string): Promise<void> {
  await db.session.deleteMany({ where: { tokenHash: digest(secret) } });
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
