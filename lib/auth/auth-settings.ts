/**
 * The operator's sign-in and session settings, read from the environment on every call (tests and
 * a restarted server see changes). See the README's Settings table.
 */
export interface AuthSettings {
  /** ATELIER_TRUST_PROXY=1: X-Forwarded-For / X-Forwarded-Proto come from a proxy we run. */
  trustProxy: boolean;
  /** ATELIER_TRUSTED_HOPS: how many proxies in front of the studio append to X-Forwarded-For. */
  trustedHops: number;
  /** ATELIER_PUBLIC_URL: the address users reach the studio at (https makes cookies Secure). */
  publicUrl: URL | null;
  /** ATELIER_SESSION_IDLE_HOURS: a session unused this long ends. */
  sessionIdleMs: number;
  /** ATELIER_SESSION_MAX_DAYS: a session ends this long after sign-in, however much it is used. */
  sessionMaxMs: number;
}

const HOUR = 3600_000;

export function authSettings(env: NodeJS.ProcessEnv = process.env): AuthSettings {
  return {
    trustProxy: env.ATELIER_TRUST_PROXY === "1",
    trustedHops: positiveInt(env.ATELIER_TRUSTED_HOPS, 1),
    publicUrl: parseUrl(env.ATELIER_PUBLIC_URL),
    sessionIdleMs: positiveNumber(env.ATELIER_SESSION_IDLE_HOURS, 24) * HOUR,
    sessionMaxMs: positiveNumber(env.ATELIER_SESSION_MAX_DAYS, 7) * 24 * HOUR,
  };
}

function positiveInt(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : fallback;
}

function positiveNumber(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw && Number.isFinite(n) && n > 0 ? n : fallback;
}

function parseUrl(raw: string | undefined): URL | null {
  if (!raw) return null;
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}
