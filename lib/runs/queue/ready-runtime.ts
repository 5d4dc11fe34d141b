/**
 * The process's run runtime, with queue mode started when this process is a web process or a
 * worker (ATELIER_ROLE): the route handlers that accept, resume or follow turns use this one.
 */
import { getDatabaseTarget } from "../../db/client";
import { getRunRuntime, type RunRuntime } from "../runtime";
import { ensureQueueMode } from "./queue-mode";
import { assertRoleFits, atelierRole, isQueueMode } from "./role";

export async function readyRunRuntime(): Promise<RunRuntime> {
  const rt = getRunRuntime();
  const role = atelierRole();
  if (!isQueueMode(role)) return rt;
  const target = getDatabaseTarget();
  assertRoleFits(role, target.kind);
  await ensureQueueMode(rt, role, target.url);
  return rt;
}
