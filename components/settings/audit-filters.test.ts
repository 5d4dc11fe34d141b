import { describe, expect, it } from "vitest";
import { readAuditFilters, writeAuditFilters } from "./audit-filters";

describe("audit filters in the address", () => {
  it("round-trips every filter and the page", () => {
    const f = { actor: "u1", action: "tool.", from: "2026-11-01", to: "2026-11-30", page: 3 };
    expect(readAuditFilters(new URLSearchParams(writeAuditFilters(f)))).toEqual(f);
  });

  it("drops what is not a filter: bad dates, page 1 or less, blanks", () => {
    const f = readAuditFilters(new URLSearchParams("actor=%20&from=yesterday&to=2026-13&page=1&x=y"));
    expect(f).toEqual({ actor: undefined, action: undefined, from: undefined, to: undefined, page: undefined });
    expect(writeAuditFilters({ page: 1 })).toBe("");
    expect(readAuditFilters(new URLSearchParams("page=-2")).page).toBeUndefined();
  });
});
