import { describe, expect, it } from "vitest";
import { assertRoleFits, atelierRole, isQueueMode, queueSettings, RoleConfigError } from "./role";

describe("ATELIER_ROLE", () => {
  it("defaults to all, reads web and worker in any case, and refuses anything else by name", () => {
    expect(atelierRole({})).toBe("all");
    expect(atelierRole({ ATELIER_ROLE: " Worker " })).toBe("worker");
    expect(atelierRole({ ATELIER_ROLE: "web" })).toBe("web");
    expect(() => atelierRole({ ATELIER_ROLE: "scheduler" })).toThrow(
      "ATELIER_ROLE must be web, worker or all (got 'scheduler').",
    );
  });

  it("web and worker need PostgreSQL; with SQLite only all runs", () => {
    expect(() => assertRoleFits("all", "sqlite")).not.toThrow();
    expect(() => assertRoleFits("web", "postgresql")).not.toThrow();
    expect(() => assertRoleFits("worker", "sqlite")).toThrow(RoleConfigError);
    expect(() => assertRoleFits("web", "sqlite")).toThrow(/needs PostgreSQL \(DATABASE_URL=postgresql:/);
    expect(isQueueMode("all")).toBe(false);
    expect(isQueueMode("worker")).toBe(true);
  });

  it("queue settings: defaults, overrides, and a clear error for a bad number", () => {
    expect(queueSettings({})).toEqual({ concurrency: 8, leaseMs: 15_000, shutdownGraceMs: 20_000, jobRetries: 3 });
    expect(queueSettings({ ATELIER_WORKER_CONCURRENCY: "16", ATELIER_LEASE_MS: "3000" })).toMatchObject({
      concurrency: 16,
      leaseMs: 3000,
    });
    expect(() => queueSettings({ ATELIER_LEASE_MS: "soon" })).toThrow(
      "ATELIER_LEASE_MS must be a positive integer (got 'soon').",
    );
    expect(() => queueSettings({ ATELIER_WORKER_CONCURRENCY: "0" })).toThrow(/positive integer/);
  });
});
