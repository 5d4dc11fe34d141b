import { afterEach, describe, expect, it } from "vitest";
import { resolveLimits } from "./sandbox-limits";

describe("resolveLimits", () => {
  afterEach(() => {
    delete process.env.ATELIER_TOOL_TIMEOUT_MAX_MS;
  });

  it("clamps a stored timeout above the studio's cap (a version saved before it), 60 s or lower", () => {
    expect(resolveLimits(3_600_000).timeoutMs).toBe(60_000);
    expect(resolveLimits(2_000).timeoutMs).toBe(2_000);
    process.env.ATELIER_TOOL_TIMEOUT_MAX_MS = "1500";
    expect(resolveLimits(2_000).timeoutMs).toBe(1_500);
  });
});
