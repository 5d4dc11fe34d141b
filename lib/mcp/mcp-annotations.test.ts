import { describe, expect, it } from "vitest";
import { mcpToolFlags } from "./mcp-annotations";

describe("mcpToolFlags", () => {
  it("is side-effect free only for readOnlyHint: true", () => {
    expect(mcpToolFlags({ readOnlyHint: true }).sideEffecting).toBe(false);
    expect(mcpToolFlags({ readOnlyHint: false }).sideEffecting).toBe(true);
    expect(mcpToolFlags({}).sideEffecting).toBe(true);
    expect(mcpToolFlags(undefined).sideEffecting).toBe(true);
    expect(mcpToolFlags({ readOnlyHint: "true" }).sideEffecting).toBe(true);
  });

  it("maps idempotentHint and destructiveHint, and never requires approval by itself", () => {
    expect(mcpToolFlags({ idempotentHint: true, destructiveHint: true })).toEqual({
      sideEffecting: true,
      idempotent: true,
      requiresApproval: false,
      destructive: true,
    });
    expect(mcpToolFlags({ readOnlyHint: true })).toMatchObject({ idempotent: false, destructive: false });
  });
});
