/**
 * API tokens for automation: created by a user for themselves with a role no higher than their
 * own, shown once, stored as SHA-256, revocable, with a last-used time. A deactivated owner's
 * tokens stop working at once (the owner is checked on every use).
 */
import { ForbiddenError, NotFoundError } from "../errors";
import type { Db } from "../db/client";
import { recordAudit } from "./audit-log";
import { digest, newSecret } from "./opaque-token";
import { canGrant, parseRoles, type Principal } from "./roles";
import type { Role } from "./roles.shared";
import { TOKEN_PREFIX, type CreatedToken, type CreateTokenInput, type TokenSummary } from "./api-tokens.shared";

export async function createApiToken(db: Db, owner: Principal, input: CreateTokenInput): Promise<CreatedToken> {
  if (owner.kind !== "user") throw new ForbiddenError("API tokens belong to a user: sign in to create one.");
  if (!canGrant(owner.roles, input.role)) {
    throw new ForbiddenError(
      `You cannot create a token with the role '${input.role}': it is not one of your roles (${owner.roles.join(", ")}).`,
    );
  }
  const secret = newSecret(TOKEN_PREFIX);
  const row = await db.apiToken.create({
    data: {
      name: input.name,
      tokenHash: digest(secret),
      hint: `${TOKEN_PREFIX}…${secret.slice(-4)}`,
      role: input.role,
      userId: owner.id,
      expiresAt: input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null,
    },
  });
  await recordAudit(db, {
    actor: owner,
    action: "token.create",
    target: row.id,
    details: { name: row.name, role: row.role },
  });
  return { token: secret, summary: toSummary(row) };
}

export async function listApiTokens(db: Db, userId: string): Promise<TokenSummary[]> {
  const rows = await db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
  return rows.map(toSummary);
}

export async function revokeApiToken(db: Db, actor: Principal, id: string): Promise<TokenSummary> {
  const row = await db.apiToken.findUnique({ where: { id } });
  if (!row || (row.userId !== actor.id && !actor.roles.includes("admin")))
    throw new NotFoundError(`API token '${id}' does not exist.`);
  const updated = row.revokedAt ? row : await db.apiToken.update({ where: { id }, data: { revokedAt: new Date() } });
  if (!row.revokedAt) await recordAudit(db, { actor, action: "token.revoke", target: id, details: { name: row.name } });
  return toSummary(updated);
}

/** Whether a bearer secret could be an API token at all (its prefix and length), without a lookup. */
export function isApiTokenShaped(secret: string): boolean {
  return secret.startsWith(TOKEN_PREFIX) && secret.length <= 200;
}

/**
 * Revokes every live API token of a user (a password change: a token made by whoever knew the old
 * password must not outlive it). Returns how many were revoked; the caller audits the change.
 */
export async function revokeUserTokens(db: Db, userId: string): Promise<number> {
  const res = await db.apiToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
  return res.count;
}

/** The principal for a bearer token, or null (unknown, revoked, expired, owner inactive). */
export async function resolveApiToken(db: Db, secret: string): Promise<Principal | null> {
  if (!isApiTokenShaped(secret)) return null;
  const row = await db.apiToken.findUnique({ where: { tokenHash: digest(secret) }, include: { user: true } });
  if (!row || row.revokedAt || !row.user.active) return null;
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return null;
  // The token's role, but never more than its owner holds today.
  const ownerRoles = parseRoles(row.user.roles);
  const role = row.role as Role;
  if (!canGrant(ownerRoles, role)) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } }).catch(() => {});
  }
  return {
    kind: "token",
    id: row.userId,
    name: `${row.user.name} (token ${row.name})`,
    email: row.user.email,
    roles: [role],
    tokenId: row.id,
  };
}

function toSummary(row: {
  id: string;
  name: string;
  role: string;
  hint: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}): TokenSummary {
  return {
    id: row.id,
    name: row.name,
    role: row.role as Role,
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
