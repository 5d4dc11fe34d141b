import { describe, expect, it } from "vitest";
import { byVersion, versionLabel } from "./usage-by-version";
import { UsageSummaryQuery } from "./usage-summary.shared";

describe("usage by agent version", () => {
  it("labels a version v<n> and orders versions numerically, oldest first", () => {
    expect(versionLabel("3")).toBe("v3");
    const keys = ["10", "2", "1"].map((key) => ({ key }));
    expect(keys.sort(byVersion).map((k) => k.key)).toEqual(["1", "2", "10"]);
  });

  it("compares versions only of one agent: groupBy=agentVersion needs agentId", () => {
    const without = UsageSummaryQuery.safeParse({ groupBy: "agentVersion" });
    expect(without.success).toBe(false);
    expect(without.error!.issues.map((i) => [i.path, i.message])).toEqual([
      [["agentId"], "groupBy=agentVersion compares the versions of one agent: name it with agentId"],
    ]);
    expect(UsageSummaryQuery.safeParse({ groupBy: "agentVersion", agentId: "a1", stack: "model" }).success).toBe(true);
    expect(UsageSummaryQuery.safeParse({ groupBy: "model" }).success).toBe(true);
  });
});
