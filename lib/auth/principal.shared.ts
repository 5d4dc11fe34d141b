/**
 * Who is calling, as the browser may know it (browser-safe: zod only): the answer of
 * GET /api/auth/me. The server's `Principal` (./roles.ts) carries the same kind.
 */
import { z } from "zod";
import { Role } from "./roles.shared";

/** A signed-in user, an API token acting for its owner, or ATELIER_ADMIN_TOKEN. */
export const PrincipalKind = z.enum(["user", "token", "system"]);
export type PrincipalKind = z.infer<typeof PrincipalKind>;

/** The caller: for a token its owner's id, name and email, with the token's one role. */
export const PrincipalView = z.strictObject({
  kind: PrincipalKind,
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  roles: z.array(Role),
});
export type PrincipalView = z.infer<typeof PrincipalView>;
