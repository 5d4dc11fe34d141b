import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { SETTINGS_PAGES, settingsHref } from "../components/settings/settings-pages";
import { expect, snap, test } from "./fixtures";

/**
 * WCAG 2.1 AA in the browser: axe-core (the exact version pinned in package.json, injected from
 * node_modules — nothing from a CDN) runs over every main page of the studio as a signed-in admin,
 * with a tool, an agent, a conversation, its trace and a held call on screen. A serious or
 * critical violation fails the page's test and is printed with its selectors. At phone width
 * (390 px) the approval inbox and a conversation fit without scrolling sideways, and the
 * navigation folds behind a Menu button.
 */
const TOKEN = process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdefghij";
const ADMIN = { authorization: `Bearer ${TOKEN}` };
const AXE = path.resolve("node_modules/axe-core/axe.min.js");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const PHONE = { width: 390, height: 844 };

const stamp = Date.now();
const USER = { name: "Ally Access", email: `a11y-${stamp}@example.com`, password: "an accessible passphrase" };

interface Fixture {
  toolId: string;
  agentId: string;
  conversationId: string;
  runId: string;
  approvalId: string;
  argumentsHash: string;
  /** A conversation of atlas with one fork made from it, and the fork. */
  forkedConversationId: string;
  forkId: string;
}
let fx: Fixture;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers, checked by the assertions
async function json(res: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<any> {
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

/** A conversation with `agent` and one message sent (the answer is a stream that ends with the run). */
async function converse(request: APIRequestContext, agentId: string, content: string) {
  const c = await json(await request.post("/api/conversations", { headers: ADMIN, data: { agentId } }), 201);
  const sent = await request.post(`/api/conversations/${c.id}/messages`, { headers: ADMIN, data: { content } });
  expect(sent.status()).toBe(200);
  const text = await sent.text();
  const runId = /"runId":"([^"]+)"/.exec(text)?.[1];
  expect(runId, "the stream names its run").toBeTruthy();
  return { conversationId: c.id as string, runId: runId!, stream: text };
}

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await json(await request.post("/api/users", { headers: ADMIN, data: { ...USER, roles: ["admin"] } }), 201);
  const tools = (await json(await request.get("/api/tools", { headers: ADMIN }))).tools as {
    id: string;
    name: string;
  }[];
  const agents = (await json(await request.get("/api/agents", { headers: ADMIN }))).agents as {
    id: string;
    name: string;
  }[];
  const billing = agents.find((a) => a.name === "billing")!;
  // A held refund: the inbox has a card with its Approve / Deny form.
  const held = await converse(request, billing.id, "Please refund order A-1001, amount 25 dollars");
  expect(held.stream).toContain("ApprovalRequested");
  const pending = (await json(await request.get("/api/approvals?status=pending", { headers: ADMIN }))).approvals as {
    id: string;
    conversationId: string;
    argumentsHash: string;
  }[];
  const approval = pending.find((a) => a.conversationId === held.conversationId)!;
  // A conversation forked after its answer: the fork shows its origin, the original its branches.
  const atlas = agents.find((a) => a.name === "atlas")!;
  const forked = await converse(request, atlas.id, "What is the population of Paris?");
  const { lastSeq } = await json(await request.get(`/api/conversations/${forked.conversationId}`, { headers: ADMIN }));
  const fork = await json(
    await request.post(`/api/conversations/${forked.conversationId}/fork`, {
      headers: ADMIN,
      data: { atSeq: lastSeq },
    }),
    201,
  );
  fx = {
    toolId: tools.find((t) => t.name === "refund")!.id,
    agentId: billing.id,
    conversationId: held.conversationId,
    runId: held.runId,
    approvalId: approval.id,
    argumentsHash: approval.argumentsHash,
    forkedConversationId: forked.conversationId,
    forkId: fork.id,
  };
  await request.dispose();
});

