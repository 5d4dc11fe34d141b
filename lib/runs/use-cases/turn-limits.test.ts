import { describe, expect, it } from "vitest";
import { DEFAULT_TURN_LIMITS, RunningTurns, TurnsRunningError, turnLimitsFromEnv } from "./turn-limits";

describe("turn limits", () => {
  it("reads each setting as a whole number of at least 1, else its default", () => {
    expect(turnLimitsFromEnv({})).toEqual(DEFAULT_TURN_LIMITS);
    expect(
      turnLimitsFromEnv({
        ATELIER_CONVERSATIONS_PER_MINUTE: " 5 ",
        ATELIER_MESSAGES_PER_MINUTE: "0",
        ATELIER_TURNS_PER_USER: "2.5",
      }),
    ).toEqual({ ...DEFAULT_TURN_LIMITS, conversationsPerMinute: 5 });
  });

  it("counts running turns per principal, refuses beyond the cap, and releases each slot once", () => {
    const turns = new RunningTurns(2);
    const a = turns.take("u1");
    turns.take("u1");
    expect(() => turns.take("u1")).toThrow(TurnsRunningError);
    expect(turns.take("u2")).toBeTypeOf("function");
    a();
    a();
    expect(turns.count("u1")).toBe(1);
    turns.take("u1");
    expect(() => turns.take("u1")).toThrow(/2 turns running already/);
  });
});
