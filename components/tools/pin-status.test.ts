import { describe, expect, it } from "vitest";
import type { ToolUpgradeResult, ToolUser } from "@/lib/tool-store/tool-views.shared";
import { agentsBehind, entryPinStatus, pinStatus, productionNote, upgradeOutcome } from "./pin-status";

const user = (over: Partial<ToolUser>): ToolUser => ({
  agentId: "a1",
  name: "billing",
  agentVersion: 3,
  pin: { kind: "pinned", version: 1 },
  production: null,
  ...over,
});

describe("pinStatus", () => {
  it("says a pinned agent behind the newest runnable version can upgrade", () => {
    expect(pinStatus({ kind: "pinned", version: 1 }, 4)).toEqual({
      text: "v1 · v4 available",
      behind: true,
      upgradeTo: 4,
    });
  });
  it("an agent on the newest runnable version (or past it, to a version since broken) is current", () => {
    expect(pinStatus({ kind: "pinned", version: 4 }, 4)).toEqual({ text: "v4", behind: false, upgradeTo: null });
    expect(pinStatus({ kind: "pinned", version: 2 }, null).behind).toBe(false);
  });
  it("following the latest names the version runs take now", () => {
    expect(pinStatus({ kind: "follows" }, 4).text).toBe("follows the latest (v4)");
    expect(pinStatus({ kind: "follows" }, null).text).toBe("follows the latest");
  });
  it("no pin: only a labelled version uses the tool", () => {
    expect(pinStatus(null, 4)).toMatchObject({ text: "not in its latest version", behind: false });
  });
});

describe("productionNote", () => {
  it("is silent while production is unset or on the latest version", () => {
    expect(productionNote(user({}), 4)).toBeNull();
    expect(productionNote(user({ production: { version: 3, pin: { kind: "pinned", version: 1 } } }), 4)).toBeNull();
  });
  it("names the tool version an older production runs", () => {
    expect(productionNote(user({ production: { version: 2, pin: { kind: "pinned", version: 1 } } }), 4)).toBe(
      "production (agent v2) runs v1",
    );
    expect(productionNote(user({ production: { version: 2, pin: null } }), 4)).toBe(
      "production (agent v2) does not use it",
    );
  });
});

it("agentsBehind keeps the pinned agents an upgrade would change", () => {
  const users = [
    user({ agentId: "a", pin: { kind: "pinned", version: 1 } }),
    user({ agentId: "b", pin: { kind: "pinned", version: 4 } }),
    user({ agentId: "c", pin: { kind: "follows" } }),
    user({ agentId: "d", pin: null }),
  ];
  expect(agentsBehind(users, 4).map((u) => u.agentId)).toEqual(["a"]);
});

describe("upgradeOutcome", () => {
  const result = (over: Partial<ToolUpgradeResult>): ToolUpgradeResult => ({
    agentId: "a1",
    name: "billing",
    status: "upgraded",
    fromVersion: 1,
    toVersion: 2,
    previousAgentVersion: 3,
    agentVersion: 4,
    productionVersion: 3,
    ...over,
  });
  it("offers to move production when it still points at an older version", () => {
    expect(upgradeOutcome(result({}))).toEqual({
      message: "'billing' saved as v4: it runs tool v2 (was v1).",
      production: "Production still points at v3: new conversations start there, with the tool version it pins.",
      offerMove: true,
    });
  });
  it("does not offer it while production is unset or already there", () => {
    expect(upgradeOutcome(result({ productionVersion: null }))).toMatchObject({
      production: "Production is not set: new conversations start on the latest version (v4).",
      offerMove: false,
    });
    expect(upgradeOutcome(result({ productionVersion: 4 })).offerMove).toBe(false);
  });
  it("an agent already current saved nothing", () => {
    expect(upgradeOutcome(result({ status: "current", agentVersion: 3, fromVersion: null }))).toMatchObject({
      message: "'billing' already runs tool v2 or follows the latest: nothing saved.",
      offerMove: false,
    });
  });
});

describe("entryPinStatus", () => {
  const versions = { runnable: 4, latest: 4 };
  it("an entry as saved shows the server's pin", () => {
    expect(
      entryPinStatus(
        { toolId: "t", toolVersionId: "tv1" },
        { pin: { kind: "pinned", version: 1 }, toolVersionId: "tv1" },
        versions,
      ).text,
    ).toBe("v1 · v4 available");
  });
  it("an entry added since pins the latest version when saved", () => {
    expect(entryPinStatus({ toolId: "t" }, null, versions)).toEqual({
      text: "v4 when saved",
      behind: false,
      upgradeTo: null,
    });
  });
  it("following the latest, whatever was saved", () => {
    expect(entryPinStatus({ toolId: "t", follow: "latest" }, null, versions).text).toBe("follows the latest (v4)");
  });
  it("a pin the answer does not know is only 'pinned'", () => {
    expect(
      entryPinStatus(
        { toolId: "t", toolVersionId: "tv9" },
        { pin: { kind: "pinned", version: 1 }, toolVersionId: "tv1" },
        versions,
      ).text,
    ).toBe("pinned");
  });
});