test.afterAll(async ({ playwright, baseURL }) => {
  // The held call is denied, so no other spec finds it waiting.
  const request = await playwright.request.newContext({ baseURL });
  if (fx)
    await request.post(`/api/approvals/${fx.approvalId}/decision`, {
      headers: ADMIN,
      data: { decision: "deny", reason: "accessibility check", argumentsHash: fx.argumentsHash },
    });
  await request.dispose();
});

async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/sign-in", {
    data: { email: USER.email, password: USER.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The page has painted its content: a heading, and no list still loading. */
async function settle(page: Page) {
  await expect(page.locator("main h1").first()).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** axe-core over the whole page (WCAG 2.0/2.1 A and AA): the serious and critical violations, printed. */
async function seriousViolations(page: Page, name: string): Promise<Violation[]> {
  await page.addScriptTag({ path: AXE });
  const violations = (await page.evaluate(
    async (tags) =>
      (
        await (
          window as unknown as {
            axe: { run(ctx: Document, opts: unknown): Promise<{ violations: unknown[] }> };
          }
        ).axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] })
      ).violations,
    TAGS,
  )) as Violation[];
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  for (const v of violations) {
    const lines = v.nodes
      .slice(0, 8)
      .map(
        (n) =>
          `    ${JSON.stringify(n.target)}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, " ")}` : ""}`,
      );
    console.log(`[axe ${name}] ${v.impact}: ${v.id} — ${v.help} (${v.nodes.length} nodes)\n${lines.join("\n")}`);
  }
  return serious;
}

/** A dataset with a case and two expectations, and an experiment over it, for the Evals pages. */
let datasetId = "";
let experimentId = "";
test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const res = await request.post("/api/datasets", {
    headers: ADMIN,
    data: {
      name: `a11y-dataset-${stamp}`,
      cases: [
        {
          messages: ["What is the population of Paris?"],
          expect: [
            { kind: "contains", value: "Paris" },
            { kind: "toolCalled", name: "city_population", args: { city: "Paris" } },
          ],
        },
      ],
    },
  });
  datasetId = (await json(res, 201)).id;
  // An experiment of atlas over it, run to its end on the demo model, for its page and the compare page.
  const agents = (await json(await request.get("/api/agents", { headers: ADMIN }))).agents as {
    id: string;
    name: string;
  }[];
  const atlas = agents.find((a) => a.name === "atlas")!;
  experimentId = (
    await json(await request.post("/api/experiments", { headers: ADMIN, data: { datasetId, agentId: atlas.id } }), 202)
  ).id;
  await expect
    .poll(async () => (await json(await request.get(`/api/experiments/${experimentId}`, { headers: ADMIN }))).status, {
      timeout: 60_000,
    })
    .toBe("completed");
  await request.dispose();
});

const PAGES: { name: string; path: () => string; before?: (page: Page) => Promise<void> }[] = [
  { name: "home", path: () => "/" },
  { name: "tools", path: () => "/tools" },
  { name: "a tool", path: () => `/tools/${fx.toolId}` },
  { name: "skills", path: () => "/skills" },
  { name: "a new skill (SKILL.md editor)", path: () => "/skills/new" },
  { name: "agents", path: () => "/agents" },
  { name: "an agent", path: () => `/agents/${fx.agentId}` },
  { name: "conversations", path: () => "/conversations" },
  { name: "a conversation", path: () => `/conversations/${fx.conversationId}` },
  { name: "a fork of a conversation", path: () => `/conversations/${fx.forkId}` },
  {
    name: "a conversation compared with its fork",
    path: () => `/conversations/${fx.forkedConversationId}/compare/${fx.forkId}`,
  },
  {
    name: "a conversation with a fork (its branches and the fork dialog open)",
    path: () => `/conversations/${fx.forkedConversationId}`,
    before: async (page) => {
      await page.getByTestId("branches").locator("summary").click();
      await page.getByTestId("fork-here").last().click();
      await expect(page.getByTestId("fork-dialog")).toBeVisible();
    },
  },
  { name: "approvals (pending)", path: () => "/approvals" },
  {
    name: "approvals (decided)",
    path: () => "/approvals",
    before: async (page) => {
      await page.getByRole("tab", { name: "Decided" }).click();
      await expect(page.getByRole("tabpanel")).toBeVisible();
    },
  },
  { name: "traces", path: () => "/traces" },
  { name: "a trace", path: () => `/runs/${fx.runId}` },
  { name: "compactions", path: () => "/compactions" },
  { name: "costs", path: () => "/costs" },
  { name: "evals", path: () => "/evals" },
  { name: "a dataset", path: () => `/evals/datasets/${datasetId}` },
  {
    name: "a dataset (Run experiment open)",
    path: () => `/evals/datasets/${datasetId}`,
    before: async (page) => {
      await page.getByTestId("run-experiment").click();
      await expect(page.getByTestId("run-experiment-form")).toBeVisible();
    },
  },
  { name: "an experiment", path: () => `/evals/experiments/${experimentId}` },
  {
    name: "two experiments compared",
    path: () => `/evals/experiments/${experimentId}/compare/${experimentId}`,
    before: async (page) => {
      await page.locator(".exp-unchanged > summary").click();
    },
  },
  {
    name: "a conversation (Add to dataset open)",
    path: () => `/conversations/${fx.forkedConversationId}`,
    before: async (page) => {
      await page.getByTestId("add-turn-to-dataset").first().click();
      await expect(page.getByTestId("add-to-dataset-dialog").getByTestId("case-editor")).toBeVisible();
    },
  },
  ...SETTINGS_PAGES.map((p) => ({ name: `settings ${p.label}`, path: () => settingsHref(p.slug) })),
];

test.describe("WCAG 2.1 AA (axe-core)", () => {
  for (const p of PAGES) {
    test(`${p.name}: no serious or critical violation`, async ({ page }) => {
      await signIn(page);
      await page.goto(p.path());
      await settle(page);
      await p.before?.(page);
      const serious = await seriousViolations(page, p.name);
      expect(
        serious.map(
          (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`,
        ),
      ).toEqual([]);
    });
  }

  test("the first Tab reaches Skip to content, which moves focus to the page", async ({ page }) => {
    await signIn(page);
    await page.goto("/approvals");
    await settle(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
    // The next Tab is inside the page, past the navigation.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
    const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineWidth);
    expect(ring).toBe("2px");
  });
});

