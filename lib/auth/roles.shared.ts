/**
 * The studio's roles, in display order (browser-safe: zod only): the server's role checks and the
 * settings panels use this one list. What each role may do is in README.md, "First start, roles
 * and tokens".
 */
import { z } from "zod";

export const ROLES = ["admin", "author", "operator", "approver", "viewer"] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;
