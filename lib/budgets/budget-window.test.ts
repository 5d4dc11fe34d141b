import { describe, expect, it } from "vitest";
import { windowAt, windowDay } from "./budget-window";

const at = (iso: string) => new Date(iso);
const range = (w: "day" | "week" | "month", iso: string) => {
  const r = windowAt(w, at(iso));
  return [r.start.toISOString(), r.end.toISOString()];
};

describe("windowAt", () => {
  it("a day runs from 00:00 UTC to the next 00:00, whatever the time", () => {
    expect(range("day", "2026-03-14T23:59:59.999Z")).toEqual(["2026-03-14T00:00:00.000Z", "2026-03-15T00:00:00.000Z"]);
    expect(range("day", "2026-03-14T00:00:00.000Z")).toEqual(["2026-03-14T00:00:00.000Z", "2026-03-15T00:00:00.000Z"]);
    expect(range("day", "2026-12-31T12:00:00Z")).toEqual(["2026-12-31T00:00:00.000Z", "2027-01-01T00:00:00.000Z"]);
  });

  it("a week is the ISO week: Monday 00:00 UTC to the next Monday", () => {
    // 2026-12-02 is a Wednesday.
    expect(range("week", "2026-12-02T10:00:00Z")).toEqual(["2026-11-30T00:00:00.000Z", "2026-12-07T00:00:00.000Z"]);
    // A Sunday belongs to the week that started six days before.
    expect(range("week", "2026-12-06T23:59:59Z")).toEqual(["2026-11-30T00:00:00.000Z", "2026-12-07T00:00:00.000Z"]);
    // Monday 00:00 starts a new one.
    expect(range("week", "2026-12-07T00:00:00Z")).toEqual(["2026-12-07T00:00:00.000Z", "2026-12-14T00:00:00.000Z"]);
  });

  it("weeks cross year boundaries as ISO weeks do", () => {
    // 2027-01-01 is a Friday: its week started Monday 2026-12-28.
    expect(range("week", "2027-01-01T08:00:00Z")).toEqual(["2026-12-28T00:00:00.000Z", "2027-01-04T00:00:00.000Z"]);
    // 2026-01-01 is a Thursday: its week started Monday 2025-12-29.
    expect(range("week", "2026-01-01T00:00:00Z")).toEqual(["2025-12-29T00:00:00.000Z", "2026-01-05T00:00:00.000Z"]);
  });

  it("a month runs from the 1st 00:00 UTC, December into January and February's 28 or 29 days", () => {
    expect(range("month", "2026-12-31T23:59:59.999Z")).toEqual([
      "2026-12-01T00:00:00.000Z",
      "2027-01-01T00:00:00.000Z",
    ]);
    expect(range("month", "2027-01-01T00:00:00Z")).toEqual(["2027-01-01T00:00:00.000Z", "2027-02-01T00:00:00.000Z"]);
    expect(range("month", "2028-02-15T00:00:00Z")).toEqual(["2028-02-01T00:00:00.000Z", "2028-03-01T00:00:00.000Z"]);
    expect(range("month", "2026-02-28T00:00:00Z")).toEqual(["2026-02-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z"]);
  });

  it("windowDay names the window's first day", () => {
    expect(windowDay(windowAt("week", at("2027-01-01T08:00:00Z")).start)).toBe("2026-12-28");
  });
});
