/**
 * A signed-in user changes their own password: the current one is checked (counted by the sign-in
 * limiter like a sign-in, so a borrowed session cannot guess it freely), the new one hashed, every
 * other session of the user ended — the one making the change stays signed in — and every API
 * token of the user revoked (whoever knew the old password may have made one).
 */
import type { Db } from "../db/client";
import { AppError, ForbiddenError, NotFoundError } from "../errors";
import { revokeUserTokens } from "./api-tokens";
import { recordAudit } from "./audit-log";
import type { PasswordHasher } from "./password-hash";
import type { Principal } from "./roles";
import { deleteOtherSessions } from "./sessions";
import type { SignInLimiter } from "./sign-in-limiter";
import { TooManyAttemptsError } from "./users";
import type { ChangePasswordInput, PasswordChanged } from "./users.shared";

function fieldError(path: string, message: string) {
  return new AppError("validation_error", `${path}: ${message}`, { issues: [{ path, message, code: "custom" }] });
}

export async function changePassword(
  db: Db,
  principal: Principal,
  input: ChangePasswordInput,
  ctx: { sessionSecret: string | null; address: string | null; limiter: SignInLimiter; passwords: PasswordHasher },
): Promise<PasswordChanged> {
  if (principal.kind !== "user")
    throw new ForbiddenError("Only a signed-in user can change their password: sign in to the studio first.");
  const user = await db.user.findUnique({ where: { id: principal.id } });
  if (!user) throw new NotFoundError("Your user no longer exists.");
  const reserved = ctx.limiter.reserve(user.email, ctx.address);
  if (!reserved.ok) throw new TooManyAttemptsError(reserved.retryAfterSeconds);
  let ok;
  try {
    ok = await ctx.passwords.verify(input.currentPassword, user.passwordHash);
  } catch (e) {
    reserved.reservation.cancelled();
    throw e;
  }
  if (!ok) {
    reserved.reservation.failed();
    throw fieldError("currentPassword", "The current password is not right.");
  }
  reserved.reservation.succeeded();
  if (input.newPassword === input.currentPassword)
    throw fieldError("newPassword", "Choose a password different from the current one.");
  const passwordHash = await ctx.passwords.hash(input.newPassword);
  await db.user.update({ where: { id: user.id }, data: { passwordHash } });
  const endedSessions = await deleteOtherSessions(db, user.id, ctx.sessionSecret);
  const revokedTokens = await revokeUserTokens(db, user.id);
  await recordAudit(db, {
    actor: principal,
    action: "auth.password_changed",
    target: user.id,
    details: { endedSessions, revokedTokens },
  });
  return { changed: true, endedSessions, revokedTokens };
}
