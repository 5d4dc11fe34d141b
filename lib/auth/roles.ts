/** The studio's roles (DESIGN §9). A user may hold several. */
export const ROLES = ["admin", "author", "operator", "approver", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/** Who is making a request. */
export interface Principal {
  kind: "user" | "token" | "system";
  id: string;
  name: string;
  roles: Role[];
}

/** Admin holds every permission; otherwise one of the route's roles must be held. */
export function hasAnyRole(principal: Principal, allowed: readonly Role[]): boolean {
  if (principal.roles.includes("admin")) return true;
  return allowed.some((r) => principal.roles.includes(r));
}

/** Any signed-in role may read the studio's lists and dashboards. */
export const ANY_ROLE: readonly Role[] = ROLES;
