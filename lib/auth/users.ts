/**
 * Users: the one-time first admin (with the setup token), sign-in, and the admin's user management
 * (create, change roles, deactivate — which ends the user's sessions and tokens at once). The
 * first-admin check and the last-admin guard run in one serialised transaction (./user-lock.ts).
 * A user's own password change lives in ./password-change.ts; the inputs and the answered
 * `UserSummary` in ./users.shared.ts (one schema for the route and the form).
 */
import { AppError, ConflictError, ForbiddenError, NotFoundError } from "../errors";
import type { Db } from "../db/client";
import { recordAudit } from "./audit-log";
import type { PasswordHasher } from "./password-hash";
import { parseRoles, serializeRoles, type Principal } from "./roles";
import { assertSetupToken, consumeSetupToken } from "./setup-token";
import type { SignInLimiter } from "./sign-in-limiter";
import { withUsersLocked } from "./user-lock";
import type { CreateUserInput, SetupInput, SignInInput, UpdateUserInput, UserSummary } from "./users.shared";

export class TooManyAttemptsError extends AppError {
  static override readonly kind: string = "TooManyAttemptsError";
  constructor(readonly retryAfterSeconds: number) {
    super(
      "too_many_attempts",
      `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
      {
        retryAfterSeconds,
      },
    );
  }
}

export class InvalidCredentialsError extends AppError {
  static override readonly kind: string = "InvalidCredentialsError";
  constructor() {
    super("invalid_credentials", "Email or password is incorrect.");
  }
}

/** One per process: sign-in and password change count against the same attempts. */
/** What a sign-in needs from the process: its attempt limiter and its password hasher (lib/server). */
export interface SignInGuards {
  limiter: SignInLimiter;
  passwords: PasswordHasher;
}

export async function needsSetup(db: Db): Promise<boolean> {
  return (await db.user.count()) === 0;
}

const alreadySetUp = () =>
  new ConflictError("This studio already has an admin; sign in instead.", {}, "already_set_up");

/**
 * Creates the first admin; refused for good once any user exists, and before that without the
 * setup token (checked before any hashing). The count and the create share one serialised
 * transaction, so of parallel setups exactly one wins.
 */
export async function setupFirstAdmin(db: Db, input: SetupInput, passwords: PasswordHasher): Promise<UserSummary> {
  if (!(await needsSetup(db))) throw alreadySetUp();
  assertSetupToken(input.token);
  const passwordHash = await passwords.hash(input.password);
  const user = await withUsersLocked(db, async (tx) => {
    if ((await tx.user.count()) > 0) throw alreadySetUp();
    return tx.user.create({ data: { email: input.email, name: input.name, passwordHash, roles: "admin" } });
  });
  consumeSetupToken();
  await recordAudit(db, {
    actor: { id: user.id, name: user.name },
    action: "auth.setup",
    target: user.id,
    details: { email: user.email },
  });
  return toSummary(user);
}

/**
 * Checks an email and password. The attempt is reserved with the limiter before anything is
 * awaited, so parallel guesses count against the budget; a guess refused by the hash gate (busy)
 * was never tried and gives its reservation back.
 */
export async function signIn(
  db: Db,
  input: SignInInput,
  address: string | null,
  { limiter, passwords }: SignInGuards,
): Promise<UserSummary> {
  const reserved = limiter.reserve(input.email, address);
  if (!reserved.ok) throw new TooManyAttemptsError(reserved.retryAfterSeconds);
  const attempt = reserved.reservation;
  let user, ok;
  try {
    user = await db.user.findUnique({ where: { email: input.email } });
    // Same work whether or not the user exists, and one answer for every failure.
    ok = user ? await passwords.verify(input.password, user.passwordHash) : await passwords.verifyNone(input.password);
  } catch (e) {
    attempt.cancelled();
    throw e;
  }
  if (!user || !ok || !user.active) {
    attempt.failed();
    await recordAudit(db, {
      actor: null,
      action: "auth.sign_in_failed",
      target: input.email,
      details: { address: address ?? "unknown" },
    });
    throw new InvalidCredentialsError();
  }
  attempt.succeeded();
  await db.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
  await recordAudit(db, {
    actor: { id: user.id, name: user.name },
    action: "auth.sign_in",
    target: user.id,
    details: { address: address ?? "unknown" },
  });
  return toSummary(user);
}

export async function listUsers(db: Db): Promise<UserSummary[]> {
  return (await db.user.findMany({ orderBy: { createdAt: "asc" } })).map(toSummary);
}

export async function createUser(
  db: Db,
  actor: Principal,
  input: CreateUserInput,
  passwords: PasswordHasher,
): Promise<UserSummary> {
  if (await db.user.findUnique({ where: { email: input.email } }))
    throw new ConflictError(`A user with the email ${input.email} already exists.`);
  const user = await db.user.create({
    data: {
      email: input.email,
      name: input.name,
      passwordHash: await passwords.hash(input.password),
      roles: serializeRoles(input.roles),
    },
  });
  await recordAudit(db, {
    actor,
    action: "user.create",
    target: user.id,
    details: { email: user.email, roles: input.roles },
  });
  return toSummary(user);
}

/**
 * Changes a user. Whether they lose admin, and whether another active admin remains, is read inside
 * the serialised transaction that writes: two admins demoting each other at once leave one.
 */
export async function updateUser(db: Db, actor: Principal, id: string, input: UpdateUserInput): Promise<UserSummary> {
  const { user, updated, newRoles } = await withUsersLocked(db, async (tx) => {
    const user = await tx.user.findUnique({ where: { id } });
    if (!user) throw new NotFoundError(`User '${id}' does not exist.`);
    const newRoles = input.roles ? serializeRoles(input.roles) : user.roles;
    const isActiveAdmin = user.active && parseRoles(user.roles).includes("admin");
    const losesAdmin = isActiveAdmin && (!parseRoles(newRoles).includes("admin") || input.active === false);
    if (losesAdmin) {
      const admins = (await tx.user.findMany({ where: { active: true } })).filter((u) =>
        parseRoles(u.roles).includes("admin"),
      );
      if (admins.length <= 1)
        throw new ForbiddenError("This is the last active admin: make someone else an admin first.");
    }
    const u = await tx.user.update({
      where: { id },
      data: {
        ...(input.name ? { name: input.name } : {}),
        roles: newRoles,
        ...(input.active !== undefined ? { active: input.active } : {}),
      },
    });
    if (input.active === false) {
      await tx.session.deleteMany({ where: { userId: id } });
      await tx.apiToken.updateMany({ where: { userId: id, revokedAt: null }, data: { revokedAt: new Date() } });
    }
    return { user, updated: u, newRoles };
  });
  if (input.roles && newRoles !== user.roles) {
    await recordAudit(db, {
      actor,
      action: "user.roles_changed",
      target: id,
      details: { from: parseRoles(user.roles), to: parseRoles(newRoles) },
    });
  }
  if (input.active === false && user.active)
    await recordAudit(db, { actor, action: "user.deactivate", target: id, details: { email: user.email } });
  if (input.active === true && !user.active)
    await recordAudit(db, { actor, action: "user.reactivate", target: id, details: { email: user.email } });
  return toSummary(updated);
}

function toSummary(u: {
  id: string;
  email: string;
  name: string;
  roles: string;
  active: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
}): UserSummary {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    roles: parseRoles(u.roles),
    active: u.active,
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  };
}
