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

/**
 * At start (lib/auth/rotate-secret-key.ts, `resealStaleSecrets`): headers an older version sealed
 * (old format, or under a passphrase's old derivation) are sealed again under the current key.
 */
export async function resealStaleMcpHeaders(db: Db, keys: () => SecretKeyring): Promise<number> {
  const rows = await db.mcpServer.findMany({ where: { headersCiphertext: { not: null } } });
  if (rows.length === 0) return 0;
  const ring = keys();
  let count = 0;
  for (const r of rows) {
    if (!r.headersCiphertext || !r.headersKeyId) continue;
    if (!ring.needsReseal({ ciphertext: r.headersCiphertext, keyId: r.headersKeyId })) continue;
    let headers: Record<string, string>;
    try {
      headers = openHeaders(r, ring);
    } catch {
      continue; // not this studio's key (or damaged): left as it is
    }
    const res = await db.mcpServer.updateMany({
      where: { id: r.id, headersCiphertext: r.headersCiphertext },
      data: sealHeaders(headers, ring),
    });
    count += res.count;
  }
  return count;
}
