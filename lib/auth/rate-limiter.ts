/**
 * A per-principal budget for expensive requests: a token bucket (`capacity` requests at once,
 * refilled at `refillPerSecond`) plus a cap on how many may be in flight at the same time. In
 * memory, one per server process; a restart forgets it. Refusals are `RateLimitedError` (429, with
 * `retryAfterSeconds` in the body and a `Retry-After` header).
 */
import { RetryLaterError } from "../errors";
import type { Principal } from "./roles";

export interface RateLimiterOptions {
  capacity: number;
  refillPerSecond: number;
  maxConcurrent: number;
  now?: () => number;
}

/** A principal spent its budget of `what` requests. */
export class RateLimitedError extends RetryLaterError {
  static override readonly kind: string = "RateLimitedError";
  constructor(what: string, retryAfterSeconds: number) {
    super(`Too many ${what} requests; try again in ${retryAfterSeconds} s.`, retryAfterSeconds);
  }
}

interface Bucket {
  tokens: number;
  at: number;
  inFlight: number;
}

export class PrincipalRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  constructor(
    readonly what: string,
    private options: RateLimiterOptions,
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Replaces the limits (tests, configuration); forgets every bucket. */
  configure(options: Partial<RateLimiterOptions>): void {
    this.options = { ...this.options, ...options };
    this.buckets.clear();
  }

  /** Takes one request from `principal`'s budget, or throws RateLimitedError. Returns the release of its in-flight slot. */
  acquire(principal: Pick<Principal, "id">): () => void {
    const { capacity, refillPerSecond, maxConcurrent } = this.options;
    const now = this.now();
    const b = this.buckets.get(principal.id) ?? { tokens: capacity, at: now, inFlight: 0 };
    b.tokens = Math.min(capacity, b.tokens + ((now - b.at) / 1000) * refillPerSecond);
    b.at = now;
    this.buckets.set(principal.id, b);
    if (b.inFlight >= maxConcurrent) throw new RateLimitedError(this.what, 1);
    if (b.tokens < 1) throw new RateLimitedError(this.what, Math.max(1, Math.ceil((1 - b.tokens) / refillPerSecond)));
    b.tokens -= 1;
    b.inFlight++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      b.inFlight--;
    };
  }

  /** Runs `fn` within `principal`'s budget. */
  async run<T>(principal: Pick<Principal, "id">, fn: () => Promise<T>): Promise<T> {
    const release = this.acquire(principal);
    try {
      return await fn();
    } finally {
      release();
    }
  }
}
