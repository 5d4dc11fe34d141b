import { describe, expect, it } from "vitest";
import { needsApproval } from "./autonomy.shared";

describe("autonomy tiers", () => {
  const read = { requiresApproval: false, sideEffecting: false };
  const write = { requiresApproval: false, sideEffecting: true };
  const refund = { requiresApproval: true, sideEffecting: true };
  it("auto: only requiresApproval tools pause", () => {
    expect([read, write, refund].map((t) => needsApproval("auto", t))).toEqual([false, false, true]);
  });
  it("gated: side-effecting calls pause too", () => {
    expect([read, write, refund].map((t) => needsApproval("gated", t))).toEqual([false, true, true]);
  });
  it("manual: every call pauses", () => {
    expect([read, write, refund].map((t) => needsApproval("manual", t))).toEqual([true, true, true]);
  });
});
