import { describe, expect, it } from "vitest";
import { HashGate, ServerBusyError } from "./hash-gate";

describe("HashGate", () => {
  it("runs at most `concurrency` jobs at once, queues `queue` more and refuses the rest", async () => {
    const gate = new HashGate(2, 3);
    let active = 0;
    let peak = 0;
    const release: Array<() => void> = [];
    const job = () =>
      gate.run(async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise<void>((r) => release.push(r));
        active--;
        return "done";
      });
    const jobs = Array.from({ length: 8 }, () => job().catch((e) => e));
    await new Promise((r) => setTimeout(r, 0));
    expect(gate.stats).toEqual({ running: 2, waiting: 3 });
    while (release.length || gate.stats.running) {
      release.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    const results = await Promise.all(jobs);
    expect(peak).toBe(2);
    expect(results.filter((r) => r === "done")).toHaveLength(5);
    const refused = results.filter((r) => ServerBusyError.is(r));
    expect(refused).toHaveLength(3);
    expect(refused[0].details).toEqual({ retryAfterSeconds: 1 });
    expect(gate.stats).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the slot when the job fails", async () => {
    const gate = new HashGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(async () => 1)).toBe(1);
  });
});
