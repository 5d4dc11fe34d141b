import { describe, expect, it } from "vitest";
import { parseCsv } from "./parse-csv";
import { EXPERIMENT_CSV_COLUMNS, experimentExport, experimentToCsv } from "./experiment-export";
import { ExperimentView } from "./experiment.shared";
import { caseEntry, experimentView } from "./testing/experiment-view";

const x = experimentView({
  id: "exp_1",
  datasetName: "support desk",
  agentName: "atlas",
  agentVersion: 3,
  repetitions: 2,
  cases: [
    caseEntry({
      caseId: "b",
      index: 1,
      repetition: 0,
      passed: null,
      status: "cancelled",
      latencyMs: null,
      answer: null,
    }),
    caseEntry({
      caseId: "a",
      index: 0,
      repetition: 1,
      passed: false,
      answer: 'He said "hi",\nthen left',
      verdicts: [
        { kind: "contains", passed: false, reason: "answer does not contain 'Paris'" },
        { kind: "maxRequests", passed: true, reason: "1 model request; at most 2 allowed" },
      ],
      toolCalls: [
        { name: "search", args: { q: 1 }, depth: 0, turn: 0 },
        { name: "refund", args: {}, depth: 1, turn: 0 },
      ],
      error: { type: "UnmockedTool", message: "refund has no mock" },
    }),
    caseEntry({ caseId: "a", index: 0, repetition: 0, title: "=HYPERLINK(1)" }),
  ],
});

describe("experimentToCsv", () => {
  it("writes one row per entry in case then repetition order, with the documented columns", () => {
    const csv = experimentToCsv(x);
    const rows = parseCsv(csv).records.map((r) => r.cells);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(rows[0]).toEqual(EXPERIMENT_CSV_COLUMNS.map(([n]) => n));
    expect(rows).toHaveLength(4);
    const col = (row: string[], name: string) => row[rows[0].indexOf(name)];
    expect(rows.slice(1).map((r) => [col(r, "caseId"), col(r, "repetition")])).toEqual([
      ["a", "0"],
      ["a", "1"],
      ["b", "0"],
    ]);
    const failed = rows[2];
    expect(col(failed, "passed")).toBe("false");
    expect(col(failed, "answer")).toBe('He said "hi",\nthen left');
    expect(col(failed, "verdicts")).toBe(
      "contains: fail (answer does not contain 'Paris'); maxRequests: pass (1 model request; at most 2 allowed)",
    );
    expect(col(failed, "toolCalls")).toBe("search; refund");
    expect(col(failed, "error")).toBe("UnmockedTool: refund has no mock");
    expect(col(failed, "costNanoUsd")).toBe("1000");
    expect(col(failed, "agentVersion")).toBe("3");
    expect(col(rows[3], "passed")).toBe("");
    expect(col(rows[3], "latencyMs")).toBe("");
    expect(col(rows[1], "title")).toBe("'=HYPERLINK(1)");
  });
});

describe("experimentExport", () => {
  it("JSON is the experiment's view, named after dataset, agent version and id", () => {
    const file = experimentExport(x, "json");
    expect(file.contentType).toBe("application/json; charset=utf-8");
    expect(file.fileName).toBe("support-desk.atlas-v3.exp_1.json");
    expect(ExperimentView.parse(JSON.parse(file.body))).toEqual(x);
  });

  it("CSV has its media type and name", () => {
    const file = experimentExport(x, "csv");
    expect(file.contentType).toBe("text/csv; charset=utf-8");
    expect(file.fileName).toBe("support-desk.atlas-v3.exp_1.csv");
  });
});
