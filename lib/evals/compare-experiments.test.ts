import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { compareExperiments } from "./compare-experiments";
import { ExperimentComparison } from "./experiment.shared";
import { caseEntry, experimentView } from "./testing/experiment-view";

describe("compareExperiments", () => {
  const base = experimentView({
    id: "e1",
    cases: [
      caseEntry({ caseId: "a", index: 0, passed: true, costNanoUsd: 1000, latencyMs: 100 }),
      caseEntry({ caseId: "b", index: 1, passed: false }),
      caseEntry({ caseId: "c", index: 2, passed: true }),
      caseEntry({ caseId: "gone", index: 3, passed: true }),
      caseEntry({ caseId: "d", index: 4, passed: false }),
    ],
  });
  const other = experimentView({
    id: "e2",
    agentVersion: 2,
    datasetRevision: 2,
    cases: [
      caseEntry({ caseId: "a", index: 0, passed: false, costNanoUsd: 1500, latencyMs: 80, answer: "Other." }),
      caseEntry({ caseId: "b", index: 1, passed: true }),
      caseEntry({ caseId: "c", index: 2, passed: true }),
      caseEntry({ caseId: "d", index: 3, passed: false }),
      caseEntry({ caseId: "new", index: 4, passed: true, title: "A new case" }),
    ],
  });

  it("aligns cases by id: regressions and improvements first, then added, removed, unchanged", () => {
    const cmp = compareExperiments(base, other);
    expect(() => ExperimentComparison.parse(cmp)).not.toThrow();
    expect(cmp.cases.map((c) => [c.caseId, c.change])).toEqual([
      ["a", "regressed"],
      ["b", "improved"],
      ["new", "added"],
      ["gone", "removed"],
      ["d", "unchanged-fail"],
      ["c", "unchanged-pass"],
    ]);
    expect(cmp.counts).toEqual({ regressed: 1, improved: 1, unchanged: 2, added: 1, removed: 1 });
    expect(cmp.base.id).toBe("e1");
    expect(cmp.other.agentVersion).toBe(2);
    expect("cases" in cmp.base).toBe(false);
  });

  it("gives cost and latency deltas (other − base), null when a side is missing", () => {
    const cmp = compareExperiments(base, other);
    const a = cmp.cases.find((c) => c.caseId === "a")!;
    expect(a.costDeltaNanoUsd).toBe(500);
    expect(a.latencyDeltaMs).toBe(-20);
    expect(a.base!.entries[0].answer).toBe("An answer.");
    expect(a.other!.entries[0].answer).toBe("Other.");
    const added = cmp.cases.find((c) => c.caseId === "new")!;
    expect(added).toMatchObject({ base: null, costDeltaNanoUsd: null, latencyDeltaMs: null, title: "A new case" });
    expect(cmp.cases.find((c) => c.caseId === "gone")!.other).toBeNull();
  });

  it("rates each case over its repetitions (flaky cases move by rate)", () => {
    const reps = (id: string, passes: boolean[], costs = passes.map(() => 1000)) =>
      passes.map((p, r) => caseEntry({ caseId: id, index: 0, repetition: r, passed: p, costNanoUsd: costs[r] }));
    const b = experimentView({ id: "b", repetitions: 3, cases: reps("x", [true, true, false], [900, 1000, 1100]) });
    const o = experimentView({ id: "o", repetitions: 3, cases: reps("x", [true, false, false], [2000, 2000, 2000]) });
    const [x] = compareExperiments(b, o).cases;
    expect(x.change).toBe("regressed");
    expect(x.base!.passRate).toBeCloseTo(2 / 3);
    expect(x.other!.passRate).toBeCloseTo(1 / 3);
    expect(x.base!.entries.map((e) => e.repetition)).toEqual([0, 1, 2]);
    expect(x.costDeltaNanoUsd).toBe(1000);
  });

  it("does not count entries not judged yet (cancelled, queued)", () => {
    const b = experimentView({ id: "b", cases: [caseEntry({ caseId: "x", passed: true })] });
    const o = experimentView({
      id: "o",
      repetitions: 2,
      cases: [
        caseEntry({ caseId: "x", repetition: 0, passed: true }),
        caseEntry({ caseId: "x", repetition: 1, passed: null, status: "cancelled", latencyMs: null }),
      ],
    });
    const [x] = compareExperiments(b, o).cases;
    expect(x.other!.passRate).toBe(1);
    expect(x.change).toBe("unchanged-pass");
    expect(x.latencyDeltaMs).toBe(0);
  });

  it("refuses experiments over different datasets with a validation error", () => {
    const elsewhere = experimentView({ id: "e3", datasetId: "ds2", datasetName: "billing" });
    let caught: unknown;
    try {
      compareExperiments(base, elsewhere);
    } catch (err) {
      caught = err;
    }
    expect(AppError.is(caught)).toBe(true);
    expect((caught as AppError).code).toBe("validation_error");
    expect((caught as AppError).message).toContain("different datasets");
  });
});
