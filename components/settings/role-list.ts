import type { Role } from "@/lib/auth/roles";

/** The roles in display order (the server's list is lib/auth/roles.ts; a test keeps them equal). */
export const ALL_ROLES: Role[] = ["admin", "author", "operator", "approver", "viewer"];
