/**
 * The pages of Settings, in the order of its sub-navigation. Adding a page is one line here plus
 * its route (`app/(studio)/settings/<slug>/page.tsx`, which renders `<SettingsPage slug="…">`):
 * the sub-navigation, the page heading and the tab title all come from this list. `who` says who
 * sees the page: everyone signed in, people signed in as a user (not with an API token), or admins.
 * Pure data: the server pages and the client navigation both read it.
 */
import type { Role } from "@/lib/auth/roles.shared";

export type SettingsAudience = "everyone" | "user" | "admin";

export interface SettingsPageEntry {
  slug: string;
  label: string;
  title: string;
  description: string;
  who: SettingsAudience;
}

export const SETTINGS_PAGES = [
  {
    slug: "",
    label: "Studio",
    title: "Settings",
    description: "This studio's version, database and migrations.",
    who: "everyone",
  },
  {
    slug: "password",
    label: "Password",
    title: "Your password",
    description: "Change the password you sign in with.",
    who: "user",
  },
  {
    slug: "tokens",
    label: "API tokens",
    title: "API tokens",
    description: "Your tokens for scripts, CI and MCP clients.",
    who: "user",
  },
  {
    slug: "users",
    label: "Users",
    title: "Users",
    description: "Who may sign in, and with which roles.",
    who: "admin",
  },
  {
    slug: "providers",
    label: "Provider keys",
    title: "Provider keys",
    description: "Model provider API keys, encrypted at rest.",
    who: "admin",
  },
  {
    slug: "budgets",
    label: "Budgets",
    title: "Budgets",
    description: "Caps on spend per day, week or month: a spent budget refuses new turns until its window ends.",
    who: "admin",
  },
  {
    slug: "webhooks",
    label: "Webhooks",
    title: "Webhooks",
    description: "Endpoints outside the studio that receive signed events: approvals, runs that ended, budget alerts.",
    who: "admin",
  },
  {
    slug: "prices",
    label: "Prices",
    title: "Model prices",
    description: "Prices for models genai-prices does not know (self-hosted, new, the demo model), or overriding it.",
    who: "everyone",
  },
  {
    slug: "connections",
    label: "Connections",
    title: "Connections",
    description: "Named settings and credentials that tools declare and read when they run.",
    who: "everyone",
  },
  {
    slug: "mcp",
    label: "MCP",
    title: "MCP",
    description: "Import tools from MCP servers, and serve this studio's tools to MCP clients.",
    who: "everyone",
  },
  {
    slug: "audit",
    label: "Audit log",
    title: "Audit log",
    description: "Who changed what in this studio, newest first.",
    who: "admin",
  },
] as const satisfies readonly SettingsPageEntry[];

export type SettingsSlug = (typeof SETTINGS_PAGES)[number]["slug"];

export function settingsHref(slug: string): string {
  return slug ? `/settings/${slug}` : "/settings";
}

export function settingsPage(slug: SettingsSlug): SettingsPageEntry {
  return SETTINGS_PAGES.find((p) => p.slug === slug)!;
}

/** What the sub-navigation needs to know about who is signed in. */
export interface SettingsViewer {
  kind: string;
  roles: readonly Role[];
}

export function maySee(page: Pick<SettingsPageEntry, "who">, viewer: SettingsViewer): boolean {
  if (page.who === "admin") return viewer.roles.includes("admin");
  if (page.who === "user") return viewer.kind === "user";
  return true;
}

/** Why a page is not for this viewer, in words. */
export function notForYou(page: Pick<SettingsPageEntry, "who" | "label">): string {
  return page.who === "admin"
    ? `Only admins can see ${page.label.toLowerCase()}.`
    : `${page.label} belongs to a signed-in user; you are signed in with an API token.`;
}

/** The browser tab's title of a settings page ("Users · Settings"); the overview is "Settings". */
export function settingsTabTitle(page: Pick<SettingsPageEntry, "slug" | "label">): string {
  return page.slug ? `${page.label} · Settings` : "Settings";
}
