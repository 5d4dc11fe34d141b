/**
 * The contract of /api/auth (docs/http-contract.md): who is signed in, the first admin's setup,
 * sign-in and sign-out (their answers carry the session cookie, so their routes answer a
 * `Response`; the JSON in it is typed by these schemas), and the signed-in user's password change.
 */
import { z } from "zod";
import { endpoint } from "../contract.shared";
import { PrincipalView } from "../../auth/principal.shared";
import { ChangePasswordInput, PasswordChanged, SetupInput, SignInInput, UserSummary } from "../../auth/users.shared";

export const authApi = {
  /** The caller: a signed-in user, an API token (with its one role) or ATELIER_ADMIN_TOKEN. */
  me: endpoint({
    method: "GET",
    path: "/api/auth/me",
    response: PrincipalView,
  }),
  /** Whether the studio still needs its first admin. */
  setupNeeded: endpoint({
    method: "GET",
    path: "/api/auth/setup",
    response: z.strictObject({ needed: z.boolean() }),
  }),
  /** Creates the first admin with the one-time setup token, and signs them in (Set-Cookie). */
  setup: endpoint({
    method: "POST",
    path: "/api/auth/setup",
    body: SetupInput,
    response: z.strictObject({ user: UserSummary }),
    status: 201,
  }),
  /** Signs in with email and password (Set-Cookie). */
  signIn: endpoint({
    method: "POST",
    path: "/api/auth/sign-in",
    body: SignInInput,
    response: z.strictObject({ user: UserSummary }),
  }),
  /** Ends this browser's session (and clears its cookie); anyone may call it. */
  signOut: endpoint({
    method: "POST",
    path: "/api/auth/sign-out",
    response: z.strictObject({ signedOut: z.literal(true) }),
  }),
  /** The signed-in user's own password: current + new; ends their other sessions. */
  changePassword: endpoint({
    method: "POST",
    path: "/api/auth/password",
    body: ChangePasswordInput,
    response: PasswordChanged,
  }),
};
