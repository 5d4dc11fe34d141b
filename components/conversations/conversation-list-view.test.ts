import { describe, expect, it } from "vitest";
import {
  conversationTitle,
  hasFilters,
  listQuery,
  mayManage,
  NO_FILTERS,
  pageTitle,
  pageCount,
  pageRange,
} from "./conversation-list-view";

describe("the conversations list's view logic", () => {
  it("sends only the filters that are set, trimmed, and the page past the first", () => {
    expect(listQuery(NO_FILTERS, 25)).toEqual({ pageSize: 25 });
    expect(
      listQuery({ q: "  paris ", agentId: "a1", status: "waiting", from: "2026-01-01", to: "2026-01-31", page: 3 }, 10),
    ).toEqual({
      pageSize: 10,
      q: "paris",
      agentId: "a1",
      status: "waiting",
      from: "2026-01-01",
      to: "2026-01-31",
      page: 3,
    });
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, q: "   " })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, status: "failed" })).toBe(true);
  });

  it("names a conversation by its title, never its id: before the first message by its agent", () => {
    expect(conversationTitle({ title: "Trip planning", agentName: "atlas" })).toBe("Trip planning");
    expect(conversationTitle({ title: null, agentName: "atlas" })).toBe("New conversation with atlas");
    expect(conversationTitle({ title: "  ", agentName: "billing" })).toBe("New conversation with billing");
  });

  it("titles the page from its own title, else its first message as the server will name it", () => {
    expect(pageTitle({ title: "Trip", agentName: "atlas" }, "What is the population of Paris?")).toBe("Trip");
    expect(pageTitle({ title: null, agentName: "atlas" }, "  What is\nthe population?  ")).toBe(
      "What is the population?",
    );
    expect(pageTitle({ title: null, agentName: "atlas" }, "x".repeat(100))).toBe(`${"x".repeat(77)}…`);
    expect(pageTitle({ title: null, agentName: "atlas" }, null)).toBe("New conversation with atlas");
  });

  it("lets its creator and admins manage it, nobody else", () => {
    expect(mayManage({ id: "u1", roles: ["operator"] }, "u1")).toBe(true);
    expect(mayManage({ id: "u2", roles: ["operator"] }, "u1")).toBe(false);
    expect(mayManage({ id: "u2", roles: ["admin"] }, "u1")).toBe(true);
    expect(mayManage({ id: null, roles: ["operator"] }, null)).toBe(false);
    expect(mayManage({ id: "system", roles: ["admin"] }, null)).toBe(true);
  });

  it("describes the page shown and counts the pages", () => {
    expect(pageRange(1, 25, 0)).toBe("none");
    expect(pageRange(1, 25, 7)).toBe("1–7 of 7");
    expect(pageRange(2, 25, 60)).toBe("26–50 of 60");
    expect(pageRange(3, 25, 60)).toBe("51–60 of 60");
    expect(pageCount(25, 0)).toBe(1);
    expect(pageCount(25, 50)).toBe(2);
    expect(pageCount(25, 51)).toBe(3);
  });
});
