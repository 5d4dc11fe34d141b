/**
 * The operator's webhook settings (README.md's table; docs/webhooks.md), read when used so a test
 * or a restart-free change of the environment applies to the next attempt:
 *
 * - `ATELIER_WEBHOOK_RETRIES` (default 8): attempts after the first one, so at most 9 in all;
 * - `ATELIER_WEBHOOK_BACKOFF_MS` (default 1000): the wait before the first retry, doubling for each
 *   next one (1 s, 2 s, 4 s … 128 s with the defaults), capped at one day;
 * - each attempt times out after 10 s (`WEBHOOK_TIMEOUT_MS`).
 */
import { BrandedError } from "../errors";

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const DEFAULT_RETRIES = 8;
export const DEFAULT_BACKOFF_MS = 1000;
/** No wait between two attempts is longer than a day, whatever the settings. */
export const MAX_BACKOFF_MS = 24 * 60 * 60 * 1000;

export class WebhookSettingsError extends BrandedError {
  static override readonly kind: string = "WebhookSettingsError";
  constructor(message: string) {
    super(message);
  }
}

export interface WebhookSettings {
  retries: number;
  backoffMs: number;
  timeoutMs: number;
}

function wholeNumber(env: Record<string, string | undefined>, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > 1_000_000_000)
    throw new WebhookSettingsError(`${name} must be a whole number of at least ${min} (got '${env[name]}').`);
  return n;
}

export function webhookSettings(env: Record<string, string | undefined> = process.env): WebhookSettings {
  return {
    retries: Math.min(wholeNumber(env, "ATELIER_WEBHOOK_RETRIES", DEFAULT_RETRIES, 0), 50),
    backoffMs: wholeNumber(env, "ATELIER_WEBHOOK_BACKOFF_MS", DEFAULT_BACKOFF_MS, 1),
    timeoutMs: WEBHOOK_TIMEOUT_MS,
  };
}

/**
 * The wait after the `attempt`-th attempt failed (1-based), or null when it was the last one:
 * `backoffMs × 2^(attempt − 1)` while `attempt ≤ retries`.
 */
export function retryDelayMs(attempt: number, settings: Pick<WebhookSettings, "retries" | "backoffMs">): number | null {
  if (attempt > settings.retries) return null;
  return Math.min(settings.backoffMs * 2 ** (attempt - 1), MAX_BACKOFF_MS);
}

/** Every wait of a delivery that never succeeds, in order (docs and tests). */
export function backoffSchedule(settings: Pick<WebhookSettings, "retries" | "backoffMs">): number[] {
  const out: number[] = [];
  for (let a = 1; ; a++) {
    const d = retryDelayMs(a, settings);
    if (d === null) return out;
    out.push(d);
  }
}
