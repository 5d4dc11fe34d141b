/**
 * Bearer-token failures are limited like sign-in failures (./sign-in-limiter.ts): after 30 failed
 * bearer tokens from one client address within 15 minutes, every bearer request from that address
 * is refused until the window passes — a valid token too, so a guesser learns nothing while
 * refused. The address is known only behind a trusted proxy (ATELIER_TRUST_PROXY); callers the
 * studio cannot tell apart share one budget of 300 failures, so guessing ATELIER_ADMIN_TOKEN is
 * slowed down on a studio without a proxy too (the price: a flood of bad tokens makes bearer calls
 * wait out the window; sessions are never refused by it). Kept in memory (one instance per process,
 * `limits.bearer` of lib/server/server.ts); a restart forgets it.
 *
 * Failures are counted, not attempts: parallel requests with valid tokens never spend the budget.
 * A guess at ATELIER_ADMIN_TOKEN is checked and counted synchronously (lib/auth/authenticate.ts),
 * so parallel guesses share the budget exactly.
 */
import { AppError } from "../errors";

export interface BearerLimiterOptions {
  windowMs: number;
  perAddress: number;
  /** The budget callers without a known address share. */
  shared: number;
  now?: () => number;
}

export const DEFAULT_BEARER_LIMITS: BearerLimiterOptions = { windowMs: 15 * 60_000, perAddress: 30, shared: 300 };

/** 429 `too_many_attempts` with `Retry-After`: the caller's address spent its budget of bearer failures. */
export class BearerTokenLimitError extends AppError {
  static override readonly kind: string = "BearerTokenLimitError";
  constructor(readonly retryAfterSeconds: number) {
    super(
      "too_many_attempts",
      `Too many failed bearer tokens from this address. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
      { retryAfterSeconds },
    );
  }
}

export class BearerFailureLimiter {
  private readonly failures = new Map<string, number[]>();
  constructor(private readonly opts: BearerLimiterOptions = DEFAULT_BEARER_LIMITS) {}

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }

  private key(address: string | null): [string, number] {
    return address ? [`i:${address}`, this.opts.perAddress] : ["shared", this.opts.shared];
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.opts.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds until a bearer request from `address` is allowed again, or 0 when it is allowed now. */
  retryAfter(address: string | null): number {
    const [key, limit] = this.key(address);
    const list = this.recent(key);
    if (list.length < limit) return 0;
    return Math.max(1, Math.ceil((list[list.length - limit] + this.opts.windowMs - this.now()) / 1000));
  }

  /** Throws BearerTokenLimitError when `address` has spent its budget. */
  check(address: string | null): void {
    const wait = this.retryAfter(address);
    if (wait > 0) throw new BearerTokenLimitError(wait);
  }

  failed(address: string | null): void {
    const [key] = this.key(address);
    this.failures.set(key, [...this.recent(key), this.now()]);
  }
}
