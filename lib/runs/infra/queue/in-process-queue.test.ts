import { createLogger } from "../../../logger";
import { describe, expect, it } from "vitest";
import { InProcessQueue } from "./in-process-queue";
import { LoopAdmission } from "./loop-admission";
import type { RunJob } from "./run-job";

const job = (n: number): RunJob => ({
  kind: "turn",
  conversationId: `c${n}`,
  token: `t${n}`,
  content: "hi",
  actor: { id: null, name: "test" },
});

describe("the in-process run queue", () => {
  it("runs at most `concurrency` jobs at once, the rest in the order submitted", async () => {
    const queue = new InProcessQueue(createLogger({ level: "silent" }));
    const started: string[] = [];
    let running = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    await queue.work(async (j) => {
      started.push(j.conversationId);
      peak = Math.max(peak, ++running);
      await new Promise<void>((r) => releases.push(r));
      running--;
    }, 2);
    for (let i = 1; i <= 5; i++) await queue.submit(job(i));
    expect(started).toEqual(["c1", "c2"]);
    expect(await queue.depth()).toBe(3);
    while (started.length < 5 || releases.length) {
      releases.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(started).toEqual(["c1", "c2", "c3", "c4", "c5"]);
    expect(peak).toBe(2);
  });

  it("a failing handler does not stop the queue; a stopped queue refuses new jobs", async () => {
    const queue = new InProcessQueue(createLogger({ level: "silent" }));
    const done: string[] = [];
    await queue.work(async (j) => {
      if (j.conversationId === "c1") throw new Error("boom");
      done.push(j.conversationId);
    }, 1);
    await queue.submit(job(1));
    await queue.submit(job(2));
    await new Promise((r) => setTimeout(r, 10));
    expect(done).toEqual(["c2"]);
    await queue.stop({ graceful: true, timeoutMs: 100 });
    await expect(queue.submit(job(3))).rejects.toThrow("the run queue is stopped");
  });

  it("beyond the admission floor, starts jobs only while the loop has room, in order", async () => {
    const load = { value: 0.9 };
    const admission = new LoopAdmission({ floor: 2, tickMs: 2, utilization: () => load.value });
    const queue = new InProcessQueue(createLogger({ level: "silent" }), admission);
    const started: string[] = [];
    const releases: Array<() => void> = [];
    await queue.work(async (j) => {
      started.push(j.conversationId);
      await new Promise<void>((r) => releases.push(r));
    }, 256);
    for (let i = 1; i <= 6; i++) await queue.submit(job(i));
    await new Promise((r) => setTimeout(r, 20));
    // A busy loop: the floor runs; the next starts when one finishes.
    expect(started).toEqual(["c1", "c2"]);
    releases.shift()!();
    await new Promise((r) => setTimeout(r, 5));
    expect(started).toEqual(["c1", "c2", "c3"]);
    // An idle loop: the rest start within a few samples.
    load.value = 0.1;
    await new Promise((r) => setTimeout(r, 30));
    expect(started).toEqual(["c1", "c2", "c3", "c4", "c5", "c6"]);
    await queue.stop();
    for (const r of releases) r();
  });
});
