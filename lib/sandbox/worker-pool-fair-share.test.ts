import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallPlan } from "../tools/tool-types";
import { resolveLimits } from "./sandbox-limits";
import { transpileTool } from "./transpile-tool";
import { SandboxBusyError, SandboxPool, type JobInput } from "./worker-pool";

const NO_ARGS: CallPlan = { style: "positional", params: [], ctx: null, acceptsExtra: false };
const job = (code: string, timeoutMs = 5000): JobInput => ({
  js: transpileTool(
    `import { tool } from "atelier";\nexport default tool({ sideEffecting: false }, function t() {\n${code}\n});\n`,
  ).js,
  call: NO_ARGS,
  args: {},
  ctx: null,
  seqStart: 0,
  fetchEnabled: false,
  limits: resolveLimits(timeoutMs),
});
const SPIN = job("const until = Date.now() + 1200; while (Date.now() < until) {} return 1;");
const TRIVIAL = job("return 2;");

describe("one principal never holds every sandbox worker", () => {
  let pool: SandboxPool;
  beforeAll(async () => {
    pool = new SandboxPool({ size: 2, maxQueuedPerOwner: 3 });
    await pool.warmup();
  });
  afterAll(async () => {
    await pool.close();
  });

  it("another user's trivial call stays fast while one user spins on every call it can", async () => {
    const spinning = [1, 2, 3].map(() => pool.run(SPIN, { owner: "mallory" }));
    await new Promise((r) => setTimeout(r, 50));
    // Mallory holds one of the two workers; the others wait behind her own first call.
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 2 });
    const started = performance.now();
    const other = await pool.run(TRIVIAL, { owner: "alice" });
    expect(other.ok).toBe(true);
    expect(performance.now() - started).toBeLessThan(600);
    const results = await Promise.all(spinning);
    expect(results.every((r) => r.ok)).toBe(true);
  }, 20_000);

  it("past its waiting calls a principal is refused with 429 and Retry-After; others are not", async () => {
    const held = [1, 2, 3, 4].map(() => pool.run(SPIN, { owner: "mallory" }));
    await new Promise((r) => setTimeout(r, 50));
    const refused = pool.run(TRIVIAL, { owner: "mallory" });
    await expect(refused).rejects.toBeInstanceOf(SandboxBusyError);
    await expect(refused).rejects.toMatchObject({ code: "rate_limited", details: { retryAfterSeconds: 5 } });
    expect((await pool.run(TRIVIAL, { owner: "alice" })).ok).toBe(true);
    await Promise.all(held);
  }, 30_000);
});

describe("every call names its owner", () => {
  it("refuses a call without an owner instead of running it outside every share", async () => {
    const pool = new SandboxPool({ size: 1 });
    try {
      const ownerless = pool.run(TRIVIAL, {} as never);
      await expect(ownerless).rejects.toThrow(/owner/);
      expect(pool.stats()).toMatchObject({ busy: 0, queued: 0 });
      expect((await pool.run(TRIVIAL, { owner: "alice" })).ok).toBe(true);
    } finally {
      await pool.close();
    }
  }, 20_000);
});
