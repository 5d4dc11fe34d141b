/** Who is calling and what their roles allow. A user may hold several roles (roles.shared.ts). */
import type { PrincipalKind } from "./principal.shared";
import { ROLES, type Role } from "./roles.shared";

/** Who is making a request (answered to the browser as `PrincipalView`, ./principal.shared.ts). */
export interface Principal {
  kind: PrincipalKind;
  /** The user's id (for a token: its owner's), or "system" for ATELIER_ADMIN_TOKEN. */
  id: string;
  name: string;
  email?: string;
  roles: Role[];
  tokenId?: string;
}

/** Admin holds every permission; otherwise one of the route's roles must be held. */
export function hasAnyRole(principal: Principal, allowed: readonly Role[]): boolean {
  if (principal.roles.includes("admin")) return true;
  return allowed.some((r) => principal.roles.includes(r));
}

/** Who acts in a run, as the run records it: the principal and the API token it came with. */
export function actorOf(principal: Principal) {
  return { id: principal.id, name: principal.name, roles: principal.roles, apiTokenId: principal.tokenId ?? null };
}

/** Any signed-in role may read the studio's lists and dashboards. */
export const ANY_ROLE: readonly Role[] = ROLES;

export function parseRoles(stored: string): Role[] {
  return stored
    .split(",")
    .map((r) => r.trim())
    .filter((r): r is Role => (ROLES as readonly string[]).includes(r));
}

export function serializeRoles(roles: readonly Role[]): string {
  return ROLES.filter((r) => roles.includes(r)).join(",");
}

/**
 * Whether someone holding `held` may hand out `wanted` (an API token's role): admins any, others
 * only a role they hold themselves.
 */
export function canGrant(held: readonly Role[], wanted: Role): boolean {
  return held.includes("admin") || held.includes(wanted);
}
