import { describe, expect, it } from "vitest";
import { bothPredicates, isAvailable, Predicate, type AvailabilityEnv } from "./availability.shared";

const env = (over: Partial<AvailabilityEnv> = {}): AvailabilityEnv => ({
  connections: new Set(["billing"]),
  roles: ["operator"],
  context: { plan: "pro", seats: 3, trial: false },
  ...over,
});

describe("availability predicates", () => {
  it("connection: the connection exists with every field set", () => {
    expect(isAvailable({ connection: "billing" }, env())).toBe(true);
    expect(isAvailable({ connection: "weather" }, env())).toBe(false);
  });
  it("role: the principal has it; admins have every role", () => {
    expect(isAvailable({ role: "operator" }, env())).toBe(true);
    expect(isAvailable({ role: "approver" }, env())).toBe(false);
    expect(isAvailable({ role: "approver" }, env({ roles: ["admin"] }))).toBe(true);
    expect(isAvailable({ role: "operator" }, env({ roles: [] }))).toBe(false);
  });
  it("context equals and in compare the value with the literal, type included", () => {
    expect(isAvailable({ context: "plan", equals: "pro" }, env())).toBe(true);
    expect(isAvailable({ context: "seats", equals: "3" }, env())).toBe(false);
    expect(isAvailable({ context: "trial", equals: false }, env())).toBe(true);
    expect(isAvailable({ context: "plan", in: ["team", "pro"] }, env())).toBe(true);
    expect(isAvailable({ context: "missing", in: ["pro"] }, env())).toBe(false);
  });
  it("all, any and not compose; none is always available", () => {
    const p: Predicate = {
      all: [{ connection: "billing" }, { any: [{ role: "admin" }, { not: { context: "plan", equals: "free" } }] }],
    };
    expect(isAvailable(p, env())).toBe(true);
    expect(isAvailable(p, env({ context: { plan: "free" } }))).toBe(false);
    expect(isAvailable(p, env({ context: { plan: "free" }, roles: ["admin"] }))).toBe(true);
    expect(isAvailable(null, env())).toBe(true);
    expect(bothPredicates({ role: "a" }, { role: "b" })).toEqual({ all: [{ role: "a" }, { role: "b" }] });
    expect(bothPredicates(null, { role: "b" })).toEqual({ role: "b" });
  });
  it("the schema refuses malformed predicates with the grammar in its message", () => {
    expect(Predicate.safeParse({ all: [{ role: "admin" }] }).success).toBe(true);
    for (const bad of [
      { role: "admin", extra: 1 },
      { all: [] },
      { context: "plan" },
      { connection: "1bad" },
      { in: [1] },
      "admin",
    ]) {
      const r = Predicate.safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
    }
    const r = Predicate.safeParse({ nope: true });
    expect(r.error?.issues[0].message).toContain("{connection}");
  });
});
