import { describe, expect, it } from "vitest";
import type { UsageRow, UsageTotals } from "@/lib/runs/read-models/usage/usage-summary.shared";
import {
  chartData,
  compactNumber,
  compactUsd,
  daysBetween,
  nanoToUsdDecimal,
  niceTicks,
  OTHER_KEY,
  presetPeriod,
  sortRows,
  summaryCsv,
} from "./costs-model";

const totals = (over: Partial<UsageTotals> = {}): UsageTotals => ({
  events: 1,
  inputTokens: 10,
  outputTokens: 5,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  totalTokens: 15,
  costNanoUsd: 100,
  unpricedTokens: 0,
  unpricedEvents: 0,
  pricing: "all",
  ...over,
});
const row = (key: string, over: Partial<UsageRow> = {}): UsageRow => ({ key, label: key, ...totals(), ...over });

describe("periods", () => {
  it("presets end today (UTC) and include it", () => {
    const now = Date.parse("2026-11-30T22:00:00Z");
    expect(presetPeriod("7d", now)).toEqual({ id: "7d", from: "2026-11-24", to: "2026-11-30" });
    expect(presetPeriod("all", now)).toEqual({ id: "all", from: null, to: null });
    expect(daysBetween("2026-11-29", "2026-12-02")).toEqual(["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"]);
  });
});

describe("chartData", () => {
  const day = (key: string, stack: UsageRow[]) =>
    row(key, {
      ...totals({
        costNanoUsd: stack.reduce((a, s) => a + s.costNanoUsd, 0),
        totalTokens: stack.reduce((a, s) => a + s.totalTokens, 0),
      }),
      stack,
      pricing: stack.some((s) => s.pricing !== "all") ? "some" : "all",
    });
  const summary = {
    rows: [
      day("2026-11-01", [row("a", { costNanoUsd: 50 }), row("b", { costNanoUsd: 30 }), row("c", { costNanoUsd: 5 })]),
      day("2026-11-03", [
        row("a", { costNanoUsd: 10 }),
        row("d", { costNanoUsd: 0, totalTokens: 900, pricing: "none", unpricedEvents: 1, unpricedTokens: 900 }),
      ]),
    ],
  };

  it("stacks each day by series, fills days without usage, and sums the smallest series as Other", () => {
    const { series, bars } = chartData(summary, "cost", daysBetween("2026-11-01", "2026-11-03"), 3);
    expect(series.map((s) => [s.key, s.total])).toEqual([
      ["a", 60],
      ["b", 30],
      [OTHER_KEY, 5],
    ]);
    expect(bars.map((b) => [b.day, b.total, b.values, b.unpriced])).toEqual([
      ["2026-11-01", 85, { a: 50, b: 30, [OTHER_KEY]: 5 }, false],
      ["2026-11-02", 0, {}, false],
      ["2026-11-03", 10, { a: 10, [OTHER_KEY]: 0 }, true],
    ]);
    for (const b of bars) expect(Object.values(b.values).reduce((x, y) => x + y, 0)).toBe(b.total);
  });

  it("by tokens, an unpriced model is a series like any other", () => {
    const { series } = chartData(summary, "tokens", null);
    expect(series[0]).toMatchObject({ key: "d", total: 900, pricing: "none" });
    expect(series[1]).toMatchObject({ key: "a", pricing: "all" });
  });

  it("ticks are round and cover the maximum", () => {
    expect(niceTicks(85)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(0)).toEqual([0]);
    expect(niceTicks(1_000_000_000)).toEqual([0, 250_000_000, 500_000_000, 750_000_000, 1_000_000_000]);
    expect(niceTicks(0.9).at(-1)).toBeGreaterThanOrEqual(0.9);
  });
});

