/**
 * Route tests without sign-in: every request is answered as `principal` (or as nobody, `null`) by
 * the process's server (lib/server/server.ts). Undone by `vi.restoreAllMocks()`.
 */
import { vi } from "vitest";
import type { Principal } from "../../auth/roles";
import { server } from "../../server/server";

export function authenticateAs(principal: Principal | null): void {
  vi.spyOn(server(), "authenticate").mockResolvedValue(principal);
}
