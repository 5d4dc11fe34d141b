import { describe, expect, it } from "vitest";
import { PrincipalRateLimiter, RateLimitedError } from "./rate-limiter";

describe("PrincipalRateLimiter", () => {
  it("allows a burst of `capacity`, then refills at the given rate, per principal", () => {
    let now = 0;
    const l = new PrincipalRateLimiter("analysis", {
      capacity: 3,
      refillPerSecond: 0.5,
      maxConcurrent: 10,
      now: () => now,
    });
    for (let i = 0; i < 3; i++) l.acquire({ id: "u1" })();
    expect(() => l.acquire({ id: "u1" })).toThrow(RateLimitedError);
    try {
      l.acquire({ id: "u1" });
    } catch (e) {
      expect(e).toMatchObject({ code: "rate_limited", details: { retryAfterSeconds: 2 } });
    }
    l.acquire({ id: "u2" })(); // another principal has its own budget
    now = 2000;
    l.acquire({ id: "u1" })();
    expect(() => l.acquire({ id: "u1" })).toThrow(/Too many analysis requests; try again in 2 s/);
  });

  it("caps the requests in flight at once until they are released", async () => {
    const l = new PrincipalRateLimiter("analysis", { capacity: 100, refillPerSecond: 100, maxConcurrent: 2 });
    let finish!: () => void;
    const slow = new Promise<void>((r) => (finish = r));
    const a = l.run({ id: "u" }, () => slow);
    const b = l.run({ id: "u" }, () => slow);
    await expect(l.run({ id: "u" }, async () => 1)).rejects.toMatchObject({ details: { retryAfterSeconds: 1 } });
    finish();
    await Promise.all([a, b]);
    await expect(l.run({ id: "u" }, async () => 1)).resolves.toBe(1);
  });
});
