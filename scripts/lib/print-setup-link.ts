/**
 * At start, while the studio has no user: makes the one-time setup token (lib/auth/setup-token.ts)
 * and prints the link that creates the first admin. Without the token nobody can, so the first
 * visitor of a freshly started server is not automatically its admin.
 */
import { authSettings } from "../../lib/auth/auth-settings";
import { createDb } from "../../lib/db/client";
import type { DatabaseTarget } from "../../lib/db/database-url";
import { ensureSetupToken, setupLink, setupTokenFile } from "../../lib/auth/setup-token";

export async function printSetupLink(
  target: DatabaseTarget,
  port: string,
  log: (line: string) => void = console.log,
): Promise<string | null> {
  const db = createDb(target);
  try {
    const token = await ensureSetupToken(db);
    if (!token) return null;
    // The parsed setting: a malformed ATELIER_PUBLIC_URL falls back instead of failing the start.
    const base = authSettings().publicUrl?.href ?? `http://localhost:${port}`;
    const link = setupLink(token, base);
    log("atelier: this studio has no admin yet. Create it at this one-time link:");
    log(`atelier:   ${link}`);
    if (!process.env.ATELIER_SETUP_TOKEN) log(`atelier: (the token is also in ${setupTokenFile()}, mode 0600)`);
    return link;
  } finally {
    await db.$disconnect();
  }
}
