import { describe, expect, it } from "vitest";
import { SignInLimiter } from "./sign-in-limiter";

describe("SignInLimiter", () => {
  function limiter() {
    let t = 0;
    const l = new SignInLimiter({ windowMs: 60_000, perAccount: 3, perAddress: 5, now: () => t });
    return { l, advance: (ms: number) => (t += ms) };
  }

  it("refuses an account after N failures from one address until the window passes", () => {
    const { l, advance } = limiter();
    for (let i = 0; i < 3; i++) l.recordFailure("A@x.io", "1.2.3.4");
    expect(l.retryAfter("a@x.io", "1.2.3.4")).toBe(60);
    expect(l.retryAfter("a@x.io", "5.6.7.8")).toBe(0);
    advance(60_001);
    expect(l.retryAfter("a@x.io", "1.2.3.4")).toBe(0);
  });

  it("limits an address across accounts", () => {
    const { l } = limiter();
    for (let i = 0; i < 5; i++) l.recordFailure(`u${i}@x.io`, "9.9.9.9");
    expect(l.retryAfter("new@x.io", "9.9.9.9")).toBeGreaterThan(0);
  });

  it("without a known address, limits the account only", () => {
    const { l } = limiter();
    for (let i = 0; i < 5; i++) l.recordFailure(`u${i}@x.io`, null);
    expect(l.retryAfter("new@x.io", null)).toBe(0);
    for (let i = 0; i < 3; i++) l.recordFailure("v@x.io", null);
    expect(l.retryAfter("v@x.io", null)).toBeGreaterThan(0);
  });

  it("forgets an account's failures after a success", () => {
    const { l } = limiter();
    l.recordFailure("a@x.io", null);
    l.recordFailure("a@x.io", null);
    l.recordSuccess("a@x.io", null);
    l.recordFailure("a@x.io", null);
    expect(l.retryAfter("a@x.io", null)).toBe(0);
  });
});
