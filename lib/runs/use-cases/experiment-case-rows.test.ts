import { describe, expect, it } from "vitest";
import { interruptedAttempts, MAX_CASE_ATTEMPTS, restartedError } from "./experiment-case-rows";

describe("an entry's interrupted attempts", () => {
  it("are read from the error a requeued entry carries, and 0 from anything else", () => {
    expect(interruptedAttempts(null)).toBe(0);
    expect(interruptedAttempts("not json")).toBe(0);
    expect(interruptedAttempts(JSON.stringify({ type: "EvalUnmocked", message: "x", attempts: 2 }))).toBe(0);
    expect(interruptedAttempts(JSON.stringify({ type: "RunInterrupted", message: "x" }))).toBe(0);
    expect(interruptedAttempts(JSON.stringify({ type: "RunInterrupted", message: "x", attempts: 1.5 }))).toBe(0);
    expect(interruptedAttempts(JSON.stringify(restartedError(2, "stopped")))).toBe(2);
  });

  it("say why the case runs again and which attempt this is", () => {
    expect(restartedError(1, "the worker running this case stopped before it finished")).toEqual({
      type: "RunInterrupted",
      message: `the worker running this case stopped before it finished: the case runs again from the start on a new conversation (attempt 2 of ${MAX_CASE_ATTEMPTS})`,
      attempts: 1,
    });
  });
});
