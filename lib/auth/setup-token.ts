/**
 * The one-time setup token: whoever holds it may create a fresh studio's first admin, so the first
 * visitor of a just-started server cannot. `npm start` (and `npm run dev`) call `ensureSetupToken`
 * while the studio has no user: it writes a new random token to `data/setup-token` (mode 0600,
 * ATELIER_SETUP_TOKEN_FILE to move it) and prints the setup link. ATELIER_SETUP_TOKEN, when set,
 * is the token instead (tests, automated installs). The file is deleted once the admin exists.
 */
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "../db/client";
import { ForbiddenError } from "../errors";
import { newSecret, safeEqual } from "./opaque-token";

export function setupTokenFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(/* turbopackIgnore: true */ env.ATELIER_SETUP_TOKEN_FILE ?? "data/setup-token");
}

/** The token setup accepts now, or null when there is none (the studio was not started by npm start). */
export function currentSetupToken(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.ATELIER_SETUP_TOKEN) return env.ATELIER_SETUP_TOKEN;
  try {
    return readFileSync(setupTokenFile(env), "utf8").trim() || null;
  } catch {
    return null;
  }
}

export function assertSetupToken(given: string | undefined, env: NodeJS.ProcessEnv = process.env): void {
  const expected = currentSetupToken(env);
  if (!expected || !given || !safeEqual(given, expected))
    throw new ForbiddenError(
      expected
        ? env.ATELIER_SETUP_TOKEN
          ? "The setup token is missing or wrong: open the setup link printed by `npm start` (the token is ATELIER_SETUP_TOKEN)."
          : `The setup token is missing or wrong: open the setup link printed by \`npm start\` (also in ${setupTokenFile(env)}).`
        : "No setup token is active: start the studio with `npm start`, which prints the setup link.",
      {},
      "invalid_setup_token",
    );
}

/**
 * At start: when the studio has no user, the token to print (ATELIER_SETUP_TOKEN, or a fresh one
 * written to the token file with mode 0600); when it has users, null, and any stale file is removed.
 */
export async function ensureSetupToken(
  db: Db,
  opts: { file?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<string | null> {
  const env = opts.env ?? process.env;
  const file = opts.file ?? setupTokenFile(env);
  if ((await db.user.count()) > 0) {
    rmSync(file, { force: true });
    return null;
  }
  if (env.ATELIER_SETUP_TOKEN) return env.ATELIER_SETUP_TOKEN;
  const token = newSecret();
  mkdirSync(path.dirname(file), { recursive: true });
  rmSync(file, { force: true });
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return token;
}

/** After the first admin exists the token is spent: forget the file. */
export function consumeSetupToken(env: NodeJS.ProcessEnv = process.env): void {
  rmSync(setupTokenFile(env), { force: true });
}

/** The link `npm start` prints. */
export function setupLink(token: string, base: string): string {
  const url = new URL("/setup", base);
  url.searchParams.set("token", token);
  return url.toString();
}
