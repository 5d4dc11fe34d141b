/** `npm run secret:rotate` for MCP servers: re-seals every server's stored headers under the new key. */
import type { SecretKey, SecretKeyring } from "../auth/secret-box";
import type { Db } from "../db/client";
import { MCP_HEADERS_AAD } from "./mcp-server-store";

export async function rotateMcpHeaders(db: Db, from: SecretKey | SecretKeyring, to: SecretKey): Promise<number> {
  const rows = await db.mcpServer.findMany({ where: { headersCiphertext: { not: null } } });
  await db.$transaction(
    rows.map((r) => {
      const sealed = to.seal(
        from.open(
          {
            ciphertext: r.headersCiphertext!,
            iv: r.headersIv!,
            authTag: r.headersAuthTag!,
            keyId: r.headersKeyId!,
          },
          MCP_HEADERS_AAD,
        ),
        MCP_HEADERS_AAD,
      );
      return db.mcpServer.update({
        where: { id: r.id },
        data: {
          headersCiphertext: sealed.ciphertext,
          headersIv: sealed.iv,
          headersAuthTag: sealed.authTag,
          headersKeyId: sealed.keyId,
        },
      });
    }),
  );
  return rows.length;
}
