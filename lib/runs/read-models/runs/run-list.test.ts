import { describe, expect, it } from "vitest";
import { endOf, RunListQuery, startOf } from "./run-list.shared";
import { containsPattern, runListWhere } from "./list-runs";

describe("RunListQuery", () => {
  it("defaults: the first page of 100, no filters; empty parameters read as absent", () => {
    expect(RunListQuery.parse({})).toEqual({ limit: 100, page: 1 });
    expect(RunListQuery.parse({ q: "", agentId: "", status: "", from: "", to: "" })).toEqual({ limit: 100, page: 1 });
  });

  it("reads the filters from query strings", () => {
    expect(
      RunListQuery.parse({
        limit: "20",
        page: "3",
        agentId: "a1",
        status: "failed",
        from: "2026-11-01",
        to: "2026-11-30T23:00:00+01:00",
        q: "  refund  ",
      }),
    ).toEqual({
      limit: 20,
      page: 3,
      agentId: "a1",
      status: "failed",
      from: "2026-11-01",
      to: "2026-11-30T23:00:00+01:00",
      q: "refund",
    });
  });

  it("refuses what it cannot read, naming the parameter", () => {
    const issues = (v: Record<string, string>) =>
      RunListQuery.safeParse(v).error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(issues({ status: "done" })).toEqual(["status"]);
    expect(issues({ from: "yesterday" })).toEqual(["from"]);
    expect(issues({ to: "2026-13-45" })).toEqual(["to"]);
    expect(issues({ limit: "0" })).toEqual(["limit"]);
    expect(issues({ limit: "501" })).toEqual(["limit"]);
    expect(issues({ page: "-1" })).toEqual(["page"]);
    expect(issues({ q: "x".repeat(201) })).toEqual(["q"]);
    expect(issues({ from: "2026-12-02", to: "2026-12-01" })).toEqual(["from"]);
  });

  it("a day as a bound covers the whole day (UTC); a date-time is exact", () => {
    expect(startOf("2026-12-01").toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(endOf("2026-12-01").toISOString()).toBe("2026-12-01T23:59:59.999Z");
    expect(endOf("2026-12-01T10:00:00Z").toISOString()).toBe("2026-12-01T10:00:00.000Z");
    // The same day for from and to is one day, not an empty range.
    expect(RunListQuery.safeParse({ from: "2026-12-01", to: "2026-12-01" }).success).toBe(true);
  });
});

describe("runListWhere", () => {
  it("puts each filter in the query, the search as agent-or-run ids", () => {
    expect(runListWhere({}, null)).toEqual({});
    expect(
      runListWhere(
        { agentId: "a1", status: "completed", from: "2026-12-01", to: "2026-12-02" },
        { agentIds: ["a2"], runIds: ["r1"] },
      ),
    ).toEqual({
      agentId: "a1",
      status: "completed",
      startedAt: { gte: new Date("2026-12-01T00:00:00.000Z"), lte: new Date("2026-12-02T23:59:59.999Z") },
      OR: [{ agentId: { in: ["a2"] } }, { id: { in: ["r1"] } }],
    });
  });
});

describe("containsPattern", () => {
  it("lower-cases the text and escapes LIKE's wildcards", () => {
    expect(containsPattern("Refund")).toBe("%refund%");
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
