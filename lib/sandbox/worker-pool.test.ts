import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallPlan } from "../tools/tool-types";
import { resolveLimits } from "./sandbox-limits";
import { transpileTool } from "./transpile-tool";
import { resolveWorkerPath, SandboxPool, WORKER_PATH_ENV, type JobInput } from "./worker-pool";

const NO_ARGS: CallPlan = { style: "positional", params: [], ctx: null, acceptsExtra: false };
const body = (code: string) =>
  `import { tool } from "atelier";\nexport default tool({ sideEffecting: false }, function t() {\n${code}\n});\n`;

function job(code: string, timeoutMs = 1000): JobInput {
  return {
    js: transpileTool(body(code)).js,
    call: NO_ARGS,
    args: {},
    ctx: null,
    seqStart: 0,
    fetchEnabled: false,
    limits: resolveLimits(timeoutMs),
  };
}

/** Who the calls run for (the pool refuses a call without an owner). */
const OWNER = { owner: "pool-test" };
const OTHER = { owner: "pool-test-other" };

const fixture = (name: string) => fileURLToPath(new URL(`./testing/${name}`, import.meta.url));

describe("the main thread stays responsive while a tool spins", () => {
  let pool: SandboxPool;
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    pool = new SandboxPool({ size: 2 });
    await pool.warmup();
    server = http.createServer((_req, res) => res.end(JSON.stringify({ status: "ok" })));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await pool.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const health = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      http
        .get({ host: "127.0.0.1", port, path: "/api/health", agent: false }, (res) => {
          res.resume();
          res.on("end", () => resolve(performance.now() - started));
        })
        .on("error", reject);
    });

  it("answers a health check within 500 ms during and after a while(true) tool, and timers keep ticking", async () => {
    let ticks = 0;
    const interval = setInterval(() => ticks++, 20);
    const spinning = pool.run(job("while (true) {}", 1500), OWNER);
    await new Promise((r) => setTimeout(r, 100));
    const during: number[] = [];
    for (let i = 0; i < 5; i++) {
      during.push(await health());
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(pool.stats().busy).toBe(1);
    const result = await spinning;
    clearInterval(interval);
    expect(result.error?.kind).toBe("timeout");
    for (const ms of during) expect(ms).toBeLessThan(500);
    expect(ticks).toBeGreaterThan(25);
    expect(await health()).toBeLessThan(500);
  });

  it("other calls keep running on the other worker while one spins", async () => {
    // Ordered, not timed: on a loaded machine the quick call may take longer than any fixed bound,
    // but it answers before the spinning call's deadline only if it did not wait behind it.
    let spun = false;
    const spinning = pool.run(job("while (true) {}", 1000), OWNER).then((r) => ((spun = true), r));
    const quick = await pool.run(job("return 42;"), OTHER);
    expect(quick.ok).toBe(true);
    expect(spun).toBe(false);
    expect((await spinning).error?.kind).toBe("timeout");
  });
});

describe("pool mechanics", () => {
  it("queues calls beyond its size and runs them all", async () => {
    const pool = new SandboxPool({ size: 1 });
    try {
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => pool.run(job(`return ${i};`), OWNER)));
      expect(results.map((r) => r.resultJson)).toEqual(["0", "1", "2", "3", "4", "5"]);
      expect(pool.stats()).toMatchObject({ size: 1, queued: 0, busy: 0, completed: 6 });
    } finally {
      await pool.close();
    }
  });

  it("recycles a worker whose sandbox hit a limit, and the next call works", async () => {
    const pool = new SandboxPool({ size: 1 });
    try {
      await pool.warmup();
      const bomb = await pool.run(job("const s = 'x'.repeat(200 * 1024 * 1024); return s.length;"), OWNER);
      expect(bomb.error?.kind).toBe("memory");
      expect(bomb.recycle).toBe(true);
      expect(pool.stats().recycled).toBe(1);
      const next = await pool.run(job("return 'ok';"), OWNER);
      expect(next).toMatchObject({ ok: true, resultJson: '"ok"' });
    } finally {
      await pool.close();
    }
  });

  it("a worker that does not stop at its deadline is terminated by the backstop", async () => {
    const pool = new SandboxPool({ size: 1, workerPath: fixture("stuck-worker.mjs"), backstopGraceMs: 200 });
    try {
      const started = Date.now();
      const result = await pool.run(job("return 1;", 100), OWNER);
      expect(result).toMatchObject({ ok: false, error: { kind: "timeout" }, recycle: true });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(pool.stats().recycled).toBe(1);
    } finally {
      await pool.close(0);
    }
  });

  it("a worker that dies mid-call costs that call an error, not the process", async () => {
    const pool = new SandboxPool({ size: 1, workerPath: fixture("crashing-worker.mjs") });
    try {
      const result = await pool.run(job("return 1;"), OWNER);
      expect(result).toMatchObject({ ok: false, error: { kind: "crash" } });
      const again = await pool.run(job("return 1;"), OWNER);
      expect(again).toMatchObject({ ok: false, error: { kind: "crash" } });
    } finally {
      await pool.close(0);
    }
  });

  it("a worker that never starts fails the waiting call instead of stranding it", async () => {
    const pool = new SandboxPool({ size: 1, workerPath: fixture("silent-worker.mjs"), startTimeoutMs: 300 });
    try {
      const result = await pool.run(job("return 1;"), OWNER);
      expect(result).toMatchObject({
        ok: false,
        error: { kind: "crash", message: expect.stringMatching(/did not start/) },
      });
    } finally {
      await pool.close(0);
    }
  });

  it("close() refuses new calls and stops the workers", async () => {
    const pool = new SandboxPool({ size: 1 });
    await pool.warmup();
    // Generous limits: on a loaded machine the loop may take far longer than its usual 100 ms.
    const running = pool.run(job("let x = 0; for (let i = 0; i < 1e6; i++) x += i; return x;", 20_000), OWNER);
    const queued = pool.run(job("return 2;"), OWNER);
    await pool.close(20_000);
    expect((await running).ok).toBe(true);
    expect(await queued).toMatchObject({
      ok: false,
      error: { kind: "crash", message: expect.stringMatching(/closed/) },
    });
    expect(await pool.run(job("return 3;"), OWNER)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/closed/) },
    });
    expect(pool.stats().workers).toBe(0);
  });
});

describe("worker location and the shared pool", () => {
  it("finds the worker beside this module, or where the environment says", () => {
    expect(String(resolveWorkerPath())).toMatch(/lib[\\/]sandbox[\\/]sandbox-worker\.mjs$/);
    const previous = process.env[WORKER_PATH_ENV];
    process.env[WORKER_PATH_ENV] = "/somewhere/else/sandbox-worker.mjs";
    try {
      expect(resolveWorkerPath()).toBe("/somewhere/else/sandbox-worker.mjs");
      expect(resolveWorkerPath("/explicit.mjs")).toBe("/explicit.mjs");
    } finally {
      if (previous === undefined) delete process.env[WORKER_PATH_ENV];
      else process.env[WORKER_PATH_ENV] = previous;
    }
  });
});
