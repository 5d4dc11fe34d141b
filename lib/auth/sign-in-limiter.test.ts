import { describe, expect, it } from "vitest";
import { SignInLimiter } from "./sign-in-limiter";

describe("SignInLimiter", () => {
  function limiter() {
    let t = 0;
    const l = new SignInLimiter({ windowMs: 60_000, perAccount: 3, perAddress: 5, now: () => t });
    return { l, advance: (ms: number) => (t += ms) };
  }

  it("refuses an account after N failures, from any address, until the window passes", () => {
    const { l, advance } = limiter();
    for (let i = 0; i < 3; i++) l.recordFailure("A@x.io", `1.2.3.${i}`);
    expect(l.retryAfter("a@x.io", "1.2.3.4")).toBe(60);
    expect(l.retryAfter("a@x.io", "5.6.7.8")).toBe(60);
    expect(l.retryAfter("a@x.io", null)).toBe(60);
    advance(60_001);
    expect(l.retryAfter("a@x.io", "1.2.3.4")).toBe(0);
  });

  it("limits an address across accounts", () => {
    const { l } = limiter();
    for (let i = 0; i < 5; i++) l.recordFailure(`u${i}@x.io`, "9.9.9.9");
    expect(l.retryAfter("new@x.io", "9.9.9.9")).toBeGreaterThan(0);
    expect(l.retryAfter("new@x.io", "8.8.8.8")).toBe(0);
  });

  it("without a known address, limits the account only", () => {
    const { l } = limiter();
    for (let i = 0; i < 5; i++) l.recordFailure(`u${i}@x.io`, null);
    expect(l.retryAfter("new@x.io", null)).toBe(0);
    for (let i = 0; i < 3; i++) l.recordFailure("v@x.io", null);
    expect(l.retryAfter("v@x.io", null)).toBeGreaterThan(0);
  });

  it("counts reserved attempts before they are settled, so parallel guesses share the budget", () => {
    const { l } = limiter();
    const results = Array.from({ length: 10 }, () => l.reserve("p@x.io", null));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    const refused = results.find((r) => !r.ok);
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 60 });
  });

  it("a success clears the account's failures and returns the address's reservation; a cancel returns both", () => {
    const { l } = limiter();
    l.recordFailure("a@x.io", "7.7.7.7");
    l.recordFailure("a@x.io", "7.7.7.7");
    const r = l.reserve("a@x.io", "7.7.7.7");
    if (!r.ok) throw new Error("expected a reservation");
    r.reservation.succeeded();
    r.reservation.failed(); // settling twice changes nothing
    for (let i = 0; i < 2; i++) l.recordFailure("a@x.io", "7.7.7.7");
    expect(l.retryAfter("a@x.io", null)).toBe(0);
    const c = l.reserve("b@x.io", null);
    const d = l.reserve("b@x.io", null);
    if (!c.ok || !d.ok) throw new Error("expected reservations");
    c.reservation.cancelled();
    d.reservation.cancelled();
    for (let i = 0; i < 2; i++) l.recordFailure("b@x.io", null);
    expect(l.retryAfter("b@x.io", null)).toBe(0);
  });
});
