/**
 * How much one principal may start (README, "Settings"): new conversations and messages per minute
 * (token buckets: the whole minute's allowance may come at once, then it refills evenly), and how
 * many of its turns may run at once. Beyond them 429 `rate_limited` with `Retry-After`, before
 * anything is created or appended. Per server process, in memory: the composition root
 * (lib/server/server.ts) builds the limiters once, `server.limits.{conversations,messages,turns}`;
 * the routes spend from them and `startTurn` holds a running-turn slot until the turn is over.
 *
 * The defaults let one token post 50 conversations at once and a message in each (the run-loop
 * benchmark's burst, bench/run-loop.bench.ts) with room to spare.
 */
import { PrincipalRateLimiter, type RateLimiterOptions } from "../../auth/rate-limiter";
import type { Principal } from "../../auth/roles";
import { RetryLaterError } from "../../errors";

export interface TurnLimitSettings {
  /** New conversations per principal per minute (also the burst). */
  conversationsPerMinute: number;
  /** Messages (turns started) per principal per minute (also the burst). */
  messagesPerMinute: number;
  /** Turns of one principal running at once. */
  turnsPerUser: number;
}

export const DEFAULT_TURN_LIMITS: TurnLimitSettings = {
  conversationsPerMinute: 60,
  messagesPerMinute: 120,
  turnsPerUser: 64,
};

export const TURN_LIMIT_ENVS = {
  conversationsPerMinute: "ATELIER_CONVERSATIONS_PER_MINUTE",
  messagesPerMinute: "ATELIER_MESSAGES_PER_MINUTE",
  turnsPerUser: "ATELIER_TURNS_PER_USER",
} as const satisfies Record<keyof TurnLimitSettings, string>;

/** The settings from the environment: each a whole number of at least 1, else its default. */
export function turnLimitsFromEnv(env: Record<string, string | undefined> = process.env): TurnLimitSettings {
  const read = (key: keyof TurnLimitSettings) => {
    const raw = env[TURN_LIMIT_ENVS[key]]?.trim();
    return raw && /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : DEFAULT_TURN_LIMITS[key];
  };
  return {
    conversationsPerMinute: read("conversationsPerMinute"),
    messagesPerMinute: read("messagesPerMinute"),
    turnsPerUser: read("turnsPerUser"),
  };
}

/** A per-minute allowance as a token bucket: the whole of it at once, refilled evenly over the minute. */
export function perMinute(count: number): RateLimiterOptions {
  return { capacity: count, refillPerSecond: count / 60, maxConcurrent: Number.POSITIVE_INFINITY };
}

/** Spends one request of `principal`'s allowance, or throws RateLimitedError (429 with Retry-After). */
export function spend(limiter: PrincipalRateLimiter, principal: Pick<Principal, "id">): void {
  limiter.acquire(principal)();
}

/** A principal has as many turns running as it may (429 `rate_limited`, Retry-After). */
export class TurnsRunningError extends RetryLaterError {
  static override readonly kind: string = "TurnsRunningError";
  constructor(max: number) {
    super(
      `You have ${max} turn${max === 1 ? "" : "s"} running already (the most one user may run at once); send this message when one of them is over.`,
      1,
    );
  }
}

/** Running turns per principal: `take` a slot when a turn is accepted, release it when the turn is over. */
export class RunningTurns {
  private readonly running = new Map<string, number>();
  constructor(private max: number) {}

  /** Replaces the cap (tests, configuration); forgets nothing that runs. */
  configure(max: number): void {
    this.max = max;
  }

  /** How many turns `principalId` runs now. */
  count(principalId: string): number {
    return this.running.get(principalId) ?? 0;
  }

  /** Takes a slot for `principalId`, or throws TurnsRunningError; returns its release (idempotent). */
  take(principalId: string): () => void {
    const n = this.count(principalId);
    if (n >= this.max) throw new TurnsRunningError(this.max);
    this.running.set(principalId, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this.count(principalId) - 1;
      if (left > 0) this.running.set(principalId, left);
      else this.running.delete(principalId);
    };
  }
}

/** The limiters the composition root builds once per process. */
export function createTurnLimiters(settings: TurnLimitSettings = turnLimitsFromEnv()) {
  return {
    conversations: new PrincipalRateLimiter("new conversation", perMinute(settings.conversationsPerMinute)),
    messages: new PrincipalRateLimiter("message", perMinute(settings.messagesPerMinute)),
    turns: new RunningTurns(settings.turnsPerUser),
  };
}
