import { describe, expect, it } from "vitest";
import { approvalOutcome } from "./approval-outcome";

describe("approvalOutcome", () => {
  it("is null before the call ran", () => {
    expect(approvalOutcome(null)).toBeNull();
    expect(approvalOutcome(undefined)).toBeNull();
  });

  it("is returned for a result, reconciled or retried or not", () => {
    expect(approvalOutcome({ ok: true, result: "R-1" })).toEqual({ ok: true });
    expect(approvalOutcome({ ok: true, result: null, reconciledBy: "Ada" })).toEqual({ ok: true });
    expect(approvalOutcome("plain")).toEqual({ ok: true });
  });

  it("names a failure by its error type and message", () => {
    expect(approvalOutcome({ ok: false, error: { type: "ToolTimeoutError", message: "took too long" } })).toEqual({
      ok: false,
      errorType: "ToolTimeoutError",
      message: "took too long",
    });
    expect(
      approvalOutcome({ ok: false, error: { type: "ApprovalStale", message: "v3 is gone" }, retriedBy: "Ada" }),
    ).toEqual({ ok: false, errorType: "ApprovalStale", message: "v3 is gone" });
  });

  it("still says a call failed when its error has another shape", () => {
    expect(approvalOutcome({ ok: false, error: "boom" })).toEqual({ ok: false, errorType: "Error", message: "boom" });
    expect(approvalOutcome({ ok: false })).toEqual({
      ok: false,
      errorType: "Error",
      message: "the call failed without a message",
    });
  });
});
