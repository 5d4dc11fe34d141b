/**
 * Adding or changing a server is storing it, then a first discovery: a server that is down is still
 * saved (status "error", the reason in lastError) so an admin can fix it or refresh later. Only
 * admins add or change servers, so the answer is the admin's view.
 */
import type { Principal } from "../auth/roles";
import type { Db } from "../db/client";
import { refreshMcpServer } from "./mcp-refresh";
import type { McpServerInput, McpServerPatch } from "./mcp-server-input.shared";
import { createMcpServer, getMcpServer, updateMcpServer } from "./mcp-server-store";
import type { McpServerView } from "./mcp-server-view";

export async function addMcpServer(db: Db, actor: Principal, input: McpServerInput): Promise<McpServerView> {
  const id = await createMcpServer(db, actor, input);
  await refreshMcpServer(db, id).catch(() => undefined);
  return getMcpServer(db, id, "admin");
}

export async function changeMcpServer(
  db: Db,
  actor: Principal,
  id: string,
  patch: McpServerPatch,
): Promise<McpServerView> {
  const { connectionChanged } = await updateMcpServer(db, actor, id, patch);
  if (connectionChanged) await refreshMcpServer(db, id).catch(() => undefined);
  return getMcpServer(db, id, "admin");
}
