/**
 * Sign-in attempts are limited per account (whatever the address: a client that could pick its
 * address must not get a fresh budget) and per address: after 5 failures for one email, or 30
 * from one address, within 15 minutes, further attempts are refused until the window passes.
 * When the address is unknown (no trusted proxy) there is no address limit (one shared bucket
 * would let anyone lock everyone out).
 *
 * An attempt is reserved before the password is checked, so parallel guesses count: of 12 guesses
 * sent at once, 5 are tried and 7 refused. A successful sign-in clears the account's failures and
 * gives the address its reservation back; a failed one keeps it. Kept in memory (one instance); a
 * restart forgets it.
 */
export interface LimiterOptions {
  windowMs: number;
  perAccount: number;
  perAddress: number;
  now?: () => number;
}

/** One reserved attempt: settle it with `succeeded()`, `failed()` or `cancelled()` (not tried). */
export interface Reservation {
  succeeded(): void;
  failed(): void;
  cancelled(): void;
}

export type ReserveResult = { ok: true; reservation: Reservation } | { ok: false; retryAfterSeconds: number };

export class SignInLimiter {
  private attempts = new Map<string, Array<{ t: number }>>();
  constructor(private readonly opts: LimiterOptions = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 30 }) {}

  private now() {
    return this.opts.now?.() ?? Date.now();
  }

  private recent(key: string): Array<{ t: number }> {
    const cutoff = this.now() - this.opts.windowMs;
    const list = (this.attempts.get(key) ?? []).filter((a) => a.t > cutoff);
    if (list.length) this.attempts.set(key, list);
    else this.attempts.delete(key);
    return list;
  }

  private keys(email: string, address: string | null): Array<[string, number]> {
    const account: [string, number] = [`a:${email.trim().toLowerCase()}`, this.opts.perAccount];
    return address ? [account, [`i:${address}`, this.opts.perAddress]] : [account];
  }

  /** Seconds until another attempt is allowed, or 0 when it is allowed now. */
  retryAfter(email: string, address: string | null): number {
    let wait = 0;
    for (const [key, limit] of this.keys(email, address)) {
      const list = this.recent(key);
      if (list.length >= limit)
        wait = Math.max(wait, Math.ceil((list[list.length - limit].t + this.opts.windowMs - this.now()) / 1000));
    }
    return Math.max(wait, 0);
  }

  /** Takes one attempt from every budget at once, or none when any is spent. Synchronous. */
  reserve(email: string, address: string | null): ReserveResult {
    const wait = this.retryAfter(email, address);
    if (wait > 0) return { ok: false, retryAfterSeconds: wait };
    const keys = this.keys(email, address).map(([k]) => k);
    const entry = { t: this.now() };
    for (const key of keys) this.attempts.set(key, [...this.recent(key), entry]);
    const remove = (key: string) => {
      const list = (this.attempts.get(key) ?? []).filter((a) => a !== entry);
      if (list.length) this.attempts.set(key, list);
      else this.attempts.delete(key);
    };
    let settled = false;
    const once = (fn: () => void) => () => {
      if (settled) return;
      settled = true;
      fn();
    };
    return {
      ok: true,
      reservation: {
        failed: once(() => {}),
        cancelled: once(() => keys.forEach(remove)),
        succeeded: once(() => {
          this.attempts.delete(keys[0]);
          keys.slice(1).forEach(remove);
        }),
      },
    };
  }

  /** A failed attempt that was not reserved first (tests, and callers that check elsewhere). */
  recordFailure(email: string, address: string | null): void {
    const r = this.reserve(email, address);
    if (r.ok) r.reservation.failed();
  }
}
