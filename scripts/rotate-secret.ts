/**
 * `npm run secret:rotate`: re-encrypts every saved provider key, MCP server header, connection
 * secret and webhook signing secret under a new key, crash-safely
 * (lib/auth/rotate-secret-key.ts; run it again after an interruption and it finishes).
 *   - Key file (no ATELIER_SECRET): the new key is written to <file>.new first, the rows are
 *     re-encrypted, then the files are switched; the old key is kept as <file>.old until you delete it.
 *   - ATELIER_SECRET: give the new value in ATELIER_NEW_SECRET, then set ATELIER_SECRET to it.
 */
import { createDb } from "../lib/db/client";
import { keyFilePath } from "../lib/auth/secret-box";
import { rotateEnvSecret, rotateKeyFile } from "../lib/auth/rotate-secret-key";
import { ROTATION_RESEALERS } from "./lib/secret-resealers";

const db = createDb();
try {
  if (process.env.ATELIER_SECRET) {
    if (!process.env.ATELIER_NEW_SECRET) {
      console.error("ATELIER_SECRET is set: give the new secret in ATELIER_NEW_SECRET");
      process.exitCode = 2;
    } else {
      const r = await rotateEnvSecret(
        db,
        process.env.ATELIER_SECRET,
        process.env.ATELIER_NEW_SECRET,
        ROTATION_RESEALERS,
      );
      console.log(
        `re-encrypted ${r.count} secret(s) (provider keys, MCP server headers, connection secrets and webhook signing secrets); now set ATELIER_SECRET to the value of ATELIER_NEW_SECRET`,
      );
    }
  } else {
    const file = keyFilePath();
    const r = await rotateKeyFile(db, file, {}, ROTATION_RESEALERS);
    console.log(
      `${r.resumed ? "finished an interrupted rotation: " : ""}re-encrypted ${r.count} secret(s) (provider keys, MCP server headers, connection secrets and webhook signing secrets); ` +
        `new key in ${file} (old key kept in ${file}.old)`,
    );
  }
} finally {
  await db.$disconnect();
}
