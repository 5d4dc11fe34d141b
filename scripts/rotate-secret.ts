/**
 * `npm run secret:rotate`: re-encrypts every saved provider key and MCP server header set under a new key.
 *   - Key file (no ATELIER_SECRET): a new key file is written (0600) after re-encryption; the old
 *     one is kept beside it as secret.key.old until you delete it.
 *   - ATELIER_SECRET: give the new value in ATELIER_NEW_SECRET, then set ATELIER_SECRET to it.
 */
import { chmodSync, copyFileSync, writeFileSync } from "node:fs";
import { createDb } from "../lib/db/client";
import { keyFilePath, loadSecretKey, SecretKey } from "../lib/auth/secret-box";
import { rotateCredentials } from "../lib/auth/provider-credentials";
import { rotateMcpHeaders } from "../lib/mcp/rotate-mcp-headers";

const from = loadSecretKey();
let to: SecretKey;
if (process.env.ATELIER_SECRET) {
  if (!process.env.ATELIER_NEW_SECRET) {
    console.error("ATELIER_SECRET is set: give the new secret in ATELIER_NEW_SECRET");
    process.exit(2);
  }
  to = SecretKey.fromString(process.env.ATELIER_NEW_SECRET);
} else {
  to = SecretKey.generate();
}
const db = createDb();
const count = await rotateCredentials(db, from, to);
const mcpCount = await rotateMcpHeaders(db, from, to);
await db.$disconnect();
if (!process.env.ATELIER_SECRET) {
  const file = keyFilePath();
  copyFileSync(file, `${file}.old`);
  chmodSync(`${file}.old`, 0o600);
  writeFileSync(file, `${to.exportHex()}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  console.log(
    `re-encrypted ${count} provider key(s) and ${mcpCount} MCP server header set(s); new key in ${file} (old key kept in ${file}.old)`,
  );
} else {
  console.log(
    `re-encrypted ${count} provider key(s) and ${mcpCount} MCP server header set(s); now set ATELIER_SECRET to the value of ATELIER_NEW_SECRET`,
  );
}
