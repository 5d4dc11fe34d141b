/**
 * For HTTP tests: one user per role, each with an API token of that role (expiring in a day), so a
 * test can call routes as a viewer, an operator, an author… `domain` keeps the e-mails apart.
 */
import { createApiToken } from "../../auth/api-tokens";
import type { Role } from "../../auth/roles.shared";
import type { Db } from "../../db/client";

export async function createRoleTokens(
  db: Db,
  roles: readonly Role[],
  domain: string,
): Promise<Partial<Record<Role, string>>> {
  const tokens: Partial<Record<Role, string>> = {};
  for (const role of roles) {
    const user = await db.user.create({
      data: { email: `${role}@${domain}`, name: role, passwordHash: "x", roles: role },
    });
    tokens[role] = (
      await createApiToken(
        db,
        { kind: "user", id: user.id, name: role, roles: [role] },
        { name: role, role, expiresInDays: 1 },
      )
    ).token;
  }
  return tokens;
}
