import { describe, expect, it } from "vitest";
import { gatePasses, gateTable, GateUsageError, parseAgentRef, parseGateArgs } from "./eval-gate";
import type { ExperimentView } from "./experiment.shared";

describe("eval gate arguments", () => {
  it("reads the agent as a name, a version or a label", () => {
    expect(parseAgentRef("support")).toEqual({ name: "support" });
    expect(parseAgentRef("support@3")).toEqual({ name: "support", version: 3 });
    expect(parseAgentRef("support:staging")).toEqual({ name: "support", label: "staging" });
  });

  it("parses the options, with defaults, and refuses what it cannot use", () => {
    expect(
      parseGateArgs(["--dataset", "smoke", "--agent", "atlas:production", "--min-pass=0.9", "--concurrency", "8"]),
    ).toEqual({ dataset: "smoke", agent: { name: "atlas", label: "production" }, minPass: 0.9, concurrency: 8 });
    expect(
      parseGateArgs(["--dataset", "d", "--agent", "a", "--base-url", "http://x:3000/", "--token", "t"]),
    ).toMatchObject({ baseUrl: "http://x:3000", token: "t", minPass: 1 });
    for (const bad of [
      ["--agent", "a"],
      ["--dataset", "d"],
      ["--dataset", "d", "--agent", "a", "--min-pass", "2"],
      ["--dataset", "d", "--agent", "a", "--base-url", "http://x"],
      ["--dataset", "d", "--agent", "a", "--nope", "1"],
      ["--dataset", "d", "--agent", "a", "--repetitions", "0"],
      ["--dataset"],
    ])
      expect(() => parseGateArgs(bad), bad.join(" ")).toThrow(GateUsageError);
  });
});

const view = (status: ExperimentView["status"], passed: number, done: number) =>
  ({
    id: "e1",
    status,
    agentName: "atlas",
    agentVersion: 3,
    label: "production",
    datasetName: "smoke",
    datasetRevision: 2,
    totals: {
      cases: done,
      done,
      passed,
      failed: done - passed,
      passRate: done ? passed / done : 0,
      costNanoUsd: 1500,
      judgeCostNanoUsd: 0,
      latencyMs: { p50: 10, p95: 20, max: 20 },
    },
    cases: [
      {
        caseId: "paris",
        repetition: 0,
        status: "done",
        passed: false,
        latencyMs: 12,
        costNanoUsd: 1500,
        error: null,
        verdicts: [
          { kind: "contains", passed: false, reason: "answer does not contain 'Paris'" },
          { kind: "maxRequests", passed: true, reason: "1 model request" },
        ],
      },
    ],
  }) as unknown as ExperimentView;

describe("eval gate verdict and table", () => {
  it("passes a completed experiment at or above the threshold only", () => {
    expect(gatePasses(view("completed", 9, 10), 0.9)).toBe(true);
    expect(gatePasses(view("completed", 8, 10), 0.9)).toBe(false);
    expect(gatePasses(view("cancelled", 10, 10), 0.9)).toBe(false);
  });

  it("prints each entry with why it failed, then the totals", () => {
    const table = gateTable(view("completed", 0, 1));
    expect(table).toContain("atlas v3 (production) over smoke r2: completed");
    expect(table).toMatch(/FAIL\s+paris\s+0\s+12 ms\s+\$0\.000002\s+contains: answer does not contain 'Paris'/);
    expect(table).not.toContain("maxRequests");
    expect(table).toContain("passed 0/1 (0.0%) of 1");
  });
});
