import { describe, expect, it } from "vitest";
import { LoopAdmission } from "./loop-admission";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A gate whose loop reads as `load.value` busy on every sample. */
function gate(floor: number) {
  const load = { value: 0 };
  const admission = new LoopAdmission({ floor, tickMs: 2, utilization: () => load.value });
  return { admission, load };
}

describe("admission by the event loop's room", () => {
  it("always lets `floor` jobs run, and no more before a sample", () => {
    const { admission } = gate(3);
    expect(admission.mayStart(0)).toBe(true);
    expect(admission.mayStart(2)).toBe(true);
    expect(admission.mayStart(3)).toBe(false);
  });

  it("doubles the allowance on every sample of an idle loop, while jobs run", async () => {
    const { admission } = gate(2);
    const work = { running: 2, waiting: 10 };
    const allowed: number[] = [];
    admission.watch(
      () => work,
      () => {
        let n = work.running;
        while (n - work.running < work.waiting && admission.mayStart(n)) n++;
        allowed.push(n);
        work.waiting -= n - work.running;
        work.running = n;
      },
    );
    await sleep(40);
    admission.stop();
    // 2 run → 4 → 8 → all 12 (the allowance, 16, is more than there is).
    expect(allowed.slice(0, 3)).toEqual([4, 8, 12]);
  });

  it("on a busy loop falls back to `floor`: new jobs start only as running ones finish", async () => {
    const { admission, load } = gate(2);
    const work = { running: 2, waiting: 5 };
    admission.watch(
      () => work,
      () => {},
    );
    await sleep(10);
    expect(admission.mayStart(3)).toBe(true); // idle: the allowance grew to 4
    load.value = 0.9;
    await sleep(10);
    expect(admission.mayStart(2)).toBe(false);
    expect(admission.mayStart(1)).toBe(true);
    admission.stop();
  });

  it("with nothing running or waiting, stops sampling and starts again from `floor`", async () => {
    const { admission } = gate(2);
    const work = { running: 2, waiting: 0 };
    let samples = 0;
    admission.watch(
      () => work,
      () => samples++,
    );
    await sleep(10);
    expect(admission.mayStart(3)).toBe(true);
    work.running = 0;
    await sleep(10);
    const after = samples;
    await sleep(10);
    expect(samples).toBe(after); // no timer left behind
    expect(admission.mayStart(2)).toBe(false);
  });
});
