import { describe, expect, it } from "vitest";
import { maySee, notForYou, SETTINGS_PAGES, settingsHref, settingsPage, settingsTabTitle } from "./settings-pages";

const admin = { kind: "user", roles: ["admin"] as const };
const viewer = { kind: "user", roles: ["viewer"] as const };
const token = { kind: "token", roles: ["operator"] as const };

describe("settings pages", () => {
  it("have unique slugs, the overview first", () => {
    const slugs = SETTINGS_PAGES.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs[0]).toBe("");
  });

  it("link to /settings and /settings/<slug>", () => {
    expect(settingsHref("")).toBe("/settings");
    expect(settingsHref("users")).toBe("/settings/users");
  });

  it("show admin pages to admins only, and a user's own pages to users signed in", () => {
    const visible = (v: { kind: string; roles: readonly ("admin" | "viewer" | "operator")[] }) =>
      SETTINGS_PAGES.filter((p) => maySee(p, v)).map((p) => p.slug);
    expect(visible(admin)).toEqual(SETTINGS_PAGES.map((p) => p.slug));
    expect(visible(viewer)).toEqual(["", "password", "tokens", "prices", "connections", "mcp"]);
    expect(visible(token)).toEqual(["", "prices", "connections", "mcp"]);
  });

  it("say why a page is not shown, and title the tab", () => {
    expect(notForYou(settingsPage("users"))).toBe("Only admins can see users.");
    expect(notForYou(settingsPage("password"))).toMatch(/API token/);
    expect(settingsTabTitle(settingsPage("users"))).toBe("Users · Settings");
    expect(settingsTabTitle(settingsPage(""))).toBe("Settings");
  });
});