test.describe("phone width (390 px)", () => {
  test.use({ viewport: PHONE });

  const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  test("the approval inbox fits, one card per row, and its navigation folds behind Menu", async ({ page }) => {
    await signIn(page);
    await page.goto("/approvals");
    await settle(page);
    const card = page.locator(`[data-testid="approval-card"][data-approval-id="${fx.approvalId}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByRole("button", { name: "Approve" })).toBeVisible();
    expect(await noSideways(page)).toBeLessThanOrEqual(PHONE.width);
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);

    const nav = page.getByRole("navigation", { name: "Main" });
    const menu = nav.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Tools", exact: true })).toBeHidden();
    await snap(page, "a11y-phone-approvals");
    expect((await seriousViolations(page, "phone approvals")).map((v) => v.id)).toEqual([]);
    await menu.click();
    await expect(nav.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Tools", exact: true })).toBeVisible();
    await snap(page, "a11y-phone-menu");
    expect(await noSideways(page)).toBeLessThanOrEqual(PHONE.width);
    await nav.getByRole("link", { name: "Conversations", exact: true }).click();
    await expect(page).toHaveURL(/\/conversations$/);
    await expect(nav.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("a conversation fits", async ({ page }) => {
    await signIn(page);
    await page.goto(`/conversations/${fx.conversationId}`);
    await settle(page);
    await snap(page, "a11y-phone-conversation");
    expect(await noSideways(page)).toBeLessThanOrEqual(PHONE.width);
  });
});
