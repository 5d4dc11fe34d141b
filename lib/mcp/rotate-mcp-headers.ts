/** `npm run secret:rotate` for MCP servers: re-seals every server's stored headers under the new key. */
import type { SecretKey, SecretKeyring } from "../auth/secret-box";
import type { Db } from "../db/client";
import { openHeaders, sealHeaders } from "./mcp-server-store";

export async function rotateMcpHeaders(db: Db, from: SecretKey | SecretKeyring, to: SecretKey): Promise<number> {
  const rows = await db.mcpServer.findMany({ where: { headersCiphertext: { not: null } } });
  await db.$transaction(
    rows.map((r) => db.mcpServer.update({ where: { id: r.id }, data: sealHeaders(openHeaders(r, from), to) })),
  );
  return rows.length;
}
