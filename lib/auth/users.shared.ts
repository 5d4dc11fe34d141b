/**
 * Users as the browser and the server both see them (browser-safe: zod only): the inputs of setup,
 * sign-in, user management and password change — one schema for the route and the form — and the
 * summary a user is answered as (never their password hash).
 */
import { z } from "zod";
import { Role } from "./roles.shared";

export const MIN_PASSWORD_LENGTH = 12;

export const Email = z.string().trim().toLowerCase().email("Enter a valid email address").max(200);
export const Password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, "Use at most 200 characters");
const Name = z.string().trim().min(1, "Enter a name").max(100);

export const SetupInput = z.object({
  email: Email,
  name: Name,
  password: Password,
  /** The one-time setup token (lib/auth/setup-token.ts), from the link `npm start` prints. */
  token: z.string().max(200).optional(),
});
export type SetupInput = z.infer<typeof SetupInput>;

export const SignInInput = z.object({ email: z.string().trim().toLowerCase().max(200), password: z.string().max(200) });
export type SignInInput = z.infer<typeof SignInInput>;

export const CreateUserInput = z.object({
  email: Email,
  name: Name,
  password: Password,
  roles: z.array(Role).min(1, "Give the user at least one role"),
});
export type CreateUserInput = z.infer<typeof CreateUserInput>;

export const UpdateUserInput = z
  .object({
    name: Name.optional(),
    roles: z.array(Role).min(1, "Give the user at least one role").optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to change" });
export type UpdateUserInput = z.infer<typeof UpdateUserInput>;

/** The signed-in user's own password change: the current one, and the new one. */
export const ChangePasswordInput = z.object({
  currentPassword: z.string().max(200),
  newPassword: Password,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/** A user as answered: no password hash, dates as ISO strings. */
export const UserSummary = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(Role),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  lastLoginAt: z.iso.datetime().nullable(),
});
export type UserSummary = z.infer<typeof UserSummary>;

/** A password changed: how many of the user's other sessions were ended. */
export const PasswordChanged = z.strictObject({
  changed: z.literal(true),
  endedSessions: z.number().int().nonnegative(),
  /** The user's API tokens the change revoked. */
  revokedTokens: z.number().int().nonnegative(),
});
export type PasswordChanged = z.infer<typeof PasswordChanged>;