describe("tables", () => {
  it("sorts by a column, keeping the remainder row last", () => {
    const rows = [
      row("x", { costNanoUsd: 5 }),
      row("y", { costNanoUsd: 50 }),
      row("(earlier turns)", { remainder: true }),
    ];
    expect(sortRows(rows, { key: "costNanoUsd", dir: "desc" }).map((r) => r.key)).toEqual([
      "y",
      "x",
      "(earlier turns)",
    ]);
    expect(sortRows(rows, { key: "label", dir: "asc" }).map((r) => r.key)).toEqual(["x", "y", "(earlier turns)"]);
    expect(sortRows(rows, null)).toBe(rows);
  });

  it("CSV carries money exactly, quotes what needs quoting, and ends with the total", () => {
    expect(nanoToUsdDecimal(123_000)).toBe("0.000123000");
    expect(nanoToUsdDecimal(12_345_678_901_234)).toBe("12345.678901234");
    expect(nanoToUsdDecimal(0)).toBe("0.000000000");
    const csv = summaryCsv({
      groupBy: "model",
      rows: [
        row("openai:gpt-4o", { costNanoUsd: 1_500_000_001 }),
        row('say "hi", ok', { pricing: "none", costNanoUsd: 0 }),
      ],
      total: totals({ events: 2, costNanoUsd: 1_500_000_101 }),
    });
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "model,key,requests,input_tokens,output_tokens,cache_read_tokens,cache_write_tokens,total_tokens,cost_nano_usd,cost_usd,unpriced_tokens,pricing",
    );
    expect(lines[1]).toBe("openai:gpt-4o,openai:gpt-4o,1,10,5,0,0,15,1500000001,1.500000001,0,all");
    expect(lines[2]).toBe('"say ""hi"", ok","say ""hi"", ok",1,10,5,0,0,15,0,0.000000000,0,none');
    expect(lines[3]).toBe("Total,,2,10,5,0,0,15,1500000101,1.500000101,0,all");
  });

  it("CSV writes a label that looks like a formula as text (OWASP), and keeps numbers as numbers", () => {
    const csv = summaryCsv({
      groupBy: "agent",
      rows: [
        row("a1", { label: "=cmd|' /C calc'!A0", costNanoUsd: 5 }),
        row("a2", { label: "@SUM(A1:A2)" }),
        row("a3", { label: "-2+3" }),
        row("a4", { label: "+1 555 0100" }),
        row("a5", { label: "\t=1+1" }),
      ],
      total: totals({ events: 5 }),
    });
    const labels = csv
      .trimEnd()
      .split("\r\n")
      .slice(1, 6)
      .map((l) => l.split(",")[0]);
    expect(labels).toEqual(["'=cmd|' /C calc'!A0", "'@SUM(A1:A2)", "'-2+3", "'+1 555 0100", "'\t=1+1"]);
    expect(csv.split("\r\n")[1]).toBe("'=cmd|' /C calc'!A0,a1,1,10,5,0,0,15,5,0.000000005,0,all");
  });

  it("CSV by agent version carries each version's runs and their total", () => {
    const csv = summaryCsv({
      groupBy: "agentVersion",
      rows: [
        row("1", { label: "v1", runCount: 3 }),
        row("2", { label: "v2", runCount: 2, pricing: "none", costNanoUsd: 0 }),
      ],
      total: totals({ events: 2, pricing: "some" }),
    });
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "agent_version,key,runs,requests,input_tokens,output_tokens,cache_read_tokens,cache_write_tokens,total_tokens,cost_nano_usd,cost_usd,unpriced_tokens,pricing",
    );
    expect(lines[1]).toBe("v1,1,3,1,10,5,0,0,15,100,0.000000100,0,all");
    expect(lines[2]).toBe("v2,2,2,1,10,5,0,0,15,0,0.000000000,0,none");
    expect(lines[3]).toBe("Total,,5,2,10,5,0,0,15,100,0.000000100,0,some");
  });

  it("CSV by run lists each turn, then its runs", () => {
    const csv = summaryCsv({
      groupBy: "run",
      rows: [
        row("T1", {
          label: "What is up?",
          lastAt: "2026-11-30T10:00:00.000Z",
          run: {
            id: "T1",
            kind: "turn",
            parentRunId: null,
            depth: 0,
            agentId: "a",
            agentName: "lead",
            status: "completed",
            model: null,
            startedAt: "2026-11-30T09:59:00.000Z",
            conversationId: "c",
            conversationTitle: null,
            prompt: "What is up?",
          },
          runs: [row("T1"), row("C1")],
        }),
        row("(earlier turns)", { label: "Earlier turns", remainder: true }),
      ],
      total: totals(),
    });
    expect(csv.split("\r\n").map((l) => l.split(",").slice(0, 4).join(","))).toEqual([
      "turn,key,level,run_kind",
      "What is up?,T1,turn,turn",
      "T1,T1,run,",
      "C1,C1,run,",
      "Earlier turns,(earlier turns),remainder,",
      "Total,,total,",
      "",
    ]);
  });
});

describe("axis labels", () => {
  it("are short", () => {
    expect(compactNumber(1_234_567)).toBe("1.2M");
    expect(compactNumber(25_000)).toBe("25k");
    expect(compactNumber(999)).toBe("999");
    expect(compactUsd(2_500_000_000)).toBe("$2.5");
    expect(compactUsd(25_000_000)).toBe("$0.025");
    expect(compactUsd(0)).toBe("$0");
    expect(compactUsd(1_500_000_000_000)).toBe("$1.5k");
  });
});
