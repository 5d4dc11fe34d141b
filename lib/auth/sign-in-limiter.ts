/**
 * Sign-in attempts are limited per account-and-address and per address: after 5 failures for one
 * email from one address, or 30 from one address, within 15 minutes, further attempts are refused
 * until the window passes. When the address is unknown (no trusted proxy), the account limit
 * applies to the email alone and there is no address limit (one shared bucket would let anyone
 * lock everyone out). Kept in memory (one instance); a restart forgets it.
 */
export interface LimiterOptions {
  windowMs: number;
  perAccount: number;
  perAddress: number;
  now?: () => number;
}

export class SignInLimiter {
  private failures = new Map<string, number[]>();
  constructor(private readonly opts: LimiterOptions = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 30 }) {}

  private now() {
    return this.opts.now?.() ?? Date.now();
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.opts.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds until another attempt is allowed, or 0 when it is allowed now. */
  private keys(email: string, address: string | null): Array<[string, number]> {
    const account: [string, number] = [`a:${email.toLowerCase()}|${address ?? "?"}`, this.opts.perAccount];
    return address ? [account, [`i:${address}`, this.opts.perAddress]] : [account];
  }

  retryAfter(email: string, address: string | null): number {
    const checks = this.keys(email, address);
    let wait = 0;
    for (const [key, limit] of checks) {
      const list = this.recent(key);
      if (list.length >= limit)
        wait = Math.max(wait, Math.ceil((list[list.length - limit] + this.opts.windowMs - this.now()) / 1000));
    }
    return wait;
  }

  recordFailure(email: string, address: string | null): void {
    const t = this.now();
    for (const [key] of this.keys(email, address)) this.failures.set(key, [...this.recent(key), t]);
  }

  recordSuccess(email: string, address: string | null): void {
    this.failures.delete(this.keys(email, address)[0][0]);
  }
}
